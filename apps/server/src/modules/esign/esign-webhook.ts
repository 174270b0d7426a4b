import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { registerSignedWebhook } from '../../lib/webhooks/signed-webhook-route.ts';
import {
  ESIGN_WEBHOOK_PATH,
  ESIGN_WEBHOOK_ROLE,
  envelopeEventTypes,
} from '../../providers/esign/esign-provider.ts';
import { esignDepsOf, type EsignRoutesOptions } from './esign.routes.ts';
import { envelopeNewsOf, recordEnvelopeNews, type EnvelopeNews } from './esign.service.ts';

/**
 * Other envelopes the portal sends with the same vendor (issue 15: transfer authorizations):
 * asked about an envelope the application signatures do not know, and handed its news.
 */
export interface EnvelopeNewsHandler<News> {
  newsOf(envelopeId: string): Promise<News | undefined>;
  record(tx: Database, news: News): Promise<void>;
}

export interface EsignWebhookOptions extends EsignRoutesOptions {
  /** The secret shared with the e-sign vendor (config: `webhookSecretOf(config, 'esign')`). */
  secret: string;
  /** The transfers module's envelopes (transfer authorizations). */
  transfers?: EnvelopeNewsHandler<unknown>;
}

type News =
  { kind: 'application'; news: EnvelopeNews } | { kind: 'transfer'; news: unknown } | undefined;

const envelopeEventSchema = z.object({
  type: z.enum(Object.values(envelopeEventTypes)),
  data: z.object({ envelopeId: z.string().min(1).max(200) }).loose(),
});

/**
 * The e-sign vendor's webhook, `POST /webhooks/esign` (signed; ADR 0018): an envelope was
 * completed, declined or expired. Before the transaction the portal asks the vendor what the
 * envelope's status is now (and takes the signed copy); in the receipt's transaction it
 * records that for the signer, as the signer's own status check would, so a signer who closed
 * the tab is signed all the same and the webhook and the check never record it twice. An
 * event of another type, or for an envelope the portal did not send or has already recorded,
 * is acknowledged (2xx, so the vendor stops) and changes nothing.
 */
export const esignWebhookRoutes: FastifyPluginAsync<EsignWebhookOptions> = async (app, options) => {
  const deps = esignDepsOf(app, options);
  const { transfers } = options;
  await registerSignedWebhook<News>(app, {
    path: ESIGN_WEBHOOK_PATH,
    role: ESIGN_WEBHOOK_ROLE,
    secret: options.secret,
    prepare: async (event) => {
      const parsed = envelopeEventSchema.safeParse(event);
      if (!parsed.success) return undefined;
      const { envelopeId } = parsed.data.data;
      const news = await envelopeNewsOf(deps, envelopeId);
      if (news) return { kind: 'application', news };
      const transfer = await transfers?.newsOf(envelopeId);
      return transfer === undefined ? undefined : { kind: 'transfer', news: transfer };
    },
    handle: async (tx, _event, prepared) => {
      if (prepared?.kind === 'application') await recordEnvelopeNews(tx, deps, prepared.news);
      else if (prepared?.kind === 'transfer') await transfers?.record(tx, prepared.news);
    },
  });
};
