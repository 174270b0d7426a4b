import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { eq, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { reusableStatement } from '../../db/reusable-statement.ts';
import { rateLimitCounters } from '../../db/schema.ts';

/** What a store answers for a key: requests counted in its window, and ms until it ends. */
export interface RateLimitCount {
  current: number;
  ttl: number;
}

const countSelection = {
  hits: rateLimitCounters.hits,
  windowEndsAt: rateLimitCounters.windowEndsAt,
};

/**
 * One atomic statement per request: the row's lock (ON CONFLICT DO UPDATE) orders concurrent
 * requests of every instance, and a window that has ended starts again at 1, as the library's
 * memory store does. Times are sent as text and cast, so both drivers read them alike.
 */
const countRequest = reusableStatement<{ hits: number; windowEndsAt: Date }>(
  'rate_limit_count',
  (db) => {
    const now = sql`${sql.placeholder('now')}::timestamptz`;
    const ended = sql`${rateLimitCounters.windowEndsAt} <= ${now}`;
    return db
      .insert(rateLimitCounters)
      .values({
        key: sql.placeholder('key'),
        hits: 1,
        windowEndsAt: sql`${sql.placeholder('endsAt')}::timestamptz`,
      })
      .onConflictDoUpdate({
        target: rateLimitCounters.key,
        set: {
          hits: sql`case when ${ended} then 1 else ${rateLimitCounters.hits} + 1 end`,
          windowEndsAt: sql`case when ${ended} then excluded.window_ends_at else ${rateLimitCounters.windowEndsAt} end`,
        },
      })
      .returning(countSelection);
  },
  countSelection,
);

/** Counts one request of `key` at `now` in a window of `timeWindowMs`. */
export async function countRequestOf(
  db: Database,
  key: string,
  timeWindowMs: number,
  now: number,
): Promise<RateLimitCount> {
  const [row] = await countRequest(db, {
    key,
    now: new Date(now).toISOString(),
    endsAt: new Date(now + timeWindowMs).toISOString(),
  });
  if (!row) throw new Error('rate-limit count returned nothing');
  return { current: row.hits, ttl: Math.max(0, row.windowEndsAt.getTime() - now) };
}

/** The count of `key` without counting a request (the library's `read`). */
export async function readCountOf(db: Database, key: string, now: number): Promise<RateLimitCount> {
  const [row] = await db
    .select(countSelection)
    .from(rateLimitCounters)
    .where(eq(rateLimitCounters.key, key));
  const ttl = row ? row.windowEndsAt.getTime() - now : 0;
  return ttl > 0 && row ? { current: row.hits, ttl } : { current: 0, ttl: 0 };
}

/** Deletes the rows whose window has ended: they would start again at 1 anyway. */
export async function deleteEndedWindows(db: Database, now: number): Promise<number> {
  const deleted = await db
    .delete(rateLimitCounters)
    .where(lte(rateLimitCounters.windowEndsAt, new Date(now)))
    .returning({ key: rateLimitCounters.key });
  return deleted.length;
}

export interface PostgresRateLimitStoreOptions {
  /** The clock, in ms (tests); `Date.now` otherwise. */
  now?: () => number;
  /** How often an instance deletes the rows of ended windows; a minute unless set. */
  cleanupEveryMs?: number;
}

/**
 * A store of `@fastify/rate-limit` kept in PostgreSQL (the library ships a memory and a Redis
 * store only), so that every instance counts against the same limits. It implements the
 * library's store contract (`incr`, `read`, `child`; node_modules/@fastify/rate-limit/README.md,
 * "Custom store"): the library builds it with `new Store(options)` and hands each request's
 * key, window and maximum to `incr`. The keys name their limit, so one table serves them all
 * and `child` answers the same store.
 */
export function postgresRateLimitStore(
  db: Database,
  options: PostgresRateLimitStoreOptions = {},
): FastifyRateLimitStoreCtor {
  const now = options.now ?? (() => Date.now());
  const cleanupEveryMs = options.cleanupEveryMs ?? 60_000;
  let lastCleanup = Number.NEGATIVE_INFINITY;
  let cleaning: Promise<unknown> | undefined;

  /** At most once per period and instance; the request that finds it due waits for it. */
  function cleanUpWhenDue(at: number): Promise<unknown> | undefined {
    if (at - lastCleanup < cleanupEveryMs) return cleaning;
    lastCleanup = at;
    cleaning = deleteEndedWindows(db, at).finally(() => {
      cleaning = undefined;
    });
    return cleaning;
  }

  return class PostgresRateLimitStore implements FastifyRateLimitStore {
    incr(
      key: string,
      callback: (error: Error | null, result?: RateLimitCount) => void,
      timeWindow: number,
    ): void {
      const at = now();
      Promise.resolve(cleanUpWhenDue(at))
        .then(() => countRequestOf(db, key, timeWindow, at))
        .then(
          (count) => callback(null, count),
          (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
        );
    }

    read(key: string, callback: (error: Error | null, result?: RateLimitCount) => void): void {
      readCountOf(db, key, now()).then(
        (count) => callback(null, count),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }

    child(): FastifyRateLimitStore {
      return this;
    }
  };
}
