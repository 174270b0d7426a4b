import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { codeMessagesEn, codeMessagesFr } from '@portal/domain/messages/code-messages';
import { messageFor, messagesEn } from '@portal/domain/messages/messages';
import {
  CO_AUTH_CODE_MAX_ATTEMPTS,
  CO_AUTH_CODE_VALIDITY_MS,
  coAuthCodeErrorCodes,
  coAuthCodeSchema,
  demoAuthCodeStatuses,
  isDemoAuthCode,
  type DemoAuthCode,
} from '@portal/domain/rules/co-auth-code';
import { z } from 'zod';
import { codeValidityMsOf, featureFlagsOf, publicUrlOf, type AppConfig } from '../../config.ts';
import { answerLanguageOf, callerOf } from '../../plugins/auth.ts';
import type { MessageLanguage } from '../outbox/outbox.service.ts';
import {
  CoAuthCodeError,
  readInvitation,
  resendCode,
  verifyCode,
  type InvitationView,
} from './co-auth-code.service.ts';

/**
 * `coAuthCode` of spec section 7: the joint applicant reads where their invitation stands,
 * asks for a new code, and proves the code from their mail. Every answer carries `status`,
 * the HTTP status repeated in the body (the spec's "status number"); refusals carry the usual
 * `{ errorCode, message }`, the message in the caller's language (Accept-Language).
 *
 * | call | answers |
 * |---|---|
 * | GET coAuthCode | 200 waiting or verified; 403 attempts used up; 409 expired; 404 none |
 * | POST coAuthCode | 201 a new code was mailed; 404 none waiting; 429 too soon (Retry-After) |
 * | PUT coAuthCode/{code} | 200 joined; 400 not four digits; 401 wrong code; 403 attempts used up; 404 none; 409 expired or closed |
 */

const invitationSchema = z.object({
  status: z.number().int(),
  state: z.enum(['waiting', 'expired', 'locked', 'verified']),
  applicationId: z.uuid(),
  inviterName: z.string().optional(),
  expiresAt: z.string(),
  attemptsLeft: z.number().int().min(0).max(CO_AUTH_CODE_MAX_ATTEMPTS),
  resendAvailableAt: z.string().nullable(),
  verifiedAt: z.string().optional(),
  applicationStatus: z.string().optional(),
  frenchFirst: z.boolean().optional(),
});
/** GET answers 403 and 409 with the invitation too: the screen shows it and offers a new code. */
const invitationRefusalSchema = invitationSchema.extend({
  errorCode: z.string(),
  message: z.string(),
});
const errorSchema = z.object({
  status: z.number().int().optional(),
  errorCode: z.string(),
  message: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
  attemptsLeft: z.number().int().optional(),
  retryAfterSeconds: z.number().int().optional(),
});
const codeParams = z.object({ code: coAuthCodeSchema });
/**
 * The customer agreements accepted in joining (the review's answer); checked by the service
 * against the joint applicant's own address (ADR 0016), so each field is taken as sent here.
 */
const joinBody = z
  .object({
    agreementId: z.unknown(),
    hasConsent: z.unknown(),
    boundLanguage: z.unknown(),
    expressEnglishChoice: z.unknown(),
  })
  .partial()
  .nullish();

function messageOf(errorCode: string, language: MessageLanguage): string {
  const table: Record<string, string> = language === 'fr' ? codeMessagesFr : codeMessagesEn;
  return (
    table[errorCode] ?? (errorCode in messagesEn ? messageFor(errorCode, language) : errorCode)
  );
}

function refuse(request: FastifyRequest, reply: FastifyReply, error: unknown) {
  if (!(error instanceof CoAuthCodeError)) throw error;
  if (error.details.retryAfterSeconds !== undefined) {
    reply.header('retry-after', String(error.details.retryAfterSeconds));
  }
  return reply.code(error.status).send({
    status: error.status,
    errorCode: error.errorCode,
    message: messageOf(error.errorCode, answerLanguageOf(request)),
    ...error.details,
  });
}

/** Sends `status` with the invitation `work` resolves to, or the refusal it throws. */
async function sendInvitation(
  request: FastifyRequest,
  reply: FastifyReply,
  status: 200 | 201,
  work: () => Promise<InvitationView>,
) {
  try {
    return reply.code(status).send(answer(status, await work()));
  } catch (error) {
    return refuse(request, reply, error);
  }
}

/** An application that does not exist: the demo's "joined" answer points nowhere real. */
const DEMO_APPLICATION_ID = '00000000-0000-4000-8000-000000000000';

/**
 * The demo environment's answer to a demo code (spec section 8): the status it stands for,
 * with the body a real answer of that status carries, and no invitation read or changed.
 */
function demoAnswer(code: DemoAuthCode): InvitationView | CoAuthCodeError {
  switch (demoAuthCodeStatuses[code]) {
    case 200: {
      const now = new Date();
      return {
        state: 'verified',
        applicationId: DEMO_APPLICATION_ID,
        expiresAt: new Date(now.getTime() + CO_AUTH_CODE_VALIDITY_MS).toISOString(),
        attemptsLeft: CO_AUTH_CODE_MAX_ATTEMPTS,
        resendAvailableAt: null,
        verifiedAt: now.toISOString(),
      };
    }
    case 401:
      return new CoAuthCodeError(401, coAuthCodeErrorCodes.mismatch, {
        attemptsLeft: CO_AUTH_CODE_MAX_ATTEMPTS - 1,
      });
    case 403:
      return new CoAuthCodeError(403, coAuthCodeErrorCodes.maxAttempts, { attemptsLeft: 0 });
    case 404:
      return new CoAuthCodeError(404, coAuthCodeErrorCodes.notFound);
  }
}

