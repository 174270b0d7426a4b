import { confirmBodySchema } from '@portal/domain/express/express-api';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerOf } from '../../plugins/auth.ts';
import { ExpressRefusal, runExpress } from '../advisor/express-refusal.ts';
import { accept, confirm, lookUp, prefillOf, type ExpressDeps } from './express.service.ts';

const tags = ['express'];
const security = [{ bearer: [] }];

/** A token is 43 base64url characters; anything else cannot be one and is simply unknown. */
const tokenParams = z.object({ token: z.string().max(200) });
const looksLikeToken = (token: string) => /^[\w-]{43}$/.test(token);

/** The token sits in the path: the log names the route, never the token. */
const logSerializers = {
  req: (request: FastifyRequest) => ({
    method: request.method,
    path: request.url.split('?')[0]?.replace(/(\/express\/invitations\/)[^/]+/, '$1****'),
  }),
};

/**
 * The invitee's paths of an express invitation (issue 17; packages/domain express-api.ts).
 * Looking up and confirming need no sign-in (the token is the secret); accepting needs a
 * signed-in client, and every other role gets 404 as for a path that does not exist.
 */
export const expressRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = (): ExpressDeps => ({ db: app.db, cipher: app.cipher });
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'private, no-store');
  });

  // Accepting an invitation starts an application: only clients do (trial users, advisors and
  // staff get 404, as on POST applications).
  const clientOnly = app.requireRoleOr404('client');

  app.get(
    '/express/invitations/:token',
    {
      logSerializers,
      schema: {
        tags,
        summary: "An invitation link's state (valid, or why it cannot be used); marks it opened",
        params: tokenParams,
      },
    },
    async (request) =>
      looksLikeToken(request.params.token)
        ? lookUp(deps(), request.params.token)
        : { status: 'notFound' as const },
  );

  app.post(
    '/express/invitations/:token/confirm',
    {
      logSerializers,
      schema: {
        tags,
        summary:
          'Confirms the birth date or postal code the advisor entered (400 expressMismatch, 429 expressLocked, 410 the link problem)',
        params: tokenParams,
        body: confirmBodySchema,
      },
    },
    async (request, reply) =>
      runExpress(request, reply, async () => {
        if (!looksLikeToken(request.params.token)) throw new ExpressRefusal(410, 'notFound');
        return confirm(deps(), request.params.token, request.body, { address: request.ip });
      }),
  );

  app.post(
    '/express/invitations/:token/accept',
    {
      logSerializers,
      preHandler: clientOnly,
      schema: {
        tags,
        security,
        summary:
          'Accepts the invitation: a prefilled individual application (409 expressNotConfirmed, 410 the link problem)',
        params: tokenParams,
      },
    },
    async (request, reply) =>
      runExpress(request, reply, async () => {
        if (!looksLikeToken(request.params.token)) throw new ExpressRefusal(410, 'notFound');
        return accept(deps(), request.params.token, callerOf(request).id);
      }),
  );

  app.get(
    '/express/applications/:applicationId/prefill',
    {
      preHandler: clientOnly,
      schema: {
        tags,
        security,
        summary:
          "The profile step's draft from what the advisor entered (204 for an application that did not come from an invitation)",
        params: z.object({ applicationId: z.uuid() }),
      },
    },
    async (request, reply) =>
      runExpress(request, reply, async () => {
        const prefill = await prefillOf(deps(), callerOf(request).id, request.params.applicationId);
        // Most applications have no draft: an empty answer, not an error the browser reports.
        return prefill ?? reply.code(204).send();
      }),
  );
};
