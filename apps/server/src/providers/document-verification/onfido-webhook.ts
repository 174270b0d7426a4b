import { createHash } from 'node:crypto';
import { WebhookEventVerifier } from '@onfido/api';
import { z } from 'zod';
import type { WebhookEvent, WebhookVerifier } from '../../lib/webhooks/signed-webhook-route.ts';
import { VERIFICATION_DECIDED_EVENT } from './document-verification-provider.ts';

/**
 * Onfido's webhooks (API v3.6): registered in Onfido's dashboard (or its API) with this path
 * and the events `check.completed`, each signed with the webhook's token: `X-SHA2-Signature`,
 * the hex HMAC-SHA256 of the raw body, checked by the library's `WebhookEventVerifier`. Onfido
 * signs no time and gives no event id: a redelivery is the same action on the same object at
 * the same completion time (its id here), and a late one changes nothing, since the decision is
 * read from the check (the event is a notice) and an attempt already decided stays decided.
 */
export const ONFIDO_WEBHOOK_PATH = '/webhooks/onfido';
export const ONFIDO_SIGNATURE_HEADER = 'x-sha2-signature';

export function onfidoSignatureVerifier(webhookToken: string): WebhookVerifier {
  const verifier = new WebhookEventVerifier(webhookToken);
  return (body, headers) => {
    const signature = headers[ONFIDO_SIGNATURE_HEADER];
    if (typeof signature !== 'string' || signature === '') return { ok: false, reason: 'missing' };
    if (!/^[0-9a-f]{64}$/i.test(signature)) return { ok: false, reason: 'malformed' };
    try {
      verifier.readPayload(body, signature);
      return { ok: true };
    } catch {
      // OnfidoInvalidSignatureError, or a body that is not JSON once verified (a 400 below).
      return { ok: false, reason: 'mismatch' };
    }
  };
}

const onfidoEventSchema = z.object({
  payload: z.object({
    resource_type: z.string().min(1).max(60),
    action: z.string().min(1).max(100),
    object: z
      .object({
        id: z.string().min(1).max(100),
        status: z.string().max(60).optional(),
        completed_at_iso8601: z.iso.datetime({ offset: true }).optional(),
      })
      .loose(),
  }),
});

/**
 * The portal's event for an Onfido body: a completed check is the photo-ID decision's notice
 * (`verification.decided`, the check's id as the vendor reference); any other action keeps its
 * name and changes nothing.
 */
export function onfidoEventOf(body: unknown, receivedAt: Date = new Date()): WebhookEvent {
  const { payload } = onfidoEventSchema.parse(body);
  const occurredAt = payload.object.completed_at_iso8601 ?? receivedAt.toISOString();
  const identity = [payload.action, payload.object.id, occurredAt].join('|');
  return {
    id: `onfido:${createHash('sha256').update(identity).digest('base64url')}`,
    type:
      payload.action === 'check.completed' && payload.resource_type === 'check'
        ? VERIFICATION_DECIDED_EVENT
        : `onfido.${payload.action}`,
    occurredAt,
    data: { vendorReference: payload.object.id },
  };
}
