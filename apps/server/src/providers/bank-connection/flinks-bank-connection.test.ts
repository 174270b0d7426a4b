import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { BANK_CONNECTION_POLL_LIMIT_MS } from '@portal/domain/constants';
import {
  documentedChequing,
  FAKE_CONNECT_ANSWER,
  startFlinksFake,
  type FlinksFake,
} from '../../test/vendors/flinks-fake.ts';
import { BankConnectionUnavailable } from './bank-connection-provider.ts';
import {
  createFlinksBankConnection,
  FLINKS_POLL_INTERVAL_MS,
  type FlinksSettings,
} from './flinks-bank-connection.ts';

const REQUEST = '5b0e8f7a-3c1d-4e2f-9a8b-7c6d5e4f3a2b';
const OTHER_REQUEST = '0c1d2e3f-4a5b-4c6d-8e7f-8a9b0c1d2e3f';

/**
 * A fake clock: the adapter's waits between polls move it at once, so the 10-second rhythm and
 * the 1,830,000 ms limit are proved without waiting for them.
 */
function fakeClock() {
  let time = 0;
  const waits: number[] = [];
  return {
    waits,
    now: () => time,
    sleep: async (ms: number, signal?: AbortSignal) => {
      signal?.throwIfAborted();
      waits.push(ms);
      time += ms;
    },
  };
}

