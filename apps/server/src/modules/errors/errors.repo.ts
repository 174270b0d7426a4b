import { and, count, eq, gt } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { errorReports } from '../../db/schema.ts';

export async function countSince(db: Database, senderHash: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(errorReports)
    .where(and(eq(errorReports.senderHash, senderHash), gt(errorReports.createdAt, since)));
  return row?.n ?? 0;
}

export async function insertReport(db: Database, values: typeof errorReports.$inferInsert) {
  await db.insert(errorReports).values(values);
}
