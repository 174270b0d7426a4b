import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import twilio from 'twilio';
import { startRecordedPrism, type RecordedPrism } from './prism.ts';

/**
 * A stand-in for Twilio Programmable Messaging behind Stoplight Prism (the journeys): Prism, in
 * proxy mode on Twilio's published document (providers/sms/contracts/), refuses a request
 * outside the schema and forwards the others here. The stand-in keeps each Message created,
 * answers 201 with a Message resource as the document describes it, lets a test read the texts
 * sent to a number (a sign-in code, a hand-off link) and plays Twilio's status callback,
 * signed with `X-Twilio-Signature` as Twilio documents it.
 */

const contractFile = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../providers/sms/contracts/twilio_api_v2010.messages.json',
);

const MESSAGES_PATH = /^\/2010-04-01\/Accounts\/(AC[0-9a-fA-F]{32})\/Messages\.json$/;

/** One Message the portal created, as Twilio received it (the form's parameters). */
export interface TwilioText {
  sid: string;
  /** `To` exactly as the portal sent it. */
  to: string;
  from?: string;
  messagingServiceSid?: string;
  body: string;
  statusCallback?: string;
  createdAt: Date;
}

export interface TwilioStandIn {
  /** The stand-in's own address: Prism's upstream. */
  url: string;
  accountSid: string;
  /** Every Message created, oldest first. */
  texts: TwilioText[];
  /** The texts sent to a number, as Twilio takes it: E.164 (`+15145550142`), exactly. */
  textsTo(number: string): TwilioText[];
  /** Waits (bounded) for a text to `number` that `matches`; answers the newest. */
  waitForText(
    number: string,
    matches?: (text: TwilioText) => boolean,
    options?: { timeoutMs?: number },
  ): Promise<TwilioText>;
  /**
   * Plays Twilio's status callback for `text`: a form POST to its `StatusCallback`, signed with
   * the auth token (or `signWith`, to forge one) over that URL and the parameters.
   */
  statusCallback(
    text: TwilioText,
    status: string,
    options?: { signWith?: string; errorCode?: string },
  ): Promise<Response>;
  close(): Promise<void>;
}

/** RFC 2822 in GMT, as Twilio writes its dates (`Thu, 24 Aug 2023 05:01:45 +0000`). */
const rfc2822 = (date: Date) => date.toUTCString().replace('GMT', '+0000');

export async function startTwilioStandIn(credentials: {
  accountSid: string;
  authToken: string;
}): Promise<TwilioStandIn> {
  const texts: TwilioText[] = [];
  const expectedAuthorization = `Basic ${Buffer.from(
    `${credentials.accountSid}:${credentials.authToken}`,
  ).toString('base64')}`;

  const server: Server = createServer((incoming, outgoing) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const answer = (status: number, body: unknown) => {
        outgoing.writeHead(status, { 'content-type': 'application/json' });
        outgoing.end(JSON.stringify(body));
      };
      const refusal = (status: number, code: number, message: string) =>
        answer(status, {
          code,
          message,
          more_info: `https://www.twilio.com/docs/errors/${code}`,
          status,
        });
      const route = MESSAGES_PATH.exec((incoming.url ?? '').split('?')[0] ?? '');
      if (incoming.method !== 'POST' || !route) {
        return refusal(404, 20404, 'The requested resource was not found');
      }
      if (
        incoming.headers.authorization !== expectedAuthorization ||
        route[1] !== credentials.accountSid
      ) {
        return refusal(401, 20003, 'Authenticate');
      }
      const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
      const to = form.get('To') ?? '';
      const body = form.get('Body') ?? '';
      if (!to) return refusal(400, 21604, "A 'To' phone number is required.");
      if (!body) return refusal(400, 21602, 'Message body is required.');
      const now = new Date();
      const text: TwilioText = {
        sid: `SM${randomBytes(16).toString('hex')}`,
        to,
        body,
        createdAt: now,
        ...(form.get('From') && { from: form.get('From') ?? '' }),
        ...(form.get('MessagingServiceSid') && {
          messagingServiceSid: form.get('MessagingServiceSid') ?? '',
        }),
        ...(form.get('StatusCallback') && { statusCallback: form.get('StatusCallback') ?? '' }),
      };
      texts.push(text);
      const uri = `/2010-04-01/Accounts/${credentials.accountSid}/Messages/${text.sid}`;
      return answer(201, {
        account_sid: credentials.accountSid,
        api_version: '2010-04-01',
        body: text.body,
        date_created: rfc2822(now),
        date_sent: null,
        date_updated: rfc2822(now),
        direction: 'outbound-api',
        error_code: null,
        error_message: null,
        from: text.from ?? null,
        messaging_service_sid: text.messagingServiceSid ?? null,
        num_media: '0',
        num_segments: '1',
        price: null,
        price_unit: 'USD',
        sid: text.sid,
        status: 'queued',
        subresource_uris: { media: `${uri}/Media.json` },
        to: text.to,
        uri: `${uri}.json`,
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));

  const textsTo = (number: string) => texts.filter((text) => text.to === number);

  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    accountSid: credentials.accountSid,
    texts,
    textsTo,
    async waitForText(number, matches = () => true, { timeoutMs = 20_000 } = {}) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = textsTo(number).filter(matches).at(-1);
        if (found) return found;
        if (Date.now() > deadline) {
          throw new Error(
            `no text to ${number} reached Twilio's stand-in in ${timeoutMs} ms ` +
              `(${texts.length} text(s) to others)`,
          );
        }
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
    statusCallback(text, status, { signWith = credentials.authToken, errorCode } = {}) {
      if (!text.statusCallback) throw new Error(`text ${text.sid} asked for no status callback`);
      const params: Record<string, string> = {
        AccountSid: credentials.accountSid,
        ApiVersion: '2010-04-01',
        MessageSid: text.sid,
        SmsSid: text.sid,
        MessageStatus: status,
        SmsStatus: status,
        To: text.to,
        ...(text.from && { From: text.from }),
        ...(text.messagingServiceSid && { MessagingServiceSid: text.messagingServiceSid }),
        ...(errorCode && { ErrorCode: errorCode }),
      };
      return fetch(text.statusCallback, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'x-twilio-signature': twilio.getExpectedTwilioSignature(
            signWith,
            text.statusCallback,
            params,
          ),
        },
        body: new URLSearchParams(params).toString(),
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * Prism in proxy mode on Twilio's published document, forwarding what the document allows to
 * `upstream` (the stand-in), behind a recorder of each answer's status and violations, so a
 * test can require that no request or answer left the schema. `url` is TWILIO_API_URL.
 */
export function startTwilioContract(options: { upstream: string }): Promise<RecordedPrism> {
  return startRecordedPrism(contractFile, { proxyTo: options.upstream });
}

export type TwilioContract = RecordedPrism;
