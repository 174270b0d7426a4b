import { aliasedTable, and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { ledgerJournals, ledgerLines } from '../../db/schema.ts';

export type JournalRow = typeof ledgerJournals.$inferSelect;
export type NewJournalRow = Omit<typeof ledgerJournals.$inferInsert, 'id' | 'createdAt'>;
export type LineRow = typeof ledgerLines.$inferSelect;

/**
 * Inserts an original journal unless its event (kind, reference) already has one. On
 * PostgreSQL a second transaction posting the same event waits for the first at the unique
 * index, then inserts nothing: the answer is undefined and the caller reads the first.
 */
export async function insertOriginalJournal(
  db: Database,
  row: NewJournalRow,
): Promise<string | undefined> {
  const [inserted] = await db
    .insert(ledgerJournals)
    .values(row)
    .onConflictDoNothing({
      target: [ledgerJournals.kind, ledgerJournals.referenceType, ledgerJournals.referenceId],
      where: sql`${ledgerJournals.reversesJournalId} IS NULL`,
    })
    .returning({ id: ledgerJournals.id });
  return inserted?.id;
}

/** Inserts a reversal unless its original already has one (undefined then). */
export async function insertReversalJournal(
  db: Database,
  row: NewJournalRow,
): Promise<string | undefined> {
  const [inserted] = await db
    .insert(ledgerJournals)
    .values(row)
    .onConflictDoNothing({ target: ledgerJournals.reversesJournalId })
    .returning({ id: ledgerJournals.id });
  return inserted?.id;
}

export async function insertLines(db: Database, rows: LineRow[]): Promise<void> {
  await db.insert(ledgerLines).values(rows);
}

export async function findEventJournal(
  db: Database,
  event: Pick<JournalRow, 'kind' | 'referenceType' | 'referenceId'>,
): Promise<JournalRow | undefined> {
  const [row] = await db
    .select()
    .from(ledgerJournals)
    .where(
      and(
        eq(ledgerJournals.kind, event.kind),
        eq(ledgerJournals.referenceType, event.referenceType),
        eq(ledgerJournals.referenceId, event.referenceId),
        isNull(ledgerJournals.reversesJournalId),
      ),
    );
  return row;
}

export async function findJournal(db: Database, id: string): Promise<JournalRow | undefined> {
  const [row] = await db.select().from(ledgerJournals).where(eq(ledgerJournals.id, id));
  return row;
}

export async function findReversalOf(db: Database, id: string): Promise<JournalRow | undefined> {
  const [row] = await db
    .select()
    .from(ledgerJournals)
    .where(eq(ledgerJournals.reversesJournalId, id));
  return row;
}

export async function linesOfJournal(db: Database, journalId: string): Promise<LineRow[]> {
  return db
    .select()
    .from(ledgerLines)
    .where(eq(ledgerLines.journalId, journalId))
    .orderBy(asc(ledgerLines.lineNo));
}

export interface ClientLineRow {
  journalId: string;
  kind: string;
  currency: string;
  memoCode: string | null;
  postedAt: Date;
  reversesJournalId: string | null;
  reversedByJournalId: string | null;
  ledgerAccount: string;
  side: string;
  amountCents: number;
}

const reversal = aliasedTable(ledgerJournals, 'reversal');

/** Every line of one investment account, with its journal and the journal reversing it, oldest first. */
export async function linesOfClientAccount(
  db: Database,
  clientAccountId: string,
): Promise<ClientLineRow[]> {
  return db
    .select({
      journalId: ledgerJournals.id,
      kind: ledgerJournals.kind,
      currency: ledgerJournals.currency,
      memoCode: ledgerJournals.memoCode,
      postedAt: ledgerJournals.postedAt,
      reversesJournalId: ledgerJournals.reversesJournalId,
      reversedByJournalId: reversal.id,
      ledgerAccount: ledgerLines.ledgerAccount,
      side: ledgerLines.side,
      amountCents: ledgerLines.amountCents,
    })
    .from(ledgerLines)
    .innerJoin(ledgerJournals, eq(ledgerJournals.id, ledgerLines.journalId))
    .leftJoin(reversal, eq(reversal.reversesJournalId, ledgerJournals.id))
    .where(eq(ledgerLines.clientAccountId, clientAccountId))
    .orderBy(
      asc(ledgerJournals.postedAt),
      asc(ledgerJournals.createdAt),
      asc(ledgerJournals.id),
      asc(ledgerLines.lineNo),
    );
}
