import type { Database } from '../../db/client.ts';
import { outboxMessages } from '../../db/schema.ts';

export type NewOutboxRow = typeof outboxMessages.$inferInsert;

export async function insertMessage(db: Database, row: NewOutboxRow): Promise<void> {
  await db.insert(outboxMessages).values(row);
}
