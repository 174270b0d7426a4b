import { sql } from 'drizzle-orm';
import { getTableConfig } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../db/client.ts';
import { ledgerJournals, ledgerLines } from '../../db/schema.ts';
import { createTestDatabase } from '../../test/test-app.ts';

/**
 * Migration 0021 is drizzle-kit's output with hand-written triggers appended: these tests fail
 * when the schema file and the migrated database stop describing the same tables, or when the
 * triggers the ledger's guarantees rest on are missing.
 */

let testDatabase: Awaited<ReturnType<typeof createTestDatabase>>;
let database: DatabaseHandle;

beforeAll(async () => {
  testDatabase = await createTestDatabase();
  database = await openDatabase(testDatabase.config);
  await database.migrate(async () => {});
});

afterAll(async () => {
  await database?.close();
  await testDatabase?.drop();
});

async function rowsOf<Row>(query: ReturnType<typeof sql>): Promise<Row[]> {
  // Both drivers answer `{ rows }`; the handle's common type does not say so.
  return ((await database.db.execute(query)) as unknown as { rows: Row[] }).rows;
}

describe('ledger tables: schema and migration agree', () => {
  for (const table of [ledgerJournals, ledgerLines]) {
    const config = getTableConfig(table);
    it(`${config.name} has the schema file's columns, types and nullability`, async () => {
      const columns = await rowsOf<{ name: string; type: string; nullable: string }>(sql`
        SELECT column_name AS name, data_type AS type, is_nullable AS nullable
        FROM information_schema.columns WHERE table_name = ${config.name} ORDER BY column_name`);
      const expected = config.columns
        .map((column) => ({
          name: column.name,
          type: column.getSQLType(),
          nullable: column.notNull ? 'NO' : 'YES',
        }))
        .sort((a, b) => a.name.localeCompare(b.name));
      expect(columns).toEqual(expected);
    });

    it(`${config.name} has the schema file's checks and indexes`, async () => {
      const checks = await rowsOf<{ name: string }>(sql`
        SELECT conname AS name FROM pg_constraint
        WHERE conrelid = ${config.name}::regclass AND contype = 'c' ORDER BY conname`);
      expect(checks.map((row) => row.name)).toEqual(
        config.checks.map((check) => check.name).sort(),
      );
      const indexes = await rowsOf<{ name: string }>(sql`
        SELECT indexname AS name FROM pg_indexes WHERE tablename = ${config.name}`);
      expect(indexes.map((row) => row.name)).toEqual(
        expect.arrayContaining(config.indexes.map((index) => index.config.name)),
      );
    });
  }

  it('guards both tables with the append-only and the balance triggers', async () => {
    const triggers = await rowsOf<{ name: string; deferred: boolean }>(sql`
      SELECT tgname AS name, tginitdeferred AS deferred FROM pg_trigger
      WHERE tgrelid IN ('ledger_journals'::regclass, 'ledger_lines'::regclass)
        AND NOT tgisinternal ORDER BY tgname`);
    expect(triggers).toEqual([
      { name: 'ledger_journals_append_only', deferred: false },
      { name: 'ledger_journals_balanced', deferred: true },
      { name: 'ledger_journals_no_truncate', deferred: false },
      { name: 'ledger_lines_append_only', deferred: false },
      { name: 'ledger_lines_balanced', deferred: true },
      { name: 'ledger_lines_no_truncate', deferred: false },
    ]);
  });
});
