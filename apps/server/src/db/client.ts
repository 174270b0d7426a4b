import { randomUUID } from 'node:crypto';
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import type { DatabaseConfig } from '../config.ts';
import { poolLoad, type DatabaseLoad } from '../lib/metrics/database-metrics.ts';
import { traceEmbeddedDatabase } from '../lib/telemetry/embedded-database-spans.ts';
import { blankDatabaseFor } from './blank-embedded-database.ts';
import { coalescingSocket } from './coalescing-socket.ts';
import { PipeliningClient } from './pipelined-transactions.ts';

/**
 * Without the schema: the code writes SQL-like queries, never the relational `db.query` API, and
 * with a schema drizzle builds that API again for every transaction (issue 18, step saves).
 */
export type Database = PgDatabase<PgQueryResultHKT>;

export interface DatabaseHandle {
  db: Database;
  driver: DatabaseConfig['driver'];
  /**
   * Applies pending migrations, then `afterwards` (the seeds), while holding a lock so that
   * several instances starting at once take turns.
   */
  migrate(afterwards?: (db: Database) => Promise<void>): Promise<void>;
  close(): Promise<void>;
  /**
   * Hears `NOTIFY channel` from every instance (ADR 0025): on PostgreSQL through a connection of
   * its own that reconnects after an error, on PGlite through the embedded database itself.
   * `onListening(false)` says notifications may be missed from now on, `true` that they flow
   * (again). Absent on a handle built in code.
   */
  listen?(channel: string, handlers: NotificationHandlers): Promise<Listener>;
  /** The pool's load, for the metrics (issue 36); PGlite's is its admission queue's (app.ts). */
  load?: DatabaseLoad;
}

export interface Listener {
  /**
   * Resolves once every notification committed before the call has been handed to
   * `onPayload` (a round trip on the listening connection: the server sends pending
   * notifications before its answer). Immediate on PGlite, which delivers them with the result
   * of the statement that committed them.
   */
  sync(): Promise<void>;
  /**
   * Resolves once every instance listening on this database has handed to its `onPayload`
   * every notification committed before the call, or after `timeoutMs` (answering false): a
   * `barrier:<id>` notification, which each listener acknowledges with `ack:<id>` once it has
   * handled everything before it (notifications arrive in commit order). Immediate on PGlite.
   */
  barrier(timeoutMs: number): Promise<boolean>;
  stop(): Promise<void>;
}

export interface NotificationHandlers {
  onPayload(payload: string): void;
  onListening(listening: boolean): void;
}

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** Any fixed number shared by every instance: it names the lock that serialises migrations. */
const MIGRATION_LOCK_ID = 7_145_001;

/**
 * The embedded database: in memory (from the tests' template when given), or in its folder,
 * which a first start fills from the blank database `npm ci` dumped rather than by initdb.
 */
export async function openEmbedded(
  config: Extract<DatabaseConfig, { driver: 'pglite' }>,
  blankFile?: string,
) {
  if (!config.dataDir) {
    const client = new PGlite(config.template ? { loadDataDir: config.template } : {});
    await client.waitReady;
    return client;
  }
  mkdirSync(config.dataDir, { recursive: true });
  const blank = await blankDatabaseFor(config.dataDir, blankFile);
  if (blank) {
    const client = new PGlite(config.dataDir, { loadDataDir: blank });
    const opened = await client.waitReady.then(
      () => true,
      () => false,
    );
    if (opened) return client;
    // A dump it cannot read (a damaged cache): the folder was empty, so start it over by initdb.
    await client.close().catch(() => undefined);
    rmSync(config.dataDir, { recursive: true, force: true });
    mkdirSync(config.dataDir, { recursive: true });
  }
  const client = new PGlite(config.dataDir);
  await client.waitReady;
  return client;
}

