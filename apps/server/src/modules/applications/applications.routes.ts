import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  declineCategories,
  identityStates,
  namedAccountTypes,
  onboardingSteps,
} from '@portal/domain';
import { z } from 'zod';
import { codeValidityMsOf, featureFlagsOf, publicUrlOf, type AppConfig } from '../../config.ts';
import type { FieldCipher } from '../../lib/crypto/field-cipher.ts';
import { callerOf } from '../../plugins/auth.ts';
import {
  invitationLanguageOf,
  inviteJointApplicant,
} from '../co-auth-code/co-auth-code.service.ts';
import {
  answerInformationRequest,
  ApplicationError,
  createApplication,
  deleteApplication,
  getApplication,
  listApplications,
  nextStepOf,
  saveStep,
  type ReviewAgreedHooks,
} from './applications.service.ts';

const summarySchema = z.object({
  id: z.uuid(),
  status: z.string(),
  role: z.enum(['primary', 'joint']),
  version: z.number().int(),
  ownershipTypeId: z.number().int().nullable(),
  nextStep: z.enum(onboardingSteps).nullable(),
  accounts: z.array(z.enum(Object.keys(namedAccountTypes))),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** The caller's identity verification (issue 13); absent while bypass-qualId is on. */
  identity: z.object({ state: z.enum(identityStates) }).optional(),
  /** What operations decided (issue 16): numbers, the decline's category, what is asked. */
  openedAccounts: z
    .array(z.object({ accountTypeName: z.string(), accountNumber: z.string() }))
    .optional(),
  decline: z.object({ category: z.enum(Object.values(declineCategories)) }).optional(),
  informationRequest: z
    .object({
      id: z.uuid(),
      message: z.string(),
      documentTypes: z.array(z.string()),
      askedAt: z.string(),
    })
    .optional(),
  pepForm: z
    .object({
      dueOn: z.string(),
      receivedAt: z.string().nullable(),
      remindersSent: z.number().int(),
      restricted: z.boolean(),
    })
    .optional(),
});
/** The answer to what operations asked: text, and documents the caller uploaded for it. */
const informationAnswerSchema = z.object({
  answer: z.string().trim().min(1, 'required').max(2000, 'tooLong'),
  documentIds: z.array(z.uuid()).max(20).default([]),
});
/** A save answers the step as the server keeps it: normalized, SINs and TINs only masked. */
const savedStepSchema = summarySchema.extend({ saved: z.unknown() });
const errorSchema = z.object({
  errorCode: z.string(),
  message: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
  currentVersion: z.number().int().optional(),
  retryAfterSeconds: z.number().int().optional(),
});
const idParams = z.object({ id: z.uuid() });

const messages: Record<string, string> = {
  notFound: 'Not found.',
  applicationLocked: 'This application was submitted for review and can no longer change.',
  staleVersion: 'The application changed elsewhere; reload it.',
  stepNotAvailable: 'This step cannot be saved yet.',
  invalidInput: 'The request is not valid.',
  tooManyIdentityChecks:
    'Too many profiles were refused by the identity check. Wait before trying again, or contact client support.',
};

function refuse(reply: FastifyReply, error: unknown) {
  if (!(error instanceof ApplicationError)) throw error;
  if (error.details.retryAfterSeconds !== undefined) {
    reply.header('retry-after', String(error.details.retryAfterSeconds));
  }
  return reply.code(error.status).send({
    errorCode: error.errorCode,
    message: messages[error.errorCode] ?? error.errorCode,
    ...error.details,
  });
}

/**
 * Agreeing to a joint application's review invites the joint applicant in the same
 * transaction: their four-digit code, and the mail that carries it, in the language the
 * primary applicant stated for them on the joint profile (`invitationLanguageOf`).
 */
function reviewHooks(
  cipher: FieldCipher,
  config: AppConfig,
  { id: actorId, language: primaryLanguage }: { id: string; language: string },
): ReviewAgreedHooks {
  return {
    async onJointReviewAgreed(db, application) {
      const field = (step: string, key: string) =>
        (application.steps[step as keyof typeof application.steps] as Record<string, unknown>)?.[
          key
        ];
      const primaryName = [field('profile', 'firstName'), field('profile', 'lastName')]
        .filter((part) => typeof part === 'string')
        .join(' ');
      await inviteJointApplicant(db, cipher, {
        applicationId: application.id,
        inviteeEmail: String(field('profilejoint', 'email') ?? ''),
        inviterName: primaryName,
        language: invitationLanguageOf(application.steps, primaryLanguage),
        publicUrl: publicUrlOf(config),
        validityMs: codeValidityMsOf(config),
        actorId,
      });
    },
  };
}

