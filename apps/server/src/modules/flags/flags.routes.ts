import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { featureFlagNames, flagEnvironments } from '@portal/domain';
import { z } from 'zod';
import type { FeatureFlags } from '../../providers/flags/feature-flags.ts';

const flagsSchema = z.object({
  environment: z.enum(flagEnvironments),
  flags: z.object(
    Object.fromEntries(featureFlagNames.map((name) => [name, z.boolean()])) as Record<
      (typeof featureFlagNames)[number],
      z.ZodBoolean
    >,
  ),
});

/**
 * The flags of this site for the client (spec section 6; ADR 0017). Not secret and the same for
 * everyone on a host, so no sign-in; the client waits for them at most 5 s, then assumes the
 * safe defaults.
 */
export const flagsRoutes: FastifyPluginAsyncZod<{ flags: FeatureFlags }> = async (
  app,
  { flags },
) => {
  app.get(
    '/flags',
    {
      schema: {
        tags: ['flags'],
        summary: "This environment's feature flags (spec section 6)",
        response: { 200: flagsSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=60');
      return { environment: flags.environment, flags: await flags.values() };
    },
  );
};
