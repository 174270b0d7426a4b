import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../db/client.ts';
import { rateLimitCounters } from '../../db/schema.ts';
import { createTestDatabase } from '../../test/test-app.ts';
import {
  addCounts,
  deleteEndedWindows,
  postgresRateLimitStore,
  readCountOf,
  type PostgresRateLimitStore,
  type RateLimitCount,
} from './postgres-rate-limit-store.ts';

/**
 * The shared store of the API's rate limit (issue 30), on the suite's database: PGlite, or
 * PostgreSQL with TEST_DATABASE_URL. Every time is the injected clock's; flushes are called by
 * the test unless it checks the timer.
 */
describe('the PostgreSQL rate-limit store', () => {
  let database: DatabaseHandle;
  let drop: () => Promise<void>;
  const T0 = Date.parse('2026-11-28T12:00:00Z');
  const MINUTE = 60_000;

  beforeAll(async () => {
    const created = await createTestDatabase();
    drop = created.drop;
    database = await openDatabase(created.config);
    await database.migrate(async () => {});
  });
  afterAll(async () => {
    await database.close();
    await drop();
  });

  /** The store's `incr` as a promise, as the library calls it. */
  const incrOf =
    (store: PostgresRateLimitStore) =>
    (key: string, windowMs = MINUTE): Promise<RateLimitCount> => {
      const instance = new store.Store({});
      return new Promise((resolve, reject) =>
        instance.incr(
          key,
          (error, result) => (error || !result ? reject(error) : resolve(result)),
          windowMs,
          10,
        ),
      );
    };
  const keys = async () =>
    (await database.db.select({ key: rateLimitCounters.key }).from(rateLimitCounters)).map(
      (row) => row.key,
    );

  it('adds counts to the shared rows, reports the time left, and starts again once the window has ended', async () => {
    const { db } = database;
    const add = (key: string, hits: number, at: number) =>
      addCounts(db, [{ key, hits, windowEndsAt: at + MINUTE }], at);
    expect(await add('w:a', 3, T0)).toEqual([{ key: 'w:a', hits: 3, windowEndsAt: T0 + MINUTE }]);
    expect(await add('w:a', 2, T0 + 15_000)).toEqual([
      { key: 'w:a', hits: 5, windowEndsAt: T0 + MINUTE },
    ]);
    expect(await readCountOf(db, 'w:a', T0 + 20_000)).toEqual({ current: 5, ttl: 40_000 });
    // The window ends at exactly T0 + 60 s: the next addition opens a new one.
    expect(await readCountOf(db, 'w:a', T0 + MINUTE)).toEqual({ current: 0, ttl: 0 });
    expect(await add('w:a', 1, T0 + MINUTE)).toEqual([
      { key: 'w:a', hits: 1, windowEndsAt: T0 + 2 * MINUTE },
    ]);
  });

  it('adds concurrent batches exactly, whatever order their keys come in', async () => {
    const batches = Array.from({ length: 20 }, (_, index) =>
      (index % 2 === 0 ? ['b:1', 'b:2', 'b:3'] : ['b:3', 'b:2', 'b:1']).map((key) => ({
        key,
        hits: 2,
        windowEndsAt: T0 + MINUTE,
      })),
    );
    await Promise.all(batches.map((batch) => addCounts(database.db, batch, T0)));
    for (const key of ['b:1', 'b:2', 'b:3']) {
      expect((await readCountOf(database.db, key, T0)).current).toBe(40);
    }
  });

  it('answers each request from memory and counts it in the shared row at the next flush', async () => {
    let now = T0;
    const store = postgresRateLimitStore(database.db, { now: () => now });
    const incr = incrOf(store);
    expect(await incr('m:one')).toEqual({ current: 1, ttl: MINUTE });
    now += 10_000;
    expect(await incr('m:one')).toEqual({ current: 2, ttl: 50_000 });
    expect(await incr('m:one')).toEqual({ current: 3, ttl: 50_000 });
    expect(await readCountOf(database.db, 'm:one', now)).toEqual({ current: 0, ttl: 0 });
    await store.flush();
    expect(await readCountOf(database.db, 'm:one', now)).toEqual({ current: 3, ttl: 50_000 });
    expect(await incr('m:one')).toEqual({ current: 4, ttl: 50_000 });
    // The window ends on this instance as on the shared row.
    now = T0 + MINUTE;
    expect(await incr('m:one')).toEqual({ current: 1, ttl: MINUTE });
    await store.close();
    expect(await readCountOf(database.db, 'm:one', now)).toEqual({ current: 1, ttl: MINUTE });
  });

  it('counts what every instance admitted, late by at most one flush', async () => {
    const now = T0;
    const first = postgresRateLimitStore(database.db, { now: () => now });
    const second = postgresRateLimitStore(database.db, { now: () => now });
    for (let request = 0; request < 5; request++) await incrOf(first)('i:person');
    await first.flush();
    for (let request = 0; request < 3; request++) await incrOf(second)('i:person');
    // The second instance knows nothing of the first until it writes its own counts.
    expect(await incrOf(second)('i:person')).toEqual({ current: 4, ttl: MINUTE });
    await second.flush();
    expect(await incrOf(second)('i:person')).toEqual({ current: 10, ttl: MINUTE });
    // The first learns the total with the next counts it writes.
    expect(await incrOf(first)('i:person')).toEqual({ current: 6, ttl: MINUTE });
    await first.flush();
    // 5 + 1 here, 4 written there (its 5th is still in its memory), and this one.
    expect(await incrOf(first)('i:person')).toEqual({ current: 11, ttl: MINUTE });
    await Promise.all([first.close(), second.close()]);
    expect(await readCountOf(database.db, 'i:person', now)).toEqual({ current: 12, ttl: MINUTE });
  });

  it('writes its counts on its own a moment after a request', async () => {
    const store = postgresRateLimitStore(database.db, { flushEveryMs: 5 });
    await incrOf(store)('t:timer');
    // Awaited however long a busy machine takes (vi.waitFor gives up after 1 s by default).
    await vi.waitFor(async () => expect(await keys()).toContain('t:timer'), { timeout: 20_000 });
    await store.close();
  });

  it('keeps the counts it could not write, and writes them at the next flush', async () => {
    const errors: unknown[] = [];
    const failing = postgresRateLimitStore(
      {
        ...database.db,
        insert: () => {
          throw new Error('database unavailable');
        },
      } as unknown as typeof database.db,
      { now: () => T0, onError: (error) => errors.push(error) },
    );
    await incrOf(failing)('f:kept');
    await incrOf(failing)('f:kept');
    await failing.flush();
    expect(errors).toHaveLength(1);
    expect(await incrOf(failing)('f:kept')).toEqual({ current: 3, ttl: MINUTE });
    await failing.close().catch(() => {});
    expect(await keys()).not.toContain('f:kept');
  });

  it('deletes the rows of ended windows, at most once a period', async () => {
    const { db } = database;
    let now = T0 + 10 * MINUTE;
    const store = postgresRateLimitStore(db, { now: () => now, cleanupEveryMs: MINUTE });
    await addCounts(db, [{ key: 'old:1', hits: 1, windowEndsAt: T0 + MINUTE }], T0);
    await addCounts(db, [{ key: 'old:2', hits: 1, windowEndsAt: now + 1_000 }], now);
    await incrOf(store)('new:1', 3_600_000);
    await store.flush();
    // Not yet a period since the store started: nothing deleted.
    expect(await keys()).toEqual(expect.arrayContaining(['old:1', 'old:2', 'new:1']));
    now += MINUTE;
    await store.flush();
    const left = await keys();
    expect(left).not.toContain('old:1');
    expect(left).not.toContain('old:2');
    expect(left).toContain('new:1');
    expect(await deleteEndedWindows(db, now)).toBe(0);
    await store.close();
  });
});
