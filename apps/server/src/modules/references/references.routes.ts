import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { lookupDeliveringInstitutions } from '@portal/domain/transfers/delivering-institutions';
import { z } from 'zod';
import { answerLanguageOf } from '../../plugins/auth.ts';
import { referenceLists } from './reference-lists.ts';
import { getReferenceList } from './references.service.ts';

const referenceValueSchema = z.object({
  id: z.number().int(),
  description: z.string(),
  descriptionFr: z.string(),
  parentId: z.number().int().optional(),
});

/** Reference lists change only with a release, so browsers and proxies may keep them an hour. */
const CACHE_CONTROL = 'public, max-age=3600, stale-while-revalidate=86400';

export const referencesRoutes: FastifyPluginAsyncZod = async (app) => {
  // Before `/references/:list`: a static path wins over the parameter.
  app.get(
    '/references/deliveringInstitutions',
    {
      schema: {
        tags: ['references'],
        security: [{ bearer: [] }],
        summary: 'Delivering institutions for a transfer in, found by name (issue 15)',
        description:
          '[{ id, description }] with description in the answer’s language (Accept-Language, ' +
          'else the caller’s). search is upper-cased, accents and punctuation aside; a blank ' +
          'search answers []; limit at most 10 (10 when absent). Bearer.',
        querystring: z.object({
          search: z.string().max(100).optional(),
          limit: z.coerce.number().int().min(0).optional(),
        }),
        response: { 200: z.array(z.object({ id: z.string(), description: z.string() })) },
      },
      onRequest: async (request, reply) => {
        await app.requireUser(request, reply);
        if (!request.user) return reply;
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      const { search = '', limit = 10 } = request.query;
      return lookupDeliveringInstitutions(search, answerLanguageOf(request), limit);
    },
  );

  app.get(
    '/references/:list',
    {
      schema: {
        tags: ['references'],
        summary: 'A reference list: id, description, descriptionFr (provinceStates also parentId)',
        params: z.object({ list: z.enum(referenceLists) }),
        response: { 200: z.array(referenceValueSchema), 304: z.null() },
      },
    },
    async (request, reply) => {
      const { values, etag } = await getReferenceList(app.db, request.params.list);
      reply.header('cache-control', CACHE_CONTROL).header('etag', etag);
      if (request.headers['if-none-match'] === etag) {
        return reply.code(304).send(null);
      }
      return values;
    },
  );
};
