import type { FastifyMultipartBaseOptions } from '@fastify/multipart';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  biometricConsentSchema,
  identityMethods,
  MAX_UPLOAD_BYTES,
  type IdentityMethod,
} from '@portal/domain';
import { z } from 'zod';
import { callerOf } from '../../plugins/auth.ts';
import { identityDocumentTypes, type IdentityDocumentType } from '@portal/domain/enums/documents';
import { captureSides, handoffStages } from '@portal/domain/identity/handoff';
import type { DocumentVerificationProvider } from '../../providers/document-verification/document-verification-provider.ts';
import { createDocumentVerificationProvider } from '../../providers/document-verification/document-verification-providers.ts';
import { normalizeShortCode } from './handoff-credentials.ts';
import {
  chooseDocument,
  IdentityCaptureError,
  readCapture,
  removeImage,
  resendPhotoIdSms,
  startPhotoId,
  storeImage,
  submitCaptures,
  type IdentityCaptureDeps,
  type UploadedImage,
} from './identity-capture.service.ts';
import { registerIdentityWebhook } from './identity-webhook.ts';
import { acceptUploads } from '../../plugins/uploads.ts';

/**
 * Photo ID and selfie on the phone (issue 13; contract in ADR 0018):
 *
 * | call | who | answers |
 * |---|---|---|
 * | POST {api}/applications/{id}/identity/photoId | bearer | 201 hand-off with link, short link, QR |
 * | POST {api}/applications/{id}/identity/photoId/sms | bearer | 200 new link texted; 429 within a minute |
 * | GET {api}/identityCapture/{credential} | the link | 200 what the phone shows |
 * | PUT {api}/identityCapture/{credential}/document | the link | 200 |
 * | POST / DELETE {api}/identityCapture/{credential}/images/{side} | the link | 200 |
 * | POST {api}/identityCapture/{credential}/submit | the link | 202 pending |
 * | GET /v/{code} | anyone | 302 to the phone pages |
 * | POST /webhooks/identity | the vendor (signed) | 200 |
 *
 * The credential is the SMS link's token or the typed short code; an unknown or expired one
 * answers 404 handoffExpired, and an address with ten failed look-ups a minute waits (429).
 */

export interface IdentityCaptureRoutesOptions {
  /** Where the API lives (`/service/jaxrs`). */
  apiPrefix: string;
  /** The site's own address (`publicUrlOf`). */
  publicUrl: string;
  /** The document-verification vendor's webhook secret (`webhookSecretOf(config, 'identity')`). */
  webhookSecret: string;
  /** Onfido's webhook token, when Onfido is the vendor: its webhook replaces the sandbox's. */
  onfidoWebhookToken?: string;
  /** The vendor; the sandbox over the app's database when absent. */
  provider?: DocumentVerificationProvider;
  /** How long the sandbox takes to receive the images (ms); none when absent (tests). */
  sandboxLatencyMs?: () => number;
  /** The identity methods this server offers (the attempt's audit event names them); all four when absent. */
  methodsOffered?: readonly IdentityMethod[];
}

const messages: Record<IdentityCaptureError['errorCode'], string> = {
  notFound: 'Not found.',
  identityNotOpen: 'Identity verification is not open for you on this application.',
  alreadyVerified: 'Your identity is already verified.',
  phoneRequired: 'Give the mobile phone number to text the link to.',
  biometricConsentRequired:
    'Agree to the comparison of your selfie with your photo ID first, or choose another way.',
  invalidPhone: 'Give a 10-digit mobile phone number.',
  noHandoff: 'No phone verification is running.',
  smsResendTooSoon: 'Wait a minute before asking for another text.',
  handoffExpired: 'This link has expired. Start again from your computer.',
  tooManyAttempts: 'Too many tries. Wait a minute and try again.',
  handoffSubmitted: 'The pictures were already sent.',
  documentTypeRequired: 'Choose the document first.',
  backNotNeeded: 'A passport needs only its photo page.',
  invalidFile: 'Send a JPEG or PNG picture.',
  fileTooLarge: 'The picture is larger than 10 MB.',
  capturesMissing: 'Some pictures are missing.',
};

function refuse(reply: FastifyReply, error: unknown) {
  if (!(error instanceof IdentityCaptureError)) throw error;
  if (typeof error.details.retryAfterSeconds === 'number') {
    reply.header('retry-after', String(error.details.retryAfterSeconds));
  }
  return reply
    .code(error.status)
    .send({ errorCode: error.errorCode, message: messages[error.errorCode], ...error.details });
}

/** The request line without the credential: a token in a log would open the phone pages. */
export function withoutCredential(url: string): string {
  return url
    .split('?')[0]!
    .replace(/(\/identityCapture\/)[^/]+/i, '$1****')
    .replace(/^(\/v\/)[^/]+/i, '$1****');
}
const logSerializers = {
  req: (request: FastifyRequest) => ({
    method: request.method,
    path: withoutCredential(request.url),
  }),
};

