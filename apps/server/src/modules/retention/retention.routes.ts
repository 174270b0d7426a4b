import {
  accountClosureBodySchema,
  legalHoldBodySchema,
  type RetentionPeriods,
} from '@portal/domain/retention/retention-rules';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerOf } from '../../plugins/auth.ts';
import { refusalRunner } from '../../lib/refusals/refusal.ts';
import { operationsRefusalTexts } from '../operations/operations-refusal.ts';
import {
  liftLegalHold,
  recordAccountClosure,
  retentionRefusalTexts,
  retentionStateOf,
  setLegalHold,
} from './legal-hold.ts';

/** The console's refusals, and retention's own (a closure on an unapproved or ahead of time). */
const runOperations = refusalRunner({
  en: { ...operationsRefusalTexts.en, ...retentionRefusalTexts.en },
  fr: { ...operationsRefusalTexts.fr, ...retentionRefusalTexts.fr },
});

const tags = ['operations'];
const security = [{ bearer: [] }];

/**
 * The operations console's retention routes (issue 36, ADR 0044): an application's retention
 * state, setting and lifting a legal hold, recording the account's closure; each change
 * audited. Staff only: anyone else gets 404 before their input is read.
 */
export const retentionRoutes: FastifyPluginAsyncZod<{
  periods: RetentionPeriods;
  now?: () => Date;
}> = async (app, options) => {
  app.addHook('onRequest', app.requireRoleOr404('staff'));
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'private, no-store');
  });
  const now = options.now ?? (() => new Date());
  const params = z.object({ applicationId: z.uuid() });

  app.get(
    '/ops/retention/:applicationId',
    {
      schema: {
        tags,
        security,
        summary:
          "An application's retention: account closure, legal hold, and when each record class could first be deleted",
        params,
      },
    },
    async (request, reply) =>
      runOperations(request, reply, () =>
        retentionStateOf(app.db, request.params.applicationId, options.periods),
      ),
  );

  /** Sets or lifts the hold as the calling staff member, then answers the state it leaves. */
  const changeHold =
    (apply: typeof setLegalHold) =>
    (
      request: FastifyRequest<{ Params: { applicationId: string }; Body: { reason: string } }>,
      reply: FastifyReply,
    ) =>
      runOperations(request, reply, async () => {
        const change = {
          staffId: callerOf(request).id,
          applicationId: request.params.applicationId,
          reason: request.body.reason,
          now: now(),
        };
        await apply(app.db, change);
        return retentionStateOf(app.db, change.applicationId, options.periods);
      });

  app.put(
    '/ops/retention/:applicationId/legalHold',
    {
      schema: {
        tags,
        security,
        summary: 'Puts the application under a legal hold: nothing of it is deleted (audited)',
        params,
        body: legalHoldBodySchema,
      },
    },
    changeHold(setLegalHold),
  );

  app.post(
    '/ops/retention/:applicationId/legalHold/lift',
    {
      schema: {
        tags,
        security,
        summary: 'Lifts the legal hold; retention counts again as usual (audited)',
        params,
        body: legalHoldBodySchema,
      },
    },
    changeHold(liftLegalHold),
  );

  app.put(
    '/ops/retention/:applicationId/accountClosure',
    {
      schema: {
        tags,
        security,
        summary:
          "Records when the approved application's account was closed, with a reason: its retention periods start (audited; 409 accountNotApproved, 422 closureInFuture)",
        params,
        body: accountClosureBodySchema,
      },
    },
    async (request, reply) =>
      runOperations(request, reply, async () => {
        await recordAccountClosure(app.db, {
          staffId: callerOf(request).id,
          applicationId: request.params.applicationId,
          closedAt: new Date(request.body.closedAt),
          reason: request.body.reason,
          now: now(),
        });
        return retentionStateOf(app.db, request.params.applicationId, options.periods);
      }),
  );
};
