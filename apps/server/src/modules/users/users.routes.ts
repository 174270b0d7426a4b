import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerOf } from '../../plugins/auth.ts';
import { userInfoOf } from './users.service.ts';

const userInfoSchema = z.object({
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  emailVerified: z.boolean(),
  onboardingComplete: z.boolean(),
  ibId: z.string().nullable(),
  adminLogin: z.boolean(),
  trialUser: z.boolean(),
  advisor: z.boolean(),
  nameNeedsCorrection: z.boolean(),
  language: z.enum(['en', 'fr']),
});

export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/users',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['users'],
        summary: 'The signed-in caller (spec section 3, user info)',
        security: [{ bearer: [] }],
        response: { 200: userInfoSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return userInfoOf(callerOf(request));
    },
  );
};
