import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import {
  applications,
  bankAccounts,
  bankConnectionRequests,
  fundingRequests,
  users,
} from '../../db/schema.ts';

export type RequestRow = typeof bankConnectionRequests.$inferSelect;
export type RequestChange = Partial<
  Omit<typeof bankConnectionRequests.$inferInsert, 'id' | 'userId' | 'createdAt'>
>;
export type BankAccountRow = typeof bankAccounts.$inferSelect;
export type NewBankAccountRow = typeof bankAccounts.$inferInsert;

/** A request still waiting for the vendor: a newer one replaces it. */
export const OPEN_STATUSES = ['initiated', 'pending'] as const;

export async function insertRequest(
  db: Database,
  row: { id: string; userId: string; status: string; loginId?: string; accountsEncrypted?: string },
): Promise<void> {
  await db.insert(bankConnectionRequests).values(row);
}

/** The caller's newest request (`lock` holds it until the transaction ends). */
export async function latestRequest(
  db: Database,
  userId: string,
  { lock = false } = {},
): Promise<RequestRow | undefined> {
  const query = db
    .select()
    .from(bankConnectionRequests)
    .where(eq(bankConnectionRequests.userId, userId))
    .orderBy(desc(bankConnectionRequests.createdAt), desc(bankConnectionRequests.id))
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/** One of the caller's requests; someone else's is not found. */
export async function findOwnedRequest(
  db: Database,
  userId: string,
  id: string,
  { lock = false } = {},
): Promise<RequestRow | undefined> {
  const query = db
    .select()
    .from(bankConnectionRequests)
    .where(and(eq(bankConnectionRequests.id, id), eq(bankConnectionRequests.userId, userId)));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/** A request by id alone: for the vendor's webhook and the sandbox frame, which have no caller. */
export async function findRequest(
  db: Database,
  id: string,
  { lock = false } = {},
): Promise<RequestRow | undefined> {
  const query = db.select().from(bankConnectionRequests).where(eq(bankConnectionRequests.id, id));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/** The caller's newest request with a login, whose accounts the vendor reported. */
export async function latestConnectedWithLogin(
  db: Database,
  userId: string,
  loginId: string,
): Promise<RequestRow | undefined> {
  const [row] = await db
    .select()
    .from(bankConnectionRequests)
    .where(
      and(
        eq(bankConnectionRequests.userId, userId),
        eq(bankConnectionRequests.loginId, loginId),
        eq(bankConnectionRequests.status, 'connected'),
      ),
    )
    .orderBy(desc(bankConnectionRequests.createdAt))
    .limit(1);
  return row;
}

/** The ids of the caller's requests that were handed this login (the tags its data may carry). */
export async function requestIdsWithLogin(
  db: Database,
  userId: string,
  loginId: string,
): Promise<string[]> {
  const rows = await db
    .select({ id: bankConnectionRequests.id })
    .from(bankConnectionRequests)
    .where(
      and(eq(bankConnectionRequests.userId, userId), eq(bankConnectionRequests.loginId, loginId)),
    );
  return rows.map((row) => row.id);
}

export async function cancelOpenRequests(db: Database, userId: string, now: Date): Promise<void> {
  await db
    .update(bankConnectionRequests)
    .set({ status: 'cancelled', updatedAt: now })
    .where(
      and(
        eq(bankConnectionRequests.userId, userId),
        inArray(bankConnectionRequests.status, [...OPEN_STATUSES]),
      ),
    );
}

export async function updateRequest(
  db: Database,
  id: string,
  change: RequestChange & { updatedAt: Date },
): Promise<void> {
  await db.update(bankConnectionRequests).set(change).where(eq(bankConnectionRequests.id, id));
}

export async function personOf(
  db: Database,
  userId: string,
): Promise<{ firstName: string; lastName: string; language: string } | undefined> {
  const [row] = await db
    .select({ firstName: users.firstName, lastName: users.lastName, language: users.language })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

/** The newest application the person opened (they fund it as its primary applicant). */
export async function latestOwnedApplicationId(
  db: Database,
  userId: string,
): Promise<string | undefined> {
  const [row] = await db
    .select({ id: applications.id })
    .from(applications)
    .where(eq(applications.ownerId, userId))
    .orderBy(desc(applications.updatedAt))
    .limit(1);
  return row?.id;
}

/** The person's bank account on file with one of these fingerprints (deleted ones aside). */
export async function findBankAccountByHash(
  db: Database,
  userId: string,
  hashes: string[],
): Promise<BankAccountRow | undefined> {
  const [row] = await db
    .select()
    .from(bankAccounts)
    .where(
      and(
        eq(bankAccounts.userId, userId),
        inArray(bankAccounts.accountNumberHash, hashes),
        isNull(bankAccounts.deletedAt),
      ),
    )
    .limit(1);
  return row;
}

export async function insertBankAccount(db: Database, row: NewBankAccountRow): Promise<void> {
  await db.insert(bankAccounts).values(row);
}

/** One of the caller's connected bank accounts, not deleted; anything else is not found. */
export async function findConnectedBankAccount(
  db: Database,
  userId: string,
  id: string,
): Promise<BankAccountRow | undefined> {
  const [row] = await db
    .select()
    .from(bankAccounts)
    .where(
      and(
        eq(bankAccounts.id, id),
        eq(bankAccounts.userId, userId),
        eq(bankAccounts.source, 'connection'),
        isNull(bankAccounts.deletedAt),
      ),
    )
    .for('update');
  return row;
}

export async function markBankAccountDeleted(db: Database, id: string, at: Date): Promise<void> {
  await db.update(bankAccounts).set({ deletedAt: at }).where(eq(bankAccounts.id, id));
}

/** Whether a funding request in one of `statuses` draws on the bank account. */
export async function bankAccountUsedBy(
  db: Database,
  bankAccountId: string,
  statuses: readonly number[],
): Promise<boolean> {
  const [row] = await db
    .select({ id: fundingRequests.id })
    .from(fundingRequests)
    .where(
      and(
        eq(fundingRequests.bankAccountId, bankAccountId),
        inArray(fundingRequests.status, [...statuses]),
      ),
    )
    .limit(1);
  return row !== undefined;
}
