import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webhookSecretOf } from '../../config.ts';
import { webhookReceipts } from '../../db/schema.ts';
import {
  BANK_CONNECTION_WEBHOOK_PATH,
  BANK_CONNECTION_WEBHOOK_ROLE,
} from '../../providers/bank-connection/bank-connection-provider.ts';
import {
  IDENTITY_WEBHOOK_PATH,
  IDENTITY_WEBHOOK_ROLE,
} from '../../providers/document-verification/document-verification-provider.ts';
import { ESIGN_WEBHOOK_PATH, ESIGN_WEBHOOK_ROLE } from '../../providers/esign/esign-provider.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import {
  WEBHOOK_SIGNATURE_HEADER,
  WEBHOOK_TOLERANCE_SECONDS,
  signWebhook,
} from './webhook-signature.ts';

/**
 * Issue 32, item 3: each vendor's real webhook route refuses an event correctly signed with its
 * secret at a time too far from now, before recording anything. The routes run on the real
 * clock; the refused times are twice the tolerance away, so a slow machine cannot bring them
 * back within it (signed-webhook.test.ts checks the boundary itself on a fixed clock).
 */

/** The test app's application secret (test-app.ts), from which each role's secret derives. */
const appSecret = 'test-secret-test-secret-test-secret-0001';
const farOff = 2 * WEBHOOK_TOLERANCE_SECONDS * 1000;

let test: TestApp;
beforeAll(async () => {
  test = await createTestApp();
});
afterAll(() => test.close());

describe.each([
  { path: ESIGN_WEBHOOK_PATH, role: ESIGN_WEBHOOK_ROLE },
  { path: IDENTITY_WEBHOOK_PATH, role: IDENTITY_WEBHOOK_ROLE },
  { path: BANK_CONNECTION_WEBHOOK_PATH, role: BANK_CONNECTION_WEBHOOK_ROLE },
])('the $role vendor’s webhook ($path)', ({ path, role }) => {
  const secret = webhookSecretOf({ appSecret }, role);
  /** An event the route acknowledges and records without changing anything else. */
  const event = (id: string) =>
    JSON.stringify({
      id,
      type: 'portal.test.notice',
      occurredAt: new Date().toISOString(),
      data: {},
    });
  const deliverSignedAt = (body: string, signedAt: Date) =>
    test.app.inject({
      method: 'POST',
      url: path,
      headers: {
        'content-type': 'application/json',
        [WEBHOOK_SIGNATURE_HEADER]: signWebhook(secret, body, signedAt),
      },
      payload: body,
    });
  const receiptOf = async (eventId: string) => {
    const [row] = await test.app.db
      .select({ eventId: webhookReceipts.eventId })
      .from(webhookReceipts)
      .where(and(eq(webhookReceipts.role, role), eq(webhookReceipts.eventId, eventId)));
    return row;
  };

  it.each([
    ['long ago (a replay)', -farOff],
    ['far ahead', farOff],
  ])(
    'refuses with 401 an event correctly signed %s, and records nothing',
    async (_when, offset) => {
      const id = `evt-${role}-${offset}`;
      const body = event(id);
      const refused = await deliverSignedAt(body, new Date(Date.now() + offset));
      expect(refused.statusCode).toBe(401);
      expect(refused.json()).toMatchObject({ errorCode: 'webhookSignature' });
      expect(await receiptOf(id)).toBeUndefined();
    },
  );

  it('takes and records an event signed now', async () => {
    const id = `evt-${role}-fresh`;
    const taken = await deliverSignedAt(event(id), new Date());
    expect(taken.statusCode).toBe(200);
    expect(taken.json()).toEqual({ received: true, duplicate: false });
    expect(await receiptOf(id)).toBeDefined();
  });
});
