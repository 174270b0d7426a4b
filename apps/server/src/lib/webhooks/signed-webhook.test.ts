import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../db/client.ts';
import { createTestDatabase } from '../../test/test-app.ts';
import { cipherFromConfig, fieldCipher } from '../crypto/field-cipher-plugin.ts';
import {
  queueSandboxWebhook,
  sandboxWebhooks,
} from '../../providers/sandbox-webhooks/sandbox-webhooks.ts';
import { registerSignedWebhook, type WebhookEvent } from './signed-webhook-route.ts';
import { WEBHOOK_SIGNATURE_HEADER, signWebhook } from './webhook-signature.ts';

const secret = 'the-vendor-and-we-share-this';
let testDatabase: Awaited<ReturnType<typeof createTestDatabase>>;
let database: DatabaseHandle;
let app: FastifyInstance;
const handled: WebhookEvent[] = [];
let failNext = false;
/** The second vendor's route calls the vendor back first (`prepare`): what it saw. */
const prepared: string[] = [];
const handledWithPrepared: { id: string; prepared: string }[] = [];
let failPrepareNext = false;

beforeAll(async () => {
  testDatabase = await createTestDatabase();
  database = await openDatabase(testDatabase.config);
  await database.migrate(async () => {});
  const cipher = cipherFromConfig(undefined, 'test-secret-test-secret-test-secret-0001');
  app = Fastify({ logger: false });
  app.decorate('db', database.db);
  await app.register(fieldCipher, { cipher });
  await registerSignedWebhook(app, {
    path: '/webhooks/test-vendor',
    role: 'test-vendor',
    secret,
    handle: async (_tx, event) => {
      if (failNext) {
        failNext = false;
        throw new Error('the handler failed');
      }
      handled.push(event);
    },
  });
  await registerSignedWebhook(app, {
    path: '/webhooks/calling-back',
    role: 'calling-back',
    secret,
    prepare: async (event) => {
      if (failPrepareNext) {
        failPrepareNext = false;
        throw new Error('the vendor did not answer');
      }
      prepared.push(event.id);
      return `vendor says ${String(event.data.outcome)}`;
    },
    handle: async (_tx, event, vendorSays) => {
      handledWithPrepared.push({ id: event.id, prepared: vendorSays });
    },
  });
  await app.register(sandboxWebhooks, { cipher, secretOf: () => secret, pollMs: 0 });
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await database?.close();
  await testDatabase?.drop();
});

const event = (id: string) =>
  JSON.stringify({
    id,
    type: 'decision.made',
    occurredAt: new Date().toISOString(),
    data: { outcome: 'approved' },
  });

const deliver = (body: string, signature = signWebhook(secret, body)) =>
  app.inject({
    method: 'POST',
    url: '/webhooks/test-vendor',
    headers: { 'content-type': 'application/json', [WEBHOOK_SIGNATURE_HEADER]: signature },
    payload: body,
  });

describe('a signed webhook route', () => {
  it('handles a correctly signed event once, and answers a replay 200 without handling it again', async () => {
    const body = event(`evt-${Date.now()}`);
    const first = await deliver(body);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ received: true, duplicate: false });
    const replay = await deliver(body);
    expect(replay.json()).toEqual({ received: true, duplicate: true });
    expect(handled.filter((e) => e.id === JSON.parse(body).id)).toHaveLength(1);
  });

  it('refuses a wrongly signed or unsigned event with 401 and handles nothing', async () => {
    const before = handled.length;
    const body = event('evt-forged');
    expect((await deliver(body, signWebhook('guessed-secret', body))).statusCode).toBe(401);
    expect((await deliver(body, '')).statusCode).toBe(401);
    const tampered = await deliver(body.replace('approved', 'declined'), signWebhook(secret, body));
    expect(tampered.statusCode).toBe(401);
    expect(handled.length).toBe(before);
    // Refused events leave no receipt: the genuine delivery still counts afterwards.
    expect((await deliver(body)).json()).toEqual({ received: true, duplicate: false });
  });

  it('refuses a signed body that is not an event with 400', async () => {
    const body = JSON.stringify({ hello: 'world' });
    expect((await deliver(body)).statusCode).toBe(400);
  });

  it('rolls back the receipt when the handler fails, so the vendor retry is handled', async () => {
    const body = event('evt-retry');
    failNext = true;
    expect((await deliver(body)).statusCode).toBe(500);
    expect((await deliver(body)).json()).toEqual({ received: true, duplicate: false });
    expect(handled.filter((e) => e.id === 'evt-retry')).toHaveLength(1);
  });
});

