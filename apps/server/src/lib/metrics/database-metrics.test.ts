import type { PGlite } from '@electric-sql/pglite';
import { Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { registerDatabaseMetrics, watchEmbeddedQueue } from './database-metrics.ts';

/** The embedded database's queue, as the metrics see it (issue 36). */

/** PGlite's private queue, modelled: one run at a time, in call order. */
function fakeEmbedded() {
  let tail: Promise<unknown> = Promise.resolve();
  const client = {
    _runExclusiveTransaction<T>(run: () => Promise<T>): Promise<T> {
      const result = tail.then(run);
      tail = result.catch(() => undefined);
      return result;
    },
  };
  return client as unknown as PGlite & typeof client;
}

describe('watchEmbeddedQueue', () => {
  it('counts what waits or runs, and how long each waited for its turn', async () => {
    const client = fakeEmbedded();
    let clock = 0;
    const load = watchEmbeddedQueue(client, () => clock);
    expect(load?.kind).toBe('embedded');
    if (load?.kind !== 'embedded') return;
    const waits: number[] = [];
    load.onWait((seconds) => waits.push(seconds));

    let finishFirst = () => {};
    const first = client._runExclusiveTransaction(
      () => new Promise<void>((resolve) => (finishFirst = resolve)),
    );
    const second = client._runExclusiveTransaction(async () => 'second');
    await Promise.resolve();
    expect(load.depth()).toBe(2);
    clock = 250;
    finishFirst();
    await first;
    expect(await second).toBe('second');
    expect(load.depth()).toBe(0);
    expect(waits).toEqual([0, 0.25]);
  });

  it('still counts a run that fails out of the queue', async () => {
    const client = fakeEmbedded();
    const load = watchEmbeddedQueue(client);
    await expect(
      client._runExclusiveTransaction(() => Promise.reject(new Error('syntax'))),
    ).rejects.toThrow('syntax');
    expect(load?.kind === 'embedded' && load.depth()).toBe(0);
  });

  it('leaves a PGlite without the private queue unwatched rather than wrong', () => {
    expect(watchEmbeddedQueue({} as PGlite)).toBeUndefined();
  });

  it('exposes the depth and the waits to the registry', async () => {
    const client = fakeEmbedded();
    const registry = new Registry();
    const load = watchEmbeddedQueue(client)!;
    registerDatabaseMetrics(registry, load);
    await client._runExclusiveTransaction(async () => undefined);
    const text = await registry.metrics();
    expect(text).toMatch(/portal_pglite_queue_depth 0/);
    expect(text).toMatch(/portal_pglite_queue_wait_seconds_count 1/);
  });
});

describe('registerDatabaseMetrics on a pool', () => {
  it("reads the pool's connections and waiting requests at each scrape", async () => {
    const registry = new Registry();
    const pool = { total: () => 4, idle: () => 1, waiting: () => 2 };
    registerDatabaseMetrics(registry, { kind: 'pool', ...pool });
    const text = await registry.metrics();
    expect(text).toMatch(/portal_db_pool_connections 4/);
    expect(text).toMatch(/portal_db_pool_idle_connections 1/);
    expect(text).toMatch(/portal_db_pool_waiting_requests 2/);
  });
});
