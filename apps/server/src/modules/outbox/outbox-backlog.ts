import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';

/** What waits in the outbox (the metrics, issue 36): how many messages, and the oldest's age. */
export async function outboxBacklog(
  db: Database,
): Promise<{ count: number; oldestAgeSeconds: number }> {
  // Both drivers answer `{ rows }`; Drizzle's type for `execute` differs between them.
  const result = (await db.execute(
    sql`select count(*)::int as count,
          coalesce(extract(epoch from (now() - min(created_at))), 0)::float8 as age
        from outbox_messages where status = 'pending'`,
  )) as unknown as { rows: { count: number | string; age: number | string }[] };
  const row = result.rows[0];
  return { count: Number(row?.count ?? 0), oldestAgeSeconds: Number(row?.age ?? 0) };
}
