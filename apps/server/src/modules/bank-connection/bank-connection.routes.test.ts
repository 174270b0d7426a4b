import { Writable } from 'node:stream';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BANK_CONNECTION_PENDING_LIMIT_MS } from '@portal/domain/constants';
import {
  bankAccounts,
  bankConnectionRequests,
  clientAccounts,
  fundingRequests,
} from '../../db/schema.ts';
import { webhookSecretOf } from '../../config.ts';
import { signWebhook, WEBHOOK_SIGNATURE_HEADER } from '../../lib/webhooks/webhook-signature.ts';
import { BANK_CONNECTION_WEBHOOK_ROLE } from '../../providers/bank-connection/bank-connection-provider.ts';
import { applicationAtReview } from '../../test/applications.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { bearer, signedInUser, type TestUser } from '../../test/users.ts';
import { userIdOf } from '../identity/identity.fixtures.ts';
import { bankAccountContext } from '../funding/funding.service.ts';
import { logText } from '../../test/log-text.ts';

const API = '/service/jaxrs/bankConnection';
const PENDING_MS = 5_000;
const form = { 'content-type': 'application/x-www-form-urlencoded' };

interface StatusBody {
  status: string;
  requestId: string | null;
  loginId: string | null;
  failure: string | null;
  pendingSince: string | null;
}
interface AccountBody {
  accountId: string;
  holderName: string;
  institutionName: string;
  institutionNumber: string;
  transitNumber: string;
  accountNumberMasked: string;
  currency: string;
  type: string;
  holderMatches: boolean;
}
interface BankAccountBody {
  id: string;
  bankAccountNumber: string;
  nickname: string;
  financialInstitutionId: string;
  financialInstitutionName: string;
  transitNumber: string;
  currencyTypeId: number;
  source: string;
  flinksBankAccountId?: string;
  holderName?: string;
}

const hidden = (html: string, name: string) =>
  new RegExp(`name="${name}" value="([^"]+)"`).exec(html)?.[1] ?? '';

