import { eq, sql } from 'drizzle-orm';
import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestDatabase } from '../test/test-app.ts';
import { openDatabase, type DatabaseHandle } from './client.ts';
import { orderedFields, reusableStatement } from './reusable-statement.ts';

const probes = pgTable('reusable_probes', {
  id: integer('id').primaryKey(),
  label: text('label').notNull(),
  seenAt: timestamp('seen_at', { withTimezone: true }).notNull(),
});

const selection = { probe: probes, shout: sql<string>`upper(${probes.label})` };
const build = vi.fn((db: DatabaseHandle['db']) =>
  db
    .select(selection)
    .from(probes)
    .where(eq(probes.id, sql.placeholder('id'))),
);
const probeById = reusableStatement<{
  probe: typeof probes.$inferSelect;
  shout: string;
}>('reusable_probe_by_id', build, selection);

let handle: DatabaseHandle;
let drop: () => Promise<void>;

beforeAll(async () => {
  const database = await createTestDatabase();
  drop = database.drop;
  handle = await openDatabase(database.config);
  await handle.db.execute(
    sql`create table reusable_probes (id integer primary key, label text not null, seen_at timestamptz not null)`,
  );
  await handle.db.insert(probes).values([
    { id: 1, label: 'Hélène', seenAt: new Date('2026-11-27T10:00:00Z') },
    { id: 2, label: "O'Brien", seenAt: new Date('2026-11-27T11:00:00Z') },
  ]);
});

afterAll(async () => {
  await handle?.close();
  await drop?.();
});

describe('a reusable statement', () => {
  it('lists the fields in the order of the SQL drizzle renders', () => {
    const paths = orderedFields(selection).map(({ path }) => path.join('.'));
    expect(paths).toEqual(['probe.id', 'probe.label', 'probe.seenAt', 'shout']);
    const rendered = build(handle.db).toSQL().sql;
    const order = ['"id"', '"label"', '"seen_at"', 'upper('].map((part) => rendered.indexOf(part));
    expect(order).toEqual([...order].sort((a, b) => a - b));
  });

  it('renders its SQL once and answers each call with its own values, read as drizzle reads them', async () => {
    build.mockClear();
    expect(await probeById(handle.db, { id: 1 })).toEqual([
      {
        probe: { id: 1, label: 'Hélène', seenAt: new Date('2026-11-27T10:00:00Z') },
        shout: 'HÉLÈNE',
      },
    ]);
    expect(await probeById(handle.db, { id: 2 })).toEqual([
      {
        probe: { id: 2, label: "O'Brien", seenAt: new Date('2026-11-27T11:00:00Z') },
        shout: "O'BRIEN",
      },
    ]);
    expect(await probeById(handle.db, { id: 3 })).toEqual([]);
    expect(build).toHaveBeenCalledTimes(1);
  });

  it('runs on the transaction it is given: it sees the rows the transaction wrote, and after a rollback nobody does', async () => {
    const rollback = new Error('roll back');
    await expect(
      handle.db.transaction(async (tx) => {
        await tx.insert(probes).values({ id: 7, label: 'Zoë', seenAt: new Date() });
        expect(await probeById(tx, { id: 7 })).toMatchObject([{ shout: 'ZOË' }]);
        throw rollback;
      }),
    ).rejects.toBe(rollback);
    expect(await probeById(handle.db, { id: 7 })).toEqual([]);
  });
});
