import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildApp, type BuildOptions } from '../app.ts';
import { openDatabase } from '../db/client.ts';
import type { AppConfig, DatabaseConfig } from '../config.ts';
import { defaultSecurityPolicy, type SecurityPolicy } from '../modules/security/security-policy.ts';
import { TEST_MAILBOX_SECRET } from './mailbox.ts';
import {
  POSTGRES_TEMPLATE_ENV,
  createDatabase,
  databaseUrl,
  dropDatabase,
  pgliteTemplate,
} from './database-template.ts';
import { signedInUser, type TestUser } from './users.ts';

export interface TestApp {
  app: FastifyInstance;
  close(): Promise<void>;
}

/**
 * With TEST_DATABASE_URL (a PostgreSQL server) each test app gets a database of its own that is
 * dropped afterwards; otherwise an in-memory PGlite. Both start from the run's migrated, seeded
 * template (database-template.ts) and run the migrations again, which then find nothing to do.
 */
export async function createTestDatabase(): Promise<{
  config: DatabaseConfig;
  drop(): Promise<void>;
}> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const template = await pgliteTemplate();
    return {
      config: { driver: 'pglite', dataDir: null, ...(template && { template }) },
      drop: async () => {},
    };
  }

  const name = `portal_test_${randomBytes(6).toString('hex')}`;
  // Copied from the run's migrated template when the global setup made one (database-template.ts).
  await createDatabase(serverUrl, name, process.env[POSTGRES_TEMPLATE_ENV]);
  return {
    config: { driver: 'postgres', url: databaseUrl(serverUrl, name) },
    drop: () => dropDatabase(serverUrl, name),
  };
}

/**
 * The policy of the tests: answers at once (no slowdown between failed sign-ins unless a test
 * asks for it) and, since every test registers from 127.0.0.1, no per-address registration bound.
 */
export function testSecurityPolicy(overrides: Partial<SecurityPolicy> = {}): SecurityPolicy {
  return {
    ...defaultSecurityPolicy,
    slowdownStepMs: 0,
    registrationsPerAddressPerHour: 1_000_000,
    ...overrides,
  };
}

export function testConfig(database: DatabaseConfig, overrides: Partial<AppConfig>): AppConfig {
  return {
    port: 0,
    host: '127.0.0.1',
    logLevel: 'silent',
    webDistDir: '/nonexistent',
    trustProxy: false,
    database,
    security: testSecurityPolicy(),
    seedDemoUsers: false,
    appSecret: 'test-secret-test-secret-test-secret-0001',
    sandboxMailboxSecret: { kind: 'given', secret: TEST_MAILBOX_SECRET },
    // Most server tests are about something other than identity and sign without it; the
    // identity tests turn the flag off (`featureFlags: { bypassQualId: false }`), and the
    // flag files themselves bypass only in the demo environment.
    featureFlags: { bypassQualId: true },
    // The bureau's weekly maintenance windows follow the wall clock: left on, every identity
    // test fails for the half hour a window lasts. Their rules are tested on a fixed clock
    // (identity.service.test.ts, bureau-maintenance.test.ts).
    bureauMaintenanceWindows: false,
    ...overrides,
  };
}

export async function createTestApp(
  overrides: Partial<AppConfig> = {},
  options: Omit<BuildOptions, 'database'> = {},
): Promise<TestApp> {
  const database = await createTestDatabase();
  const app = await buildApp(testConfig(database.config, overrides), options).catch(
    async (error: unknown) => {
      await database.drop();
      throw error;
    },
  );
  return {
    app,
    async close() {
      await app.close();
      await database.drop();
    },
  };
}

/**
 * A test app for the enclosing describe, with one person signed in per name: started before
 * its tests, closed after them. The objects returned are filled in by its `beforeAll`, so
 * destructure them at once and read their fields inside tests and hooks:
 * `const { test, alice, bob } = signedInTestApp('alice', 'bob');`.
 */
export function signedInTestApp<const Name extends string>(
  ...names: Name[]
): { test: TestApp } & Record<Name, TestUser> {
  const test = {} as TestApp;
  const users = Object.fromEntries(names.map((name) => [name, {} as TestUser])) as Record<
    Name,
    TestUser
  >;
  let started: TestApp | undefined;
  beforeAll(async () => {
    started = await createTestApp();
    Object.assign(test, started);
    for (const name of names) Object.assign(users[name], await signedInUser(started.app, name));
  });
  afterAll(() => started?.close());
  return { ...users, test };
}

export interface SharedTestDatabase {
  /** One more app over the database, with these settings (another instance, or a restart). */
  build(
    overrides?: Partial<AppConfig>,
    options?: Omit<BuildOptions, 'database'>,
  ): Promise<FastifyInstance>;
  /** Closes every app built over it that is still open, then the database. */
  close(): Promise<void>;
}

/**
 * A database migrated once that several apps are built over, for a test file whose apps need
 * not each start a database of their own (about a second each, many under load): on
 * PostgreSQL each app opens its own pool to it, on PGlite they share the embedded database.
 */
export async function createSharedTestDatabase(): Promise<SharedTestDatabase> {
  const database = await createTestDatabase();
  const embedded =
    database.config.driver === 'pglite' ? await openDatabase(database.config) : undefined;
  const built: FastifyInstance[] = [];
  return {
    async build(overrides = {}, options = {}) {
      const app = await buildApp(testConfig(database.config, overrides), {
        ...options,
        ...(embedded && { database: embedded }),
      });
      built.push(app);
      return app;
    },
    async close() {
      // Closing an app twice is harmless: one the test closed itself is closed again here.
      await Promise.all(built.map((app) => app.close()));
      await embedded?.close();
      await database.drop();
    },
  };
}

/**
 * Two app instances on one database, as behind a load balancer: on PostgreSQL two connection
 * pools to one database, on PGlite one embedded database handed to both.
 */
export async function createTwoInstances(
  overrides: Partial<AppConfig> = {},
): Promise<{ first: FastifyInstance; second: FastifyInstance; close(): Promise<void> }> {
  const database = await createTestDatabase();
  const config = testConfig(database.config, overrides);
  if (database.config.driver === 'postgres') {
    const first = await buildApp(config);
    const second = await buildApp(config);
    return {
      first,
      second,
      async close() {
        await Promise.all([first.close(), second.close()]);
        await database.drop();
      },
    };
  }
  const shared = await openDatabase(database.config);
  const first = await buildApp(config, { database: shared });
  const second = await buildApp(config, { database: shared });
  return {
    first,
    second,
    async close() {
      await Promise.all([first.close(), second.close()]);
      await shared.close();
    },
  };
}
