import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messageFor } from '@portal/domain';
import {
  partnerFromCookies,
  workEmailBodySchema,
  workEmailSchema,
  workEmailVerifyBodySchema,
} from '@portal/domain/promo/partners-api';
import { promoCodeBodySchema } from '@portal/domain/promo/promo-api';
import { z } from 'zod';
import { answerLanguageOf, callerOf } from '../../plugins/auth.ts';
import { CodeRefused } from '../security/one-time-codes.service.ts';
import { acceptPartnerAgreement, partnerAgreementOf } from './partner-agreement.service.ts';
import { applyPromoCode, promoCodeOf, PromoError, removePromoCode } from './promo.service.ts';
import { sendWorkEmailCode, verifyWorkEmail, workEmailStateOf } from './work-email.service.ts';

const tags = ['promo'];
const security = [{ bearer: [] }];
const idParams = z.object({ id: z.uuid() });

/** The cookies of spec section 1 / ADR 0003, as the client's lib/partner-skin.ts names them. */
const partnerOfRequest = (request: FastifyRequest) =>
  partnerFromCookies({
    skin: request.cookies.partnerSkin,
    name: request.cookies.partnerName,
    nameFr: request.cookies.partnerNameFr,
  });

/** The one-time code refusals, with the statuses the account API gives them. */
const codeStatus: Record<CodeRefused['errorCode'], number> = {
  noCodePending: 404,
  wrongCode: 401,
  tooManyAttempts: 403,
  codeExpired: 409,
  tooManyCodes: 429,
};
const codeMessageKey = (errorCode: string) =>
  `workEmail${errorCode.charAt(0).toUpperCase()}${errorCode.slice(1)}`;

function refuse(request: FastifyRequest, reply: FastifyReply, error: unknown) {
  const language = answerLanguageOf(request);
  if (error instanceof PromoError) {
    const message =
      error.errorCode === 'notFound'
        ? 'Not found.'
        : error.errorCode === 'applicationLocked'
          ? 'This application was submitted for review and can no longer change.'
          : messageFor(error.errorCode, language);
    return reply.code(error.status).send({ errorCode: error.errorCode, message });
  }
  if (error instanceof CodeRefused) {
    if (error.details.retryAfterSeconds) {
      reply.header('retry-after', String(error.details.retryAfterSeconds));
    }
    return reply.code(codeStatus[error.errorCode]).send({
      errorCode: error.errorCode,
      message: messageFor(codeMessageKey(error.errorCode), language),
      ...error.details,
    });
  }
  throw error;
}

async function run<T>(request: FastifyRequest, reply: FastifyReply, work: () => Promise<T>) {
  try {
    return await work();
  } catch (error) {
    return refuse(request, reply, error);
  }
}

/**
 * Promo codes, the partner agreement and the work email of an application (issue 17; the
 * contract is packages/domain/src/promo). Every path answers 404 to anyone but the owner (the
 * work email: the owner or the joint applicant), as for an application that does not exist.
 */
export const promoRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = () => ({ db: app.db, cipher: app.cipher });
  app.addHook('preHandler', app.requireUser);
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'private, no-store');
  });

  app.get(
    '/applications/:id/promoCode',
    {
      schema: { tags, security, summary: 'The promo code the application holds', params: idParams },
    },
    async (request, reply) =>
      run(request, reply, async () => ({
        promoCode: await promoCodeOf(app.db, callerOf(request).id, request.params.id),
      })),
  );

  app.put(
    '/applications/:id/promoCode',
    {
      schema: {
        tags,
        security,
        summary:
          'Applies a promo code (400 promoUnknown, promoExpired, promoNotYetValid, promoNotEligible)',
        params: idParams,
        body: promoCodeBodySchema,
      },
    },
    async (request, reply) =>
      run(request, reply, async () => ({
        promoCode: await applyPromoCode(
          app.db,
          callerOf(request).id,
          request.params.id,
          request.body.code,
        ),
      })),
  );

  app.delete(
    '/applications/:id/promoCode',
    { schema: { tags, security, summary: 'Removes the promo code', params: idParams } },
    async (request, reply) =>
      run(request, reply, async () => {
        await removePromoCode(app.db, callerOf(request).id, request.params.id);
        return reply.code(204).send();
      }),
  );

  app.get(
    '/applications/:id/partnerAgreement',
    {
      schema: { tags, security, summary: 'The partner agreement recorded', params: idParams },
    },
    async (request, reply) =>
      run(request, reply, async () => ({
        partnerAgreement: await partnerAgreementOf(app.db, callerOf(request).id, request.params.id),
      })),
  );

  app.put(
    '/applications/:id/partnerAgreement',
    {
      schema: {
        tags,
        security,
        summary:
          "Accepts the agreement of the partner named by the request's skin cookies (400 noPartner)",
        params: idParams,
      },
    },
    async (request, reply) =>
      run(request, reply, async () => ({
        partnerAgreement: await acceptPartnerAgreement(
          app.db,
          callerOf(request).id,
          request.params.id,
          partnerOfRequest(request),
        ),
      })),
  );

  app.get(
    '/applications/:id/workEmail',
    {
      schema: {
        tags,
        security,
        summary: 'Whether the caller proved this work email',
        params: idParams,
        querystring: z.object({ email: workEmailSchema }),
      },
    },
    async (request, reply) =>
      run(request, reply, () =>
        workEmailStateOf(app.db, callerOf(request).id, request.params.id, request.query.email),
      ),
  );

  app.post(
    '/applications/:id/workEmail/code',
    {
      schema: {
        tags,
        security,
        summary: 'Mails a six-digit code to the work email (429 tooManyCodes)',
        params: idParams,
        body: workEmailBodySchema,
      },
    },
    async (request, reply) =>
      run(request, reply, async () => {
        const sent = await sendWorkEmailCode(
          deps(),
          callerOf(request),
          request.params.id,
          request.body.email,
        );
        return reply.code(201).send({ resendAvailableAt: sent.resendAvailableAt.toISOString() });
      }),
  );

  app.put(
    '/applications/:id/workEmail/verify',
    {
      schema: {
        tags,
        security,
        summary: 'Proves the work email with its code (401 wrongCode, 409 codeExpired, ...)',
        params: idParams,
        body: workEmailVerifyBodySchema,
      },
    },
    async (request, reply) =>
      run(request, reply, () =>
        verifyWorkEmail(deps(), callerOf(request).id, request.params.id, request.body),
      ),
  );
};