const errorSchema = z.object({ errorCode: z.string(), message: z.string() }).catchall(z.unknown());
const handoffSchema = z.object({
  attemptId: z.uuid(),
  stage: z.enum(handoffStages),
  expiresAt: z.string(),
  smsSentAt: z.string().optional(),
  canResendAt: z.string().optional(),
  phoneMasked: z.string().optional(),
  documentType: z.string().optional(),
  link: z.string(),
  shortLink: z.string(),
  qrSvg: z.string(),
});
const captureSchema = z.object({
  language: z.enum(['en', 'fr']),
  firstName: z.string(),
  stage: z.enum(handoffStages),
  documentType: z.string().optional(),
  expiresAt: z.string(),
  captured: z.object({ front: z.boolean(), back: z.boolean(), selfie: z.boolean() }),
  needsBack: z.boolean(),
  outcome: z.enum(['pending', 'verified', 'failed']).optional(),
  reason: z.string().optional(),
});
const phoneBody = z.object({ phone: z.string().max(40).optional() }).nullish();
const photoIdStartBody = z
  .object({
    phone: z.string().max(40).optional(),
    biometricConsent: biometricConsentSchema.optional(),
  })
  .nullish();
const applicationParams = z.object({ id: z.uuid() });
const credentialParams = z.object({ credential: z.string().min(1).max(100) });
const sideParams = credentialParams.extend({ side: z.enum(captureSides) });

/** One image of at most 10 MB, read into memory (never onto a disk path). */
const imageUploadOptions: FastifyMultipartBaseOptions = {
  limits: {
    fileSize: MAX_UPLOAD_BYTES,
    files: 1,
    fields: 2,
    fieldSize: 1024,
    parts: 4,
    headerPairs: 20,
  },
  throwFileSizeLimit: false,
};

async function readImage(request: FastifyRequest): Promise<UploadedImage | undefined> {
  if (!request.isMultipart()) throw new IdentityCaptureError(400, 'invalidFile');
  let file: UploadedImage | undefined;
  try {
    for await (const part of request.parts(imageUploadOptions)) {
      if (part.type !== 'file') continue;
      const bytes = await part.toBuffer();
      if (part.fieldname === 'file' && !file) {
        file = { fileName: part.filename, bytes, truncated: part.file.truncated };
      }
    }
  } catch (error) {
    request.log.info({ reason: (error as Error).message }, 'identity image upload refused');
    throw new IdentityCaptureError(400, 'invalidFile');
  }
  return file;
}

