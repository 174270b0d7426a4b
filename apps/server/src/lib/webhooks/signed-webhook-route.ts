import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { webhookReceipts } from '../../db/schema.ts';
import { WEBHOOK_SIGNATURE_HEADER, verifyWebhook } from './webhook-signature.ts';

/** What every vendor webhook carries: a unique event id, its type, when, and its data. */
export const webhookEventSchema = z.object({
  id: z.string().min(1).max(200),
  type: z.string().min(1).max(100),
  occurredAt: z.iso.datetime({ offset: true }),
  data: z.record(z.string(), z.unknown()),
});
export type WebhookEvent = z.infer<typeof webhookEventSchema>;

export interface SignedWebhookOptions<Prepared = undefined> {
  /** The route on this server, e.g. `/webhooks/esign`. */
  path: string;
  /** The vendor role (`esign`, `identity`, ...): receipts and secrets are kept per role. */
  role: string;
  secret: string;
  /**
   * Runs before the transaction, for what must not hold a lock: calling the vendor back (its
   * status, a signed document). Its result is handed to `handle`. Not run for an event already
   * handled. Throwing answers 500 and records nothing: the vendor delivers it again.
   */
  prepare?: (event: WebhookEvent) => Promise<Prepared>;
  /**
   * Applies the event in the transaction that records its receipt, so an event is applied
   * exactly once. Throwing rolls both back and answers 500: the vendor delivers it again.
   * Keep it short: vendors want a 2xx within seconds.
   */
  handle: (tx: Database, event: WebhookEvent, prepared: Prepared) => Promise<void>;
  /** The clock (tests). */
  now?: () => Date;
}

/**
 * A vendor's webhook endpoint (architecture: "Vendor results reach the server by signed
 * webhooks"). Refuses with 401 a body whose HMAC-SHA256 signature does not verify or whose
 * timestamp is more than five minutes off, with 400 a signed body that is not an event, and
 * answers 200 `{ duplicate: true }` to an event already handled, without handling it again.
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
      const header = request.headers[WEBHOOK_SIGNATURE_HEADER];
      const verified = verifyWebhook(
        options.secret,
        body,
        typeof header === 'string' ? header : undefined,
        options.now?.() ?? new Date(),
      );
      if (!verified.ok) {
        request.log.warn({ role: options.role, reason: verified.reason }, 'webhook refused');
        return reply
          .code(401)
          .send({ errorCode: 'webhookSignature', message: 'The signature does not verify.' });
      }
      let event: WebhookEvent;
      try {
        event = webhookEventSchema.parse(JSON.parse(body));
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
      // Without `prepare`, Prepared is undefined (its default): nothing to hand over.
      const prepared = (options.prepare ? await options.prepare(event) : undefined) as Prepared;
      const duplicate = await app.db.transaction(async (tx) => {
        const recorded = await tx
          .insert(webhookReceipts)
          .values({ role: options.role, eventId: event.id, eventType: event.type })
          .onConflictDoNothing()
          .returning({ eventId: webhookReceipts.eventId });
        if (recorded.length === 0) return true;
        await options.handle(tx, event, prepared);
        return false;
      });
      request.log.info(
        { role: options.role, eventType: event.type, duplicate },
        'webhook received',
      );
      return { received: true, duplicate };
    });
  });
}