export const applicationsRoutes: FastifyPluginAsyncZod<{ config: AppConfig }> = async (
  app,
  options,
) => {
  // onRequest, not preHandler: the caller is checked before the input is validated, so a
  // request without a token answers 401 rather than describing what its body got wrong.
  app.addHook('onRequest', app.requireUser);
  const tags = ['applications'];
  const security = [{ bearer: [] }];

  app.post(
    '/applications',
    {
      schema: {
        tags,
        security,
        summary: 'Starts a new application for the caller',
        description: 'Clients only: 404 to trial users, advisors and staff.',
        response: { 201: summarySchema, 404: errorSchema },
      },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      // Only a client opens accounts: a trial user never starts an application (spec section
      // 6; issue 17), nor do advisors or staff. 404, as for every path a role does not reach.
      if (caller.role !== 'client') {
        return reply.code(404).send({ errorCode: 'notFound', message: 'Not found.' });
      }
      return reply.code(201).send(await createApplication(app.db, caller.id, app.cipher));
    },
  );

  app.get(
    '/applications',
    {
      schema: {
        tags,
        security,
        summary: "The caller's applications, most recently changed first",
        response: { 200: z.array(summarySchema) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return listApplications(app.db, callerOf(request).id, {
        bypassQualId: featureFlagsOf(options.config).bypassQualId,
      });
    },
  );

  app.get(
    '/applications/:id',
    {
      schema: {
        tags,
        security,
        summary: 'One application with its saved steps',
        params: idParams,
        response: {
          200: summarySchema.extend({ steps: z.record(z.string(), z.unknown()) }),
          404: errorSchema,
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      try {
        return await getApplication(app.db, callerOf(request).id, request.params.id, {
          bypassQualId: featureFlagsOf(options.config).bypassQualId,
        });
      } catch (error) {
        return refuse(reply, error);
      }
    },
  );

  app.delete(
    '/applications/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Deletes an application that was not submitted',
        params: idParams,
        response: { 204: z.null(), 404: errorSchema, 409: errorSchema },
      },
    },
    async (request, reply) => {
      try {
        await deleteApplication(app.db, callerOf(request).id, request.params.id);
        return reply.code(204).send(null);
      } catch (error) {
        return refuse(reply, error);
      }
    },
  );

  app.put(
    '/applications/:id/steps/:step',
    {
      schema: {
        tags,
        security,
        summary:
          'Saves one step; carries the version read, answers 409 staleVersion when it changed elsewhere; answers the step as saved (normalized, SINs masked)',
        params: idParams.extend({ step: z.enum(onboardingSteps) }),
        body: z.object({ version: z.number().int().min(1), data: z.unknown() }),
        response: {
          200: savedStepSchema,
          400: errorSchema,
          404: errorSchema,
          409: errorSchema,
          429: errorSchema,
        },
      },
    },
    async (request, reply) => {
      try {
        return await saveStep(
          app.db,
          callerOf(request).id,
          request.params.id,
          request.params.step,
          request.body,
          app.cipher,
          reviewHooks(app.cipher, options.config, callerOf(request)),
          { bypassQualId: featureFlagsOf(options.config).bypassQualId },
        );
      } catch (error) {
        return refuse(reply, error);
      }
    },
  );

  app.post(
    '/applications/:id/informationRequests/:requestId/answer',
    {
      schema: {
        tags,
        security,
        summary:
          'Answers what operations asked (with documents the caller uploaded to this application); the application returns to review',
        params: idParams.extend({ requestId: z.uuid() }),
        body: informationAnswerSchema,
        response: { 200: summarySchema, 400: errorSchema, 404: errorSchema },
      },
    },
    async (request, reply) => {
      try {
        return await answerInformationRequest(
          app.db,
          app.cipher,
          callerOf(request).id,
          request.params.id,
          request.params.requestId,
          request.body,
          { bypassQualId: featureFlagsOf(options.config).bypassQualId },
        );
      } catch (error) {
        return refuse(reply, error);
      }
    },
  );

  app.get(
    '/applications/:id/next-step',
    {
      schema: {
        tags,
        security,
        summary: 'The first step still to complete (null when all are done)',
        params: idParams,
        response: { 200: z.object({ step: z.enum(onboardingSteps).nullable() }), 404: errorSchema },
      },
    },
    async (request, reply) => {
      try {
        return {
          step: await nextStepOf(app.db, callerOf(request).id, request.params.id, {
            bypassQualId: featureFlagsOf(options.config).bypassQualId,
          }),
        };
      } catch (error) {
        return refuse(reply, error);
      }
    },
  );
};
