import type pg from 'pg';
import { Gauge, Histogram, type Registry } from 'prom-client';
import type { AdmissionQueue } from '../admission-queue/admission-queue.ts';

/**
 * How loaded the database's connections are (issue 36), read by the metrics: on PostgreSQL the
 * pool's connections and the requests waiting for one; on PGlite the admission queue in front
 * of its one connection (ADR 0025), where the requests that use the database take their turn.
 */
export type DatabaseLoad =
  | { kind: 'pool'; total(): number; idle(): number; waiting(): number }
  | {
      kind: 'embedded';
      /** Requests using the embedded database now. */
      active(): number;
      /** Requests waiting for their turn. */
      waiting(): number;
      /** Told, for each request admitted, how long it waited for its turn, in seconds. */
      onWait(listener: (seconds: number) => void): void;
    };

export function poolLoad(pool: pg.Pool): DatabaseLoad {
  return {
    kind: 'pool',
    total: () => pool.totalCount,
    idle: () => pool.idleCount,
    waiting: () => pool.waitingCount,
  };
}

/** The embedded database's admission queue as the metrics read it. */
export function embeddedQueueLoad(queue: AdmissionQueue): DatabaseLoad {
  return {
    kind: 'embedded',
    active: () => queue.active,
    waiting: () => queue.waiting,
    onWait: (listener) => queue.observeWaits((waitedMs) => listener(waitedMs / 1000)),
  };
}

/** The gauges and histogram of `load` in `registry`. */
export function registerDatabaseMetrics(registry: Registry, load: DatabaseLoad): void {
  const gauge = (name: string, help: string, read: () => number) =>
    new Gauge({
      name,
      help,
      registers: [registry],
      collect() {
        this.set(read());
      },
    });
  if (load.kind === 'pool') {
    gauge('portal_db_pool_connections', 'Connections the pool holds open', load.total);
    gauge('portal_db_pool_idle_connections', 'Open connections no request uses', load.idle);
    gauge(
      'portal_db_pool_waiting_requests',
      'Requests waiting for a connection (the pool is full)',
      load.waiting,
    );
    return;
  }
  gauge(
    'portal_pglite_queue_active_requests',
    'Requests using the embedded database now (its admission queue, ADR 0025)',
    load.active,
  );
  gauge(
    'portal_pglite_queue_waiting_requests',
    'Requests waiting for their turn on the embedded database',
    load.waiting,
  );
  const wait = new Histogram({
    name: 'portal_pglite_queue_wait_seconds',
    help: 'How long a request waited for its turn on the embedded database',
    buckets: [0.001, 0.005, 0.01, 0.05, 0.1, 0.5, 1, 5],
    registers: [registry],
  });
  load.onWait((seconds) => wait.observe(seconds));
}
