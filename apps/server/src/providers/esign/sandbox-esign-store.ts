import { and, eq, gt, lte } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import type { Database } from '../../db/client.ts';
import { sandboxEsignEnvelopes } from '../../db/schema.ts';

/** The sandbox vendor's own table (it plays a third party: no other module reads it). */
export type EnvelopeRow = typeof sandboxEsignEnvelopes.$inferSelect;
export type NewEnvelopeRow = typeof sandboxEsignEnvelopes.$inferInsert;

/** An envelope without its document, for the pages and the status. */
export type EnvelopeListing = Omit<EnvelopeRow, 'documentEncrypted'>;

const listingColumns = {
  id: sandboxEsignEnvelopes.id,
  signerEmail: sandboxEsignEnvelopes.signerEmail,
  signerName: sandboxEsignEnvelopes.signerName,
  language: sandboxEsignEnvelopes.language,
  documentName: sandboxEsignEnvelopes.documentName,
  returnPath: sandboxEsignEnvelopes.returnPath,
  status: sandboxEsignEnvelopes.status,
  createdAt: sandboxEsignEnvelopes.createdAt,
  expiresAt: sandboxEsignEnvelopes.expiresAt,
  completedAt: sandboxEsignEnvelopes.completedAt,
};

export async function insertEnvelope(db: Database, row: NewEnvelopeRow): Promise<void> {
  await db.insert(sandboxEsignEnvelopes).values(row);
}

/** Retention (issue 36): the vendor deletes the envelope; an unknown one is already gone. */
export async function deleteEnvelope(db: Database, id: string): Promise<void> {
  await db.delete(sandboxEsignEnvelopes).where(eq(sandboxEsignEnvelopes.id, id));
}

/** The `columns` of envelope `id`. */
async function selectEnvelope<Columns extends SelectedFields>(
  db: Database,
  id: string,
  columns: Columns,
): Promise<SelectResultFields<Columns> | undefined> {
  // Drizzle cannot resolve the row type of a generic selection; callers' selections can.
  const rows = (await db
    .select(columns)
    .from(sandboxEsignEnvelopes)
    .where(eq(sandboxEsignEnvelopes.id, id))
    .limit(1)) as SelectResultFields<Columns>[];
  return rows[0];
}

/** The signing view's return, as a vendor takes it with each new view. */
export async function setReturnPath(db: Database, id: string, returnPath: string): Promise<void> {
  await db
    .update(sandboxEsignEnvelopes)
    .set({ returnPath })
    .where(eq(sandboxEsignEnvelopes.id, id));
}

export function findEnvelope(db: Database, id: string): Promise<EnvelopeListing | undefined> {
  return selectEnvelope(db, id, listingColumns);
}

export function findDocument(
  db: Database,
  id: string,
): Promise<Pick<EnvelopeRow, 'documentName' | 'documentEncrypted'> | undefined> {
  return selectEnvelope(db, id, {
    documentName: sandboxEsignEnvelopes.documentName,
    documentEncrypted: sandboxEsignEnvelopes.documentEncrypted,
  });
}

/**
 * Ends a pending envelope that has not expired at `now` (signed or declined), in one statement,
 * so two submissions of the ceremony never both succeed. Undefined when it was not pending.
 */
export async function completePending(
  db: Database,
  id: string,
  status: 'signed' | 'declined',
  now: Date,
): Promise<EnvelopeListing | undefined> {
  const [row] = await db
    .update(sandboxEsignEnvelopes)
    .set({ status, completedAt: now })
    .where(
      and(
        eq(sandboxEsignEnvelopes.id, id),
        eq(sandboxEsignEnvelopes.status, 'pending'),
        gt(sandboxEsignEnvelopes.expiresAt, now),
      ),
    )
    .returning(listingColumns);
  return row;
}

/**
 * Records that a pending envelope past its expiry has expired (the vendor voids it). True when
 * this call marked it (not when another did first).
 */
export async function markExpired(db: Database, id: string, now: Date): Promise<boolean> {
  const marked = await db
    .update(sandboxEsignEnvelopes)
    .set({ status: 'expired', completedAt: now })
    .where(
      and(
        eq(sandboxEsignEnvelopes.id, id),
        eq(sandboxEsignEnvelopes.status, 'pending'),
        lte(sandboxEsignEnvelopes.expiresAt, now),
      ),
    )
    .returning({ id: sandboxEsignEnvelopes.id });
  return marked.length > 0;
}

/** The sandbox's test input: a pending envelope expires at once. True when it was pending. */
export async function expireNow(db: Database, id: string, now: Date): Promise<boolean> {
  const expired = await db
    .update(sandboxEsignEnvelopes)
    .set({ status: 'expired', expiresAt: now, completedAt: now })
    .where(and(eq(sandboxEsignEnvelopes.id, id), eq(sandboxEsignEnvelopes.status, 'pending')))
    .returning({ id: sandboxEsignEnvelopes.id });
  return expired.length > 0;
}
