import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { z } from 'zod';
import type { WebhookEvent, WebhookVerifier } from '../../lib/webhooks/signed-webhook-route.ts';
import { envelopeEventTypes } from './esign-provider.ts';

/**
 * DocuSign Connect, the events DocuSign posts when an envelope changes (JSON, "SIM" format,
 * API version 2.1; its published sample: contracts/connect.sample-v2.json). Configured in
 * DocuSign's Connect settings with this path, "Include HMAC signature", and the events
 * envelope-completed, envelope-declined and envelope-voided, without documents (docs/vendors.md).
 */
export const DOCUSIGN_CONNECT_PATH = '/webhooks/docusign/connect';

/**
 * DocuSign signs the raw body with each of the account's Connect HMAC keys (up to ten:
 * several while one is rotated) and sends them as `X-DocuSign-Signature-1` ... `-N`, each the
 * base64 HMAC-SHA256. One header matching one of our keys suffices. No time is signed: a
 * replayed delivery is the same event id (answered as a duplicate), and an old one changes
 * nothing, since the portal reads the envelope's status from DocuSign before recording.
 */
export const MAX_CONNECT_SIGNATURES = 10;

export function connectSignature(key: string, body: string): string {
  return createHmac('sha256', key).update(body, 'utf8').digest('base64');
}

export function connectSignatureVerifier(keys: readonly string[]): WebhookVerifier {
  const expected = keys.map((key) => (body: string) => Buffer.from(connectSignature(key, body)));
  return (body: string, headers: IncomingHttpHeaders) => {
    const given: Buffer[] = [];
    for (let index = 1; index <= MAX_CONNECT_SIGNATURES; index += 1) {
      const header = headers[`x-docusign-signature-${index}`];
      if (typeof header === 'string' && header !== '') given.push(Buffer.from(header.trim()));
    }
    if (given.length === 0) return { ok: false, reason: 'missing' };
    const computed = expected.map((sign) => sign(body));
    // Every pair is compared in constant time, whatever matches first.
    let match = false;
    for (const signature of given) {
      for (const candidate of computed) {
        if (signature.length === candidate.length && timingSafeEqual(signature, candidate)) {
          match = true;
        }
      }
    }
    return match ? { ok: true } : { ok: false, reason: 'mismatch' };
  };
}

/** Connect's event names for the three ends of an envelope, in the portal's event types. */
const connectEventTypes: Record<string, string> = {
  'envelope-completed': envelopeEventTypes.signed,
  'envelope-declined': envelopeEventTypes.declined,
  // Voided on expiry (or by the sender): it can no longer be signed; the status read decides.
  'envelope-voided': envelopeEventTypes.expired,
};

const connectEventSchema = z.object({
  event: z.string().min(1).max(100),
  apiVersion: z.string().max(20).optional(),
  configurationId: z.union([z.number(), z.string()]).optional(),
  // DocuSign writes seven fractional digits (`2026-11-30T04:12:33.1234567Z`).
  generatedDateTime: z.iso.datetime({ offset: true }),
  data: z
    .object({
      accountId: z.string().max(100).optional(),
      envelopeId: z.string().min(1).max(100),
    })
    .loose(),
});

/**
 * The portal's event for a Connect body: its type in the portal's terms (other Connect events
 * keep theirs and change nothing), its time, and the envelope. Connect bodies carry no event
 * id: one is derived from what identifies a delivery (configuration, event, envelope, time),
 * so DocuSign's retries of one event share it.
 */
export function connectEventOf(body: unknown): WebhookEvent {
  const event = connectEventSchema.parse(body);
  const identity = [
    String(event.configurationId ?? ''),
    event.event,
    event.data.envelopeId,
    event.generatedDateTime,
  ].join('|');
  return {
    id: `docusign:${createHash('sha256').update(identity).digest('base64url')}`,
    type: connectEventTypes[event.event] ?? `docusign.${event.event}`,
    occurredAt: event.generatedDateTime,
    data: { envelopeId: event.data.envelopeId },
  };
}
