import { and, asc, desc, eq, inArray, isNotNull, isNull, lt, lte, or, sql } from 'drizzle-orm';
import { transferInStatuses } from '@portal/domain/enums/transfers';
import type { Database } from '../../db/client.ts';
import {
  applicationDocuments,
  clientAccounts,
  transferEvents,
  transferLines,
  transferRequests,
} from '../../db/schema.ts';

/** The transfers module's queries (issue 15): plain rows in, plain rows out, no rules. */

export type TransferRow = typeof transferRequests.$inferSelect;
export type NewTransferRow = typeof transferRequests.$inferInsert;
export type TransferLineRow = typeof transferLines.$inferSelect;
export type TransferEventRow = typeof transferEvents.$inferSelect;
export type ClientAccountRow = typeof clientAccounts.$inferSelect;

export async function insertTransfer(
  db: Database,
  row: NewTransferRow,
  lines: Omit<TransferLineRow, 'transferRequestId'>[],
): Promise<TransferRow> {
  const [inserted] = await db.insert(transferRequests).values(row).returning();
  if (lines.length > 0) {
    await db
      .insert(transferLines)
      .values(lines.map((line) => ({ ...line, transferRequestId: inserted!.id })));
  }
  return inserted!;
}

/**
 * One of the person's transfers. `lock: 'wait'` holds it until the transaction ends;
 * `lock: 'skip'` answers `locked` instead of waiting when someone (the processing job) holds
 * it already.
 */
export async function findTransfer(
  db: Database,
  userId: string,
  id: string,
  { lock }: { lock?: 'wait' | 'skip' } = {},
): Promise<TransferRow | 'locked' | undefined> {
  const query = db
    .select()
    .from(transferRequests)
    .where(and(eq(transferRequests.id, id), eq(transferRequests.userId, userId)));
  if (!lock) return (await query)[0];
  if (lock === 'wait') return (await query.for('update'))[0];
  const [row] = await query.for('update', { skipLocked: true });
  if (row) return row;
  // Not returned under SKIP LOCKED: someone else's id, or held by another transaction.
  const [exists] = await db
    .select({ id: transferRequests.id })
    .from(transferRequests)
    .where(and(eq(transferRequests.id, id), eq(transferRequests.userId, userId)));
  return exists ? 'locked' : undefined;
}

export async function findTransferById(db: Database, id: string): Promise<TransferRow | undefined> {
  const [row] = await db.select().from(transferRequests).where(eq(transferRequests.id, id));
  return row;
}

