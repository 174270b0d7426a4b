import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../db/client.ts';
import { rateLimitCounters } from '../../db/schema.ts';
import { createTestDatabase } from '../../test/test-app.ts';
import {
  countRequestOf,
  deleteEndedWindows,
  postgresRateLimitStore,
  readCountOf,
  type RateLimitCount,
} from './postgres-rate-limit-store.ts';

/**
 * The PostgreSQL store of the API's rate limit (issue 30), on the suite's database: PGlite, or
 * PostgreSQL with TEST_DATABASE_URL. Every time is the injected clock's.
 */
describe('the PostgreSQL rate-limit store', () => {
  let database: DatabaseHandle;
  let drop: () => Promise<void>;
  const T0 = Date.parse('2026-11-28T12:00:00Z');

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

  it('counts in a window, reports the time left, and starts again once the window has ended', async () => {
    const { db } = database;
    expect(await countRequestOf(db, 'w:a', 60_000, T0)).toEqual({ current: 1, ttl: 60_000 });
    expect(await countRequestOf(db, 'w:a', 60_000, T0 + 15_000)).toEqual({
      current: 2,
      ttl: 45_000,
    });
    expect(await readCountOf(db, 'w:a', T0 + 20_000)).toEqual({ current: 2, ttl: 40_000 });
    // Another key is another count.
    expect(await countRequestOf(db, 'w:b', 60_000, T0 + 20_000)).toEqual({
      current: 1,
      ttl: 60_000,
    });
    // The window ends at exactly T0 + 60 s.
    expect(await readCountOf(db, 'w:a', T0 + 60_000)).toEqual({ current: 0, ttl: 0 });
    expect(await countRequestOf(db, 'w:a', 60_000, T0 + 60_000)).toEqual({
      current: 1,
      ttl: 60_000,
    });
  });

  it('counts concurrent requests exactly: every count from 1 to n is answered once', async () => {
    const answers = await Promise.all(
      Array.from({ length: 40 }, () => countRequestOf(database.db, 'w:burst', 60_000, T0)),
    );
    expect(answers.map((answer) => answer.current).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 40 }, (_, index) => index + 1),
    );
  });

  it('deletes the rows of ended windows, at most once a minute as requests come', async () => {
    const { db } = database;
    let now = T0 + 10 * 60_000;
    const Store = postgresRateLimitStore(db, { now: () => now, cleanupEveryMs: 60_000 });
    const store = new Store({});
    const incr = (key: string, windowMs: number) =>
      new Promise<RateLimitCount>((resolve, reject) =>
        store.incr(
          key,
          (error, result) => (error || !result ? reject(error) : resolve(result)),
          windowMs,
          10,
        ),
      );
    await countRequestOf(db, 'old:1', 60_000, T0);
    await countRequestOf(db, 'old:2', 60_000, T0 + 60_000);
    // The first request through the store cleans up before it counts.
    expect(await incr('new:1', 3_600_000)).toEqual({ current: 1, ttl: 3_600_000 });
    const keys = async () =>
      (await db.select({ key: rateLimitCounters.key }).from(rateLimitCounters)).map(
        (row) => row.key,
      );
    expect(await keys()).not.toContain('old:1');
    expect(await keys()).not.toContain('old:2');
    expect(await keys()).toContain('new:1');

    // A row whose window ends before the next clean-up stays until then.
    await countRequestOf(db, 'old:3', 1_000, now);
    now += 30_000;
    await incr('new:1', 3_600_000);
    expect(await keys()).toContain('old:3');
    now += 30_000;
    expect(await incr('new:1', 3_600_000)).toEqual({ current: 3, ttl: 3_540_000 });
    expect(await keys()).not.toContain('old:3');
    expect(await deleteEndedWindows(db, now)).toBe(0);
    const [row] = await db
      .select()
      .from(rateLimitCounters)
      .where(eq(rateLimitCounters.key, 'new:1'));
    expect(row?.hits).toBe(3);
  });
});
