import { getTableColumns, is, SQL, Table, type Query } from 'drizzle-orm';
import { PgColumn, type SelectedFieldsOrdered } from 'drizzle-orm/pg-core';
import type { Database } from './client.ts';

/** What a statement selects or returns: columns, SQL expressions, tables, nested objects. */
export type Selection = Record<string, unknown>;

/**
 * The selection's fields in the order drizzle lists them in the statement's SQL (a table's
 * columns in their declared order, depth first), each with the path of its answer's property.
 */
export function orderedFields(selection: Selection, prefix: string[] = []): SelectedFieldsOrdered {
  return Object.entries(selection).flatMap(([name, field]): SelectedFieldsOrdered => {
    const path = [...prefix, name];
    if (is(field, PgColumn) || is(field, SQL)) return [{ path, field }];
    if (is(field, Table)) return orderedFields(getTableColumns(field), path);
    return orderedFields(field as Selection, path);
  });
}

/**
 * A statement on the hot path whose SQL drizzle renders once, with placeholders for what changes
 * (`sql.placeholder(name)`), and which then runs on any database or transaction under its name:
 * node-postgres prepares a named statement once per connection, so PostgreSQL parses and plans
 * it once too. Rendering the query builders on every call was about a quarter of a step save's
 * CPU (issue 18, ADR 0026). `selection` is what `build` selects or returns, in the same shape:
 * the answer's rows are read back through it as the builder would.
 */
export function reusableStatement<Row>(
  name: string,
  build: (db: Database) => { toSQL(): Query },
  selection: Selection,
): (db: Database, values: Record<string, unknown>) => Promise<Row[]> {
  const fields = orderedFields(selection);
  let query: Query | undefined;
  return async (db, values) => {
    query ??= build(db).toSQL();
    const prepared = db._.session.prepareQuery<{
      execute: Row[];
      all: unknown;
      values: unknown;
    }>(query, fields, name, true);
    return prepared.execute(values);
  };
}
