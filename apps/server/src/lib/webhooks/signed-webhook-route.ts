import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { z, ZodError } from 'zod';
import type { Database } from '../../db/client.ts';
import { webhookReceipts } from '../../db/schema.ts';
import {
  WEBHOOK_SIGNATURE_HEADER,
  WEBHOOK_TOLERANCE_SECONDS,
  verifyWebhook,
} from './webhook-signature.ts';

/** What every vendor webhook carries: a unique event id, its type, when, and its data. */
export const webhookEventSchema = z.object({
  id: z.string().min(1).max(200),
  type: z.string().min(1).max(100),
  occurredAt: z.iso.datetime({ offset: true }),
  data: z.record(z.string(), z.unknown()),
});
export type WebhookEvent = z.infer<typeof webhookEventSchema>;

/**
 * Thrown by `prepare` or `handle` for a signed event this product cannot use: its data fails the
 * schema of its type. A ZodError thrown there means the same. The event is kept for staff and
 * answered 200: the vendor would only send the same bytes again.
 */
export class UnusableWebhookEvent extends Error {
  override name = 'UnusableWebhookEvent';
}

/**
 * Thrown by `prepare` or `handle` for an event naming a reference of ours that does not exist:
 * the vendor may call back before our own write of the reference commits, so it is answered 503
 * (the vendor delivers it again) until `UNKNOWN_REFERENCE_GRACE_MS` after the event occurred,
 * then kept for staff and answered 200.
 */
export class UnknownWebhookReference extends Error {
  override name = 'UnknownWebhookReference';
}

/** Ten minutes: far past any commit of ours, short of a vendor's retry schedule giving up. */
export const UNKNOWN_REFERENCE_GRACE_MS = 10 * 60_000;

/** Why a kept event was not applied (`webhook_receipts.problem`). */
export type WebhookProblem = 'unusable' | 'unknownReference';

const problemOf = (error: unknown): WebhookProblem | undefined =>
  error instanceof UnusableWebhookEvent || error instanceof ZodError
    ? 'unusable'
    : error instanceof UnknownWebhookReference
      ? 'unknownReference'
      : undefined;

/** The cipher context of a kept event: bound to its receipt. */
export const keptEventContext = (role: string, eventId: string) =>
  `webhook_receipts:${role}:${eventId}:event`;

/** How a vendor signs its deliveries: whether these bytes and headers are really from it. */
export type WebhookVerifier = (
  body: string,
  headers: IncomingHttpHeaders,
  now: Date,
) => { ok: true } | { ok: false; reason: string };

/** The portal's own scheme (`x-webhook-signature`, timestamped), which the sandboxes use. */
export function timestampedSignature(secret: string): WebhookVerifier {
  return (body, headers, now) => {
    const header = headers[WEBHOOK_SIGNATURE_HEADER];
    return verifyWebhook(secret, body, typeof header === 'string' ? header : undefined, now);
  };
}

export interface SignedWebhookOptions<Prepared = undefined> {
  /** The route on this server, e.g. `/webhooks/esign`. */
  path: string;
  /** The vendor role (`esign`, `identity`, ...): receipts and secrets are kept per role. */
  role: string;
  /** The vendor's signature check: `timestampedSignature(secret)` for the portal's own scheme. */
  verify: WebhookVerifier;
  /**
   * The event in a verified body, for a vendor whose events have their own shape (DocuSign
   * Connect): its id (the key of the receipt), type, time and data. The portal's own shape
   * (`webhookEventSchema`) when absent. Throwing answers 400.
   */
  eventOf?: (body: unknown) => WebhookEvent;
  /**
   * Runs before the transaction, for what must not hold a lock: calling the vendor back (its
   * status, a signed document). Its result is handed to `handle`. Not run for an event already
   * handled. Throwing answers 500 and records nothing: the vendor delivers it again, except
   * `UnusableWebhookEvent` (or a ZodError) and `UnknownWebhookReference` (see them).
   */
  prepare?: (event: WebhookEvent) => Promise<Prepared>;
  /**
   * Applies the event in the transaction that records its receipt, so an event is applied
   * exactly once. Throwing rolls both back and answers 500: the vendor delivers it again.
   * Keep it short: vendors want a 2xx within seconds.
   */
  handle: (tx: Database, event: WebhookEvent, prepared: Prepared) => Promise<void>;
  /**
   * Runs once the event's transaction has committed (not for a duplicate): what must follow our
   * record at the vendor, such as deleting what it keeps. A failure is logged (its class only)
   * and undoes nothing.
   */
  settled?: (event: WebhookEvent, prepared: Prepared) => Promise<void>;
  /** The clock (tests). */
  now?: () => Date;
}

