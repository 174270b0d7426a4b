import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../app.ts';
import type { AppConfig, DatabaseConfig } from '../config.ts';

export interface TestApp {
  app: FastifyInstance;
  close(): Promise<void>;
}

/**
 * With TEST_DATABASE_URL (a PostgreSQL server) each test app gets a database of its own that is
 * dropped afterwards; otherwise an in-memory PGlite. Both run the same migrations and seeds.
 */
async function createTestDatabase(): Promise<{ config: DatabaseConfig; drop(): Promise<void> }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) return { config: { driver: 'pglite', dataDir: null }, drop: async () => {} };

  const name = `portal_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    config: { driver: 'postgres', url: url.toString() },
    async drop() {
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}

export async function createTestApp(overrides: Partial<AppConfig> = {}): Promise<TestApp> {
  const database = await createTestDatabase();
  const app = await buildApp({
    port: 0,
    host: '127.0.0.1',
    logLevel: 'silent',
    webDistDir: '/nonexistent',
    trustProxy: false,
    database: database.config,
    ...overrides,
  });
  return {
    app,
    async close() {
      await app.close();
      await database.drop();
    },
  };
}
