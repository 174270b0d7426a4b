import { is } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import * as schema from '../../db/schema.ts';
import { encryptedTables, keptHashColumns } from './encrypted-columns.ts';

const tables = (Object.values(schema) as unknown[])
  .filter((value): value is PgTable => is(value, PgTable))
  .map((table) => getTableConfig(table));

describe('the registry of encrypted columns (ADR 0043)', () => {
  it('covers every text or bytea column of the schema named *_encrypted', () => {
    const inSchema = tables.flatMap((table) =>
      table.columns
        .filter(
          (column) =>
            column.name.endsWith('_encrypted') && ['text', 'bytea'].includes(column.getSQLType()),
        )
        .map((column) => `${table.name}.${column.name}`),
    );
    const registered = encryptedTables.flatMap((table) =>
      table.columns.map((column) => `${table.table}.${column.column}`),
    );
    expect(inSchema.length).toBeGreaterThan(20);
    expect([...registered].sort()).toEqual([...inSchema].sort());
  });

  it('names tables, keys and columns that exist, with the right kind', () => {
    const byName = new Map(tables.map((table) => [table.name, table]));
    for (const table of encryptedTables) {
      const config = byName.get(table.table);
      expect(config, table.table).toBeDefined();
      const types = new Map(config!.columns.map((column) => [column.name, column.getSQLType()]));
      for (const name of [...table.key, ...(table.extra ?? [])]) {
        expect(types.has(name), `${table.table}.${name}`).toBe(true);
      }
      for (const column of table.columns) {
        expect(types.get(column.column), `${table.table}.${column.column}`).toBe(
          column.kind === 'text' ? 'text' : 'bytea',
        );
      }
    }
    for (const kept of keptHashColumns) {
      expect(byName.get(kept.table)?.columns.some((column) => column.name === kept.column)).toBe(
        true,
      );
    }
  });
});
