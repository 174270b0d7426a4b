import {
  and,
  asc,
  eq,
  inArray,
  isNull,
  lt,
  lte,
  ne,
  notExists,
  notInArray,
  or,
  sql,
} from 'drizzle-orm';
import { fundingStatuses, fundingTypes } from '@portal/domain/enums/funding';
import type { Database } from '../../db/client.ts';
import {
  clientAccounts,
  fundingRequests,
  paymentFileNumbers,
  paymentFiles,
  paymentItems,
  paymentReturnFiles,
  paymentReturns,
  rifPayouts,
} from '../../db/schema.ts';

export type PaymentFileRow = typeof paymentFiles.$inferSelect;
export type PaymentItemRow = typeof paymentItems.$inferSelect;
export type NewPaymentItemRow = typeof paymentItems.$inferInsert;
export type RifPayoutRow = typeof rifPayouts.$inferSelect;
export type FundingRequestRow = typeof fundingRequests.$inferSelect;

const NUMBERS_ROW = 1;

/**
 * Items that no longer hold their request: returned by the bank (operations may retry the
 * request), or in a file the bank refused (filed again in a new one).
 */
const ENDED_ATTEMPTS = ['returned', 'refiled'];

export async function fileOfDay(
  db: Database,
  fileDay: string,
  currency: string,
): Promise<PaymentFileRow | undefined> {
  const [row] = await db
    .select()
    .from(paymentFiles)
    .where(and(eq(paymentFiles.fileDay, fileDay), eq(paymentFiles.currency, currency)));
  return row;
}

/**
 * Locks the file-number row for the rest of the transaction: cut-offs on two instances write
 * their files one after the other, and the second sees the first's file.
 */
export async function lockLastFileNumber(tx: Database): Promise<number | undefined> {
  await tx
    .insert(paymentFileNumbers)
    .values({ id: NUMBERS_ROW, lastNumber: 0 })
    .onConflictDoNothing();
  const [row] = await tx
    .select({ lastNumber: paymentFileNumbers.lastNumber })
    .from(paymentFileNumbers)
    .where(eq(paymentFileNumbers.id, NUMBERS_ROW))
    .for('update');
  return row && row.lastNumber > 0 ? row.lastNumber : undefined;
}

export async function setLastFileNumber(tx: Database, lastNumber: number): Promise<void> {
  await tx
    .update(paymentFileNumbers)
    .set({ lastNumber })
    .where(eq(paymentFileNumbers.id, NUMBERS_ROW));
}

/** The next value of the items' sequence, for a cross-reference known before the insert. */
export async function nextItemSequence(tx: Database): Promise<number> {
  // Both drivers answer `{ rows }`; Drizzle's type for `execute` differs between them.
  const result = (await tx.execute(
    sql`SELECT nextval(pg_get_serial_sequence('payment_items', 'sequence')) AS value`,
  )) as unknown as { rows: { value: number | string }[] };
  return Number(result.rows[0]!.value);
}

/**
 * One-time debits (a PAC's debits included) not yet with the bank, due by `through`, in
 * `currency`, with no item in a file that still stands (`refiled` items are those of a file
 * the bank refused). Locked, skipping rows a client's cancellation holds.
 */
export async function dueDebits(
  tx: Database,
  { through, currency, now }: { through: string; currency: number; now: Date },
): Promise<FundingRequestRow[]> {
  const rows = await tx
    .select({ request: fundingRequests })
    .from(fundingRequests)
    .innerJoin(clientAccounts, eq(clientAccounts.id, fundingRequests.toAccountId))
    .where(
      and(
        inArray(fundingRequests.status, [fundingStatuses.SUBMITTED, fundingStatuses.PENDING]),
        eq(fundingRequests.fundingTypeId, fundingTypes.OneTime),
        lte(fundingRequests.startDate, through),
        eq(clientAccounts.currencyTypeId, currency),
        // A request set aside (its handling failed) waits until operations or time release it.
        or(isNull(fundingRequests.claimedUntil), lt(fundingRequests.claimedUntil, now)),
        notExists(
          tx
            .select({ one: sql`1` })
            .from(paymentItems)
            .where(
              and(
                eq(paymentItems.fundingRequestId, fundingRequests.id),
                notInArray(paymentItems.status, ENDED_ATTEMPTS),
              ),
            ),
        ),
      ),
    )
    .orderBy(asc(fundingRequests.startDate), asc(fundingRequests.id))
    .for('update', { of: fundingRequests, skipLocked: true });
  return rows.map((row) => row.request);
}

/** RRIF payouts due by `through` from funds in `currency`, locked. */
export async function duePayouts(
  tx: Database,
  { through, currency }: { through: string; currency: number },
): Promise<RifPayoutRow[]> {
  const rows = await tx
    .select({ payout: rifPayouts })
    .from(rifPayouts)
    .innerJoin(clientAccounts, eq(clientAccounts.id, rifPayouts.clientAccountId))
    .where(
      and(
        eq(rifPayouts.status, 'due'),
        lte(rifPayouts.paidOn, through),
        eq(clientAccounts.currencyTypeId, currency),
      ),
    )
    .orderBy(asc(rifPayouts.paidOn), asc(rifPayouts.id))
    .for('update', { of: rifPayouts, skipLocked: true });
  return rows.map((row) => row.payout);
}

