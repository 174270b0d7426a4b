import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { LISTENER_NAME } from '../../db/client.ts';
import { accessTokens } from '../../db/schema.ts';
import { TokenCache } from '../../lib/token-cache/token-cache.ts';
import { createTestApp, createTwoInstances, type TestApp } from '../../test/test-app.ts';
import {
  authorize,
  bearer,
  sessionCookieOf,
  signedInUser,
  signIn,
  type TestUser,
} from '../../test/users.ts';
import { defaultSecurityPolicy } from './security-policy.ts';
import { authenticate, type AuthenticatedUser } from './security.service.ts';

/** Long enough that nothing leaves the cache by age during a test: only evictions empty it. */
const CACHE_MS = 60_000;

/**
 * A notification or a reconnection is awaited however long a busy machine takes to deliver it
 * (vi.waitFor gives up after 1 s by default; the reconnection waits half a second, then more).
 */
const eventually = { timeout: 20_000, interval: 50 };

/** Counts the statements the app sends its database (PGlite or the pg pool alike). */
function countQueries(app: FastifyInstance) {
  // The drizzle database's driver client; both drivers send every statement through `query`.
  const client = (app.db as unknown as { $client: { query: (...args: unknown[]) => unknown } })
    .$client;
  return vi.spyOn(client, 'query');
}

const me = (app: FastifyInstance, user: Pick<TestUser, 'token'>) =>
  app.inject({ url: '/service/jaxrs/users', headers: bearer(user.token) });

/** The same person signed in on another device: a second session and its token. */
async function otherDevice(app: FastifyInstance, user: TestUser) {
  const cookie = sessionCookieOf(await signIn(app, user.email, user.password));
  return { token: (await authorize(app, cookie)).body };
}

const changePassword = (app: FastifyInstance, user: TestUser) =>
  app.inject({
    method: 'PUT',
    url: '/service/jaxrs/account/password',
    headers: bearer(user.token),
    payload: { currentPassword: user.password, newPassword: 'Another-Long-Passphrase-42' },
  });

const logout = (app: FastifyInstance, user: TestUser) =>
  app.inject({
    url: '/security/logout?skipredirect=true',
    headers: { cookie: user.sessionCookie, ...bearer(user.token) },
  });

describe('the token cache (ADR 0025)', () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp({ authCacheMs: CACHE_MS });
  });
  afterAll(() => test.close());
  afterEach(() => vi.restoreAllMocks());

  it('answers a token checked a moment ago without reading the database', async () => {
    const user = await signedInUser(test.app, 'cached');
    // Verifying the address (in signedInUser) changed the person: the cache shows it.
    expect((await me(test.app, user)).json()).toMatchObject({ emailVerified: true });
    const queries = countQueries(test.app);
    const again = await me(test.app, user);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ email: user.email });
    expect(queries).not.toHaveBeenCalled();
  });

  it('forgets a token at once on logout', async () => {
    const user = await signedInUser(test.app, 'leaving');
    expect((await me(test.app, user)).statusCode).toBe(200);
    expect((await logout(test.app, user)).statusCode).toBe(204);
    expect((await me(test.app, user)).statusCode).toBe(401);
  });

  it('forgets the other sessions at once when the password changes', async () => {
    const user = await signedInUser(test.app, 'changing');
    const phone = await otherDevice(test.app, user);
    expect((await me(test.app, phone)).statusCode).toBe(200);
    expect((await changePassword(test.app, user)).statusCode).toBe(204);
    expect((await me(test.app, phone)).statusCode).toBe(401);
    // The session that changed it lives on.
    expect((await me(test.app, user)).statusCode).toBe(200);
  });

  it('reads a person again when their row changes, whoever changes it', async () => {
    const user = await signedInUser(test.app, 'relabelled');
    expect((await me(test.app, user)).json()).toMatchObject({ language: 'en' });
    await test.app.db.execute(
      sql`update users set language = 'fr' where email = ${user.email.toLowerCase()}`,
    );
    // Through the database's notification: at once on PGlite, within milliseconds on PostgreSQL.
    await vi.waitFor(async () => {
      expect((await me(test.app, user)).json()).toMatchObject({ language: 'fr' });
    }, eventually);
  });

  it('still extends a cached token when due, at most once a minute', async () => {
    const user = await signedInUser(test.app, 'sliding');
    const policy = defaultSecurityPolicy;
    const cache = new TokenCache<AuthenticatedUser>({ ttlMs: 10 * 60_000, maxEntries: 10 });
    const hash = createHash('sha256').update(user.token).digest('base64url');
    const storedExpiry = async () => {
      const [row] = await test.app.db
        .select({ expiresAt: accessTokens.expiresAt })
        .from(accessTokens)
        .where(eq(accessTokens.tokenHash, hash));
      return row?.expiresAt.getTime();
    };
    const start = new Date(Date.now() + 5 * 60_000);
    expect(await authenticate(test.app.db, policy, user.token, start, cache)).not.toBeNull();
    expect(await storedExpiry()).toBe(start.getTime() + policy.accessTokenIdleMs);

    const queries = countQueries(test.app);
    const halfMinute = new Date(start.getTime() + 30_000);
    expect(await authenticate(test.app.db, policy, user.token, halfMinute, cache)).not.toBeNull();
    expect(queries).not.toHaveBeenCalled();
    queries.mockRestore();
    expect(await storedExpiry()).toBe(start.getTime() + policy.accessTokenIdleMs);

    const overAMinute = new Date(start.getTime() + 61_000);
    expect(await authenticate(test.app.db, policy, user.token, overAMinute, cache)).not.toBeNull();
    expect(await storedExpiry()).toBe(overAMinute.getTime() + policy.accessTokenIdleMs);
  });
});

