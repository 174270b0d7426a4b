import type { FastifyInstance, FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { applicationStatuses, signatureStatuses } from '@portal/domain';
import { z } from 'zod';
import { featureFlagsOf, publicUrlOf, type AppConfig } from '../../config.ts';
import { callerOf } from '../../plugins/auth.ts';
import type { EsignProvider } from '../../providers/esign/esign-provider.ts';
import { createEsignProvider } from '../../providers/esign/esign-providers.ts';
import { contentDisposition } from '../documents/documents.routes.ts';
import {
  EsignError,
  signedDocumentOf,
  signingStatus,
  startSigning,
  type EsignDeps,
} from './esign.service.ts';

export interface EsignRoutesOptions {
  /** The e-sign vendor; the sandbox over the app's database when absent. */
  provider?: EsignProvider;
  /** How long a sandbox envelope can be signed (7 days when absent). */
  envelopeTtlMs?: number;
  /** The app's configuration: the site's address, for the dashboard link in mail. */
  config?: Pick<AppConfig, 'publicUrl' | 'host' | 'port' | 'featureFlags'>;
}

const errorSchema = z.object({ errorCode: z.string(), message: z.string() });
const params = z.object({ id: z.uuid() });
const stateSchema = z.object({
  status: z.enum(signatureStatuses),
  role: z.enum(['primary', 'joint']),
  applicationStatus: z.enum([...Object.values(applicationStatuses), 'approved']),
  canSign: z.boolean(),
  identityVerified: z.boolean(),
});
const startSchema = z.object({ signingUrl: z.string(), status: z.literal('pending') });

const messages: Record<EsignError['errorCode'], string> = {
  notFound: 'Not found.',
  notYourTurn: 'It is not your turn to sign this application.',
  alreadySigned: 'You have already signed this application.',
  signerUnknown: 'The profile of the person who signs is missing.',
  signerNameRefused: 'The name of the person who signs has characters a name cannot have.',
  notSigned: 'There is no signed document yet.',
  identityNotVerified: 'Your identity must be verified before you sign.',
};

function refuse(reply: FastifyReply, error: unknown) {
  if (!(error instanceof EsignError)) throw error;
  return reply
    .code(error.status)
    .send({ errorCode: error.errorCode, message: messages[error.errorCode] });
}

/** What the e-sign service needs, from the app and these options (the routes and the webhook). */
export function esignDepsOf(app: FastifyInstance, options: EsignRoutesOptions): EsignDeps {
  return {
    db: app.db,
    cipher: app.cipher,
    provider:
      options.provider ??
      createEsignProvider('sandbox', {
        db: app.db,
        cipher: app.cipher,
        envelopeTtlMs: options.envelopeTtlMs,
      }),
    ...(options.config && { publicUrl: publicUrlOf(options.config) }),
    ...(options.config && {
      bypassQualId: () => featureFlagsOf(options.config ?? {}).bypassQualId,
    }),
  };
}

/**
 * The e-signature of an application (bearer): `POST applications/{id}/esign` opens (or resumes)
 * the caller's signing ceremony, `GET applications/{id}/esign` reports its status as the
 * vendor's webhook recorded it, which the client polls at its own interval until signed,
 * declined or expired.
 */
export const esignRoutes: FastifyPluginAsyncZod<EsignRoutesOptions> = async (app, options) => {
  const deps = esignDepsOf(app, options);
  app.addHook('onRequest', async (request, reply) => {
    await app.requireUser(request, reply);
    if (!request.user) return reply;
  });
  const tags = ['esign'];
  const security = [{ bearer: [] }];

  app.post(
    '/applications/:id/esign',
    {
      schema: {
        tags,
        security,
        summary: "Opens the caller's signing ceremony: a new envelope, or the pending one",
        description:
          'The primary applicant signs when the application is esignatureRequired, the joint ' +
          'applicant when it is jointEsignatureRequired; otherwise 409 notYourTurn (or ' +
          'alreadySigned); 403 emailNotVerified until the signer proved their email address. ' +
          'After a declined or expired envelope, a new one is sent.',
        params,
        response: { 200: startSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema },
      },
      preHandler: app.requireVerifiedEmail,
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      try {
        return await startSigning(deps, callerOf(request), request.params.id);
      } catch (error) {
        return refuse(reply, error);
      }
    },
  );

  app.get(
    '/applications/:id/esign',
    {
      schema: {
        tags,
        security,
        summary: "The caller's signature as the server knows it (polled)",
        description:
          'status is notStarted, pending, signed, declined or expired, as the e-sign vendor ' +
          'reported it by webhook; a signature reported signed has moved the application on ' +
          '(underReview once everyone has signed). Reading it never calls the vendor.',
        params,
        response: { 200: stateSchema, 404: errorSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      try {
        return await signingStatus(deps, callerOf(request), request.params.id);
      } catch (error) {
        return refuse(reply, error);
      }
    },
  );

  app.get(
    '/applications/:id/esign/document',
    {
      schema: {
        tags,
        security,
        summary: "The caller's copy of the application they signed (PDF, a download)",
        description:
          'The document as the e-sign vendor returned it signed, kept encrypted: each applicant ' +
          'gets the copy they signed. 404 notFound to anyone who takes no part in the ' +
          'application, notSigned before the caller has signed.',
        params,
        produces: ['application/pdf'],
        response: { 200: z.any().describe('The signed PDF'), 404: errorSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      try {
        const document = await signedDocumentOf(deps, callerOf(request), request.params.id);
        return (
          reply
            .type('application/pdf')
            // Saved, not shown in a tab: it is the applicant's copy to keep.
            .header(
              'content-disposition',
              contentDisposition(document.name).replace(/^inline;/, 'attachment;'),
            )
            .header('x-content-type-options', 'nosniff')
            .send(Buffer.from(document.bytes))
        );
      } catch (error) {
        return refuse(reply, error);
      }
    },
  );
};
