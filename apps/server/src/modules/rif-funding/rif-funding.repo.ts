import { and, eq, isNull, ne, or, sql } from 'drizzle-orm';
import { fundingStatuses } from '@portal/domain/enums/funding';
import type { Database } from '../../db/client.ts';
import { rifPayoutSetups, transferRequests } from '../../db/schema.ts';

/** The RRIF payout module's queries (issue 15): plain rows in, plain rows out, no rules. */

export type RifSetupRow = typeof rifPayoutSetups.$inferSelect;
export type NewRifSetupRow = typeof rifPayoutSetups.$inferInsert;

/** The setup of one fund account of the person's; `lock` holds the row until the transaction ends. */
export async function setupOfAccount(
  db: Database,
  userId: string,
  clientAccountId: string,
  { lock = false } = {},
): Promise<RifSetupRow | undefined> {
  const query = db
    .select()
    .from(rifPayoutSetups)
    .where(
      and(eq(rifPayoutSetups.clientAccountId, clientAccountId), eq(rifPayoutSetups.userId, userId)),
    );
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function setupsOfApplication(
  db: Database,
  userId: string,
  applicationId: string,
): Promise<RifSetupRow[]> {
  return db
    .select()
    .from(rifPayoutSetups)
    .where(
      and(eq(rifPayoutSetups.applicationId, applicationId), eq(rifPayoutSetups.userId, userId)),
    )
    .orderBy(rifPayoutSetups.createdAt);
}

export async function insertSetup(db: Database, row: NewRifSetupRow): Promise<RifSetupRow> {
  const [inserted] = await db.insert(rifPayoutSetups).values(row).returning();
  return inserted!;
}

export async function updateSetup(
  db: Database,
  id: string,
  set: Partial<NewRifSetupRow>,
): Promise<RifSetupRow> {
  const [updated] = await db
    .update(rifPayoutSetups)
    .set({ ...set, updatedAt: new Date(), version: sql`${rifPayoutSetups.version} + 1` })
    .where(eq(rifPayoutSetups.id, id))
    .returning();
  return updated!;
}

/**
 * What the transfers in to an account say it will hold: the approximate values of those not
 * cancelled (signed or not yet), the only figure of a new fund's value before its first statement.
 */
export async function transfersValueCents(db: Database, clientAccountId: string): Promise<number> {
  const [row] = await db
    .select({
      total: sql<
        string | number | null
      >`coalesce(sum(${transferRequests.approximateValueCents}), 0)`,
    })
    .from(transferRequests)
    .where(
      and(
        eq(transferRequests.toAccountId, clientAccountId),
        isNull(transferRequests.cancelledAt),
        or(
          isNull(transferRequests.status),
          ne(transferRequests.status, fundingStatuses.CANCELLED_BY_CLIENT),
        ),
      ),
    );
  return Number(row?.total ?? 0);
}
