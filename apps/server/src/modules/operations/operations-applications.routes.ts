import {
  applicationQueueQuerySchema,
  approveBodySchema,
  declineBodySchema,
  requestInformationBodySchema,
  revealBodySchema,
} from '@portal/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerOf } from '../../plugins/auth.ts';
import { applicationCase } from './application-case.ts';
import {
  approve,
  decline,
  requestInformation,
  reveal,
  type DecisionDeps,
} from './application-decisions.ts';
import { applicationQueue } from './application-queue.ts';
import { runOperations } from './operations-refusal.ts';

const tags = ['operations'];
const security = [{ bearer: [] }];
const idParams = z.object({ id: z.uuid() });

/**
 * The applications queue, the case and the decisions (issue 16; ADR 0023): staff only. The
 * guard runs on request, before the input is validated, so nobody else learns even what a
 * well-formed request would be: 404 to every other role, 401 signed out.
 */
export const operationsApplicationsRoutes: FastifyPluginAsyncZod<{ publicUrl: string }> = async (
  app,
  options,
) => {
  app.addHook('onRequest', app.requireRoleOr404('staff'));
  const deps = (): DecisionDeps => ({
    db: app.db,
    cipher: app.cipher,
    publicUrl: options.publicUrl,
  });

  app.get(
    '/ops/applications',
    {
      schema: {
        tags,
        security,
        summary:
          'Applications under review or requiring review, oldest first, with filters and paging',
        querystring: applicationQueueQuerySchema,
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return applicationQueue(app.db, request.query, callerOf(request).id);
    },
  );

  app.get(
    '/ops/applications/:id',
    {
      schema: {
        tags,
        security,
        summary:
          'One application as operations decide it: answers, documents, identity, signatures, audit trail, mails (SINs and TINs masked)',
        params: idParams,
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return runOperations(request, reply, () =>
        applicationCase(deps(), callerOf(request), request.params.id),
      );
    },
  );

  app.post(
    '/ops/applications/:id/reveal',
    {
      schema: {
        tags,
        security,
        summary:
          'Reveals one SIN or TIN for 60 seconds, with a reason; audited (the field and reason, never the value); needs the claim',
        params: idParams,
        body: revealBodySchema,
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return runOperations(request, reply, () =>
        reveal(deps(), callerOf(request), request.params.id, request.body),
      );
    },
  );

  app.post(
    '/ops/applications/:id/approve',
    {
      schema: {
        tags,
        security,
        summary:
          'Approves (a PEP/HIO application needs a second staff member): numbers the accounts and mails the applicants; needs the claim and the version read',
        params: idParams,
        body: approveBodySchema,
      },
    },
    async (request, reply) =>
      runOperations(request, reply, () =>
        approve(deps(), callerOf(request), request.params.id, request.body),
      ),
  );

  app.post(
    '/ops/applications/:id/decline',
    {
      schema: {
        tags,
        security,
        summary:
          'Declines with a category the applicants are mailed (never the reason); needs the claim and the version read',
        params: idParams,
        body: declineBodySchema,
      },
    },
    async (request, reply) =>
      runOperations(request, reply, () =>
        decline(deps(), callerOf(request), request.params.id, request.body),
      ),
  );

  app.post(
    '/ops/applications/:id/requestInformation',
    {
      schema: {
        tags,
        security,
        summary:
          'Asks the applicants for more (requires review), by mail and on their dashboard; needs the claim and the version read',
        params: idParams,
        body: requestInformationBodySchema,
      },
    },
    async (request, reply) =>
      runOperations(request, reply, () =>
        requestInformation(deps(), callerOf(request), request.params.id, request.body),
      ),
  );
};
