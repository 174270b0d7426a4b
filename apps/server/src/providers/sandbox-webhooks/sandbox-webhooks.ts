import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { and, asc, eq, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { sandboxWebhookDeliveries } from '../../db/schema.ts';
import type { FieldCipher } from '../../lib/crypto/field-cipher.ts';
import { WEBHOOK_SIGNATURE_HEADER, signWebhook } from '../../lib/webhooks/webhook-signature.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Delivers what the sandbox vendors decided; tests call `runOnce(now)` themselves. */
    sandboxWebhooks: SandboxWebhookDispatcher;
  }
}

export interface SandboxWebhook {
  role: string;
  /** The product's webhook route, e.g. `/webhooks/esign`. */
  path: string;
  type: string;
  data: Record<string, unknown>;
  /** The vendor's "realistic delay" before it calls back. */
  delayMs?: number;
}

const context = (id: string) => `sandbox-webhook:${id}`;

/**
 * Queues a sandbox vendor's webhook in the caller's transaction: the vendor's decision and its
 * promise to call back commit together. Answers the event id.
 */
export async function queueSandboxWebhook(
  tx: Database,
  cipher: FieldCipher,
  webhook: SandboxWebhook,
  now: Date = new Date(),
): Promise<string> {
  const id = randomUUID();
  const body = JSON.stringify({
    id,
    type: webhook.type,
    occurredAt: now.toISOString(),
    data: webhook.data,
  });
  await tx.insert(sandboxWebhookDeliveries).values({
    id,
    role: webhook.role,
    path: webhook.path,
    bodyEncrypted: cipher.encrypt(body, context(id)),
    dueAt: new Date(now.getTime() + (webhook.delayMs ?? 0)),
  });
  return id;
}

export interface SandboxWebhookDispatcher {
  /** Delivers every webhook due at `now` (default: the clock). Answers how many were accepted. */
  runOnce(now?: Date): Promise<number>;
}

const LEASE_MS = 30_000;
const BATCH_SIZE = 20;

/** 1 s, 2 s, 4 s ... at most a minute: a vendor retries a receiver that failed. */
const retryDelayMs = (attempts: number) => Math.min(60_000, 1000 * 2 ** Math.max(attempts - 1, 0));

interface Options {
  cipher: FieldCipher;
  /** The secret each role signs with (the receiver holds the same). */
  secretOf: (role: string) => string;
  /** 0: tests call `runOnce`. */
  pollMs: number;
}

async function sandboxWebhooksPlugin(app: FastifyInstance, options: Options) {
  const { cipher, secretOf } = options;

  async function claim(now: Date) {
    return app.db.transaction(async (tx) => {
      const due = await tx
        .select({
          id: sandboxWebhookDeliveries.id,
          role: sandboxWebhookDeliveries.role,
          path: sandboxWebhookDeliveries.path,
          bodyEncrypted: sandboxWebhookDeliveries.bodyEncrypted,
          attempts: sandboxWebhookDeliveries.attempts,
        })
        .from(sandboxWebhookDeliveries)
        .where(
          and(
            isNull(sandboxWebhookDeliveries.deliveredAt),
            lte(sandboxWebhookDeliveries.dueAt, now),
            or(
              isNull(sandboxWebhookDeliveries.lockedUntil),
              lt(sandboxWebhookDeliveries.lockedUntil, now),
            ),
          ),
        )
        .orderBy(asc(sandboxWebhookDeliveries.dueAt))
        .limit(BATCH_SIZE)
        .for('update', { skipLocked: true });
      for (const row of due) {
        await tx
          .update(sandboxWebhookDeliveries)
          .set({
            lockedUntil: new Date(now.getTime() + LEASE_MS),
            attempts: sql`${sandboxWebhookDeliveries.attempts} + 1`,
          })
          .where(eq(sandboxWebhookDeliveries.id, row.id));
      }
      return due;
    });
  }

  async function runOnce(now: Date = new Date()): Promise<number> {
    let accepted = 0;
    for (const row of await claim(now)) {
      const body = cipher.decrypt(row.bodyEncrypted, context(row.id));
      // Delivered through the product's own route, signature and all, as the vendor would over
      // the network: the sandbox runs inside the product's process.
      const response = await app.inject({
        method: 'POST',
        url: row.path,
        headers: {
          'content-type': 'application/json',
          [WEBHOOK_SIGNATURE_HEADER]: signWebhook(secretOf(row.role), body, new Date()),
        },
        payload: body,
      });
      const ok = response.statusCode >= 200 && response.statusCode < 300;
      if (ok) accepted += 1;
      else app.log.warn({ role: row.role, status: response.statusCode }, 'sandbox webhook refused');
      await app.db
        .update(sandboxWebhookDeliveries)
        .set(
          ok
            ? { deliveredAt: new Date(), lockedUntil: null, lastStatus: response.statusCode }
            : {
                lockedUntil: null,
                lastStatus: response.statusCode,
                dueAt: new Date(now.getTime() + retryDelayMs(row.attempts + 1)),
              },
        )
        .where(eq(sandboxWebhookDeliveries.id, row.id));
    }
    return accepted;
  }

  app.decorate('sandboxWebhooks', { runOnce });

  if (options.pollMs > 0) {
    let timer: NodeJS.Timeout | undefined;
    let running: Promise<unknown> = Promise.resolve();
    let stopped = false;
    const tick = () => {
      running = runOnce()
        .catch((error: unknown) => app.log.error({ err: error }, 'sandbox webhook delivery failed'))
        .finally(() => {
          if (!stopped) timer = setTimeout(tick, options.pollMs);
        });
    };
    app.addHook('onReady', async () => {
      timer = setTimeout(tick, options.pollMs);
    });
    app.addHook('preClose', async () => {
      stopped = true;
      clearTimeout(timer);
      await running;
    });
  }
}

export const sandboxWebhooks = fp(sandboxWebhooksPlugin, {
  name: 'sandbox-webhooks',
  dependencies: ['field-cipher'],
});