describe('without the cache', () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp({ authCacheMs: 0 });
  });
  afterAll(() => test.close());
  afterEach(() => vi.restoreAllMocks());

  it('reads the database on every call', async () => {
    const user = await signedInUser(test.app, 'uncached');
    expect((await me(test.app, user)).statusCode).toBe(200);
    const queries = countQueries(test.app);
    expect((await me(test.app, user)).statusCode).toBe(200);
    expect(queries).toHaveBeenCalled();
  });
});

// Two servers, two connection pools, two caches on one PostgreSQL database: only the database's
// notification can tell the second what the first revoked.
describe.skipIf(!process.env.TEST_DATABASE_URL)('two instances on PostgreSQL', () => {
  let first: FastifyInstance;
  let second: FastifyInstance;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ first, second, close } = await createTwoInstances({ authCacheMs: CACHE_MS }));
  });
  afterAll(() => close());

  it('refuses on the second instance a token logged out on the first, at the very next call', async () => {
    const user = await signedInUser(first, 'twin');
    expect((await me(second, user)).statusCode).toBe(200);
    const queries = countQueries(second);
    expect((await me(second, user)).statusCode).toBe(200);
    expect(queries).not.toHaveBeenCalled();
    queries.mockRestore();

    expect((await logout(first, user)).statusCode).toBe(204);
    expect((await me(second, user)).statusCode).toBe(401);
  });

  it('ends the sessions on the second instance when the password changes on the first', async () => {
    const user = await signedInUser(first, 'twin-password');
    const phone = await otherDevice(first, user);
    const someoneElse = await signedInUser(first, 'twin-other');
    expect((await me(second, phone)).statusCode).toBe(200);
    expect((await me(second, someoneElse)).statusCode).toBe(200);
    expect((await changePassword(first, user)).statusCode).toBe(204);
    expect((await me(second, phone)).statusCode).toBe(401);
    expect((await me(second, someoneElse)).statusCode).toBe(200);
  });

  it('ends every session on the second instance on "sign out everywhere" on the first', async () => {
    const user = await signedInUser(first, 'twin-everywhere');
    expect((await me(second, user)).statusCode).toBe(200);
    const ended = await first.inject({
      method: 'DELETE',
      url: '/service/jaxrs/account/sessions',
      headers: bearer(user.token),
    });
    expect(ended.statusCode).toBe(204);
    expect((await me(second, user)).statusCode).toBe(401);
  });

  it('serves nothing while its listener is down, reconnects, and starts from empty', async () => {
    const user = await signedInUser(first, 'twin-reconnect');
    expect((await me(second, user)).statusCode).toBe(200);
    expect(second.tokenCache.size).toBeGreaterThan(0);
    // The database drops every listening connection (a restart, a failover would).
    await first.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity
          where datname = current_database() and application_name = ${LISTENER_NAME}`,
    );
    await vi.waitFor(() => expect(second.tokenCache.enabled).toBe(false), eventually);
    expect(second.tokenCache.size).toBe(0);
    // Deaf, it reads the database on every call, so nothing revoked meanwhile is served.
    expect((await me(second, user)).statusCode).toBe(200);
    expect(second.tokenCache.size).toBe(0);
    await vi.waitFor(() => expect(second.tokenCache.enabled).toBe(true), eventually);
    await vi.waitFor(() => expect(first.tokenCache.enabled).toBe(true), eventually);
    expect((await me(second, user)).statusCode).toBe(200);
    expect((await logout(first, user)).statusCode).toBe(204);
    expect((await me(second, user)).statusCode).toBe(401);
  });
});
