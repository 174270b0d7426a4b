import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { eq, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { rateLimitCounters } from '../../db/schema.ts';

/** What a store answers for a key: requests counted in its window, and ms until it ends. */
export interface RateLimitCount {
  current: number;
  ttl: number;
}

/** Requests of one key an instance counted and has not yet added to the shared row. */
export interface CountToAdd {
  key: string;
  hits: number;
  /** When the window ends if this addition opens it (no row, or the row's window has ended). */
  windowEndsAt: number;
}

/** The shared row of a key after an addition. */
export interface SharedCount {
  key: string;
  hits: number;
  windowEndsAt: number;
}

const countSelection = {
  key: rateLimitCounters.key,
  hits: rateLimitCounters.hits,
  windowEndsAt: rateLimitCounters.windowEndsAt,
};

/**
 * Adds each key's hits to its shared row in one atomic statement: the rows' locks (ON CONFLICT
 * DO UPDATE) order the additions of every instance, and a window that has ended starts again
 * with the hits added, as the library's memory store does. The keys are sorted so that two
 * instances adding the same keys lock them in the same order and never deadlock.
 */
export async function addCounts(
  db: Database,
  counts: readonly CountToAdd[],
  now: number,
): Promise<SharedCount[]> {
  if (counts.length === 0) return [];
  const sorted = [...counts].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  // Times are sent as text and cast, so both drivers read them alike.
  const ended = sql`${rateLimitCounters.windowEndsAt} <= ${new Date(now).toISOString()}::timestamptz`;
  const rows = await db
    .insert(rateLimitCounters)
    .values(
      sorted.map((count) => ({
        key: count.key,
        hits: count.hits,
        windowEndsAt: sql`${new Date(count.windowEndsAt).toISOString()}::timestamptz`,
      })),
    )
    .onConflictDoUpdate({
      target: rateLimitCounters.key,
      set: {
        hits: sql`case when ${ended} then excluded.hits else ${rateLimitCounters.hits} + excluded.hits end`,
        windowEndsAt: sql`case when ${ended} then excluded.window_ends_at else ${rateLimitCounters.windowEndsAt} end`,
      },
    })
    .returning(countSelection);
  return rows.map((row) => ({ ...row, windowEndsAt: row.windowEndsAt.getTime() }));
}

/** The shared count of `key` at `now` (nothing when its window has ended). */
export async function readCountOf(db: Database, key: string, now: number): Promise<RateLimitCount> {
  const [row] = await db
    .select(countSelection)
    .from(rateLimitCounters)
    .where(eq(rateLimitCounters.key, key));
  const ttl = row ? row.windowEndsAt.getTime() - now : 0;
  return ttl > 0 && row ? { current: row.hits, ttl } : { current: 0, ttl: 0 };
}

/** Deletes the rows whose window has ended: they would start again anyway. */
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
  /** How long an instance keeps its counts before adding them to the shared rows; 1 s. */
  flushEveryMs?: number;
  /** How often an instance deletes the rows of ended windows; a minute unless set. */
  cleanupEveryMs?: number;
  /** Told when the shared rows could not be written; the counts are kept for the next try. */
  onError?: (error: unknown) => void;
}

/** A key's count on this instance. */
interface LocalCount {
  /** The shared row's hits when this instance last wrote or read it. */
  shared: number;
  /** Counted here and being added to the shared row. */
  sending: number;
  /** Counted here since. */
  pending: number;
  windowEndsAt: number;
}

export interface PostgresRateLimitStore {
  /** The constructor `@fastify/rate-limit` takes as its `store` option. */
  Store: FastifyRateLimitStoreCtor;
  /** Adds what this instance counted to the shared rows now (tests, and on close). */
  flush(): Promise<void>;
  /** Stops the timer and adds what is left. */
  close(): Promise<void>;
}

/**
 * A store of `@fastify/rate-limit` shared by every instance through PostgreSQL (the library
 * ships a memory and a Redis store only), without a database round trip on any request: each
 * instance counts in memory and adds its counts to the shared rows once a second, in one
 * statement for every key it saw, reading back each key's total from every instance. A request
 * is answered from the last total read plus what this instance counted since. So the limit is
 * exact on one instance and, across instances, late by at most one flush period: a person
 * spreading requests over n instances gets at most what those instances admit in one period
 * past the limit, which a limit of hundreds a minute tolerates (ADR 0030). A request's count
 * once cost one upsert, the largest part of a step save's time (the bench of issue 30).
 *
 * It implements the library's store contract (`incr`, `read`, `child`;
 * node_modules/@fastify/rate-limit/README.md, "Custom store"): the library builds it once with
 * `new Store(options)`, and `child` answers the same store since the keys name their limit.
 */
