import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { biometricConsentSchema } from '@portal/domain';
import { featureFlagsOf, type AppConfig } from '../../config.ts';
import { callerOf, signedInAndUncached } from '../../plugins/auth.ts';
import type { CreditBureauProvider } from '../../providers/credit-bureau/credit-bureau-provider.ts';
import { createCreditBureauProvider } from '../../providers/credit-bureau/credit-bureau-providers.ts';
import { currentHandoff } from '../identity-capture/identity-capture.service.ts';
import { exportIdentityRecords } from './identity-records.ts';
import {
  answerCreditFile,
  identityView,
  IdentityError,
  refuseBiometricConsent,
  requestManual,
  startCreditFile,
  submitDualProcess,
  type IdentityDeps,
} from './identity.service.ts';

export interface IdentityRoutesOptions {
  config: Pick<AppConfig, 'featureFlags' | 'bureauMaintenanceWindows' | 'creditBureau'>;
  /**
   * The credit bureau; the sandbox over the app's database when absent, none at all with
   * CREDIT_BUREAU_PROVIDER=none (the credit-file method is then not offered).
   */
  bureau?: CreditBureauProvider;
  /** The sandbox bureau's answer time (ms); none when absent (tests). */
  sandboxLatencyMs?: () => number;
  /** The clock (tests: the bureau's maintenance windows). */
  now?: () => Date;
  /** The site's address, for the links in the mails a verification sends. */
  publicUrl?: string;
}

const messages: Record<IdentityError['errorCode'], string> = {
  notFound: 'Not found.',
  identityNotOpen: 'Your identity is not to be verified on this application now.',
  alreadyVerified: 'Your identity is already verified.',
  bureauOffline: 'The credit bureau is offline for maintenance.',
  attemptClosed: 'These questions were already answered.',
  methodNotOffered: 'This way of confirming your identity is not offered.',
  invalid: 'Some answers are not valid.',
};

function refuse(reply: FastifyReply, error: unknown) {
  if (!(error instanceof IdentityError)) throw error;
  return reply
    .code(error.status)
    .send({ errorCode: error.errorCode, message: messages[error.errorCode], ...error.extra });
}

const params = z.object({ id: z.uuid() });
const attemptParams = z.object({ id: z.uuid(), attemptId: z.uuid() });
const looseBody = z.record(z.string(), z.unknown()).optional();

/**
 * The caller's identity verification of an application (issue 13; bearer; the primary or the
 * joint applicant, anyone else 404): GET identity (polled while a hand-off or a decision is
 * pending), the credit file and its questions, two documents, manual verification; and the
 * staff's FINTRAC export of one person's records.
 */
export const identityRoutes: FastifyPluginAsyncZod<IdentityRoutesOptions> = async (
  app,
  options,
) => {
  const deps: IdentityDeps = {
    db: app.db,
    cipher: app.cipher,
    ...(options.config.creditBureau?.provider !== 'none' && {
      bureau:
        options.bureau ??
        createCreditBureauProvider('sandbox', {
          db: app.db,
          cipher: app.cipher,
          ...(options.sandboxLatencyMs && { latencyMs: options.sandboxLatencyMs }),
        }),
    }),
    bypassQualId: () => featureFlagsOf(options.config).bypassQualId,
    currentHandoff: (input) => currentHandoff(app.db, app.cipher, input),
    ...(options.now && { now: options.now }),
    ...(options.publicUrl && { publicUrl: options.publicUrl }),
    ...(options.config.bureauMaintenanceWindows === false && { maintenanceWindows: false }),
  };
  signedInAndUncached(app);
  const tags = ['identity'];
  const security = [{ bearer: [] }];
  const run = async <T>(reply: FastifyReply, work: () => Promise<T>) => {
    try {
      return await work();
    } catch (error) {
      return refuse(reply, error);
    }
  };

  app.get(
    '/applications/:id/identity',
    {
      schema: {
        tags,
        security,
        summary: "The caller's identity verification on the application (polled)",
        params,
      },
    },
    async (request, reply) =>
      run(reply, () => identityView(deps, callerOf(request).id, request.params.id)),
  );

  app.post(
    '/applications/:id/identity/creditFile',
    {
      schema: {
        tags,
        security,
        summary: 'Looks for the caller’s credit file; answers its questions or a failure',
        description:
          '409 identityNotOpen / alreadyVerified, or methodNotOffered where no bureau is ' +
          "configured; 503 bureauOffline (with endsAt) during the bureau's maintenance.",
        params,
      },
    },
    async (request, reply) =>
      run(reply, () => startCreditFile(deps, callerOf(request).id, request.params.id)),
  );

  app.post(
    '/applications/:id/identity/creditFile/:attemptId/answers',
    {
      schema: {
        tags,
        security,
        summary: "The caller's answers to the bureau's questions (once)",
        params: attemptParams,
        body: looseBody,
      },
    },
    async (request, reply) =>
      run(reply, () =>
        answerCreditFile(
          deps,
          callerOf(request).id,
          request.params.id,
          request.params.attemptId,
          request.body ?? {},
        ),
      ),
  );

  app.post(
    '/applications/:id/identity/photoId/consentRefusal',
    {
      schema: {
        tags,
        security,
        summary: 'The caller declines the comparison of their selfie with their photo ID',
        description:
          'Recorded with the words’ version and language (ADR 0036); the person goes on with ' +
          'two documents or manual review. 204; 409 identityNotOpen / alreadyVerified.',
        params,
        body: biometricConsentSchema,
      },
    },
    async (request, reply) =>
      run(reply, async () => {
        await refuseBiometricConsent(deps, callerOf(request).id, request.params.id, request.body);
        return reply.code(204).send();
      }),
  );

  app.post(
    '/applications/:id/identity/dualProcess',
    {
      schema: {
        tags,
        security,
        summary: 'Two documents from two sources (FINTRAC dual-process), for operations',
        params,
        body: looseBody,
      },
    },
    async (request, reply) =>
      run(reply, () =>
        submitDualProcess(deps, callerOf(request).id, request.params.id, request.body ?? {}),
      ),
  );

  app.post(
    '/applications/:id/identity/manual',
    {
      schema: {
        tags,
        security,
        summary: 'Photo ID images for a person at operations to verify',
        params,
        body: looseBody,
      },
    },
    async (request, reply) =>
      run(reply, () =>
        requestManual(deps, callerOf(request).id, request.params.id, request.body ?? {}),
      ),
  );

  app.get(
    '/ops/identityRecords/:userId',
    {
      schema: {
        tags,
        security,
        summary: "One person's FINTRAC identity records (staff only; others 404)",
        params: z.object({ userId: z.uuid() }),
      },
      // The role before the id: a client gets 404 for any id, as on every staff path, and
      // never learns from a 400 that the route exists.
      onRequest: app.requireRoleOr404('staff'),
    },
    async (request) =>
      exportIdentityRecords(app.db, app.cipher, {
        userId: request.params.userId,
        staffId: callerOf(request).id,
      }),
  );
};
