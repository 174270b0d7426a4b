import { Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { AdmissionQueue } from '../admission-queue/admission-queue.ts';
import { embeddedQueueLoad, registerDatabaseMetrics } from './database-metrics.ts';

/** The embedded database's admission queue (ADR 0025), as the metrics see it (issue 36). */

describe('the embedded database queue', () => {
  it('counts the requests using it and waiting, and how long each admitted one waited', async () => {
    let clock = 0;
    const queue = new AdmissionQueue({ maxActive: 1, maxWaitMs: 10_000, now: () => clock });
    const registry = new Registry();
    registerDatabaseMetrics(registry, embeddedQueueLoad(queue));

    const releaseFirst = await queue.acquire();
    const second = queue.acquire();
    let text = await registry.metrics();
    expect(text).toMatch(/portal_pglite_queue_active_requests 1/);
    expect(text).toMatch(/portal_pglite_queue_waiting_requests 1/);

    clock = 250;
    releaseFirst();
    const releaseSecond = await second;
    text = await registry.metrics();
    expect(text).toMatch(/portal_pglite_queue_waiting_requests 0/);
    expect(text).toMatch(/portal_pglite_queue_wait_seconds_count 2/);
    // The first waited nothing, the second a quarter second: 0.25 s in all.
    expect(text).toMatch(/portal_pglite_queue_wait_seconds_sum 0\.25/);
    expect(text).toMatch(/portal_pglite_queue_wait_seconds_bucket\{le="0.1"\} 1/);
    releaseSecond();
    expect(queue.active).toBe(0);
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