export async function openDatabase(config: DatabaseConfig): Promise<DatabaseHandle> {
  if (config.driver === 'pglite') {
    const client = await openEmbedded(config);
    traceEmbeddedDatabase(client);
    const db = drizzlePglite(client);
    return {
      db,
      driver: 'pglite',
      // One embedded database has one connection, so there is nobody to race with.
      async migrate(afterwards) {
        await migratePglite(db, { migrationsFolder });
        await afterwards?.(db);
      },
      close: () => client.close(),
      async listen(channel, { onPayload, onListening }) {
        // One process, one connection: nothing can be missed, so it listens from the start.
        const unlisten = await client.listen(channel, onPayload);
        onListening(true);
        return {
          sync: async () => {},
          barrier: async () => true,
          async stop() {
            onListening(false);
            // Closing the database ends its listeners too; an UNLISTEN after that would fail.
            if (!client.closed) await unlisten().catch(() => {});
          },
        };
      },
    };
  }

  // Statements leave in one write per tick (coalescingSocket), and a transaction's BEGIN and
  // COMMIT travel with its statements (PipeliningClient): issue 18, ADR 0026.
  const pool = new pg.Pool({
    connectionString: config.url,
    max: 10,
    stream: coalescingSocket,
    // Its constructor takes the pool's options, which @types/pg's `new() => ClientBase` omits.
    Client: PipeliningClient as unknown as new () => pg.ClientBase,
  });
  pool.on('release', (_error: Error | undefined, client: pg.PoolClient) => {
    if (client instanceof PipeliningClient) client.reset();
  });
  // An idle connection the server closes (a restart, a failover, a dropped test database) is
  // reported here and discarded by the pool; the next query opens a fresh one. Without a
  // listener Node would treat it as an uncaught error and stop the process.
  pool.on('error', () => undefined);
  const db = drizzlePostgres(pool);
  return {
    db,
    driver: 'postgres',
    load: poolLoad(pool),
    async migrate(afterwards) {
      // With an owner role given, it migrates and seeds; the server's own role only uses.
      const owner = config.migrationUrl
        ? new pg.Pool({ connectionString: config.migrationUrl, max: 2 })
        : pool;
      const ownerDb = owner === pool ? db : drizzlePostgres(owner);
      // A session-level advisory lock held on its own connection makes concurrent starts wait.
      const lockClient = await owner.connect();
      try {
        await lockClient.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
        await migratePostgres(ownerDb, { migrationsFolder });
        await afterwards?.(ownerDb);
        if (config.migrationUrl) await restrictRuntimeRole(ownerDb, config.url);
      } finally {
        await lockClient
          .query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_ID])
          .catch(() => {});
        lockClient.release();
        if (owner !== pool) await owner.end();
      }
    },
    close: () => pool.end(),
    listen: (channel, handlers) => listenOnPostgres(config.url, channel, handlers),
  };
}

/**
 * Tables whose rows are never changed or deleted (audit trail, its chain, the ledger): the
 * runtime role may read and add to them, nothing else (issue 36, ADR 0041).
 */
export const APPEND_ONLY_TABLES = [
  'audit_events',
  'audit_chain',
  'ledger_journals',
  'ledger_lines',
];

/**
 * After the owner migrated: the runtime role (`runtimeUrl`'s user) keeps insert and select on
 * the append-only tables and loses update, delete and truncate there (the default privileges
 * of docs/operations.md gave it every table's rows), and may read which migrations ran (the
 * readiness check). Run on every migration, so a table a later migration adds is covered.
 */
async function restrictRuntimeRole(ownerDb: Database, runtimeUrl: string): Promise<void> {
  const role = decodeURIComponent(new URL(runtimeUrl).username);
  if (!role) return;
  const runtime = sql.identifier(role);
  for (const table of APPEND_ONLY_TABLES) {
    await ownerDb.execute(
      sql`REVOKE UPDATE, DELETE, TRUNCATE ON ${sql.identifier(table)} FROM ${runtime}`,
    );
  }
  await ownerDb.execute(sql`GRANT USAGE ON SCHEMA drizzle TO ${runtime}`);
  await ownerDb.execute(sql`GRANT SELECT ON drizzle.__drizzle_migrations TO ${runtime}`);
}

/** `application_name` of the connections that listen for notifications. */
export const LISTENER_NAME = 'portal-listener';
const RECONNECT_FIRST_MS = 500;
const RECONNECT_MAX_MS = 10_000;