/** The request line without the code: `PUT .../coAuthCode/1234` is logged as `.../coAuthCode/****`. */
export function withoutCode(url: string): string {
  return url.replace(/(\/coAuthCode\/)[^/?#]*/i, '$1****');
}

export const coAuthCodeRoutes: FastifyPluginAsyncZod<{ config: AppConfig }> = async (
  app,
  { config },
) => {
  const publicUrl = publicUrlOf(config);
  const { bypassQualId, demoAuthCodes } = featureFlagsOf(config);

  // The caller is checked before anything else; returning the reply makes Fastify wait for
  // the 401 before the handler could run (see documents.routes.ts).
  app.addHook('onRequest', async (request, reply) => {
    await app.requireUser(request, reply);
    if (!request.user) return reply;
  });
  // Never cached: each answer is about one person's code.
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'private, no-store');
  });
  const tags = ['coAuthCode'];
  const security = [{ bearer: [] }];

  app.get(
    '/coAuthCode',
    {
      schema: {
        tags,
        security,
        summary: "Where the caller's joint-applicant invitation stands (the status number)",
        description:
          'The invitation mailed to the address the caller signed in with. 200 waiting for the ' +
          'code or already verified (state), 403 attempts used up, 409 expired (both with the ' +
          'invitation, to offer a new code), 404 no invitation for this address.',
        response: {
          200: invitationSchema,
          403: invitationRefusalSchema,
          404: errorSchema,
          409: invitationRefusalSchema,
        },
      },
    },
    async (request, reply) => {
      try {
        const view = await readInvitation(app.db, callerOf(request));
        if (view.state === 'locked' || view.state === 'expired') {
          const status = view.state === 'locked' ? 403 : 409;
          const errorCode =
            view.state === 'locked'
              ? coAuthCodeErrorCodes.maxAttempts
              : coAuthCodeErrorCodes.expired;
          return reply.code(status).send({
            status,
            ...view,
            errorCode,
            message: messageOf(errorCode, answerLanguageOf(request)),
          });
        }
        return reply.code(200).send(answer(200, view));
      } catch (error) {
        return refuse(request, reply, error);
      }
    },
  );

  app.post(
    '/coAuthCode',
    {
      schema: {
        tags,
        security,
        summary: 'Mails a new code (empty body): valid 24 hours again, attempts start again',
        description:
          'In the language of Accept-Language. 404 without a waiting invitation; 429 with ' +
          'Retry-After (seconds) within a minute of the last code, or after five new codes in ' +
          '24 hours.',
        response: { 201: invitationSchema, 404: errorSchema, 429: errorSchema },
      },
    },
    async (request, reply) =>
      sendInvitation(request, reply, 201, () =>
        resendCode(app.db, app.cipher, callerOf(request), {
          language: answerLanguageOf(request),
          publicUrl,
          validityMs: codeValidityMsOf(config),
        }),
      ),
  );

  app.put(
    '/coAuthCode/:code',
    {
      // The code is in the path: the request line is logged without it.
      logSerializers: {
        req: (request: FastifyRequest) => ({
          method: request.method,
          path: withoutCode(request.url),
        }),
      },
      schema: {
        tags,
        security,
        summary: 'Proves the code: the caller joins the application as its joint applicant',
        description:
          '200 joined (the application moves on; with the bypass-qualId flag to ' +
          'esignatureRequired); 400 not four digits; 401 wrong code (attemptsLeft); 403 ' +
          'attempts used up, or emailNotVerified until the caller proved their address; 404 no ' +
          'invitation for this address; 409 expired, or the application no longer waits for ' +
          'its joint applicant. The body carries the customer agreements accepted in joining ' +
          '(agreementId, hasConsent, boundLanguage, expressEnglishChoice): for a joint ' +
          'applicant living in Quebec, English binds only with expressEnglishChoice (else 400 ' +
          'englishChoiceRequired); the server records review.jointAgreement (ADR 0016).',
        params: codeParams,
        body: joinBody,
        response: {
          200: invitationSchema,
          400: errorSchema,
          401: errorSchema,
          403: errorSchema,
          404: errorSchema,
          409: errorSchema,
        },
      },
      preHandler: app.requireVerifiedEmail,
    },
    async (request, reply) =>
      sendInvitation(request, reply, 200, async () => {
        // A trial account never joins an application (spec section 6), as if nothing waited.
        if (callerOf(request).role === 'trial') {
          throw new CoAuthCodeError(404, coAuthCodeErrorCodes.notFound);
        }
        if (demoAuthCodes && isDemoAuthCode(request.params.code)) {
          const demo = demoAnswer(request.params.code);
          if (demo instanceof CoAuthCodeError) throw demo;
          return demo;
        }
        return verifyCode(app.db, app.cipher, callerOf(request), request.params.code, {
          bypassQualId,
          publicUrl,
          ...(request.body != null ? { agreement: request.body } : {}),
          readingLanguage: callerOf(request).language === 'fr' ? 'fr' : 'en',
        });
      }),
  );
};

const answer = (status: number, view: InvitationView) => ({ status, ...view });
