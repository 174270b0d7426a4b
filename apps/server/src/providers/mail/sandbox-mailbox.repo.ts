import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { sandboxMailbox } from '../../db/schema.ts';

export type MailboxRow = typeof sandboxMailbox.$inferSelect;
export type NewMailboxRow = typeof sandboxMailbox.$inferInsert;

/**
 * Stores one delivered message; a second delivery of the same outbox message is ignored, so a
 * dispatcher that re-sends after a crash never shows a message twice.
 */
export async function insertDelivered(db: Database, row: NewMailboxRow): Promise<void> {
  await db.insert(sandboxMailbox).values(row).onConflictDoNothing({
    target: sandboxMailbox.outboxMessageId,
  });
}

/** Newest first; `to` matches the recipient whatever its case. */
export async function listDelivered(
  db: Database,
  { to, limit }: { to?: string; limit: number },
): Promise<MailboxRow[]> {
  const conditions: SQL[] = [];
  if (to) conditions.push(eq(sql`lower(${sandboxMailbox.recipient})`, to.toLowerCase()));
  return db
    .select()
    .from(sandboxMailbox)
    .where(and(...conditions))
    .orderBy(desc(sandboxMailbox.deliveredAt), desc(sandboxMailbox.id))
    .limit(limit);
}

export async function findDelivered(db: Database, id: string): Promise<MailboxRow | undefined> {
  const [row] = await db.select().from(sandboxMailbox).where(eq(sandboxMailbox.id, id));
  return row;
}
