import { and, asc, desc, eq, inArray, isNull, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import { fundingStatuses, fundingTypes } from '@portal/domain/enums/funding';
import type { Database } from '../../db/client.ts';
import {
  applications,
  bankAccounts,
  clientAccounts,
  fundingEvents,
  fundingRequests,
  padAgreements,
  users,
} from '../../db/schema.ts';

/** The funding module's queries (issue 14): plain rows in, plain rows out, no rules. */

export type ClientAccountRow = typeof clientAccounts.$inferSelect;
export type NewClientAccountRow = typeof clientAccounts.$inferInsert;
export type BankAccountRow = typeof bankAccounts.$inferSelect;
export type NewBankAccountRow = typeof bankAccounts.$inferInsert;
export type FundingRequestRow = typeof fundingRequests.$inferSelect;
export type NewFundingRequestRow = typeof fundingRequests.$inferInsert;
export type PadAgreementRow = typeof padAgreements.$inferSelect;

/** A person's name, address and language, for their mail and their PAD agreement. */
export interface PersonRow {
  id: string;
  email: string;
  language: string;
  firstName: string;
  lastName: string;
}

export async function personOf(db: Database, userId: string): Promise<PersonRow | undefined> {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      language: users.language,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

/** The applications the person started (as primary applicant), newest first. */
export async function ownedApplications(
  db: Database,
  userId: string,
  applicationId?: string,
): Promise<{ id: string; status: string; ownershipTypeId: number | null }[]> {
  return db
    .select({
      id: applications.id,
      status: applications.status,
      ownershipTypeId: applications.ownershipTypeId,
    })
    .from(applications)
    .where(
      and(
        eq(applications.ownerId, userId),
        applicationId ? eq(applications.id, applicationId) : undefined,
      ),
    )
    .orderBy(desc(applications.createdAt));
}

/** Adds the accounts not there yet; an account already created is left as it is. */
export async function insertClientAccounts(
  db: Database,
  rows: NewClientAccountRow[],
): Promise<void> {
  if (rows.length === 0) return;
  await db.insert(clientAccounts).values(rows).onConflictDoNothing();
}

export async function clientAccountsOf(
  db: Database,
  userId: string,
  applicationIds: string[],
): Promise<ClientAccountRow[]> {
  if (applicationIds.length === 0) return [];
  return db
    .select()
    .from(clientAccounts)
    .where(
      and(
        eq(clientAccounts.ownerUserId, userId),
        inArray(clientAccounts.applicationId, applicationIds),
      ),
    )
    .orderBy(asc(clientAccounts.createdAt), asc(clientAccounts.accountTypeName));
}

export async function findClientAccount(
  db: Database,
  userId: string,
  id: string,
): Promise<ClientAccountRow | undefined> {
  const [row] = await db
    .select()
    .from(clientAccounts)
    .where(and(eq(clientAccounts.id, id), eq(clientAccounts.ownerUserId, userId)));
  return row;
}

export async function insertBankAccount(
  db: Database,
  row: NewBankAccountRow,
): Promise<BankAccountRow> {
  const [inserted] = await db.insert(bankAccounts).values(row).returning();
  return inserted!;
}

/** The person's bank accounts not deleted, oldest first; `source` narrows them. */
export async function bankAccountsOf(
  db: Database,
  userId: string,
  { source }: { source?: string } = {},
): Promise<BankAccountRow[]> {
  return db
    .select()
    .from(bankAccounts)
    .where(
      and(
        eq(bankAccounts.userId, userId),
        isNull(bankAccounts.deletedAt),
        source ? eq(bankAccounts.source, source) : undefined,
      ),
    )
    .orderBy(asc(bankAccounts.createdAt));
}

/** One of the person's bank accounts (not deleted), by its id or by its void cheque's id. */
export async function findBankAccount(
  db: Database,
  userId: string,
  by: { id: string } | { documentId: string },
): Promise<BankAccountRow | undefined> {
  const [row] = await db
    .select()
    .from(bankAccounts)
    .where(
      and(
        eq(bankAccounts.userId, userId),
        isNull(bankAccounts.deletedAt),
        'id' in by ? eq(bankAccounts.id, by.id) : eq(bankAccounts.documentId, by.documentId),
      ),
    )
    .orderBy(desc(bankAccounts.createdAt))
    .limit(1);
  return row;
}

/** The ids of the person's bank accounts that some funding request of theirs debits. */
export async function usedBankAccountIds(db: Database, userId: string): Promise<Set<string>> {
  const rows = await db
    .selectDistinct({ id: fundingRequests.bankAccountId })
    .from(fundingRequests)
    .where(eq(fundingRequests.userId, userId));
  return new Set(rows.map((row) => row.id));
}

export async function insertFundingRequest(
  db: Database,
  row: NewFundingRequestRow,
): Promise<FundingRequestRow> {
  const [inserted] = await db.insert(fundingRequests).values(row).returning();
  return inserted!;
}

/** A PAC's debit of one date, once: answers undefined when that debit already exists. */
export async function insertOccurrence(
  db: Database,
  row: NewFundingRequestRow,
): Promise<FundingRequestRow | undefined> {
  const [inserted] = await db
    .insert(fundingRequests)
    .values(row)
    .onConflictDoNothing({ target: [fundingRequests.parentId, fundingRequests.startDate] })
    .returning();
  return inserted;
}

export async function insertAgreement(
  db: Database,
  row: typeof padAgreements.$inferInsert,
): Promise<void> {
  await db.insert(padAgreements).values(row);
}

export async function insertEvent(
  db: Database,
  event: typeof fundingEvents.$inferInsert,
): Promise<void> {
  await db.insert(fundingEvents).values(event);
}

export async function eventsOf(db: Database, fundingRequestId: string) {
  return db
    .select()
    .from(fundingEvents)
    .where(eq(fundingEvents.fundingRequestId, fundingRequestId))
    .orderBy(asc(fundingEvents.at));
}

export async function updateRequest(
  db: Database,
  id: string,
  changes: Partial<NewFundingRequestRow>,
): Promise<FundingRequestRow> {
  const [row] = await db
    .update(fundingRequests)
    .set({
      ...changes,
      lastModifiedAt: new Date(),
      version: sql`${fundingRequests.version} + 1`,
    })
    .where(eq(fundingRequests.id, id))
    .returning();
  return row!;
}

/** One of the person's requests; `lock` holds it until the transaction ends. */
export async function findRequest(
  db: Database,
  userId: string,
  id: string,
  { lock = false } = {},
): Promise<FundingRequestRow | undefined> {
  const query = db
    .select()
    .from(fundingRequests)
    .where(and(eq(fundingRequests.id, id), eq(fundingRequests.userId, userId)));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/** A request by its id alone, for the jobs (never for a person's call: `findRequest`). */
export async function findRequestById(
  db: Database,
  id: string,
  { lock = false } = {},
): Promise<FundingRequestRow | undefined> {
  const query = db.select().from(fundingRequests).where(eq(fundingRequests.id, id));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/** A request with the bank account it debits and the account it credits. */
export interface ItemRow {
  request: FundingRequestRow;
  bankAccount: BankAccountRow;
  clientAccount: ClientAccountRow;
}

/** A request with its bank account and destination account, for the jobs that move it. */
export async function itemRowOf(db: Database, request: FundingRequestRow): Promise<ItemRow> {
  const [bankAccount, clientAccount] = await Promise.all([
    findBankAccountById(db, request.bankAccountId),
    findClientAccountById(db, request.toAccountId),
  ]);
  return { request, bankAccount: bankAccount!, clientAccount: clientAccount! };
}

/** Which of a person's requests a list shows. */
export type ItemFilter = 'all' | 'activeRecurring' | 'pending' | { id: string };

function itemCondition(filter: ItemFilter): SQL | undefined {
  const r = fundingRequests;
  if (filter === 'all') return undefined;
  if (filter === 'activeRecurring') {
    // PACs themselves (never their one-time debits), active or awaiting the deletion's date.
    return and(
      eq(r.fundingTypeId, fundingTypes.Recurring),
      isNull(r.parentId),
      inArray(r.status, [fundingStatuses.APPROVED, fundingStatuses.DELETED_BY_CLIENT]),
    );
  }
  if (filter === 'pending') {
    return inArray(r.status, [
      fundingStatuses.SUBMITTED,
      fundingStatuses.PENDING,
      fundingStatuses.RECURRING_EFT_SUBMITTED,
    ]);
  }
  return eq(r.id, filter.id);
}

/** The person's requests (a filter narrows them), newest first, with both accounts. */
export async function itemsOf(
  db: Database,
  userId: string,
  filter: ItemFilter = 'all',
): Promise<ItemRow[]> {
  return db
    .select({ request: fundingRequests, bankAccount: bankAccounts, clientAccount: clientAccounts })
    .from(fundingRequests)
    .innerJoin(bankAccounts, eq(bankAccounts.id, fundingRequests.bankAccountId))
    .innerJoin(clientAccounts, eq(clientAccounts.id, fundingRequests.toAccountId))
    .where(and(eq(fundingRequests.userId, userId), itemCondition(filter)))
    .orderBy(
      desc(fundingRequests.createdAt),
      desc(fundingRequests.startDate),
      desc(fundingRequests.id),
    );
}

export async function itemOf(
  db: Database,
  userId: string,
  id: string,
): Promise<ItemRow | undefined> {
  return (await itemsOf(db, userId, { id }))[0];
}

export async function findAgreement(
  db: Database,
  userId: string,
  agreementId: string,
): Promise<PadAgreementRow | undefined> {
  const [row] = await db
    .select()
    .from(padAgreements)
    .where(and(eq(padAgreements.id, agreementId), eq(padAgreements.userId, userId)));
  return row;
}

export async function markConfirmationSent(
  db: Database,
  agreementId: string,
  at: Date,
): Promise<void> {
  await db
    .update(padAgreements)
    .set({ confirmationSentAt: at })
    .where(eq(padAgreements.id, agreementId));
}

/** What the settlement job looks for, each a set of rows due on the bank's `today`. */
export type DueKind = 'activate' | 'occurrence' | 'deleteApproved';

function dueCondition(kind: DueKind, today: string): SQL {
  const r = fundingRequests;
  const s = fundingStatuses;
  switch (kind) {
    case 'activate':
      // RECURRING_EFT_SUBMITTED whose first debit date came.
      return and(eq(r.status, s.RECURRING_EFT_SUBMITTED), lte(r.startDate, today))!;
    case 'occurrence':
      // An active PAC (or one deleted but not yet stopped) whose next debit date came.
      // A PAC suspended for operations (two NSF returns in a row, issue 35) makes no debit.
      return and(
        inArray(r.status, [s.APPROVED, s.DELETED_BY_CLIENT]),
        lte(r.nextDebitDate, today),
        isNull(r.suspendedAt),
      )!;
    case 'deleteApproved':
      return and(eq(r.status, s.DELETED_BY_CLIENT), lte(r.effectiveDate, today))!;
  }
}

/**
 * Claims up to `limit` requests due for `kind`, in the caller's transaction, with `FOR UPDATE
 * SKIP LOCKED`: job passes on several instances take different rows instead of waiting for
 * each other. A request whose handling failed is left alone until its `claimed_until`.
 */
export async function claimDue(
  tx: Database,
  { kind, today, limit, now }: { kind: DueKind; today: string; limit: number; now: Date },
): Promise<FundingRequestRow[]> {
  return tx
    .select()
    .from(fundingRequests)
    .where(
      and(
        dueCondition(kind, today),
        or(isNull(fundingRequests.claimedUntil), lt(fundingRequests.claimedUntil, now)),
      ),
    )
    .orderBy(asc(fundingRequests.startDate), asc(fundingRequests.id))
    .limit(limit)
    .for('update', { skipLocked: true });
}

/** Sets a failed request aside until `until`, so one bad row does not stop every pass. */
export async function holdRequest(
  db: Database,
  id: string,
  { by, until }: { by: string; until: Date },
): Promise<void> {
  await db
    .update(fundingRequests)
    .set({ claimedBy: by, claimedUntil: until })
    .where(eq(fundingRequests.id, id));
}

/** PAD confirmations due by `today` and not sent, with the request still going ahead. */
export async function claimDueConfirmations(
  tx: Database,
  { today, limit }: { today: string; limit: number },
): Promise<{ agreement: PadAgreementRow; request: FundingRequestRow }[]> {
  return tx
    .select({ agreement: padAgreements, request: fundingRequests })
    .from(padAgreements)
    .innerJoin(fundingRequests, eq(fundingRequests.id, padAgreements.fundingRequestId))
    .where(
      and(
        isNull(padAgreements.confirmationSentAt),
        lte(padAgreements.confirmationDue, today),
        inArray(fundingRequests.status, [
          fundingStatuses.SUBMITTED,
          fundingStatuses.PENDING,
          fundingStatuses.RECURRING_EFT_SUBMITTED,
          fundingStatuses.APPROVED,
        ]),
      ),
    )
    .orderBy(asc(padAgreements.confirmationDue))
    .limit(limit)
    .for('update', { of: padAgreements, skipLocked: true });
}

export async function findBankAccountById(
  db: Database,
  id: string,
): Promise<BankAccountRow | undefined> {
  const [row] = await db.select().from(bankAccounts).where(eq(bankAccounts.id, id));
  return row;
}

export async function findClientAccountById(
  db: Database,
  id: string,
): Promise<ClientAccountRow | undefined> {
  const [row] = await db.select().from(clientAccounts).where(eq(clientAccounts.id, id));
  return row;
}
