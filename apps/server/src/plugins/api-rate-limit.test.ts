import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { like } from 'drizzle-orm';
import { API_BASE } from '../app.ts';
import { defaultApiRateLimits } from '../config.ts';
import { rateLimitCounters } from '../db/schema.ts';
import { signWebhook } from '../lib/webhooks/webhook-signature.ts';
import { createTestApp, createTwoInstances, type TestApp } from '../test/test-app.ts';
import { bearer, signedInUser, type TestUser } from '../test/users.ts';

/**
 * The API's rate limit (issue 30, security.md G10) at its default figures, on the database the
 * suite runs on: the memory store on PGlite, the PostgreSQL store with TEST_DATABASE_URL. The
 * clock is Date's, faked (both stores read Date.now): nothing waits for the wall clock.
 */

const setLanguage = (app: TestApp['app'], user: TestUser, language = 'en') =>
  app.inject({
    method: 'PUT',
    url: `${API_BASE}/account/language`,
    headers: bearer(user.token),
    payload: { language },
  });

const startApplication = (app: TestApp['app'], user: TestUser) =>
  app.inject({ method: 'POST', url: `${API_BASE}/applications`, headers: bearer(user.token) });

describe('the API rate limit, per person', () => {
  let test: TestApp;
  let alice: TestUser;
  let bob: TestUser;
  let carol: TestUser;

  beforeAll(async () => {
    test = await createTestApp({ rateLimits: defaultApiRateLimits });
    alice = await signedInUser(test.app, 'alice');
    bob = await signedInUser(test.app, 'bob');
    carol = await signedInUser(test.app, 'carol');
  });
  afterAll(() => test.close());
  beforeEach(() => {
    // A minute past the sign-ups (verifying an address is a write): every window starts anew.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 61_000 });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('answers the 61st state-changing request of a minute 429 with Retry-After, in the API error shape', async () => {
    for (let i = 1; i <= 60; i++) {
      const answer = await setLanguage(test.app, alice);
      expect(answer.statusCode, `request ${i}`).toBe(200);
    }
    const refused = await setLanguage(test.app, alice);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe('60');
    expect(refused.json()).toEqual({
      errorCode: 'rateLimited',
      message:
        'You have sent a great many requests in a short time. Wait a minute, then try again: nothing you entered is lost.',
    });
    // The person's language when the request names none, French typography included.
    const inFrench = await test.app.inject({
      method: 'DELETE',
      url: `${API_BASE}/account/email`,
      headers: { ...bearer(alice.token), 'accept-language': 'fr-CA' },
    });
    expect(inFrench.statusCode).toBe(429);
    expect(inFrench.json().message).toBe(
      'Vous avez envoyé un très grand nombre de demandes en peu de temps. Attendez une minute, puis réessayez\u00a0: rien de ce que vous avez saisi n’est perdu.',
    );

    // Reads are counted apart (600 a minute): alice still reads her settings.
    const read = await test.app.inject({
      method: 'GET',
      url: `${API_BASE}/account`,
      headers: bearer(alice.token),
    });
    expect(read.statusCode).toBe(200);

    // Another person is not affected.
    expect((await setLanguage(test.app, bob)).statusCode).toBe(200);

    // Twenty seconds on, the same window: the wait left is what Retry-After says.
    vi.setSystemTime(Date.now() + 20_000);
    const later = await setLanguage(test.app, alice);
    expect(later.statusCode).toBe(429);
    expect(later.headers['retry-after']).toBe('40');

    // Once the window has ended, the person writes again.
    vi.setSystemTime(Date.now() + 40_000);
    expect((await setLanguage(test.app, alice)).statusCode).toBe(200);
  });

  it('allows 30 new applications an hour, then answers tooManyNewApplications', async () => {
    for (let i = 1; i <= 30; i++) {
      const answer = await startApplication(test.app, carol);
      expect(answer.statusCode, `application ${i}`).toBe(201);
      // Spread over the hour, so the per-minute limits are never the reason.
      vi.setSystemTime(Date.now() + 100_000);
    }
    const refused = await startApplication(test.app, carol);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBe(3600 - 30 * 100);
    expect(refused.json().errorCode).toBe('tooManyNewApplications');
    // Other writes go on.
    expect((await setLanguage(test.app, carol)).statusCode).toBe(200);
  });
});

describe('the API rate limit, exemptions and callers without a token', () => {
  let test: TestApp;

  beforeAll(async () => {
    // Small figures, so that a few requests show what is counted and what is not.
    test = await createTestApp({
      rateLimits: {
        requestsPerMinute: 2,
        writesPerMinute: 1,
        applicationsPerHour: 1,
        addressFactor: 2,
      },
    });
  });
  afterAll(() => test.close());
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('never counts webhooks or the health check', async () => {
    for (let i = 0; i < 10; i++) {
      const body = JSON.stringify({
        id: `evt-${i}`,
        type: 'ping',
        occurredAt: new Date().toISOString(),
        data: {},
      });
      const webhook = await test.app.inject({
        method: 'POST',
        url: '/webhooks/esign',
        headers: {
          'content-type': 'application/json',
          // Signed with another secret: refused 401 by the webhook itself, never 429.
          'x-webhook-signature': signWebhook('not-the-secret', body),
        },
        payload: body,
      });
      expect(webhook.statusCode, `webhook ${i}`).toBe(401);
      expect((await test.app.inject({ url: '/healthz' })).statusCode).toBe(200);
    }
  });

  it('counts a caller without a token by address, with addressFactor times the allowance', async () => {
    const list = () => test.app.inject({ url: `${API_BASE}/references/countries` });
    for (let i = 1; i <= 4; i++) expect((await list()).statusCode, `request ${i}`).toBe(200);
    const refused = await list();
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe('60');
    // Another address is another caller.
    const elsewhere = await test.app.inject({
      url: `${API_BASE}/references/countries`,
      remoteAddress: '203.0.113.9',
    });
    expect(elsewhere.statusCode).toBe(200);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('the API rate limit on PostgreSQL', () => {
  it('is shared by every instance: one count behind the load balancer, late by one flush at most', async () => {
    const instances = await createTwoInstances({
      rateLimits: { ...defaultApiRateLimits, writesPerMinute: 4 },
    });
    try {
      const dana = await signedInUser(instances.first, 'dana');
      vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 61_000 });
      // Dana is the only person: her count is the one row of writes.
      const written = async () => {
        const [row] = await instances.first.db
          .select({ hits: rateLimitCounters.hits })
          .from(rateLimitCounters)
          .where(like(rateLimitCounters.key, 'writes:user:%'));
        return row?.hits ?? 0;
      };
      const answers: number[] = [];
      for (let request = 0; request < 4; request++) {
        answers.push((await setLanguage(instances.first, dana)).statusCode);
      }
      expect(answers).toEqual([200, 200, 200, 200]);
      // The first instance writes its counts within a second (the store's flush).
      await vi.waitFor(async () => expect(await written()).toBe(4), { timeout: 15_000 });
      // The second answers from its own memory until it writes its own count: one over, the
      // bound ADR 0030 accepts.
      expect((await setLanguage(instances.second, dana)).statusCode).toBe(200);
      await vi.waitFor(async () => expect(await written()).toBe(5), { timeout: 15_000 });
      expect((await setLanguage(instances.second, dana)).statusCode).toBe(429);
      expect((await setLanguage(instances.first, dana)).statusCode).toBe(429);
    } finally {
      vi.useRealTimers();
      await instances.close();
    }
  });
});
