import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pingDatabase } from '../../db/client.ts';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/healthz',
    {
      schema: {
        tags: ['operations'],
        summary: 'Ready when the server and its database answer',
        response: {
          200: z.object({ status: z.literal('ok'), database: z.string() }),
          503: z.object({ status: z.literal('unavailable'), database: z.string() }),
        },
      },
      logLevel: 'warn',
    },
    async (_request, reply) => {
      try {
        await pingDatabase(app.db);
        reply.header('cache-control', 'no-store');
        return { status: 'ok' as const, database: app.dbDriver };
      } catch (error) {
        app.log.error({ err: error }, 'health check: database did not answer');
        return reply.code(503).send({ status: 'unavailable' as const, database: app.dbDriver });
      }
    },
  );
};
