import type { SessionTimes } from '@portal/domain/rules/account-security';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { registerUser, securityDepsOf, signIn as signInRoute } from '../../test/users.ts';
import { defaultSecurityPolicy } from './security-policy.ts';
import {
  authenticate,
  issueAccessToken,
  refreshSession,
  sessionTimes,
  sessionUser,
  signIn,
  type SecurityDeps,
} from './security.service.ts';

/**
 * The two limits of a sign-in (issue 32, items 1 and 2): 60 minutes without use, 12 hours from
 * signing in whatever the use. Each call is given its time, as the routes give theirs
 * (`new Date()`), so no test waits and no timer or `Date` is faked; the policy is the default
 * one, so these tests also pin its numbers.
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const signedInAt = new Date('2026-03-02T09:00:00Z');
/** This long after the sign-in. */
const after = (ms: number) => new Date(signedInAt.getTime() + ms);

describe('the limits of a signed-in session', () => {
  let test: TestApp;
  let deps: SecurityDeps;
  beforeAll(async () => {
    test = await createTestApp();
    deps = securityDepsOf(test.app);
  });
  afterAll(() => test.close());

  /** A new person signed in at `signedInAt`: their session's secret. */
  async function signedInSession(policy = deps.policy): Promise<string> {
    const { email, password } = await registerUser(test.app);
    const result = await signIn(
      { ...deps, policy },
      { username: email, password },
      { address: '127.0.0.1' },
      signedInAt,
    );
    if (result.outcome !== 'signedIn') throw new Error(`not signed in: ${result.outcome}`);
    return result.sessionSecret;
  }
  const endsOf = (times: SessionTimes | null) =>
    times && {
      idle: Date.parse(times.idleExpiresAt),
      absolute: Date.parse(times.absoluteExpiresAt),
    };

  it('stays signed in while used within each hour: every use gives it 60 minutes more', async () => {
    const session = await signedInSession();
    for (const minutes of [59, 118, 177]) {
      const used = await refreshSession(deps, session, after(minutes * MINUTE));
      expect(endsOf(used), `used at minute ${minutes}`).toMatchObject({
        idle: after((minutes + 60) * MINUTE).getTime(),
      });
    }
    // A token comes from the session as long as it lives, and using it keeps it alive.
    expect(await issueAccessToken(deps, session, after(236 * MINUTE))).toEqual(expect.any(String));
    expect(await sessionUser(deps, session, after(295 * MINUTE))).toBeDefined();
  });

  it('ends a session left unused for 60 minutes', async () => {
    const session = await signedInSession();
    // Read without extending it: still live, ending an hour after the sign-in.
    expect(endsOf(await sessionTimes(deps, session, after(59 * MINUTE)))).toMatchObject({
      idle: after(HOUR).getTime(),
    });
    expect(await sessionUser(deps, session, after(59 * MINUTE))).toBeDefined();

    const idleTooLong = after(HOUR + 1_000);
    expect(await sessionTimes(deps, session, idleTooLong)).toBeNull();
    expect(await sessionUser(deps, session, idleTooLong)).toBeUndefined();
    expect(await refreshSession(deps, session, idleTooLong)).toBeNull();
    expect(await issueAccessToken(deps, session, idleTooLong)).toBeNull();
  });

  it('ends a session used every 30 minutes once 12 hours have passed since the sign-in', async () => {
    const session = await signedInSession();
    for (let minutes = 30; minutes <= 11.5 * 60; minutes += 30) {
      const used = await refreshSession(deps, session, after(minutes * MINUTE));
      expect(used, `used at minute ${minutes}`).not.toBeNull();
    }
    // The last minute: used again, but the hour it is given stops at the twelfth.
    const lastMinute = after(12 * HOUR - MINUTE);
    expect(endsOf(await refreshSession(deps, session, lastMinute))).toEqual({
      idle: after(12 * HOUR).getTime(),
      absolute: after(12 * HOUR).getTime(),
    });
    const token = await issueAccessToken(deps, session, lastMinute);
    if (!token) throw new Error('no token in the last minute');
    const bearerOf = (at: Date) =>
      authenticate(deps.db, deps.policy, token, at, test.app.tokenCache);
    expect(await bearerOf(lastMinute)).not.toBeNull();

    const pastTwelveHours = after(12 * HOUR + 1_000);
    expect(await refreshSession(deps, session, pastTwelveHours)).toBeNull();
    expect(await sessionTimes(deps, session, pastTwelveHours)).toBeNull();
    expect(await issueAccessToken(deps, session, pastTwelveHours)).toBeNull();
    // The token's own 15 minutes are not over: it ends with its session all the same.
    expect(await bearerOf(pastTwelveHours)).toBeNull();
  });

  it('ends an access token left unused for 15 minutes, keeps a used one alive, and issues a new one from the session', async () => {
    const session = await signedInSession();
    const token = await issueAccessToken(deps, session, signedInAt);
    if (!token) throw new Error('no token');
    const use = async (at: Date) =>
      (await authenticate(deps.db, deps.policy, token, at, test.app.tokenCache)) !== null;
    expect(await use(after(14 * MINUTE))).toBe(true); // used: alive until minute 29
    expect(await use(after(28 * MINUTE))).toBe(true); // used: alive until minute 43
    expect(await use(after(43 * MINUTE + 1_000))).toBe(false); // unused for 15 minutes

    // Using a token does not use the session, but the session's hour since the sign-in is not
    // over: it gives a new token.
    const renewed = await issueAccessToken(deps, session, after(44 * MINUTE));
    if (!renewed) throw new Error('no renewed token');
    expect(
      await authenticate(deps.db, deps.policy, renewed, after(45 * MINUTE), test.app.tokenCache),
    ).not.toBeNull();
  });

  it('ends at its absolute end even when configured to idle longer than that', async () => {
    // SESSION_IDLE_MINUTES=120 with SESSION_MAX_HOURS=1 is a configuration the server accepts.
    const session = await signedInSession({
      ...deps.policy,
      sessionIdleMs: 2 * HOUR,
      sessionMaxMs: HOUR,
    });
    expect(await sessionUser(deps, session, after(HOUR - MINUTE))).toBeDefined();
    expect(await sessionUser(deps, session, after(HOUR + 1_000))).toBeUndefined();
    expect(await issueAccessToken(deps, session, after(HOUR + 1_000))).toBeNull();
  });

  it('gives the session cookie no longer a life than the session’s 12 hours', async () => {
    const { email, password } = await registerUser(test.app);
    const response = await signInRoute(test.app, email, password);
    const cookie = response.cookies.find((c) => c.name === 'portal_session');
    expect(cookie?.maxAge).toBe((12 * HOUR) / 1000);
  });
});

describe('the session limits the server runs with', () => {
  it('are 60 minutes of idleness and 12 hours from sign-in, unless configured', () => {
    const limits = { sessionIdleMs: HOUR, sessionMaxMs: 12 * HOUR };
    expect(defaultSecurityPolicy).toMatchObject(limits);
    expect(loadConfig({}).security).toMatchObject(limits);
  });
});
