import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../db/client.ts';
import { createTestDatabase } from '../../test/test-app.ts';
import { cipherFromConfig, fieldCipher } from '../crypto/field-cipher-plugin.ts';
import {
  queueSandboxWebhook,
  sandboxWebhooks,
} from '../../providers/sandbox-webhooks/sandbox-webhooks.ts';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { webhookReceipts } from '../../db/schema.ts';
import {
  keptEventContext,
  registerSignedWebhook,
  timestampedSignature,
  UnknownWebhookReference,
  type WebhookEvent,
} from './signed-webhook-route.ts';
import {
  WEBHOOK_SIGNATURE_HEADER,
  WEBHOOK_TOLERANCE_SECONDS,
  signWebhook,
} from './webhook-signature.ts';

const secret = 'the-vendor-and-we-share-this';
let testDatabase: Awaited<ReturnType<typeof createTestDatabase>>;
let database: DatabaseHandle;
let app: FastifyInstance;
const handled: WebhookEvent[] = [];
/** The picky vendor's route's clock. */
let clock = new Date('2026-11-28T15:00:00Z');
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
    verify: timestampedSignature(secret),
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
    verify: timestampedSignature(secret),
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
  // A vendor whose events name references of ours, on a clock the tests move.
  await registerSignedWebhook(app, {
    path: '/webhooks/picky-vendor',
    role: 'picky-vendor',
    verify: timestampedSignature(secret),
    now: () => clock,
    handle: async (_tx, event) => {
      const data = z.object({ reference: z.string() }).parse(event.data);
      if (data.reference !== 'known') throw new UnknownWebhookReference('no such reference');
      handled.push(event);
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

describe('a signed event the route cannot use (issue 30, B-F7)', () => {
  const occurredAt = new Date('2026-11-28T15:00:00Z');
  const pickyEvent = (id: string, data: Record<string, unknown>) =>
    JSON.stringify({ id, type: 'check.done', occurredAt: occurredAt.toISOString(), data });
  /** Delivered at `at` on the route's clock, signed then, as a vendor's retry is. */
  const deliverAt = (at: Date, body: string) => {
    clock = at;
    return app.inject({
      method: 'POST',
      url: '/webhooks/picky-vendor',
      headers: {
        'content-type': 'application/json',
        [WEBHOOK_SIGNATURE_HEADER]: signWebhook(secret, body, at),
      },
      payload: body,
    });
  };
  const receiptOf = async (eventId: string) => {
    const [row] = await app.db
      .select()
      .from(webhookReceipts)
      .where(and(eq(webhookReceipts.role, 'picky-vendor'), eq(webhookReceipts.eventId, eventId)));
    return row;
  };
  const at = (ms: number) => new Date(occurredAt.getTime() + ms);

  it('answers 200 to data that fails the schema, and keeps the event for staff, encrypted', async () => {
    const body = pickyEvent('evt-unusable', { reference: 42 });
    const answer = await deliverAt(at(1_000), body);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ received: true, duplicate: false, kept: true });
    const receipt = await receiptOf('evt-unusable');
    expect(receipt).toMatchObject({ problem: 'unusable', eventType: 'check.done' });
    expect(receipt?.eventEncrypted).not.toContain('reference');
    expect(
      app.cipher.decrypt(
        receipt!.eventEncrypted!,
        keptEventContext('picky-vendor', 'evt-unusable'),
      ),
    ).toBe(body);
    // The vendor's retry changes nothing.
    expect((await deliverAt(at(2_000), body)).json()).toEqual({ received: true, duplicate: true });
  });

  it('answers 503 to an unknown reference until ten minutes after the event, then 200 and keeps it', async () => {
    const body = pickyEvent('evt-unknown', { reference: 'not-yet' });
    const early = await deliverAt(at(0), body);
    expect(early.statusCode).toBe(503);
    expect(early.headers['retry-after']).toBe('60');
    expect(early.json().errorCode).toBe('webhookUnknownReference');
    const lastRetry = await deliverAt(at(10 * 60_000 - 1), body);
    expect(lastRetry.statusCode).toBe(503);
    expect(await receiptOf('evt-unknown')).toBeUndefined();

    const kept = await deliverAt(at(10 * 60_000), body);
    expect(kept.statusCode).toBe(200);
    expect(kept.json()).toEqual({ received: true, duplicate: false, kept: true });
    expect(await receiptOf('evt-unknown')).toMatchObject({ problem: 'unknownReference' });
    expect((await deliverAt(at(11 * 60_000), body)).json()).toEqual({
      received: true,
      duplicate: true,
    });
  });

  it('keeps at once an unknown reference dated past the signature’s tolerance in the future', async () => {
    const body = pickyEvent('evt-from-the-future', { reference: 'not-yet' });
    expect((await deliverAt(at(-5 * 60_000), body)).statusCode).toBe(503);
    const kept = await deliverAt(at(-5 * 60_000 - 1), body);
    expect(kept.statusCode).toBe(200);
    expect(kept.json()).toMatchObject({ kept: true });
  });

  it('applies an event whose reference exists once it does, within the ten minutes', async () => {
    const body = pickyEvent('evt-late-commit', { reference: 'known' });
    expect((await deliverAt(at(0), body)).statusCode).toBe(200);
    expect(handled.some((e) => e.id === 'evt-late-commit')).toBe(true);
    expect((await receiptOf('evt-late-commit'))?.problem).toBeNull();
  });
});

describe('the signature’s time, checked by the route (issue 32, item 3)', () => {
  const now = new Date('2026-11-28T16:00:00Z');
  const tolerance = WEBHOOK_TOLERANCE_SECONDS * 1000;
  const knownEvent = (id: string) =>
    JSON.stringify({
      id,
      type: 'check.done',
      occurredAt: now.toISOString(),
      data: { reference: 'known' },
    });
  /** Delivered now, correctly signed `offsetMs` away from now (a replay, or a clock ahead). */
  const deliverSigned = (body: string, offsetMs: number) => {
    clock = now;
    return app.inject({
      method: 'POST',
      url: '/webhooks/picky-vendor',
      headers: {
        'content-type': 'application/json',
        [WEBHOOK_SIGNATURE_HEADER]: signWebhook(secret, body, new Date(now.getTime() + offsetMs)),
      },
      payload: body,
    });
  };
  const receiptOf = async (eventId: string) => {
    const [row] = await app.db
      .select({ eventId: webhookReceipts.eventId })
      .from(webhookReceipts)
      .where(and(eq(webhookReceipts.role, 'picky-vendor'), eq(webhookReceipts.eventId, eventId)));
    return row;
  };
  const handledIds = () => handled.map((event) => event.id);

  it.each([
    [
      'signed more than five minutes ago (a replay of an old delivery)',
      -tolerance - 1_000,
      -tolerance,
    ],
    ['signed more than five minutes ahead', tolerance + 1_000, tolerance],
  ])(
    'refuses an event %s with 401, handling and recording nothing, and takes one within the five minutes',
    async (name, outside, within) => {
      const id = `evt-time-${outside}`;
      const body = knownEvent(id);
      const refused = await deliverSigned(body, outside);
      expect(refused.statusCode, name).toBe(401);
      expect(refused.json()).toEqual({
        errorCode: 'webhookSignature',
        message: 'The signature does not verify.',
      });
      expect(handledIds()).not.toContain(id);
      expect(await receiptOf(id)).toBeUndefined();

      const taken = await deliverSigned(body, within);
      expect(taken.json()).toEqual({ received: true, duplicate: false });
      expect(handledIds().filter((handledId) => handledId === id)).toHaveLength(1);
      expect(await receiptOf(id)).toBeDefined();
    },
  );
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
