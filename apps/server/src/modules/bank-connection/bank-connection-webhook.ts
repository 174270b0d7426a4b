import type { FastifyPluginAsync } from 'fastify';
import {
  registerSignedWebhook,
  timestampedSignature,
} from '../../lib/webhooks/signed-webhook-route.ts';
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

const eventTypes: readonly string[] = Object.values(loginEventTypes);

/**
 * The bank-connection vendor's webhook, `POST /webhooks/bank-connection` (signed; ADR 0018): a
 * login is pending, connected with its accounts, or failed. Recorded in the receipt's
 * transaction, so an event is applied once; an event of another type is acknowledged and
 * changes nothing. A login event whose data fails the schema is kept for staff, and one for a
 * request the portal does not know is answered 503 for ten minutes after it occurred, then
 * kept (issue 30).
 */
export const bankConnectionWebhookRoutes: FastifyPluginAsync<BankConnectionWebhookOptions> = async (
  app,
  options,
) => {
  const now = options.now ?? (() => new Date());
  await registerSignedWebhook(app, {
    path: BANK_CONNECTION_WEBHOOK_PATH,
    role: BANK_CONNECTION_WEBHOOK_ROLE,
    verify: timestampedSignature(options.secret),
    now,
    handle: async (tx, event) => {
      if (!eventTypes.includes(event.type)) return;
      // A ZodError keeps the event for staff; an unknown request throws UnknownWebhookReference.
      const data = loginEventDataSchema.parse(event.data);
      await recordLoginEvent(tx, { cipher: app.cipher, now }, event.type, data);
    },
  });
};
