import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
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