describe('Flinks bank connection against the examples of Flinks’ API reference', () => {
  let fake: FlinksFake;
  const logged: string[] = [];
  const log = {
    warn: (details: Record<string, unknown>, message: string) => {
      logged.push(JSON.stringify({ ...details, message }));
    },
  };
  let clock = fakeClock();
  const flinks = (overrides: Partial<FlinksSettings> = {}) =>
    createFlinksBankConnection({
      customerId: fake.customerId,
      apiBaseUrl: fake.apiUrl,
      apiKey: fake.apiKey,
      secretKey: fake.secretKey,
      timeoutMs: 2000,
      connectUrl: fake.connectUrl,
      redirectUrl: 'https://portal.example.ca/',
      keepConnection: false,
      now: clock.now,
      sleep: clock.sleep,
      log,
      ...overrides,
    });
  const names = () => fake.calls.map((call) => `${call.call} ${call.status}`);

  beforeAll(async () => {
    fake = await startFlinksFake();
  });
  afterAll(() => fake.close());
  afterEach(() => {
    fake.calls.length = 0;
    fake.bodies.length = 0;
    fake.deleted.length = 0;
    fake.failNext(0);
    clock = fakeClock();
  });

  it('opens Connect with a new single-use authorize token, in the person’s language, tagged with the request', async () => {
    const url = new URL(await flinks().connectUrl({ requestId: REQUEST, language: 'fr' }));
    expect(url.origin + url.pathname).toBe(fake.connectUrl);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      authorizeToken: expect.stringMatching(/^[0-9a-f-]{36}$/),
      language: 'fr',
      tag: REQUEST,
      redirectUrl: 'https://portal.example.ca/',
      innerRedirect: 'true',
    });
    expect(names()).toEqual(['GenerateAuthorizeToken 200']);
    // The frame takes it; the page asks the bank's question inside it, in French.
    const page = await fetch(url);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Nom d’utilisateur');
    // Single-use: the same address a second time is refused.
    expect((await fetch(url)).status).toBe(401);
  });

  it('reads the accounts: Authorize cached with a new token, GetAccountsDetail 202, then GetAccountsDetailAsync every 10 s until 200, then DeleteCard', async () => {
    const loginId = fake.addLogin({
      holderName: 'Camille Tremblay',
      tag: REQUEST,
      pendingPolls: 2,
    });
    const outcome = await flinks().readAccounts({ loginId, acceptedTags: [REQUEST] });

    expect(names()).toEqual([
      'GenerateAuthorizeToken 200',
      'Authorize 200',
      'GetAccountsDetail 202',
      'GetAccountsDetailAsync 202',
      'GetAccountsDetailAsync 202',
      'GetAccountsDetailAsync 200',
      'DeleteCard 200',
    ]);
    expect(clock.waits).toEqual([10_000, 10_000, 10_000]);
    expect(fake.bodies).toEqual([
      { call: 'Authorize', body: { LoginId: loginId, MostRecentCached: true } },
      {
        call: 'GetAccountsDetail',
        body: {
          RequestId: expect.any(String),
          WithAccountIdentity: true,
          WithKYC: true,
          WithTransactions: false,
        },
      },
    ]);
    // The chequing account only (the credit card beside it is no source of funds), with only
    // what funding keeps.
    expect(outcome).toEqual({
      status: 'connected',
      accounts: [
        {
          accountId: expect.any(String),
          title: 'Chequing Account',
          holderName: 'Camille Tremblay',
          institutionNumber: documentedChequing.institutionNumber,
          institutionName: 'FlinksCapital',
          transitNumber: documentedChequing.transitNumber,
          accountNumber: documentedChequing.accountNumber,
          currency: 'CAD',
          type: 'chequing',
        },
      ],
    });
    expect(fake.deleted).toEqual([loginId]);
  });

  it('keeps the login at Flinks when the brokerage keeps connections (no DeleteCard)', async () => {
    const loginId = fake.addLogin({ holderName: 'Camille Tremblay', tag: REQUEST });
    const outcome = await flinks({ keepConnection: true }).readAccounts({
      loginId,
      acceptedTags: [REQUEST],
    });
    expect(outcome.status).toBe('connected');
    expect(names()).not.toContain('DeleteCard 200');
    expect(fake.deleted).toEqual([]);
  });

  it('refuses a login whose data is tagged for another request, and leaves it at Flinks', async () => {
    const loginId = fake.addLogin({ holderName: 'Camille Tremblay', tag: OTHER_REQUEST });
    const outcome = await flinks().readAccounts({ loginId, acceptedTags: [REQUEST] });
    expect(outcome).toEqual({ status: 'failed', failure: 'loginNotForThisRequest' });
    expect(fake.deleted).toEqual([]);
  });

  it('a login Flinks does not know: 401 INVALID_LOGIN, failed as refused, logged by code only', async () => {
    const unknown = '5e115eac-1209-4f19-641c-08d6d484e2fe';
    const outcome = await flinks().readAccounts({ loginId: unknown, acceptedTags: [REQUEST] });
    expect(outcome).toEqual({ status: 'failed', failure: 'loginRefused' });
    expect(names()).toEqual(['GenerateAuthorizeToken 200', 'Authorize 401']);
    expect(logged.at(-1)).toContain('"status":401');
    expect(logged.at(-1)).toContain('"flinksCode":"INVALID_LOGIN"');
    expect(logged.join('\n')).not.toContain(unknown);
  });

  it('a wrong secret key: Connect cannot open (503 bankConnectionUnavailable) and a reading fails as refused', async () => {
    const wrong = flinks({ secretKey: 'not-the-secret' });
    const refusal = await wrong.connectUrl({ requestId: REQUEST, language: 'en' }).catch((e) => e);
    expect(refusal).toBeInstanceOf(BankConnectionUnavailable);
    expect(refusal).toMatchObject({ statusCode: 503, code: 'bankConnectionUnavailable' });
    const loginId = fake.addLogin({ holderName: 'Camille Tremblay', tag: REQUEST });
    expect(await wrong.readAccounts({ loginId, acceptedTags: [REQUEST] })).toEqual({
      status: 'failed',
      failure: 'authorizationRefused',
    });
  });

  it('an outage is asked once more; a lasting one fails as vendorDown, which the person can retry', async () => {
    const loginId = fake.addLogin({ holderName: 'Camille Tremblay', tag: REQUEST });
    fake.failNext(1);
    expect((await flinks().readAccounts({ loginId, acceptedTags: [REQUEST] })).status).toBe(
      'connected',
    );
    expect(names().slice(0, 2)).toEqual([
      'GenerateAuthorizeToken 503',
      'GenerateAuthorizeToken 200',
    ]);

    fake.calls.length = 0;
    fake.deleted.length = 0;
    const again = fake.addLogin({ holderName: 'Camille Tremblay', tag: REQUEST });
    // Each token call is asked twice, and the session opened twice (a new token each time).
    fake.failNext(4);
    expect(await flinks().readAccounts({ loginId: again, acceptedTags: [REQUEST] })).toEqual({
      status: 'failed',
      failure: 'vendorDown',
    });
    // Nothing was deleted: the person's login is still there to try again with.
    expect(fake.deleted).toEqual([]);
    expect(logged.at(-1)).toContain('"status":503');
  });

  it('Flinks unreachable (nothing listening): vendorDown, never thrown', async () => {
    const unreachable = flinks({ apiBaseUrl: 'http://127.0.0.1:9' });
    expect(
      await unreachable.readAccounts({ loginId: 'any-login', acceptedTags: [REQUEST] }),
    ).toEqual({ status: 'failed', failure: 'vendorDown' });
  });

  it('still 202 when the spec’s 1,830,000 ms have passed: failed as timedOut, without waiting', async () => {
    const loginId = fake.addLogin({
      holderName: 'Camille Tremblay',
      tag: REQUEST,
      pendingPolls: Number.POSITIVE_INFINITY,
    });
    const outcome = await flinks().readAccounts({ loginId, acceptedTags: [REQUEST] });
    expect(outcome).toEqual({ status: 'failed', failure: 'timedOut' });
    const waited = clock.waits.reduce((sum, ms) => sum + ms, 0);
    expect(waited).toBeLessThanOrEqual(BANK_CONNECTION_POLL_LIMIT_MS);
    expect(waited).toBeGreaterThan(BANK_CONNECTION_POLL_LIMIT_MS - FLINKS_POLL_INTERVAL_MS);
    expect(fake.calls.filter((call) => call.call === 'GetAccountsDetailAsync')).toHaveLength(
      clock.waits.length,
    );
  });

  it('stops waiting when asked (shutdown): the reading rejects, nothing is deleted', async () => {
    const loginId = fake.addLogin({
      holderName: 'Camille Tremblay',
      tag: REQUEST,
      pendingPolls: 5,
    });
    const controller = new AbortController();
    const stopping = flinks({
      sleep: async (ms, signal) => {
        controller.abort();
        await clock.sleep(ms, signal);
      },
    });
    await expect(
      stopping.readAccounts({ loginId, acceptedTags: [REQUEST], signal: controller.signal }),
    ).rejects.toThrow();
    expect(fake.deleted).toEqual([]);
  });

  it('no usable account (only a card): failed as noEligibleAccount', async () => {
    const loginId = fake.addLogin({
      holderName: 'Camille Tremblay',
      tag: REQUEST,
      accounts: [{ ...documentedChequing, category: 'Credits', title: 'Visa' }],
    });
    expect(await flinks().readAccounts({ loginId, acceptedTags: [REQUEST] })).toEqual({
      status: 'failed',
      failure: 'noEligibleAccount',
    });
  });

  it('never writes an account number or a login id to the log', async () => {
    const loginId = fake.addLogin({ holderName: 'Camille Tremblay', tag: REQUEST });
    fake.failNext(1);
    await flinks().readAccounts({ loginId, acceptedTags: [REQUEST] });
    await flinks({ apiKey: 'wrong' }).readAccounts({ loginId, acceptedTags: [REQUEST] });
    expect(logged.length).toBeGreaterThan(0);
    const text = logged.join('\n');
    expect(text).not.toContain(documentedChequing.accountNumber);
    expect(text).not.toContain(loginId);
    expect(text).not.toContain('Camille');
  });
});