/**
 * A vendor's webhook endpoint (architecture: "Vendor results reach the server by signed
 * webhooks"). Refuses with 401 a body whose HMAC-SHA256 signature does not verify or whose
 * timestamp is more than five minutes off, with 400 a signed body that is not an event, and
 * answers 200 `{ duplicate: true }` to an event already handled, without handling it again.
 * A signed event the handlers cannot use is answered 200 `{ kept: true }` and kept for staff
 * (its receipt names the problem, the event is encrypted beside it): at once when its data fails
 * the schema, and for an unknown reference only once `UNKNOWN_REFERENCE_GRACE_MS` have passed
 * since the event's `occurredAt` (signed with the body, the same on every retry), 503 with
 * Retry-After before that (issue 30, B-F7).
 * The route reads the raw body: the signature covers the bytes, not a re-serialized object.
 */
export async function registerSignedWebhook<Prepared = undefined>(
  app: FastifyInstance,
  options: SignedWebhookOptions<Prepared>,
): Promise<void> {
  await app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser(
      'application/json',
      { parseAs: 'string', bodyLimit: 256 * 1024 },
      (_request, body, done) => done(null, body),
    );
    scope.post(options.path, { schema: { hide: true } }, async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const body = typeof request.body === 'string' ? request.body : '';
      const verified = options.verify(body, request.headers, options.now?.() ?? new Date());
      if (!verified.ok) {
        request.log.warn({ role: options.role, reason: verified.reason }, 'webhook refused');
        return reply
          .code(401)
          .send({ errorCode: 'webhookSignature', message: 'The signature does not verify.' });
      }
      let event: WebhookEvent;
      try {
        const parsed: unknown = JSON.parse(body);
        event = options.eventOf ? options.eventOf(parsed) : webhookEventSchema.parse(parsed);
      } catch {
        return reply
          .code(400)
          .send({ errorCode: 'webhookEvent', message: 'The body is not a webhook event.' });
      }
      const receiptOf = and(
        eq(webhookReceipts.role, options.role),
        eq(webhookReceipts.eventId, event.id),
      );
      // A replay is answered without calling the vendor back; a replay racing the first
      // delivery is caught by the receipt's key below.
      const [known] = options.prepare
        ? await app.db
            .select({ eventId: webhookReceipts.eventId })
            .from(webhookReceipts)
            .where(receiptOf)
            .limit(1)
        : [];
      if (known) {
        request.log.info({ role: options.role, eventType: event.type }, 'webhook replayed');
        return { received: true, duplicate: true };
      }
      let duplicate: boolean;
      let prepared: Prepared;
      try {
        // Without `prepare`, Prepared is undefined (its default): nothing to hand over.
        prepared = (options.prepare ? await options.prepare(event) : undefined) as Prepared;
        duplicate = await app.db.transaction(async (tx) => {
          const recorded = await tx
            .insert(webhookReceipts)
            .values({ role: options.role, eventId: event.id, eventType: event.type })
            .onConflictDoNothing()
            .returning({ eventId: webhookReceipts.eventId });
          if (recorded.length === 0) return true;
          await options.handle(tx, event, prepared);
          return false;
        });
      } catch (error) {
        const problem = problemOf(error);
        if (!problem) throw error;
        const now = options.now?.() ?? new Date();
        // An event dated past the signature's tolerance in the future would otherwise be
        // refused for ever: it is kept at once, like an old one.
        const age = now.getTime() - Date.parse(event.occurredAt);
        const young = age < UNKNOWN_REFERENCE_GRACE_MS && age >= -WEBHOOK_TOLERANCE_SECONDS * 1000;
        if (problem === 'unknownReference' && young) {
          request.log.info({ role: options.role, eventType: event.type }, 'webhook too early');
          return reply.code(503).header('retry-after', '60').send({
            errorCode: 'webhookUnknownReference',
            message: 'This event names nothing known yet; deliver it again later.',
          });
        }
        const kept = await app.db
          .insert(webhookReceipts)
          .values({
            role: options.role,
            eventId: event.id,
            eventType: event.type,
            receivedAt: now,
            problem,
            eventEncrypted: app.cipher.encrypt(body, keptEventContext(options.role, event.id)),
          })
          .onConflictDoNothing()
          .returning({ eventId: webhookReceipts.eventId });
        request.log.warn(
          { role: options.role, eventType: event.type, problem },
          'webhook kept for staff',
        );
        return { received: true, duplicate: kept.length === 0, kept: true };
      }
      request.log.info(
        { role: options.role, eventType: event.type, duplicate },
        'webhook received',
      );
      if (!duplicate && options.settled) {
        await options.settled(event, prepared).catch((error: unknown) => {
          const errorClass = error instanceof Error ? error.name : 'Error';
          request.log.warn(
            { role: options.role, eventType: event.type, errorClass },
            'webhook follow-up failed',
          );
        });
      }
      return { received: true, duplicate };
    });
  });
}
