import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { EXTERNAL_REDIRECT_ORIGINS_PATH } from '@portal/domain/rules/external-redirect';
import { z } from 'zod';

/**
 * The origins `#/externalRedirect` may leave for besides ours (issue 17): configuration, not a
 * secret, the same for everyone, so no sign-in. The client refuses any other address.
 */
export const externalRedirectRoutes: FastifyPluginAsyncZod<{ origins: readonly string[] }> = async (
  app,
  { origins },
) => {
  app.get(
    `/${EXTERNAL_REDIRECT_ORIGINS_PATH}`,
    {
      schema: {
        tags: ['externalRedirect'],
        summary:
          'Origins #/externalRedirect may leave for besides our own (EXTERNAL_REDIRECT_ORIGINS)',
        response: { 200: z.object({ origins: z.array(z.string()) }) },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return { origins: [...origins] };
    },
  );
};