describe('a signed webhook route that calls the vendor back first (prepare)', () => {
  const deliverCallingBack = (body: string) =>
    app.inject({
      method: 'POST',
      url: '/webhooks/calling-back',
      headers: {
        'content-type': 'application/json',
        [WEBHOOK_SIGNATURE_HEADER]: signWebhook(secret, body),
      },
      payload: body,
    });

  it('hands what prepare found to handle, and neither runs again for a replay', async () => {
    const body = event('evt-prepared');
    expect((await deliverCallingBack(body)).json()).toEqual({ received: true, duplicate: false });
    expect(handledWithPrepared).toEqual([{ id: 'evt-prepared', prepared: 'vendor says approved' }]);
    expect((await deliverCallingBack(body)).json()).toEqual({ received: true, duplicate: true });
    expect(prepared.filter((id) => id === 'evt-prepared')).toHaveLength(1);
    expect(handledWithPrepared).toHaveLength(1);
  });

  it('answers 500 and keeps no receipt when prepare fails, so the retry is handled', async () => {
    const body = event('evt-prepare-fails');
    failPrepareNext = true;
    expect((await deliverCallingBack(body)).statusCode).toBe(500);
    expect(handledWithPrepared.some((entry) => entry.id === 'evt-prepare-fails')).toBe(false);
    expect((await deliverCallingBack(body)).json()).toEqual({ received: true, duplicate: false });
    expect(handledWithPrepared.filter((entry) => entry.id === 'evt-prepare-fails')).toHaveLength(1);
  });

  it('does not call prepare for a wrongly signed body', async () => {
    const before = prepared.length;
    const body = event('evt-forged-prepare');
    const response = await app.inject({
      method: 'POST',
      url: '/webhooks/calling-back',
      headers: {
        'content-type': 'application/json',
        [WEBHOOK_SIGNATURE_HEADER]: signWebhook('guessed', body),
      },
      payload: body,
    });
    expect(response.statusCode).toBe(401);
    expect(prepared.length).toBe(before);
  });
});

describe('the sandbox vendors’ webhook dispatcher', () => {
  it('delivers a queued decision only once it is due, signed, and only once', async () => {
    const queuedAt = new Date();
    const id = await queueSandboxWebhook(
      app.db,
      app.cipher,
      {
        role: 'test-vendor',
        path: '/webhooks/test-vendor',
        type: 'check.done',
        data: { n: 1 },
        delayMs: 5000,
      },
      queuedAt,
    );
    expect(await app.sandboxWebhooks.runOnce(new Date(queuedAt.getTime() + 4000))).toBe(0);
    expect(handled.some((e) => e.id === id)).toBe(false);
    expect(await app.sandboxWebhooks.runOnce(new Date(queuedAt.getTime() + 5000))).toBe(1);
    expect(handled.find((e) => e.id === id)?.data).toEqual({ n: 1 });
    expect(await app.sandboxWebhooks.runOnce(new Date(queuedAt.getTime() + 60_000))).toBe(0);
  });

  it('retries a delivery the receiver refused, later', async () => {
    const queuedAt = new Date();
    const id = await queueSandboxWebhook(
      app.db,
      app.cipher,
      { role: 'test-vendor', path: '/webhooks/test-vendor', type: 'check.done', data: {} },
      queuedAt,
    );
    failNext = true;
    expect(await app.sandboxWebhooks.runOnce(queuedAt)).toBe(0);
    expect(await app.sandboxWebhooks.runOnce(new Date(queuedAt.getTime() + 500))).toBe(0);
    expect(await app.sandboxWebhooks.runOnce(new Date(queuedAt.getTime() + 1000))).toBe(1);
    expect(handled.filter((e) => e.id === id)).toHaveLength(1);
  });
});
