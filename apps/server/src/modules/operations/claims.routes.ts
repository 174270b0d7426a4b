import { claimBodySchema, claimKinds } from '@portal/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerOf } from '../../plugins/auth.ts';
import { runOperations } from './operations-refusal.ts';
import { claim, release } from './work-claims.ts';

const tags = ['operations'];
const security = [{ bearer: [] }];

/** `POST ops/claims` and `DELETE ops/claims/{kind}/{id}` (issue 16; staff only, others 404). */
export const claimsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', app.requireRoleOr404('staff'));

  app.post(
    '/ops/claims',
    {
      schema: {
        tags,
        security,
        summary: 'Claims a queue item for 30 minutes (409 naming the holder when taken)',
        body: claimBodySchema,
      },
    },
    async (request, reply) =>
      runOperations(request, reply, () =>
        claim(app.db, { ...request.body, staffId: callerOf(request).id }),
      ),
  );

  app.delete(
    '/ops/claims/:kind/:id',
    {
      schema: {
        tags,
        security,
        summary: "Releases the caller's claim",
        params: z.object({ kind: z.enum(claimKinds), id: z.string().min(1).max(100) }),
      },
    },
    async (request, reply) => {
      await release(app.db, { ...request.params, staffId: callerOf(request).id });
      return reply.code(204).send();
    },
  );
};