/**
 * A pooled connection would lose its LISTEN when the pool recycles it, so notifications get a
 * client of their own. On any error it is thrown away and another is opened, ever more slowly;
 * until then the caller is told it is deaf.
 */
async function listenOnPostgres(
  url: string,
  channel: string,
  { onPayload, onListening }: NotificationHandlers,
): Promise<Listener> {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`not a plain channel name: ${channel}`);
  let stopped = false;
  let current: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  let delay = RECONNECT_FIRST_MS;
  /** Barriers this instance raised: the acknowledgements still awaited. */
  const barriers = new Map<string, { awaited: number; passed: () => void }>();

  /** Barriers and their acknowledgements are this layer's; the rest goes to the caller. */
  const received = (client: pg.Client, payload: string) => {
    if (payload.startsWith('barrier:')) {
      const id = payload.slice('barrier:'.length);
      client.query('SELECT pg_notify($1, $2)', [channel, `ack:${id}`]).catch(() => lost(client));
      return;
    }
    if (payload.startsWith('ack:')) {
      const barrier = barriers.get(payload.slice('ack:'.length));
      if (barrier && --barrier.awaited <= 0) barrier.passed();
      return;
    }
    onPayload(payload);
  };

  const lost = (client: pg.Client) => {
    if (current !== client) return;
    current = undefined;
    onListening(false);
    client.end().catch(() => {});
    if (stopped) return;
    retry = setTimeout(() => void connect(), delay);
    retry.unref();
    delay = Math.min(delay * 2, RECONNECT_MAX_MS);
  };

  const connect = async () => {
    retry = undefined;
    // Named, so that an operator (and a test) can tell it in pg_stat_activity.
    const client = new pg.Client({ connectionString: url, application_name: LISTENER_NAME });
    current = client;
    client.on('error', () => lost(client));
    client.on('end', () => lost(client));
    client.on('notification', (message) => {
      if (message.channel === channel) received(client, message.payload ?? '');
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${channel}`);
    } catch {
      lost(client);
      return;
    }
    if (stopped || current !== client) return;
    delay = RECONNECT_FIRST_MS;
    onListening(true);
  };

  // Every write request waits for a sync (plugins/auth.ts). One round trip serves every caller
  // that asked before it was sent: callers arriving while one is on its way share the next one,
  // sent when it returns. Each caller's round trip thus still leaves after its call.
  let inFlight: Promise<void> = Promise.resolve();
  let next: Promise<void> | undefined;
  const roundTrip = async () => {
    const client = current;
    if (!client) return; // deaf: the caller serves nothing from what it heard anyway
    await client.query('SELECT 1').then(
      () => undefined,
      () => lost(client),
    );
  };

  await connect();
  return {
    sync() {
      next ??= inFlight.then(() => {
        next = undefined;
        inFlight = roundTrip();
        return inFlight;
      });
      return next;
    },
    async barrier(timeoutMs) {
      const client = current;
      if (!client) return false;
      const id = randomUUID();
      let timer: NodeJS.Timeout | undefined;
      try {
        // Every instance's listening connection, this one's included, must acknowledge.
        const { rows } = await client.query<{ listeners: number }>(
          `SELECT count(*)::int AS listeners FROM pg_stat_activity
           WHERE datname = current_database() AND application_name = $1`,
          [LISTENER_NAME],
        );
        const passed = new Promise<boolean>((resolve) => {
          barriers.set(id, { awaited: rows[0]?.listeners ?? 1, passed: () => resolve(true) });
          timer = setTimeout(() => resolve(false), timeoutMs);
        });
        await client.query('SELECT pg_notify($1, $2)', [channel, `barrier:${id}`]);
        return await passed;
      } catch {
        return false;
      } finally {
        clearTimeout(timer);
        barriers.delete(id);
      }
    },
    async stop() {
      stopped = true;
      if (retry) clearTimeout(retry);
      const client = current;
      current = undefined;
      onListening(false);
      await client?.end().catch(() => {});
    },
  };
}

/** Answers whether the database takes queries (used by the health check). */
export async function pingDatabase(db: Database): Promise<void> {
  await db.execute(sql`select 1`);
}