/** The transfer whose authorization is in this envelope of this vendor. */
export async function findTransferByEnvelope(
  db: Database,
  provider: string,
  envelopeId: string,
  { lock = false } = {},
): Promise<TransferRow | undefined> {
  const query = db
    .select()
    .from(transferRequests)
    .where(
      and(
        eq(transferRequests.esignProvider, provider),
        eq(transferRequests.esignEnvelopeId, envelopeId),
      ),
    );
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/** The transfers into these accounts, newest first. */
export async function transfersIntoAccounts(
  db: Database,
  userId: string,
  accountIds: readonly string[],
): Promise<TransferRow[]> {
  if (accountIds.length === 0) return [];
  return db
    .select()
    .from(transferRequests)
    .where(
      and(eq(transferRequests.userId, userId), inArray(transferRequests.toAccountId, accountIds)),
    )
    .orderBy(desc(transferRequests.createdAt), desc(transferRequests.id));
}

export async function linesOf(db: Database, transferIds: readonly string[]) {
  if (transferIds.length === 0) return [];
  return db
    .select()
    .from(transferLines)
    .where(inArray(transferLines.transferRequestId, transferIds))
    .orderBy(asc(transferLines.transferRequestId), asc(transferLines.position));
}

export async function updateTransfer(
  db: Database,
  id: string,
  changes: Partial<NewTransferRow>,
): Promise<TransferRow> {
  const [row] = await db
    .update(transferRequests)
    .set({ ...changes, lastModifiedAt: new Date(), version: sql`${transferRequests.version} + 1` })
    .where(eq(transferRequests.id, id))
    .returning();
  return row!;
}

export async function insertEvent(
  db: Database,
  event: typeof transferEvents.$inferInsert,
): Promise<void> {
  await db.insert(transferEvents).values(event);
}

export async function eventsOf(db: Database, transferRequestId: string) {
  return db
    .select()
    .from(transferEvents)
    .where(eq(transferEvents.transferRequestId, transferRequestId))
    .orderBy(asc(transferEvents.at), asc(transferEvents.toStatus));
}

export async function findClientAccountById(
  db: Database,
  id: string,
): Promise<ClientAccountRow | undefined> {
  const [row] = await db.select().from(clientAccounts).where(eq(clientAccounts.id, id));
  return row;
}

/** A statement or transfer form uploaded to the application, by its id. */
export async function findStatementDocument(
  db: Database,
  applicationId: string,
  documentId: string,
  documentTypes: readonly string[],
): Promise<{ id: string } | undefined> {
  const [row] = await db
    .select({ id: applicationDocuments.id })
    .from(applicationDocuments)
    .where(
      and(
        eq(applicationDocuments.id, documentId),
        eq(applicationDocuments.applicationId, applicationId),
        inArray(applicationDocuments.documentType, documentTypes),
      ),
    );
  return row;
}

/** What the processing job looks for (transfer-processing.job.ts). */
export type DueKind = 'send' | 'answer' | 'approve' | 'process';

export interface DueDates {
  /** Signed before this date: a business day has passed since. */
  signedBefore: string;
  /** Sent before this date: the delivering firm has had a business day to answer. */
  sentBefore: string;
  /** Expected on or before this date: the credit is approved the business day before. */
  approveBy: string;
  today: string;
}

function dueCondition(kind: DueKind, dates: DueDates) {
  const r = transferRequests;
  const s = transferInStatuses;
  switch (kind) {
    case 'send':
      return and(
        eq(r.status, s.SC_IN_PROGRESS),
        eq(r.esignStatus, 'SIGNED'),
        lt(r.signedOn, dates.signedBefore),
      );
    case 'answer':
      return and(eq(r.status, s.SC_SENT_TO_DP), lt(r.sentOn, dates.sentBefore));
    case 'approve':
      return and(
        eq(r.status, s.SC_PENDING_TRADE_SETTLEMENT),
        lte(r.expectedEarliest, dates.approveBy),
      );
    case 'process':
      return and(eq(r.status, s.SC_CREDIT_APPROVED), lte(r.expectedEarliest, dates.today));
  }
}

/**
 * Claims up to `limit` signed transfers due for `kind`, in the caller's transaction, with `FOR
 * UPDATE SKIP LOCKED` (instances side by side take different rows; a client's cancel finds a
 * claimed row locked and answers 409). A transfer whose handling failed is left alone until
 * its `claimed_until`.
 */
export async function claimDue(
  tx: Database,
  { kind, dates, limit, now }: { kind: DueKind; dates: DueDates; limit: number; now: Date },
): Promise<TransferRow[]> {
  return tx
    .select()
    .from(transferRequests)
    .where(
      and(
        isNotNull(transferRequests.signedOn),
        dueCondition(kind, dates),
        or(isNull(transferRequests.claimedUntil), lt(transferRequests.claimedUntil, now)),
      ),
    )
    .orderBy(asc(transferRequests.signedOn), asc(transferRequests.id))
    .limit(limit)
    .for('update', { skipLocked: true });
}

/** Sets a failed transfer aside until `until`, so one bad row does not stop every pass. */
export async function holdTransfer(
  db: Database,
  id: string,
  { by, until }: { by: string; until: Date },
): Promise<void> {
  await db
    .update(transferRequests)
    .set({ claimedBy: by, claimedUntil: until })
    .where(eq(transferRequests.id, id));
}

/** Whether the job set this transfer aside (its lease still runs). */
export function isHeld(row: TransferRow, now: Date): boolean {
  return row.claimedUntil !== null && row.claimedUntil.getTime() > now.getTime();
}
