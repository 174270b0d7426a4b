import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { bankAccounts, bankConnectionRequests } from '../../db/schema.ts';
import { applicationAtReview } from '../../test/applications.ts';
import { logText } from '../../test/log-text.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { bearer, signedInUser, type TestUser } from '../../test/users.ts';
import {
  documentedChequing,
  signInThroughConnect,
  startFlinksFake,
  type FlinksFake,
} from '../../test/vendors/flinks-fake.ts';

const API = '/service/jaxrs/bankConnection';

interface AccountBody {
  accountId: string;
  holderName: string;
  accountNumberMasked: string;
  holderMatches: boolean;
}

/**
 * The bank connection with BANK_CONNECTION_PROVIDER=flinks, against the Flinks stand-in: the
 * server makes the frame's token, the stand-in's Connect frame is driven like a person would
 * (password, then the bank's security question), the page hands the login over, and the
 * server reads the accounts in the background on a fake clock (no 10-second waits).
 */
describe('bank connection API through Flinks (issue 34)', () => {
  let fake: FlinksFake;
  let test: TestApp;
  let app: FastifyInstance;
  let camille: TestUser;
  let stranger: TestUser;
  let applicationId: string;
  const log: string[] = [];
  let vendorTime = 0;

  beforeAll(async () => {
    fake = await startFlinksFake({ holderName: 'Camille Tremblay' });
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        log.push(chunk.toString('utf8'));
        done();
      },
    });
    test = await createTestApp(
      {
        logLevel: 'info',
        bankConnection: {
          provider: 'flinks',
          customerId: fake.customerId,
          apiBaseUrl: fake.apiUrl,
          connectUrl: fake.connectUrl,
          apiKey: fake.apiKey,
          secretKey: fake.secretKey,
          timeoutMs: 2000,
          keepConnection: false,
        },
      },
      {
        logStream: stream,
        bankConnection: {
          vendorClock: {
            now: () => vendorTime,
            sleep: async (ms, signal) => {
              signal?.throwIfAborted();
              vendorTime += ms;
            },
          },
        },
      },
    );
    app = test.app;
    camille = await signedInUser(app, 'camille');
    stranger = await signedInUser(app, 'stranger');
    // Their profile names them Camille Tremblay, the stand-in's account holder.
    applicationId = (await applicationAtReview(app, camille.token)).id;
  });
  afterAll(async () => {
    await test?.close();
    await fake?.close();
  });
  afterEach(() => {
    fake.failNext(0);
    fake.setHolderName('Camille Tremblay');
  });

  const call = (user: TestUser, method: 'GET' | 'POST' | 'PUT', path: string, payload?: object) =>
    app.inject({
      method,
      url: `${API}/${path}`,
      headers: bearer(user.token),
      ...(payload && { payload }),
    });
  const start = async (user: TestUser) =>
    (await call(user, 'POST', 'request')).json<{ requestId: string }>().requestId;
  const statusOf = async (user: TestUser) =>
    (await call(user, 'GET', 'FlBAConnectionStatus/')).json<{
      status: string;
      failure: string | null;
      loginId: string | null;
    }>();
  const rowOf = async (requestId: string) =>
    (
      await app.db
        .select()
        .from(bankConnectionRequests)
        .where(eq(bankConnectionRequests.id, requestId))
    )[0]!;

  const connectInFrame = (frameUrl: string, username?: string) =>
    signInThroughConnect(fake, frameUrl, username);

  /** A request, its frame, a sign-in there: what the page would hand over. */
  async function attempt(user: TestUser, language: 'en' | 'fr' = 'en') {
    const requestId = await start(user);
    const frame = await app.inject({
      method: 'GET',
      url: `${API}/IframeUrl/${requestId}`,
      headers: { ...bearer(user.token), 'accept-language': language },
    });
    expect(frame.statusCode).toBe(200);
    const { url, vendor } = frame.json<{ url: string; vendor: string }>();
    return { requestId, url, vendor, login: await connectInFrame(url) };
  }

  const handOver = (user: TestUser, requestId: string, body: object) =>
    call(user, 'POST', `request/${requestId}/login`, body);

  it('shows Flinks Connect for the attempt: its own token, the person’s language, the request as tag; the page may frame it', async () => {
    const requestId = await start(camille);
    const frame = await app.inject({
      method: 'GET',
      url: `${API}/IframeUrl/${requestId}`,
      headers: { ...bearer(camille.token), 'accept-language': 'fr' },
    });
    const { url, vendor } = frame.json<{ url: string; vendor: string }>();
    expect(vendor).toBe('flinks');
    const parsed = new URL(url);
    expect(parsed.origin).toBe(fake.origin);
    expect(parsed.searchParams.get('language')).toBe('fr');
    expect(parsed.searchParams.get('tag')).toBe(requestId);
    expect(parsed.searchParams.get('authorizeToken')).toMatch(/^[0-9a-f-]{36}$/);
    // The content security policy lets our pages frame Flinks Connect's origin, and only it.
    expect(frame.headers['content-security-policy']).toContain(`frame-src 'self' ${fake.origin};`);
    // Neither the sandbox's frame nor its webhook is served with Flinks.
    expect((await app.inject({ url: '/sandbox/bank-connection/connect' })).statusCode).toBe(404);
    const webhook = await app.inject({
      method: 'POST',
      url: '/webhooks/bank-connection',
      payload: {},
    });
    expect(webhook.statusCode).toBe(404);
  });

  it('connects: the login handed over is read (202, then 200), compared with the applicant, chosen, and deleted at Flinks', async () => {
    const { requestId, login } = await attempt(camille);
    expect(login.tag).toBe(requestId);
    const answer = await handOver(camille, requestId, login);
    expect(answer.statusCode).toBe(202);
    expect(answer.json()).toEqual({ requestId, status: 'PENDING' });
    await app.bankConnectionRetrievals.idle();

    expect(await statusOf(camille)).toMatchObject({ status: 'CONNECTED', loginId: login.loginId });
    const detail = await call(camille, 'POST', `getAccountsDetail/${applicationId}`, {
      requestId,
      accountsFilter: [],
      loginId: login.loginId,
    });
    const { accounts } = detail.json<{ accounts: AccountBody[] }>();
    expect(accounts).toEqual([
      expect.objectContaining({
        holderName: 'Camille Tremblay',
        accountNumberMasked: '•••••238',
        holderMatches: true,
      }),
    ]);
    const chosen = await call(camille, 'PUT', 'request', {
      flinksStatusType: 'COMPLETED',
      accountSelected: accounts[0]!.accountId,
      canceledByClient: false,
    });
    expect(chosen.statusCode).toBe(200);
    const [row] = await app.db
      .select()
      .from(bankAccounts)
      .where(eq(bankAccounts.connectionId, requestId));
    expect(row).toMatchObject({ source: 'connection', holderMatches: true });
    // The number is encrypted at rest, and the login is gone from Flinks.
    expect(JSON.stringify(row)).not.toContain(documentedChequing.accountNumber);
    expect(fake.deleted).toContain(login.loginId);
    // Never in the log.
    expect(logText(log)).not.toContain(documentedChequing.accountNumber);
    expect(logText(log)).not.toContain(login.loginId);
  });

  it('a login handed over twice (the frame’s message again) is read once', async () => {
    const { requestId, login } = await attempt(camille);
    const reads = () => fake.calls.filter((entry) => entry.call === 'Authorize').length;
    const before = reads();
    expect((await handOver(camille, requestId, login)).statusCode).toBe(202);
    expect((await handOver(camille, requestId, login)).statusCode).toBe(202);
    await app.bankConnectionRetrievals.idle();
    expect(reads() - before).toBe(1);
    expect((await handOver(camille, requestId, login)).json()).toEqual({
      requestId,
      status: 'CONNECTED',
    });
  });

  it('connecting again with a known login reads Flinks again; once deleted there, it needs a new sign-in', async () => {
    const { requestId, login } = await attempt(camille);
    await handOver(camille, requestId, login);
    await app.bankConnectionRetrievals.idle();
    expect(fake.deleted).toContain(login.loginId);
    const again = await call(camille, 'GET', `authorize/${login.loginId}`);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ status: 'PENDING' });
    await app.bankConnectionRetrievals.idle();
    expect(await statusOf(camille)).toMatchObject({ status: 'FAILED', failure: 'loginRefused' });
  });

  it('refuses a login whose frame was opened for another request (its tag), leaving the request waiting', async () => {
    const older = await attempt(camille);
    const requestId = await start(camille);
    const answer = await handOver(camille, requestId, older.login);
    expect(answer.statusCode).toBe(409);
    expect(answer.json()).toMatchObject({ errorCode: 'bankConnectionFailure' });
    expect((await rowOf(requestId)).status).toBe('initiated');
  });

  it('refuses data Flinks tagged for another request even when the page says otherwise', async () => {
    const requestId = await start(camille);
    const elsewhere = fake.addLogin({
      holderName: 'Camille Tremblay',
      tag: '0c1d2e3f-4a5b-4c6d-8e7f-8a9b0c1d2e3f',
    });
    expect(
      (await handOver(camille, requestId, { loginId: elsewhere, tag: requestId })).statusCode,
    ).toBe(202);
    await app.bankConnectionRetrievals.idle();
    expect(await statusOf(camille)).toMatchObject({
      status: 'FAILED',
      failure: 'loginNotForThisRequest',
    });
  });

  it('only the person’s own request takes a login; the body is checked', async () => {
    const { requestId, login } = await attempt(camille);
    expect((await handOver(stranger, requestId, login)).statusCode).toBe(404);
    const invalid = await handOver(camille, requestId, { loginId: 'not a login', tag: requestId });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toMatchObject({
      errorCode: 'invalidInput',
      fields: { loginId: 'invalid' },
    });
    expect((await rowOf(requestId)).status).toBe('initiated');
  });

  it('an account held by someone else is read, flagged as not the applicant’s', async () => {
    fake.setHolderName('Alex Martin');
    const { requestId, login } = await attempt(camille);
    await handOver(camille, requestId, login);
    await app.bankConnectionRetrievals.idle();
    const { accounts } = (await call(camille, 'GET', `accounts/detail/async/${requestId}`)).json<{
      accounts: AccountBody[];
    }>();
    expect(accounts[0]).toMatchObject({ holderName: 'Alex Martin', holderMatches: false });
  });

  it('Flinks down while reading: FAILED (vendorDown), nothing else changed, and a new attempt connects', async () => {
    const { requestId, login } = await attempt(camille);
    fake.failNext(100);
    await handOver(camille, requestId, login);
    await app.bankConnectionRetrievals.idle();
    expect(await statusOf(camille)).toMatchObject({ status: 'FAILED', failure: 'vendorDown' });
    const refused = await call(camille, 'GET', `accounts/detail/async/${requestId}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ errorCode: 'bankConnectionFailure' });
    // The application is where it was; the person tries again (or uploads a void cheque).
    fake.failNext(0);
    const retry = await attempt(camille);
    await handOver(camille, retry.requestId, retry.login);
    await app.bankConnectionRetrievals.idle();
    expect((await statusOf(camille)).status).toBe('CONNECTED');
  });

  it('Flinks down when the frame is asked for: 503 bankConnectionUnavailable, nothing lost', async () => {
    const requestId = await start(camille);
    fake.failNext(2);
    const frame = await call(camille, 'GET', `IframeUrl/${requestId}`);
    expect(frame.statusCode).toBe(503);
    expect(frame.json()).toMatchObject({ errorCode: 'bankConnectionUnavailable' });
    expect((await rowOf(requestId)).status).toBe('initiated');
  });
});
