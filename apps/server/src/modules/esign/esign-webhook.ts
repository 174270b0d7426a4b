import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import {
  registerSignedWebhook,
  timestampedSignature,
  UnknownWebhookReference,
} from '../../lib/webhooks/signed-webhook-route.ts';
import {
  connectEventOf,
  connectSignatureVerifier,
  DOCUSIGN_CONNECT_PATH,
} from '../../providers/esign/docusign-connect.ts';
import {
  ESIGN_WEBHOOK_PATH,
  ESIGN_WEBHOOK_ROLE,
  envelopeEventTypes,
} from '../../providers/esign/esign-provider.ts';
import { esignDepsOf, type EsignRoutesOptions } from './esign.routes.ts';
import {
  envelopeNewsOf,
  isApplicationEnvelope,
  recordEnvelopeNews,
  type EnvelopeNews,
} from './esign.service.ts';

/**
 * Other envelopes the portal sends with the same vendor (issue 15: transfer authorizations):
 * asked about an envelope the application signatures do not know, and handed its news.
 */
export interface EnvelopeNewsHandler<News> {
  newsOf(envelopeId: string): Promise<News | undefined>;
  record(tx: Database, news: News): Promise<void>;
  /** Whether the envelope is one of these (whatever its state). */
  knows(envelopeId: string): Promise<boolean>;
}

export interface EsignWebhookOptions extends EsignRoutesOptions {
  /**
   * How the vendor signs its events: the portal's own scheme with the secret shared with the
   * sandbox (config: `webhookSecretOf(config, 'esign')`), or DocuSign Connect's HMAC keys.
   */
  signing: { secret: string } | { docusignConnectKeys: readonly string[] };
  /** The transfers module's envelopes (transfer authorizations). */
  transfers?: EnvelopeNewsHandler<unknown>;
}

type News =
  { kind: 'application'; news: EnvelopeNews } | { kind: 'transfer'; news: unknown } | undefined;

const eventTypes: readonly string[] = Object.values(envelopeEventTypes);
const envelopeDataSchema = z.object({ envelopeId: z.string().min(1).max(200) }).loose();

/**
 * The e-sign vendor's webhook, `POST /webhooks/esign` (signed; ADR 0018), or DocuSign Connect's
 * at `POST /webhooks/docusign/connect` (its own signature and event shape): an envelope was
 * completed, declined or expired. Before the transaction the portal asks the vendor what the
 * envelope's status is now (and takes the signed copy); in the receipt's transaction it
 * records that for the signer, as the signer's own status check would, so a signer who closed
 * the tab is signed all the same and the webhook and the check never record it twice. An
 * event of another type, or for an envelope already recorded, is acknowledged (2xx, so the
 * vendor stops) and changes nothing. An envelope event whose data fails the schema is kept for
 * staff; one for an envelope the portal does not know is answered 503 for ten minutes after it
 * occurred (our write of the envelope may not have committed yet), then kept (issue 30).
 */
export const esignWebhookRoutes: FastifyPluginAsync<EsignWebhookOptions> = async (app, options) => {
  const deps = esignDepsOf(app, options);
  const { transfers } = options;
  const { signing } = options;
  await registerSignedWebhook<News>(app, {
    role: ESIGN_WEBHOOK_ROLE,
    ...('secret' in signing
      ? { path: ESIGN_WEBHOOK_PATH, verify: timestampedSignature(signing.secret) }
      : {
          path: DOCUSIGN_CONNECT_PATH,
          verify: connectSignatureVerifier(signing.docusignConnectKeys),
          eventOf: connectEventOf,
        }),
    prepare: async (event) => {
      if (!eventTypes.includes(event.type)) return undefined;
      // A ZodError keeps the event for staff.
      const { envelopeId } = envelopeDataSchema.parse(event.data);
      const news = await envelopeNewsOf(deps, envelopeId);
      if (news) return { kind: 'application', news };
      const transfer = await transfers?.newsOf(envelopeId);
      if (transfer !== undefined) return { kind: 'transfer', news: transfer };
      const known =
        (await isApplicationEnvelope(deps, envelopeId)) ||
        ((await transfers?.knows(envelopeId)) ?? false);
      if (!known) throw new UnknownWebhookReference('no envelope of ours has this id');
      return undefined;
    },
    handle: async (tx, _event, prepared) => {
      if (prepared?.kind === 'application') await recordEnvelopeNews(tx, deps, prepared.news);
      else if (prepared?.kind === 'transfer') await transfers?.record(tx, prepared.news);
    },
  });
};
