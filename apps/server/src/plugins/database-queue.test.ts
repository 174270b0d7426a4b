import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { bearer, signedInUser, type TestUser } from '../test/users.ts';

const onPglite = !process.env.TEST_DATABASE_URL;

/** A request's arrival in the queue is awaited, however long a busy machine takes to it. */
const arrival = { timeout: 20_000 };

describe.runIf(onPglite)('the embedded database queue (ADR 0025)', () => {
  let test: TestApp;
  let user: TestUser;
  beforeAll(async () => {
    test = await createTestApp({ pgliteQueue: { maxActive: 1, maxWaitMs: 400 } });
    user = await signedInUser(test.app, 'queued');
  });
  afterAll(() => test.close());

  const me = () => test.app.inject({ url: '/service/jaxrs/users', headers: bearer(user.token) });

  it('answers 503 busy with Retry-After past the bound, and the request never runs', async () => {
    const hold = await test.app.databaseQueue!.acquire();
    const started = Date.now();
    const logout = await test.app.inject({
      url: '/security/logout?skipredirect=true',
      headers: { cookie: user.sessionCookie, ...bearer(user.token) },
    });
    hold();
    expect(Date.now() - started).toBeGreaterThanOrEqual(390);
    expect(logout.statusCode).toBe(503);
    expect(logout.headers['retry-after']).toBe('1');
    expect(logout.json()).toEqual({ errorCode: 'busy', message: 'Too busy; retry shortly.' });
    // The sign-out did not happen: the token still works.
    expect((await me()).statusCode).toBe(200);
  });

  it('lets the health check and the sign-in pages through while the database is busy', async () => {
    const hold = await test.app.databaseQueue!.acquire();
    try {
      const health = await test.app.inject({ url: '/healthz' });
      expect(health.statusCode).toBe(200);
      for (const page of ['/security/login', '/security/register', '/security/forgot-password']) {
        const answer = await test.app.inject({ url: `${page}?lang=fr` });
        expect(answer.statusCode, page).toBe(200);
        expect(answer.headers['content-type'], page).toContain('text/html');
      }
    } finally {
      hold();
    }
  });

  it('answers every request of a burst, 200 or 503, none left hanging', async () => {
    const burst = 80;
    const answers = await Promise.all(Array.from({ length: burst }, () => me()));
    const statuses = answers.map((response) => response.statusCode);
    expect(statuses.every((status) => status === 200 || status === 503)).toBe(true);
    expect(statuses).toContain(200);
    for (const refused of answers.filter((response) => response.statusCode === 503)) {
      expect(refused.headers['retry-after']).toBe('1');
    }
    expect(test.app.databaseQueue!.active).toBe(0);
    expect(test.app.databaseQueue!.waiting).toBe(0);
  });
});

/**
 * Requests that wait while the test arranges the queue: with a bound of minutes, however slow
 * the machine, none is refused before its turn (the bound of 400 ms above once refused the
 * first of three while the others were still on their way).
 */
describe.runIf(onPglite)('the embedded database queue, waiting its turn', () => {
  let test: TestApp;
  let user: TestUser;
  beforeAll(async () => {
    test = await createTestApp({ pgliteQueue: { maxActive: 1, maxWaitMs: 5 * 60_000 } });
    user = await signedInUser(test.app, 'waiting');
  });
  afterAll(() => test.close());

  const me = () => test.app.inject({ url: '/service/jaxrs/users', headers: bearer(user.token) });

  it('serves the waiting requests in arrival order', async () => {
    const hold = await test.app.databaseQueue!.acquire();
    const answered: string[] = [];
    const requests: Promise<void>[] = [];
    for (const [index, name] of ['first', 'second', 'third'].entries()) {
      requests.push(me().then((response) => void answered.push(`${name} ${response.statusCode}`)));
      // Each is in the queue before the next is sent.
      await vi.waitFor(() => expect(test.app.databaseQueue!.waiting).toBe(index + 1), arrival);
    }
    hold();
    await Promise.all(requests);
    expect(answered).toEqual(['first 200', 'second 200', 'third 200']);
  });

  it('gives back the place of a client that closed its connection while it waited', async () => {
    await test.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = test.app.server.address() as AddressInfo;
    const hold = await test.app.databaseQueue!.acquire();
    const serverSide = new Promise<Socket>((resolve) =>
      test.app.server.once('connection', resolve),
    );
    const gone = http.request({
      host: '127.0.0.1',
      port,
      path: '/service/jaxrs/users',
      headers: bearer(user.token),
    });
    gone.on('error', () => {});
    gone.end();
    await vi.waitFor(() => expect(test.app.databaseQueue!.waiting).toBe(1), arrival);
    const socket = await serverSide;
    const closed = new Promise((resolve) => socket.once('close', resolve));
    gone.destroy();
    // The server sees the close before the request's turn comes.
    await closed;
    hold();
    await vi.waitFor(() => {
      expect(test.app.databaseQueue!.waiting).toBe(0);
      expect(test.app.databaseQueue!.active).toBe(0);
    }, arrival);
    expect((await me()).statusCode).toBe(200);
  });
});

describe('the queue is for the embedded database only', () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp({ pgliteQueue: { maxActive: 4, maxWaitMs: 2000 } });
  });
  afterAll(() => test.close());

  it(`is ${onPglite ? 'in place on PGlite' : 'absent on PostgreSQL'}`, () => {
    expect(test.app.databaseQueue !== undefined).toBe(onPglite);
  });
});
