import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import twilio from 'twilio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPrism, type PrismMock } from '../../test/vendors/prism.ts';
import { MailDeliveryError, type OutboundMessage } from '../mail/mail-transport.ts';
import { refusalOfDeliveryError } from './sms-refusals.ts';
import {
  createTwilioSmsTransport,
  isTwilioSignature,
  type TwilioSettings,
} from './twilio-sms-transport.ts';

const contract = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  'contracts/twilio_api_v2010.messages.json',
);
const ACCOUNT = `AC${'0123456789abcdef'.repeat(2)}`;
const message: OutboundMessage = {
  id: '3c2b4f0e-7d1a-4a57-9d1e-0f6c1b2a3d4e',
  channel: 'sms',
  recipient: '+15145550123',
  subject: 'code',
  text: 'Placements Laurentide : votre code de connexion est 123456.',
};
const settingsFor = (apiBaseUrl: string): TwilioSettings => ({
  accountSid: ACCOUNT,
  authToken: 'auth-token-for-tests',
  sender: { from: '+15145550000' },
  statusCallbackUrl: 'https://portal.example.ca/webhooks/twilio/message-status',
  apiBaseUrl,
  timeoutMs: 5000,
});

describe("the Twilio SMS transport against Twilio's published OpenAPI document (Prism, validation mode)", () => {
  let prism: PrismMock;
  beforeAll(async () => {
    prism = await startPrism(contract);
  }, 60_000);
  afterAll(() => prism.close());

  it('creates a Message with the documented parameters and answers its sid', async () => {
    const receipt = await createTwilioSmsTransport(settingsFor(prism.url)).send(message);
    expect(receipt).toEqual({ vendorReference: expect.any(String) });
  });

  it('sends through a Messaging Service as the document allows', async () => {
    const transport = createTwilioSmsTransport({
      ...settingsFor(prism.url),
      sender: { messagingServiceSid: `MG${'fedcba9876543210'.repeat(2)}` },
    });
    await expect(transport.send(message)).resolves.toEqual({
      vendorReference: expect.any(String),
    });
  });

  it('fails when a request leaves the schema: a status callback that is not a URL', async () => {
    const transport = createTwilioSmsTransport({
      ...settingsFor(prism.url),
      statusCallbackUrl: 'not a url',
    });
    const failure = await transport.send(message).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(MailDeliveryError);
    expect((failure as MailDeliveryError).code).toBe('http-422');
  });
});

describe("Twilio's refusals, as its error responses document them", () => {
  let server: Server;
  let url = '';
  let answer: { status: number; body: unknown } = { status: 201, body: {} };
  beforeAll(async () => {
    server = createServer((_request, response) => {
      response.writeHead(answer.status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(answer.body));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const refusal = (code: number, status = 400) => ({
    status,
    body: {
      code,
      message: `The 'To' number +15145550123 is not valid.`,
      more_info: `https://www.twilio.com/docs/errors/${code}`,
      status,
    },
  });

  it.each([
    [21211, 'smsNumberInvalid'],
    [21614, 'smsNumberNotMobile'],
    [21610, 'smsOptedOut'],
    [21408, 'smsRegionNotEnabled'],
  ])(
    'error %i is a permanent refusal (%s): the outbox stops and tells the person',
    async (code, reason) => {
      answer = refusal(code);
      const failure = (await createTwilioSmsTransport(settingsFor(url))
        .send(message)
        .catch((error: unknown) => error)) as MailDeliveryError;
      expect(failure).toBeInstanceOf(MailDeliveryError);
      expect(failure.code).toBe(`twilio-${code}`);
      expect(failure.refusal).toEqual({ permanent: true, reason });
      // The vendor's message quoted the number: it goes nowhere.
      expect(failure.message).not.toContain('5550123');
    },
  );

  it('an outage or too many requests is retried by the outbox, not refused for good', async () => {
    answer = refusal(20429, 429);
    const busy = (await createTwilioSmsTransport(settingsFor(url))
      .send(message)
      .catch((error: unknown) => error)) as MailDeliveryError;
    expect(busy.refusal).toBeUndefined();
    expect(busy.code).toBe('twilio-20429');
    answer = { status: 503, body: {} };
    const down = (await createTwilioSmsTransport(settingsFor(url))
      .send(message)
      .catch((error: unknown) => error)) as MailDeliveryError;
    expect(down.refusal).toBeUndefined();
  });

  it("reads carriers' delivery failures 30003 to 30008 as undeliverable, 30004 as blocked by the person", () => {
    expect(refusalOfDeliveryError(30003)).toBe('smsUndeliverable');
    expect(refusalOfDeliveryError(30004)).toBe('smsOptedOut');
    expect(refusalOfDeliveryError(30008)).toBe('smsUndeliverable');
    expect(refusalOfDeliveryError(30009)).toBeUndefined();
  });
});

describe('X-Twilio-Signature on status callbacks', () => {
  const token = 'auth-token-for-tests';
  const url = 'https://portal.example.ca/webhooks/twilio/message-status';
  const params = {
    MessageSid: `SM${'0'.repeat(32)}`,
    MessageStatus: 'delivered',
    AccountSid: ACCOUNT,
  };
  // The algorithm Twilio documents: base64 HMAC-SHA1 of the URL and the sorted parameters.
  const signed = twilio.getExpectedTwilioSignature(token, url, params);

  it('accepts the signature Twilio computes, and nothing altered', () => {
    expect(isTwilioSignature(token, signed, url, params)).toBe(true);
    expect(isTwilioSignature(token, signed, url, { ...params, MessageStatus: 'failed' })).toBe(
      false,
    );
    expect(
      isTwilioSignature(
        token,
        signed,
        'https://attacker.example/webhooks/twilio/message-status',
        params,
      ),
    ).toBe(false);
    expect(isTwilioSignature('another-token', signed, url, params)).toBe(false);
    expect(isTwilioSignature(token, undefined, url, params)).toBe(false);
  });
});
