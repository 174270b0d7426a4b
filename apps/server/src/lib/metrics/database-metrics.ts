import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import { Gauge, Histogram, type Registry } from 'prom-client';

/**
 * How loaded the database's connections are (issue 36), read by the metrics: on PostgreSQL the
 * pool's connections and the requests waiting for one; on PGlite the in-process queue every
 * statement and transaction waits in (one connection, served one at a time).
 */
export type DatabaseLoad =
  | { kind: 'pool'; total(): number; idle(): number; waiting(): number }
  | {
      kind: 'embedded';
      /** Statements and transactions queued or running. */
      depth(): number;
      /** Told, for each, how long it waited for its turn. */
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

/** The private method PGlite 0.5 runs every `query`, `exec` and `transaction` through. */
type ExclusiveRunner = <T>(run: () => Promise<T>) => Promise<T>;

/**
 * Watches PGlite's queue by wrapping, on this instance, the method its `query`, `exec` and
 * `transaction` each go through (`_runExclusiveTransaction`): the time from a call to the start
 * of its run is its wait. A PGlite without that method (another version) is not watched: the
 * gauges then stay absent rather than wrong.
 */
export function watchEmbeddedQueue(
  client: PGlite,
  now: () => number = () => performance.now(),
): DatabaseLoad | undefined {
  const host = client as unknown as { _runExclusiveTransaction?: ExclusiveRunner };
  const original = host._runExclusiveTransaction;
  if (typeof original !== 'function') return undefined;
  let depth = 0;
  const listeners: ((seconds: number) => void)[] = [];
  host._runExclusiveTransaction = <T>(run: () => Promise<T>): Promise<T> => {
    const called = now();
    depth += 1;
    return original
      .call(client, () => {
        const waited = (now() - called) / 1000;
        for (const listener of listeners) listener(waited);
        return run();
      })
      .finally(() => {
        depth -= 1;
      }) as Promise<T>;
  };
  return {
    kind: 'embedded',
    depth: () => depth,
    onWait: (listener) => listeners.push(listener),
  };
}

/** The gauges and histogram of `load` in `registry`. */
export function registerDatabaseMetrics(registry: Registry, load: DatabaseLoad): void {
  if (load.kind === 'pool') {
    const gauge = (name: string, help: string, read: () => number) =>
      new Gauge({
        name,
        help,
        registers: [registry],
        collect() {
          this.set(read());
        },
      });
    gauge('portal_db_pool_connections', 'Connections the pool holds open', load.total);
    gauge('portal_db_pool_idle_connections', 'Open connections no request uses', load.idle);
    gauge(
      'portal_db_pool_waiting_requests',
      'Requests waiting for a connection (the pool is full)',
      load.waiting,
    );
    return;
  }
  new Gauge({
    name: 'portal_pglite_queue_depth',
    help: 'Statements and transactions queued or running on the embedded database',
    registers: [registry],
    collect() {
      this.set(load.depth());
    },
  });
  const wait = new Histogram({
    name: 'portal_pglite_queue_wait_seconds',
    help: 'How long a statement or transaction waited for the embedded database',
    buckets: [0.001, 0.005, 0.01, 0.05, 0.1, 0.5, 1, 5],
    registers: [registry],
  });
  load.onWait((seconds) => wait.observe(seconds));
}