/** Whether a request is in a file that stands: the client can no longer cancel it. */
export async function hasLiveItem(db: Database, fundingRequestId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: paymentItems.id })
    .from(paymentItems)
    .where(
      and(eq(paymentItems.fundingRequestId, fundingRequestId), ne(paymentItems.status, 'refiled')),
    )
    .limit(1);
  return row !== undefined;
}

export async function filesToDeliver(db: Database): Promise<PaymentFileRow[]> {
  return db
    .select()
    .from(paymentFiles)
    .where(eq(paymentFiles.status, 'written'))
    .orderBy(asc(paymentFiles.fileDay), asc(paymentFiles.createdAt));
}

export async function lockFile(tx: Database, id: string): Promise<PaymentFileRow | undefined> {
  const [row] = await tx.select().from(paymentFiles).where(eq(paymentFiles.id, id)).for('update');
  return row;
}

export async function itemsOfFile(db: Database, fileId: string): Promise<PaymentItemRow[]> {
  return db
    .select()
    .from(paymentItems)
    .where(eq(paymentItems.fileId, fileId))
    .orderBy(asc(paymentItems.sequence));
}

/** Items with the bank whose due date came, in files of an earlier day. */
export async function itemsToSettle(
  tx: Database,
  { today, limit }: { today: string; limit: number },
): Promise<PaymentItemRow[]> {
  const rows = await tx
    .select({ item: paymentItems })
    .from(paymentItems)
    .innerJoin(paymentFiles, eq(paymentFiles.id, paymentItems.fileId))
    .where(
      and(
        eq(paymentItems.status, 'sent'),
        lte(paymentItems.dueOn, today),
        sql`${paymentFiles.fileDay} < ${today}`,
      ),
    )
    .orderBy(asc(paymentItems.sequence))
    .limit(limit)
    .for('update', { of: paymentItems, skipLocked: true });
  return rows.map((row) => row.item);
}

export async function lockItemByCrossReference(
  tx: Database,
  crossReference: string,
): Promise<PaymentItemRow | undefined> {
  const [row] = await tx
    .select()
    .from(paymentItems)
    .where(eq(paymentItems.crossReference, crossReference))
    .for('update');
  return row;
}

export async function updateItem(
  tx: Database,
  id: string,
  set: Partial<typeof paymentItems.$inferInsert>,
): Promise<void> {
  await tx.update(paymentItems).set(set).where(eq(paymentItems.id, id));
}

export async function updatePayout(
  tx: Database,
  id: string,
  set: Partial<typeof rifPayouts.$inferInsert>,
): Promise<void> {
  await tx.update(rifPayouts).set(set).where(eq(rifPayouts.id, id));
}

export async function findPayout(db: Database, id: string): Promise<RifPayoutRow | undefined> {
  const [row] = await db.select().from(rifPayouts).where(eq(rifPayouts.id, id));
  return row;
}

export async function returnFileBySha(
  db: Database,
  sha256: string,
): Promise<{ id: string } | undefined> {
  const [row] = await db
    .select({ id: paymentReturnFiles.id })
    .from(paymentReturnFiles)
    .where(eq(paymentReturnFiles.sha256, sha256));
  return row;
}

export async function insertReturnFile(
  tx: Database,
  row: typeof paymentReturnFiles.$inferInsert,
): Promise<boolean> {
  const inserted = await tx
    .insert(paymentReturnFiles)
    .values(row)
    .onConflictDoNothing()
    .returning({ id: paymentReturnFiles.id });
  return inserted.length === 1;
}

export async function insertReturn(
  tx: Database,
  row: typeof paymentReturns.$inferInsert,
): Promise<void> {
  await tx.insert(paymentReturns).values(row);
}

export async function insertItems(tx: Database, rows: NewPaymentItemRow[]): Promise<void> {
  if (rows.length > 0) await tx.insert(paymentItems).values(rows);
}

export async function insertFile(
  tx: Database,
  row: typeof paymentFiles.$inferInsert,
): Promise<void> {
  await tx.insert(paymentFiles).values(row);
}

export async function updateFile(
  tx: Database,
  id: string,
  set: Partial<typeof paymentFiles.$inferInsert>,
): Promise<void> {
  await tx.update(paymentFiles).set(set).where(eq(paymentFiles.id, id));
}

export async function failedDelivery(db: Database, id: string, error: string): Promise<void> {
  await db
    .update(paymentFiles)
    .set({
      deliveryAttempts: sql`${paymentFiles.deliveryAttempts} + 1`,
      lastDeliveryError: error,
    })
    .where(and(eq(paymentFiles.id, id), eq(paymentFiles.status, 'written')));
}

/**
 * The return reason of a PAC's debit before the one dated `before` (null: it was not
 * returned), or undefined when there is none: "two NSF in a row" compares the two.
 */
export async function previousDebitReturnCode(
  db: Database,
  parentId: string,
  before: string,
): Promise<number | null | undefined> {
  const [row] = await db
    .select({ code: paymentItems.returnReasonCode })
    .from(fundingRequests)
    .innerJoin(paymentItems, eq(paymentItems.fundingRequestId, fundingRequests.id))
    .where(
      and(
        eq(fundingRequests.parentId, parentId),
        sql`${fundingRequests.startDate} < ${before}`,
        ne(paymentItems.status, 'refiled'),
      ),
    )
    .orderBy(sql`${fundingRequests.startDate} DESC`)
    .limit(1);
  return row === undefined ? undefined : row.code;
}