export const identityCaptureRoutes: FastifyPluginAsyncZod<IdentityCaptureRoutesOptions> = async (
  app,
  options,
) => {
  await acceptUploads(app);
  const provider =
    options.provider ??
    createDocumentVerificationProvider('sandbox', {
      db: app.db,
      cipher: app.cipher,
      ...(options.sandboxLatencyMs && { latencyMs: options.sandboxLatencyMs }),
    });
  const deps: IdentityCaptureDeps = {
    db: app.db,
    cipher: app.cipher,
    provider,
    publicUrl: options.publicUrl,
    methodsOffered: options.methodsOffered ?? identityMethods,
  };

  await registerIdentityWebhook(app, {
    cipher: app.cipher,
    vendor: provider.name,
    publicUrl: options.publicUrl,
    signing: options.onfidoWebhookToken
      ? { onfidoWebhookToken: options.onfidoWebhookToken, provider }
      : { secret: options.webhookSecret },
  });

  // The short link a person types: the phone pages open on the code itself.
  app.get(
    '/v/:code',
    { logSerializers, schema: { hide: true, params: z.object({ code: z.string().max(40) }) } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const code = normalizeShortCode(request.params.code);
      return reply.redirect(code ? `/#/verify/${code}` : '/#/verify/expired', 302);
    },
  );

  // The desktop side: the signed-in applicant starts or re-sends the hand-off.
  await app.register(
    async (scope) => {
      scope.addHook('onRequest', async (request, reply) => {
        await app.requireUser(request, reply);
        if (!request.user) return reply;
      });
      scope.addHook('onSend', async (_request, reply) => {
        reply.header('cache-control', 'private, no-store');
      });
      const tags = ['identity'];
      const security = [{ bearer: [] }];

      scope.withTypeProvider<ZodTypeProvider>().post(
        '/applications/:id/identity/photoId',
        {
          schema: {
            tags,
            security,
            summary: 'Starts photo ID and selfie on the phone: texts a link (15 minutes)',
            description:
              'Cancels the caller’s running hand-off, starts a photo-ID attempt, texts the link ' +
              'to `phone` (10 digits) or to the mobile phone of the caller’s profile. The answer ' +
              'alone carries the link and its QR code (the token is not kept). The person’s ' +
              'consent to the comparison of their selfie with their photo ID comes with it ' +
              '(`biometricConsent`: the words’ version and language; ADR 0036). 400 ' +
              'biometricConsentRequired, phoneRequired or invalidPhone; 404 not the caller’s; ' +
              '409 identityNotOpen or alreadyVerified.',
            params: applicationParams,
            body: photoIdStartBody,
            response: {
              201: z.object({ handoff: handoffSchema }),
              400: errorSchema,
              404: errorSchema,
              409: errorSchema,
            },
          },
        },
        async (request, reply) => {
          try {
            const handoff = await startPhotoId(deps, callerOf(request), request.params.id, {
              ...(request.body?.phone !== undefined && { phone: request.body.phone }),
              ...(request.body?.biometricConsent && {
                biometricConsent: request.body.biometricConsent,
              }),
            });
            return reply.code(201).send({ handoff });
          } catch (error) {
            return refuse(reply, error);
          }
        },
      );

      scope.withTypeProvider<ZodTypeProvider>().post(
        '/applications/:id/identity/photoId/sms',
        {
          schema: {
            tags,
            security,
            summary: 'Texts a new link for the running hand-off (at most once a minute)',
            description:
              'A new token and short code: the earlier link stops working. 429 smsResendTooSoon ' +
              '(retryAt) within a minute of the last text; 409 noHandoff when none runs.',
            params: applicationParams,
            body: phoneBody,
            response: {
              200: z.object({ handoff: handoffSchema }),
              400: errorSchema,
              404: errorSchema,
              409: errorSchema,
              429: errorSchema,
            },
          },
        },
        async (request, reply) => {
          try {
            const handoff = await resendPhotoIdSms(deps, callerOf(request), request.params.id, {
              ...(request.body?.phone !== undefined && { phone: request.body.phone }),
            });
            return reply.code(200).send({ handoff });
          } catch (error) {
            return refuse(reply, error);
          }
        },
      );
    },
    { prefix: options.apiPrefix },
  );

  // The phone side: no bearer, the credential in the path is the authority.
  await app.register(
    async (scope) => {
      const api = scope.withTypeProvider<ZodTypeProvider>();
      scope.addHook('onSend', async (_request, reply) => {
        reply.header('cache-control', 'no-store');
        reply.header('referrer-policy', 'no-referrer');
      });
      const tags = ['identityCapture'];
      const responses = {
        200: captureSchema,
        400: errorSchema,
        404: errorSchema,
        409: errorSchema,
        413: errorSchema,
        429: errorSchema,
      };
      const handle =
        <T>(work: (request: T) => Promise<unknown>) =>
        async (request: T, reply: FastifyReply) => {
          try {
            return reply.code(200).send(await work(request));
          } catch (error) {
            return refuse(reply, error);
          }
        };

      api.get(
        '/identityCapture/:credential',
        {
          logSerializers,
          schema: {
            tags,
            summary: 'What the phone shows: the person’s first name, stage, captures, outcome',
            params: credentialParams,
            response: responses,
          },
        },
        handle((request: FastifyRequest<{ Params: z.infer<typeof credentialParams> }>) =>
          readCapture(deps, request.params.credential, request.ip),
        ),
      );

      api.put(
        '/identityCapture/:credential/document',
        {
          logSerializers,
          schema: {
            tags,
            summary: 'Chooses the document (a passport needs no back)',
            params: credentialParams,
            body: z.object({ documentType: z.enum(identityDocumentTypes) }),
            response: responses,
          },
        },
        handle(
          (
            request: FastifyRequest<{
              Params: z.infer<typeof credentialParams>;
              Body: { documentType: IdentityDocumentType };
            }>,
          ) =>
            chooseDocument(deps, request.params.credential, request.ip, request.body.documentType),
        ),
      );

      api.post(
        '/identityCapture/:credential/images/:side',
        {
          logSerializers,
          schema: {
            tags,
            summary: 'One picture (multipart field `file`, JPEG or PNG, at most 10 MB)',
            params: sideParams,
            response: responses,
          },
        },
        handle(async (request: FastifyRequest<{ Params: z.infer<typeof sideParams> }>) =>
          storeImage(
            deps,
            request.params.credential,
            request.ip,
            request.params.side,
            await readImage(request),
          ),
        ),
      );

      api.delete(
        '/identityCapture/:credential/images/:side',
        {
          logSerializers,
          schema: {
            tags,
            summary: 'Removes a picture to take it again',
            params: sideParams,
            response: responses,
          },
        },
        handle((request: FastifyRequest<{ Params: z.infer<typeof sideParams> }>) =>
          removeImage(deps, request.params.credential, request.ip, request.params.side),
        ),
      );

      api.post(
        '/identityCapture/:credential/submit',
        {
          logSerializers,
          schema: {
            tags,
            summary: 'Sends the pictures to be checked; the decision comes later',
            description:
              'Needs the front, the back (not for a passport) and the selfie (409 capturesMissing). ' +
              '`notifyBySms: true` texts the result to the same phone.',
            params: credentialParams,
            body: z.object({ notifyBySms: z.boolean().optional() }).nullish(),
            response: {
              202: z.object({ stage: z.literal('submitted'), outcome: z.literal('pending') }),
              404: errorSchema,
              409: errorSchema,
              429: errorSchema,
            },
          },
        },
        async (request, reply) => {
          try {
            const submitted = await submitCaptures(deps, request.params.credential, request.ip, {
              notifyBySms: request.body?.notifyBySms === true,
            });
            return reply.code(202).send(submitted);
          } catch (error) {
            return refuse(reply, error);
          }
        },
      );
    },
    { prefix: options.apiPrefix },
  );
};
