import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Vendor webhooks are signed the way the large identity and e-signature vendors sign theirs
 * (Stripe-style header, Onfido's HMAC-SHA256): `x-webhook-signature: t=<unix seconds>,v1=<hex>`
 * where v1 is HMAC-SHA256 over `<t>.<raw body>` with the secret shared with the vendor. The
 * timestamp is inside the signature, so an old delivery cannot be given a fresh time, and a
 * delivery older than the tolerance is refused even when its signature is right.
 */
export const WEBHOOK_SIGNATURE_HEADER = 'x-webhook-signature';

/** Five minutes either side: a vendor's retry is signed again, clocks drift a little. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

const hmac = (secret: string, timestamp: number, body: string): string =>
  createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');

/** The header value a vendor sends with `body` at `now`. */
export function signWebhook(secret: string, body: string, now: Date = new Date()): string {
  const timestamp = Math.floor(now.getTime() / 1000);
  return `t=${timestamp},v1=${hmac(secret, timestamp, body)}`;
}

export type WebhookVerification =
  | { ok: true; signedAt: Date }
  | { ok: false; reason: 'missing' | 'malformed' | 'stale' | 'mismatch' };

/**
 * Whether `header` signs `body` with `secret` within the tolerance of `now`. The comparison
 * takes the same time whatever the bytes, so the signature cannot be guessed byte by byte.
 */
export function verifyWebhook(
  secret: string,
  body: string,
  header: string | undefined,
  now: Date = new Date(),
  toleranceSeconds: number = WEBHOOK_TOLERANCE_SECONDS,
): WebhookVerification {
  if (!header) return { ok: false, reason: 'missing' };
  const parts = new Map(
    header.split(',').map((part) => {
      const at = part.indexOf('=');
      return [part.slice(0, at).trim(), part.slice(at + 1).trim()] as const;
    }),
  );
  const timestamp = Number(parts.get('t'));
  const signature = parts.get('v1') ?? '';
  if (!Number.isSafeInteger(timestamp) || !/^[0-9a-f]{64}$/.test(signature)) {
    return { ok: false, reason: 'malformed' };
  }
  if (Math.abs(now.getTime() / 1000 - timestamp) > toleranceSeconds) {
    return { ok: false, reason: 'stale' };
  }
  const expected = Buffer.from(hmac(secret, timestamp, body), 'hex');
  if (!timingSafeEqual(expected, Buffer.from(signature, 'hex'))) {
    return { ok: false, reason: 'mismatch' };
  }
  return { ok: true, signedAt: new Date(timestamp * 1000) };
}

/**
 * The secret shared with one vendor role. A real vendor's comes from the configuration; a
 * sandbox's is derived from the application secret, so the sandbox and the receiver agree
 * without another setting and no two roles share one.
 */
export function derivedWebhookSecret(appSecret: string, role: string): string {
  return createHmac('sha256', appSecret).update(`webhook-secret/${role}`).digest('base64url');
}