export function postgresRateLimitStore(
  db: Database,
  options: PostgresRateLimitStoreOptions = {},
): PostgresRateLimitStore {
  const now = options.now ?? (() => Date.now());
  const flushEveryMs = options.flushEveryMs ?? 1_000;
  const cleanupEveryMs = options.cleanupEveryMs ?? 60_000;
  const counts = new Map<string, LocalCount>();
  let lastCleanup = now();
  let timer: NodeJS.Timeout | undefined;
  let flushing: Promise<void> | undefined;
  let closed = false;

  const report = (error: unknown) => options.onError?.(error);

  async function addPending(): Promise<void> {
    const at = now();
    const batch: { key: string; local: LocalCount; hits: number }[] = [];
    for (const [key, local] of counts) {
      if (local.pending > 0) {
        batch.push({ key, local, hits: local.pending });
        local.sending += local.pending;
        local.pending = 0;
      } else if (local.sending === 0 && local.windowEndsAt <= at) {
        counts.delete(key);
      }
    }
    try {
      const rows = await addCounts(
        db,
        batch.map(({ key, local, hits }) => ({ key, hits, windowEndsAt: local.windowEndsAt })),
        at,
      );
      const sent = new Map(batch.map((entry) => [entry.key, entry]));
      for (const row of rows) {
        const entry = sent.get(row.key);
        if (!entry) continue;
        entry.local.sending -= entry.hits;
        // A window that ended here while the statement ran has been replaced: keep the new one.
        if (counts.get(row.key) === entry.local) {
          entry.local.shared = row.hits - entry.local.sending;
          entry.local.windowEndsAt = row.windowEndsAt;
        }
      }
    } catch (error) {
      for (const { local, hits } of batch) {
        local.sending -= hits;
        local.pending += hits;
      }
      report(error);
    }
    if (at - lastCleanup >= cleanupEveryMs) {
      lastCleanup = at;
      await deleteEndedWindows(db, at).catch(report);
    }
  }

  function flush(): Promise<void> {
    // One flush at a time: a second waits for the first, then adds what came since.
    const next = (flushing ?? Promise.resolve()).then(addPending);
    const current = next.finally(() => {
      if (flushing === current) flushing = undefined;
    });
    flushing = current;
    return current;
  }

  function scheduleFlush(): void {
    if (timer || closed) return;
    timer = setTimeout(() => {
      timer = undefined;
      void flush().then(() => {
        if ([...counts.values()].some((local) => local.pending > 0)) scheduleFlush();
      });
    }, flushEveryMs);
    timer.unref();
  }

  function localCountOf(key: string, timeWindow: number, at: number): LocalCount {
    const known = counts.get(key);
    if (known && known.windowEndsAt > at) return known;
    const started: LocalCount = {
      shared: 0,
      sending: 0,
      pending: 0,
      windowEndsAt: at + timeWindow,
    };
    counts.set(key, started);
    return started;
  }

  class Store implements FastifyRateLimitStore {
    incr(
      key: string,
      callback: (error: Error | null, result?: RateLimitCount) => void,
      timeWindow: number,
    ): void {
      const at = now();
      const local = localCountOf(key, timeWindow, at);
      local.pending += 1;
      scheduleFlush();
      callback(null, {
        current: local.shared + local.sending + local.pending,
        ttl: local.windowEndsAt - at,
      });
    }

    read(key: string, callback: (error: Error | null, result?: RateLimitCount) => void): void {
      const at = now();
      const local = counts.get(key);
      if (local && local.windowEndsAt > at) {
        callback(null, {
          current: local.shared + local.sending + local.pending,
          ttl: local.windowEndsAt - at,
        });
        return;
      }
      readCountOf(db, key, at).then(
        (count) => callback(null, count),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }

    child(): FastifyRateLimitStore {
      return this;
    }
  }

  return {
    Store,
    flush,
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      timer = undefined;
      await flush();
    },
  };
}
