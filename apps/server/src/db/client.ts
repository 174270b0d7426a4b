import { mkdirSync } from 'node:fs';
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
import * as schema from './schema.ts';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DatabaseHandle {
  db: Database;
  driver: DatabaseConfig['driver'];
  /**
   * Applies pending migrations, then `afterwards` (the seeds), while holding a lock so that
   * several instances starting at once take turns.
   */
  migrate(afterwards?: (db: Database) => Promise<void>): Promise<void>;
  close(): Promise<void>;
}

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** Any fixed number shared by every instance: it names the lock that serialises migrations. */
const MIGRATION_LOCK_ID = 7_145_001;

export async function openDatabase(config: DatabaseConfig): Promise<DatabaseHandle> {
  if (config.driver === 'pglite') {
    if (config.dataDir) mkdirSync(config.dataDir, { recursive: true });
    const client = config.dataDir
      ? new PGlite(config.dataDir)
      : new PGlite(config.template ? { loadDataDir: config.template } : {});
    await client.waitReady;
    const db = drizzlePglite(client, { schema });
    return {
      db,
      driver: 'pglite',
      // One embedded database has one connection, so there is nobody to race with.
      async migrate(afterwards) {
        await migratePglite(db, { migrationsFolder });
        await afterwards?.(db);
      },
      close: () => client.close(),
    };
  }

  const pool = new pg.Pool({ connectionString: config.url, max: 10 });
  // An idle connection the server closes (a restart, a failover, a dropped test database) is
  // reported here and discarded by the pool; the next query opens a fresh one. Without a
  // listener Node would treat it as an uncaught error and stop the process.
  pool.on('error', () => undefined);
  const db = drizzlePostgres(pool, { schema });
  return {
    db,
    driver: 'postgres',
    async migrate(afterwards) {
      // A session-level advisory lock held on its own connection makes concurrent starts wait.
      const lockClient = await pool.connect();
      try {
        await lockClient.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
        await migratePostgres(db, { migrationsFolder });
        await afterwards?.(db);
      } finally {
        await lockClient
          .query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_ID])
          .catch(() => {});
        lockClient.release();
      }
    },
    close: () => pool.end(),
  };
}

/** Answers whether the database takes queries (used by the health check). */
export async function pingDatabase(db: Database): Promise<void> {
  await db.execute(sql`select 1`);
}