describe('the Flinks stand-in holds the adapter to the documented shape', () => {
  let fake: FlinksFake;
  beforeAll(async () => {
    fake = await startFlinksFake();
  });
  afterAll(() => fake.close());
  const api = (path: string) => `${fake.apiUrl}/v3/${fake.customerId}/BankingServices/${path}`;
  const json = { 'content-type': 'application/json', accept: 'application/json' };
  const token = async () =>
    (
      (await (
        await fetch(api('GenerateAuthorizeToken'), {
          method: 'POST',
          headers: { ...json, 'flinks-auth-key': fake.secretKey },
        })
      ).json()) as { Token: string }
    ).Token;

  it('refuses the secret key where the authorize token goes, and a token used twice', async () => {
    const loginId = fake.addLogin({ holderName: 'A B', tag: REQUEST });
    const authorize = (key: string) =>
      fetch(api('Authorize'), {
        method: 'POST',
        headers: { ...json, 'flinks-auth-key': key },
        body: JSON.stringify({ LoginId: loginId, MostRecentCached: true }),
      });
    expect((await authorize(fake.secretKey)).status).toBe(401);
    const once = await token();
    expect((await authorize(once)).status).toBe(200);
    const reused = await authorize(once);
    expect(reused.status).toBe(401);
    expect(await reused.json()).toMatchObject({ FlinksCode: 'ACCESS_DENIED' });
  });

  it('refuses a data call without x-api-key, or with a field the reference does not list', async () => {
    const detail = (headers: Record<string, string>, body: object) =>
      fetch(api('GetAccountsDetail'), { method: 'POST', headers, body: JSON.stringify(body) });
    expect((await detail(json, { RequestId: REQUEST })).status).toBe(401);
    const unknownField = await detail(
      { ...json, 'x-api-key': fake.apiKey },
      { RequestId: REQUEST, WithEverything: true },
    );
    expect(unknownField.status).toBe(401);
    expect(await unknownField.json()).toMatchObject({ FlinksCode: 'INVALID_REQUEST' });
    const expired = await detail({ ...json, 'x-api-key': fake.apiKey }, { RequestId: REQUEST });
    expect(expired.status).toBe(400);
    expect(await expired.json()).toMatchObject({ FlinksCode: 'SESSION_NONEXISTENT' });
  });

  it('its Connect frame asks the bank’s security question, then posts REDIRECT with the login and the tag', async () => {
    const url = new URL(fake.connectUrl);
    url.search = new URLSearchParams({
      authorizeToken: await token(),
      language: 'en',
      tag: REQUEST,
      redirectUrl: 'https://portal.example.ca/',
      innerRedirect: 'true',
    }).toString();
    const first = await (await fetch(url)).text();
    const session = /name="session" value="([^"]+)"/.exec(first)?.[1] ?? '';
    const post = (path: string, fields: Record<string, string>) =>
      fetch(`${fake.origin}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ session, ...fields }).toString(),
      }).then((response) => response.text());
    expect(await post('/v2/login', { username: 'greatday', password: 'everyday' })).toContain(
      'What city were you born in?',
    );
    expect(await post('/v2/mfa', { answer: 'Laval' })).toContain('That answer is not right.');
    const done = await post('/v2/mfa', { answer: FAKE_CONNECT_ANSWER.toUpperCase() });
    const landing = new URL((/data-url="([^"]+)"/.exec(done)?.[1] ?? '').replaceAll('&#38;', '&'));
    expect(landing.searchParams.get('tag')).toBe(REQUEST);
    expect(landing.searchParams.get('institution')).toBe('FlinksCapital');
    expect(landing.searchParams.get('loginId')).toMatch(/^[0-9a-f-]{36}$/);
    expect(done).toContain('<script src="/v2/connect.js"></script>');
    const script = await (await fetch(`${fake.origin}/v2/connect.js`)).text();
    expect(script).toContain("step: 'REDIRECT'");
  });
});