describe('bank connection API (bankConnection/...) with the sandbox vendor', () => {
  let test: TestApp;
  let app: FastifyInstance;
  let camille: TestUser;
  let stranger: TestUser;
  let applicationId: string;
  let strangerApplicationId: string;
  /** The module's clock: moved past the 30-minute limit by the tests that need it. */
  let clockOffsetMs = 0;
  const log: string[] = [];

  beforeAll(async () => {
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        log.push(chunk.toString('utf8'));
        done();
      },
    });
    test = await createTestApp(
      { logLevel: 'info' },
      {
        logStream: stream,
        bankConnection: {
          pendingMs: PENDING_MS,
          now: () => new Date(Date.now() + clockOffsetMs),
        },
      },
    );
    app = test.app;
    camille = await signedInUser(app, 'camille');
    stranger = await signedInUser(app, 'stranger');
    // Their profiles name them Camille Tremblay (the test fixtures' applicant).
    applicationId = (await applicationAtReview(app, camille.token)).id;
    strangerApplicationId = (await applicationAtReview(app, stranger.token)).id;
  });
  afterAll(() => test?.close());

  const call = (
    user: TestUser,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    path: string,
    payload?: object,
  ) =>
    app.inject({
      method,
      url: `${API}/${path}`,
      headers: bearer(user.token),
      ...(payload && { payload }),
    });

  const start = async (user: TestUser) => {
    const response = await call(user, 'POST', 'request');
    expect(response.statusCode).toBe(201);
    return response.json<{ requestId: string }>().requestId;
  };
  const statusOf = async (user: TestUser) => {
    const response = await call(user, 'GET', 'FlBAConnectionStatus/');
    expect(response.statusCode).toBe(200);
    return response.json<StatusBody>();
  };
  const detail = (user: TestUser, requestId: string, appId = applicationId, extra = {}) =>
    call(user, 'POST', `getAccountsDetail/${appId}`, {
      requestId,
      accountsFilter: [],
      loginId: null,
      ...extra,
    });

  /** Opens the frame of the request like the funding step does, then signs in there. */
  async function signIn(
    user: TestUser,
    requestId: string,
    fields: { username: string; password: string; institution?: string },
  ) {
    const { url } = (await call(user, 'GET', `IframeUrl/${requestId}`)).json<{ url: string }>();
    const page = await app.inject({ method: 'GET', url });
    expect(page.statusCode).toBe(200);
    return app.inject({
      method: 'POST',
      url: '/sandbox/bank-connection/connect',
      headers: form,
      payload: new URLSearchParams({
        request: requestId,
        token: hidden(page.body, 'token'),
        lang: 'en',
        institution: fields.institution ?? 'laurentian-sandbox',
        username: fields.username,
        password: fields.password,
      }).toString(),
    });
  }

  /** A request connected through the frame, its webhook delivered. */
  async function connected(user: TestUser, username: string) {
    const requestId = await start(user);
    const result = await signIn(user, requestId, { username, password: 'hunter2' });
    expect(result.body).toContain('data-status="CONNECTED"');
    await app.sandboxWebhooks.runOnce();
    return requestId;
  }

  const rowOf = async (requestId: string) =>
    (
      await app.db
        .select()
        .from(bankConnectionRequests)
        .where(eq(bankConnectionRequests.id, requestId))
    )[0]!;

  it('refuses every call without a signed-in person', async () => {
    const response = await app.inject({ method: 'POST', url: `${API}/request` });
    expect(response.statusCode).toBe(401);
  });

  it('POST request opens a request (no body) and cancels an older open one', async () => {
    const first = await start(camille);
    expect(await statusOf(camille)).toEqual({
      status: 'INITIATED',
      requestId: first,
      loginId: null,
      failure: null,
      pendingSince: null,
    });
    const second = await start(camille);
    expect(second).not.toBe(first);
    expect((await rowOf(first)).status).toBe('cancelled');
    expect((await statusOf(camille)).requestId).toBe(second);
  });

  it('IframeUrl answers the sandbox frame of the request and its vendor, in the language the client asks in (Accept-Language)', async () => {
    const requestId = await start(camille);
    const english = await call(camille, 'GET', `IframeUrl/${requestId}`);
    expect(english.statusCode).toBe(200);
    expect(english.headers['cache-control']).toBe('private, no-store');
    expect(english.json()).toEqual({
      url: `/sandbox/bank-connection/connect?request=${requestId}&lang=en`,
      vendor: 'sandbox',
    });
    const french = await app.inject({
      method: 'GET',
      url: `${API}/IframeUrl/${requestId}`,
      headers: { ...bearer(camille.token), 'accept-language': 'fr' },
    });
    expect(french.json<{ url: string }>().url).toMatch(/&lang=fr$/);
  });

  it('takes no login from the page: the sandbox tells its outcome by webhook (404)', async () => {
    const requestId = await start(camille);
    const response = await call(camille, 'POST', `request/${requestId}/login`, {
      loginId: '5e115eac-1209-4f19-641c-08d6d484e2fe',
      tag: requestId,
    });
    expect(response.statusCode).toBe(404);
    expect((await rowOf(requestId)).status).toBe('initiated');
  });

  it('success: any username and password connect; the accounts are listed masked, holder matched', async () => {
    const requestId = await connected(camille, 'camille-success');
    const status = await statusOf(camille);
    expect(status).toMatchObject({ status: 'CONNECTED', requestId, failure: null });
    expect(status.loginId).toMatch(/^[0-9a-f-]{36}$/);

    const response = await detail(camille, requestId, applicationId, { loginId: status.loginId });
    expect(response.statusCode).toBe(200);
    const { accounts } = response.json<{ accounts: AccountBody[] }>();
    expect(accounts).toHaveLength(2);
    expect(accounts[0]).toMatchObject({
      holderName: 'Camille Tremblay',
      institutionName: 'Laurentian Sandbox Bank',
      institutionNumber: '039',
      accountNumberMasked: '•••••123',
      currency: 'CAD',
      type: 'chequing',
      holderMatches: true,
    });
    expect(accounts[0]!.transitNumber).toMatch(/^\d{5}$/);
    expect(accounts[1]).toMatchObject({ type: 'savings', accountNumberMasked: '•••••456' });

    // accountsFilter keeps the accounts named; the async detail answers the same.
    const filtered = await detail(camille, requestId, applicationId, {
      accountsFilter: [accounts[1]!.accountId],
    });
    expect(filtered.json<{ accounts: AccountBody[] }>().accounts.map((a) => a.type)).toEqual([
      'savings',
    ]);
    const async = await call(camille, 'GET', `accounts/detail/async/${requestId}`);
    expect(async.statusCode).toBe(200);
    expect(async.json()).toEqual({ accounts });
    // The request now names the application it funds.
    expect((await rowOf(requestId)).applicationId).toBe(applicationId);
  });

  it('PUT request keeps the chosen account: number encrypted at rest and fingerprinted, masked in the answer', async () => {
    const requestId = await connected(camille, 'camille-put');
    const [chequing] = (await detail(camille, requestId)).json<{ accounts: AccountBody[] }>()
      .accounts;
    const response = await call(camille, 'PUT', 'request', {
      flinksStatusType: 'COMPLETED',
      accountSelected: chequing!.accountId,
      canceledByClient: false,
    });
    expect(response.statusCode).toBe(200);
    const { bankAccount } = response.json<{ bankAccount: BankAccountBody }>();
    expect(bankAccount).toMatchObject({
      bankAccountNumber: '•••••123',
      nickname: 'Chequing',
      financialInstitutionId: '039',
      // Our table's name for institution 039 wins over the vendor's label.
      financialInstitutionName: 'Laurentian Bank of Canada',
      transitNumber: chequing!.transitNumber,
      currencyTypeId: 1,
      source: 'connection',
      flinksBankAccountId: bankAccount.id,
      holderName: 'Camille Tremblay',
    });

    const [row] = await app.db
      .select()
      .from(bankAccounts)
      .where(eq(bankAccounts.id, bankAccount.id));
    const clear = app.cipher.decrypt(
      row!.accountNumberEncrypted,
      bankAccountContext(row!.id, 'accountNumber'),
    );
    expect(clear).toMatch(/^\d{4}123$/);
    expect(row!.accountNumberEncrypted).not.toContain(clear);
    expect(JSON.stringify(row)).not.toContain(clear);
    expect(row).toMatchObject({
      source: 'connection',
      accountNumberLast3: '123',
      connectionId: requestId,
      holderMatches: true,
    });
    expect(row!.accountNumberHash).not.toContain(clear);
    expect(row!.holderNameEncrypted).not.toContain('Tremblay');
    // The vendor's account list is encrypted on the request too.
    expect((await rowOf(requestId)).accountsEncrypted).not.toContain(clear);
  });

  it('already connected: the same account again answers 409 bankAccountAlreadyConnected', async () => {
    const first = await connected(camille, 'camille-twice');
    const [account] = (await detail(camille, first)).json<{ accounts: AccountBody[] }>().accounts;
    const choose = (accountSelected: string) =>
      call(camille, 'PUT', 'request', {
        flinksStatusType: 'COMPLETED',
        accountSelected,
        canceledByClient: false,
      });
    expect((await choose(account!.accountId)).statusCode).toBe(200);
    // The same login connected a second time reports the same accounts.
    const second = await connected(camille, 'camille-twice');
    const [again] = (await detail(camille, second)).json<{ accounts: AccountBody[] }>().accounts;
    expect(again!.accountId).toBe(account!.accountId);
    const refused = await choose(again!.accountId);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      errorCode: 'bankAccountAlreadyConnected',
      message: 'This bank account is already connected.',
    });
    // In French, the domain's own text, as the funding screens show it.
    const inFrench = await app.inject({
      method: 'PUT',
      url: `${API}/request`,
      headers: { ...bearer(camille.token), 'accept-language': 'fr-CA' },
      payload: {
        flinksStatusType: 'COMPLETED',
        accountSelected: again!.accountId,
        canceledByClient: false,
      },
    });
    expect(inFrench.json()).toMatchObject({
      errorCode: 'bankAccountAlreadyConnected',
      message: 'Ce compte bancaire est déjà connecté.',
    });
  });

  it('PUT request with an account the connection did not report answers 404, without one 400', async () => {
    await connected(camille, 'camille-unknown-account');
    const unknown = await call(camille, 'PUT', 'request', {
      flinksStatusType: 'COMPLETED',
      accountSelected: randomUUID(),
      canceledByClient: false,
    });
    expect(unknown.statusCode).toBe(404);
    const missing = await call(camille, 'PUT', 'request', {
      flinksStatusType: 'COMPLETED',
      accountSelected: null,
      canceledByClient: false,
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ fields: { accountSelected: 'required' } });
  });

  it('wrong password: the frame says so and keeps the username; the next try connects', async () => {
    const requestId = await start(camille);
    const wrong = await signIn(camille, requestId, {
      username: 'camille-wrong',
      password: 'wrong',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.body).toContain('The username or password is not right.');
    expect(wrong.body).toContain('value="camille-wrong"');
    await app.sandboxWebhooks.runOnce();
    expect((await statusOf(camille)).status).toBe('INITIATED');
    const right = await signIn(camille, requestId, {
      username: 'camille-wrong',
      password: 'right',
    });
    expect(right.body).toContain('data-status="CONNECTED"');
    await app.sandboxWebhooks.runOnce();
    expect((await statusOf(camille)).status).toBe('CONNECTED');
  });

  it('security question: a wrong answer is refused, Biscuit (any case) connects', async () => {
    const requestId = await start(camille);
    const question = await signIn(camille, requestId, {
      username: 'camille-pet',
      password: 'question',
      institution: 'desjardins',
    });
    expect(question.statusCode).toBe(200);
    expect(question.body).toContain('What was the name of your first pet?');
    const answer = (value: string) =>
      app.inject({
        method: 'POST',
        url: '/sandbox/bank-connection/question',
        headers: form,
        payload: new URLSearchParams({
          request: requestId,
          token: hidden(question.body, 'token'),
          questionToken: hidden(question.body, 'questionToken'),
          institution: 'desjardins',
          username: 'camille-pet',
          lang: 'en',
          answer: value,
        }).toString(),
      });
    const wrong = await answer('Rex');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.body).toContain('That answer is not right.');
    await app.sandboxWebhooks.runOnce();
    expect((await statusOf(camille)).status).toBe('INITIATED');
    const right = await answer('BISCUIT');
    expect(right.body).toContain('data-status="CONNECTED"');
    await app.sandboxWebhooks.runOnce();
    expect((await statusOf(camille)).status).toBe('CONNECTED');
    const { accounts } = (await detail(camille, requestId)).json<{ accounts: AccountBody[] }>();
    expect(accounts[0]).toMatchObject({ institutionNumber: '815', institutionName: 'Desjardins' });
  });

  it('pending: 202 while the bank answers, connected once pendingMs has passed', async () => {
    const requestId = await start(camille);
    const result = await signIn(camille, requestId, {
      username: 'camille-slow',
      password: 'pending',
    });
    expect(result.body).toContain('data-status="PENDING"');
    await app.sandboxWebhooks.runOnce();
    const pending = await statusOf(camille);
    expect(pending.status).toBe('PENDING');
    expect(pending.pendingSince).not.toBeNull();
    const waiting = await detail(camille, requestId);
    expect(waiting.statusCode).toBe(202);
    expect(waiting.json()).toEqual({ pending: true });
    expect((await call(camille, 'GET', `accounts/detail/async/${requestId}`)).statusCode).toBe(202);

    // Not before pendingMs...
    await app.sandboxWebhooks.runOnce(new Date(Date.now() + PENDING_MS - 1_000));
    expect((await statusOf(camille)).status).toBe('PENDING');
    // ...then the vendor calls back with the accounts.
    await app.sandboxWebhooks.runOnce(new Date(Date.now() + PENDING_MS + 1_000));
    expect((await statusOf(camille)).status).toBe('CONNECTED');
    expect((await detail(camille, requestId)).statusCode).toBe(200);
  });

  it('stuck: pending answers EXPIRED after 30 minutes (and is stored expired)', async () => {
    const requestId = await start(camille);
    await signIn(camille, requestId, { username: 'camille-stuck', password: 'stuck' });
    await app.sandboxWebhooks.runOnce(new Date(Date.now() + 60 * 60_000));
    try {
      clockOffsetMs = BANK_CONNECTION_PENDING_LIMIT_MS - 60_000;
      expect((await statusOf(camille)).status).toBe('PENDING');
      clockOffsetMs = BANK_CONNECTION_PENDING_LIMIT_MS + 1_000;
      expect((await statusOf(camille)).status).toBe('EXPIRED');
      expect((await rowOf(requestId)).status).toBe('expired');
      const refused = await detail(camille, requestId);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ errorCode: 'bankConnectionExpired' });
    } finally {
      clockOffsetMs = 0;
    }
  });

  it('vendor down: FAILED with vendorDown; the accounts answer bankConnectionFailure', async () => {
    const requestId = await start(camille);
    const result = await signIn(camille, requestId, { username: 'down', password: 'any' });
    expect(result.body).toContain('data-status="FAILED"');
    expect(result.body).toContain('We could not connect to your bank');
    await app.sandboxWebhooks.runOnce();
    expect(await statusOf(camille)).toMatchObject({ status: 'FAILED', failure: 'vendorDown' });
    const refused = await detail(camille, requestId);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ errorCode: 'bankConnectionFailure' });
  });

  it('holder mismatch: otherholder’s accounts are Alex Martin’s, flagged on the detail and the row', async () => {
    const requestId = await connected(camille, 'otherholder');
    const { accounts } = (await detail(camille, requestId)).json<{ accounts: AccountBody[] }>();
    expect(accounts[0]).toMatchObject({ holderName: 'Alex Martin', holderMatches: false });
    const response = await call(camille, 'PUT', 'request', {
      flinksStatusType: 'COMPLETED',
      accountSelected: accounts[0]!.accountId,
      canceledByClient: false,
    });
    expect(response.statusCode).toBe(200);
    const { bankAccount } = response.json<{ bankAccount: BankAccountBody }>();
    const [row] = await app.db
      .select()
      .from(bankAccounts)
      .where(eq(bankAccounts.id, bankAccount.id));
    expect(row!.holderMatches).toBe(false);
  });

  it('canceledByClient: the open request is cancelled and the status is NONE', async () => {
    const requestId = await start(camille);
    const response = await call(camille, 'PUT', 'request', {
      flinksStatusType: 'CANCELLED',
      accountSelected: null,
      canceledByClient: true,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ cancelled: true });
    expect((await rowOf(requestId)).status).toBe('cancelled');
    expect((await statusOf(camille)).status).toBe('NONE');
  });

  it('authorize/{loginId} connects a known login again at once, in a new request', async () => {
    const first = await connected(camille, 'camille-again');
    const { loginId } = await statusOf(camille);
    const response = await call(camille, 'GET', `authorize/${loginId}`);
    expect(response.statusCode).toBe(200);
    const body = response.json<{ requestId: string; status: string }>();
    expect(body.status).toBe('CONNECTED');
    expect(body.requestId).not.toBe(first);
    const { accounts } = (
      await call(camille, 'GET', `accounts/detail/async/${body.requestId}`)
    ).json<{
      accounts: AccountBody[];
    }>();
    expect(accounts.map((a) => a.accountNumberMasked)).toEqual(['•••••123', '•••••456']);
    expect((await call(camille, 'GET', 'authorize/not-a-login-of-mine')).statusCode).toBe(404);
  });

  it('deleteCard removes a connected account (204), refuses one a contribution uses (409 inUse)', async () => {
    const requestId = await connected(camille, 'camille-delete');
    const accounts = (await detail(camille, requestId)).json<{ accounts: AccountBody[] }>()
      .accounts;
    const keep = async (accountId: string) =>
      (
        await call(camille, 'PUT', 'request', {
          flinksStatusType: 'COMPLETED',
          accountSelected: accountId,
          canceledByClient: false,
        })
      ).json<{ bankAccount: BankAccountBody }>().bankAccount.id;
    const free = await keep(accounts[0]!.accountId);
    const used = await keep(accounts[1]!.accountId);

    const userId = await userIdOf(app, camille);
    const [toAccount] = await app.db
      .insert(clientAccounts)
      .values({
        applicationId,
        ownerUserId: userId,
        accountTypeName: 'tfsa',
        accountTypeId: 1,
        currencyTypeId: 1,
        ownershipTypeId: 1,
        eftEligible: true,
      })
      .returning();
    await app.db.insert(fundingRequests).values({
      id: randomUUID(),
      userId,
      applicationId,
      toAccountId: toAccount!.id,
      bankAccountId: used,
      fundingTypeId: 3,
      frequencyId: 5,
      amountCents: 10_000,
      startDate: '2026-12-15',
      status: 51,
      preNotificationWaived: false,
      agreementId: randomUUID(),
    });

    const inUse = await call(camille, 'DELETE', `deleteCard/${used}`);
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json()).toMatchObject({ errorCode: 'inUse' });

    expect((await call(stranger, 'DELETE', `deleteCard/${free}`)).statusCode).toBe(404);
    const removed = await call(camille, 'DELETE', `deleteCard/${free}`);
    expect(removed.statusCode).toBe(204);
    const [row] = await app.db.select().from(bankAccounts).where(eq(bankAccounts.id, free));
    expect(row!.deletedAt).not.toBeNull();
    expect((await call(camille, 'DELETE', `deleteCard/${free}`)).statusCode).toBe(404);
  });

  it("another client's request, application, login and account ids answer 404", async () => {
    const requestId = await connected(camille, 'camille-private');
    const { loginId } = await statusOf(camille);
    const notFound = async (response: Promise<{ statusCode: number; json: () => unknown }>) => {
      const answered = await response;
      expect(answered.statusCode).toBe(404);
      expect(answered.json()).toMatchObject({ errorCode: 'notFound' });
    };
    await notFound(call(stranger, 'GET', `IframeUrl/${requestId}`));
    await notFound(call(stranger, 'GET', `accounts/detail/async/${requestId}`));
    await notFound(detail(stranger, requestId, strangerApplicationId));
    await notFound(detail(camille, requestId, strangerApplicationId));
    await notFound(call(stranger, 'GET', `authorize/${loginId}`));
    // The stranger's own status knows nothing of Camille's request.
    expect((await statusOf(stranger)).requestId).not.toBe(requestId);
  });

  it('a webhook that is not signed by the vendor is refused and changes nothing', async () => {
    const requestId = await start(camille);
    const response = await app.inject({
      method: 'POST',
      url: '/webhooks/bank-connection',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({
        id: randomUUID(),
        type: 'login.failed',
        occurredAt: new Date().toISOString(),
        data: { requestId, loginId: 'x', failure: 'vendorDown' },
      }),
    });
    expect(response.statusCode).toBe(401);
    expect((await rowOf(requestId)).status).toBe('initiated');
  });

  it('a signed event for a request it does not know: 503 until ten minutes after the event, then kept for staff; bad data kept at once', async () => {
    const secret = webhookSecretOf(
      { appSecret: 'test-secret-test-secret-test-secret-0001' },
      BANK_CONNECTION_WEBHOOK_ROLE,
    );
    const event = (data: object) =>
      JSON.stringify({
        id: randomUUID(),
        type: 'login.connected',
        occurredAt: new Date().toISOString(),
        data,
      });
    /** Delivered on the module's clock moved by `offsetMs`, signed then. */
    const deliver = (body: string, offsetMs: number) => {
      clockOffsetMs = offsetMs;
      return app.inject({
        method: 'POST',
        url: '/webhooks/bank-connection',
        headers: {
          'content-type': 'application/json',
          [WEBHOOK_SIGNATURE_HEADER]: signWebhook(secret, body, new Date(Date.now() + offsetMs)),
        },
        payload: body,
      });
    };
    try {
      const unknown = event({ requestId: randomUUID(), loginId: 'login-1' });
      expect((await deliver(unknown, 0)).statusCode).toBe(503);
      expect((await deliver(unknown, 9 * 60_000)).statusCode).toBe(503);
      const kept = await deliver(unknown, 10 * 60_000);
      expect(kept.statusCode).toBe(200);
      expect(kept.json()).toMatchObject({ kept: true });
      const malformed = await deliver(event({ requestId: 'not-a-uuid' }), 0);
      expect(malformed.statusCode).toBe(200);
      expect(malformed.json()).toMatchObject({ kept: true });
    } finally {
      clockOffsetMs = 0;
    }
  });

  it('never writes a bank account number or holder name to the log', async () => {
    const rows = await app.db.select().from(bankAccounts);
    expect(rows.length).toBeGreaterThan(0);
    const text = logText(log);
    expect(text).toContain('"path":"/service/jaxrs/bankConnection/request"');
    for (const row of rows) {
      const clear = app.cipher.decrypt(
        row.accountNumberEncrypted,
        bankAccountContext(row.id, 'accountNumber'),
      );
      expect(text).not.toContain(clear);
    }
    expect(text).not.toContain('Tremblay');
    expect(text).not.toContain('hunter2');
  });
});
