import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { registerSignedWebhook } from '../../lib/webhooks/signed-webhook-route.ts';
import {
  BANK_CONNECTION_WEBHOOK_PATH,
  BANK_CONNECTION_WEBHOOK_ROLE,
  loginEventDataSchema,
  loginEventTypes,
} from '../../providers/bank-connection/bank-connection-provider.ts';
import { recordLoginEvent } from './bank-connection.service.ts';

export interface BankConnectionWebhookOptions {
  /** The secret shared with the vendor (config: `webhookSecretOf(config, 'bankConnection')`). */
  secret: string;
  now?: () => Date;
}

const loginEventSchema = z.object({
  type: z.enum(Object.values(loginEventTypes)),
  data: loginEventDataSchema,
});

/**
 * The bank-connection vendor's webhook, `POST /webhooks/bank-connection` (signed; ADR 0018): a
 * login is pending, connected with its accounts, or failed. Recorded in the receipt's
 * transaction, so an event is applied once; an event of another type or shape is acknowledged
 * and changes nothing (the vendor would only send it again).
 */
export const bankConnectionWebhookRoutes: FastifyPluginAsync<BankConnectionWebhookOptions> = async (
  app,
  options,
) => {
  const now = options.now ?? (() => new Date());
  await registerSignedWebhook(app, {
    path: BANK_CONNECTION_WEBHOOK_PATH,
    role: BANK_CONNECTION_WEBHOOK_ROLE,
    secret: options.secret,
    handle: async (tx, event) => {
      const parsed = loginEventSchema.safeParse(event);
      if (!parsed.success) return;
      await recordLoginEvent(tx, { cipher: app.cipher, now }, parsed.data.type, parsed.data.data);
    },
  });
};
