import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { recordErrorReport } from './errors.service.ts';

/** Bounded so a report can neither fill the database nor smuggle a document in. */
const errorReportSchema = z.object({
  errorField: z.string().max(4000).default(''),
  pageFailed: z.string().max(500).default(''),
  username: z.string().max(254).default(''),
});

export const errorsRoutes: FastifyPluginAsyncZod<{ secret: string }> = async (app, { secret }) => {
  app.post(
    '/errors',
    {
      // The spec sends this without a bearer header, so it is open, small and rate-limited.
      bodyLimit: 8 * 1024,
      schema: {
        tags: ['errors'],
        summary: 'Stores a client-side error report (errorField, pageFailed, username)',
        body: errorReportSchema,
      },
    },
    async (request, reply) => {
      const outcome = await recordErrorReport(app.db, secret, request.body, request.ip);
      if (outcome === 'rateLimited') {
        return reply
          .code(429)
          .header('retry-after', '60')
          .send({ errorCode: 'rateLimited', message: 'Too many reports.' });
      }
      return reply.code(201).send();
    },
  );
};
