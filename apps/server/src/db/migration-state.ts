import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { Database } from './client.ts';

/**
 * Whether the database has every migration this code ships (issue 36: an instance is ready only
 * on the schema it was built for). Drizzle's migrators, for PGlite and PostgreSQL alike, record
 * each applied migration in `drizzle.__drizzle_migrations`; the code's list is the journal.
 */

const journalPath = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  'migrations',
  'meta',
  '_journal.json',
);

let shipped: Promise<number> | undefined;

/** How many migrations the code ships (read once). */
export function shippedMigrations(): Promise<number> {
  shipped ??= readFile(journalPath, 'utf8').then(
    (text) => (JSON.parse(text) as { entries: unknown[] }).entries.length,
  );
  return shipped;
}

/** Migrations the code ships that the database has not applied (0 when current). */
export async function migrationsBehind(db: Database): Promise<number> {
  // Both drivers answer `{ rows }`; Drizzle's type for `execute` differs between them.
  const result = (await db.execute(
    sql`select count(*)::int as applied from drizzle.__drizzle_migrations`,
  )) as unknown as { rows: { applied: number | string }[] };
  const applied = Number(result.rows[0]?.applied ?? 0);
  return Math.max(0, (await shippedMigrations()) - applied);
}
