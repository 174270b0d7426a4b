import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import twilio from 'twilio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxMessages } from '../../db/schema.ts';
import { TWILIO_STATUS_CALLBACK_PATH } from '../../providers/sms/sms-refusals.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { enqueueTestMessage } from './outbox.fixtures.ts';

const PUBLIC_URL = 'https://portal.example.ca';
const TOKEN = 'auth-token-for-tests';
const CALLBACK = `${PUBLIC_URL}${TWILIO_STATUS_CALLBACK_PATH}`;
const ACCOUNT = `AC${'0123456789abcdef'.repeat(2)}`;

describe('POST /webhooks/twilio/message-status (X-Twilio-Signature)', () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp({
      publicUrl: PUBLIC_URL,
      sms: {
        provider: 'twilio',
        accountSid: ACCOUNT,
        authToken: TOKEN,
        sender: { from: '+15145550000' },
        // Never called here: the outbox does not run in these tests.
        apiBaseUrl: 'http://127.0.0.1:9',
        timeoutMs: 1000,
      },
    });
  });
  afterAll(() => test.close());

  /** A text the outbox sent, with the sid Twilio answered. */
  async function sentText() {
    const sid = `SM${randomBytes(16).toString('hex')}`;
    const { id } = await enqueueTestMessage(test.app, {
      channel: 'sms',
      recipient: '+15145550123',
    });
    await test.app.db
      .update(outboxMessages)
      .set({ status: 'sent', vendorReference: sid })
      .where(eq(outboxMessages.id, id));
    return { id, sid };
  }
  const rowOf = async (id: string) =>
    (await test.app.db.select().from(outboxMessages).where(eq(outboxMessages.id, id)))[0]!;

  function callback(
    params: Record<string, string>,
    { signedUrl = CALLBACK, token = TOKEN }: { signedUrl?: string; token?: string } = {},
  ) {
    return test.app.inject({
      method: 'POST',
      url: TWILIO_STATUS_CALLBACK_PATH,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'x-twilio-signature': twilio.getExpectedTwilioSignature(token, signedUrl, params),
        // The signed URL is PUBLIC_URL's, whatever Host the request names.
        host: 'internal-lb:8080',
      },
      payload: new URLSearchParams(params).toString(),
    });
  }
  const report = (sid: string, status: string, extra: Record<string, string> = {}) => ({
    AccountSid: ACCOUNT,
    MessageSid: sid,
    SmsSid: sid,
    MessageStatus: status,
    SmsStatus: status,
    To: '+15145550123',
    ...extra,
  });

  it('records a signed report and moves only forward: a replay or a late status changes nothing', async () => {
    const { id, sid } = await sentText();
    expect((await callback(report(sid, 'sent'))).statusCode).toBe(204);
    expect(await rowOf(id)).toMatchObject({ deliveryStatus: 'sent', deliveryReason: null });
    const firstUpdate = (await rowOf(id)).deliveryUpdatedAt;

    expect((await callback(report(sid, 'sent'))).statusCode).toBe(204);
    expect((await rowOf(id)).deliveryUpdatedAt).toEqual(firstUpdate);

    expect((await callback(report(sid, 'delivered'))).statusCode).toBe(204);
    expect((await callback(report(sid, 'queued'))).statusCode).toBe(204);
    expect(await rowOf(id)).toMatchObject({ deliveryStatus: 'delivered' });
  });

  it("keeps why a text did not arrive, from Twilio's error code, for the person to be told", async () => {
    const blocked = await sentText();
    await callback(report(blocked.sid, 'undelivered', { ErrorCode: '30004' }));
    expect(await rowOf(blocked.id)).toMatchObject({
      deliveryStatus: 'undelivered',
      deliveryReason: 'smsOptedOut',
      deliveryErrorCode: '30004',
    });
    const unreachable = await sentText();
    await callback(report(unreachable.sid, 'failed', { ErrorCode: '30006' }));
    expect(await rowOf(unreachable.id)).toMatchObject({ deliveryReason: 'smsUndeliverable' });
    // A late "delivered" after the failure does not undo it.
    await callback(report(unreachable.sid, 'delivered'));
    expect(await rowOf(unreachable.id)).toMatchObject({ deliveryStatus: 'failed' });
  });

  it('refuses a forged, altered or wrongly addressed callback with 403 and records nothing', async () => {
    const { id, sid } = await sentText();
    expect((await callback(report(sid, 'delivered'), { token: 'guessed' })).statusCode).toBe(403);
    expect(
      (
        await callback(report(sid, 'delivered'), {
          signedUrl: 'http://internal-lb:8080' + TWILIO_STATUS_CALLBACK_PATH,
        })
      ).statusCode,
    ).toBe(403);
    const altered = await test.app.inject({
      method: 'POST',
      url: TWILIO_STATUS_CALLBACK_PATH,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'x-twilio-signature': twilio.getExpectedTwilioSignature(
          TOKEN,
          CALLBACK,
          report(sid, 'sent'),
        ),
      },
      payload: new URLSearchParams(report(sid, 'failed', { ErrorCode: '30003' })).toString(),
    });
    expect(altered.statusCode).toBe(403);
    const unsigned = await test.app.inject({
      method: 'POST',
      url: TWILIO_STATUS_CALLBACK_PATH,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(report(sid, 'delivered')).toString(),
    });
    expect(unsigned.statusCode).toBe(403);
    expect((await rowOf(id)).deliveryStatus).toBeNull();
  });

  it('answers 204 to a report of a message it does not know (Twilio does not retry), 400 to one it cannot read', async () => {
    expect((await callback(report(`SM${'f'.repeat(32)}`, 'delivered'))).statusCode).toBe(204);
    expect((await callback({ ...report('SMnot-a-sid', 'delivered') })).statusCode).toBe(400);
    // `refused` is the outbox's own state, never a status Twilio reports.
    expect((await callback(report(`SM${'f'.repeat(32)}`, 'refused'))).statusCode).toBe(400);
  });
});
