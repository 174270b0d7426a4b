import { OAUTH_CLIENT_ID, TOKEN_HANDOVER_COOKIE } from '@portal/domain/constants';
import { z } from 'zod';
import { clearCookie, isHttps } from '../../lib/http/cookies.ts';
import {
  languageOf,
  safeReturnTo,
  SESSION_COOKIE,
  sessionSecretOf,
  wantsHtml,
  type SecurityApp,
  type SecurityRouteContext,
} from './security-http.ts';
import { redirectRefusedPage, signInPage } from './security-pages.ts';
import * as security from './security.service.ts';

const TOKEN_COOKIE_MAX_AGE_SECONDS = 60;

const CONTROL_OR_SPACE = /[\s\p{Cc}]/u;

/**
 * The signed-in session (spec section 7): the access token it issues (`oauth/authorize`), its
 * times, kept alive or only read, and the sign-out.
 */
export function sessionRoutes(app: SecurityApp, context: SecurityRouteContext): void {
  const { deps, publicUrl, page } = context;

  app.get(
    '/oauth/authorize',
    {
      schema: {
        tags: ['security'],
        summary: 'Issues an access token for the signed-in session',
        querystring: z.object({
          client_id: z.string(),
          response_type: z.string(),
          redirect_uri: z.string().max(2000).optional(),
        }),
      },
    },
    async (request, reply) => {
      const {
        client_id: clientId,
        response_type: responseType,
        redirect_uri: redirectUri,
      } = request.query;
      if (clientId !== OAUTH_CLIENT_ID || responseType !== 'token') {
        return reply.code(400).send({ errorCode: 'invalidClient', message: 'Unknown client.' });
      }
      // Only this site's own address (PUBLIC_URL), never one built from the Host header.
      if (
        redirectUri !== undefined &&
        (CONTROL_OR_SPACE.test(redirectUri) || !redirectUri.startsWith(`${publicUrl}/`))
      ) {
        // A person's browser gets a page in their language; an API client keeps its JSON.
        if (wantsHtml(request)) {
          return page(reply, redirectRefusedPage(languageOf(request), publicUrl), 400);
        }
        return reply.code(400).send({ errorCode: 'invalidRedirect', message: 'Refused redirect.' });
      }
      reply.header('cache-control', 'no-store');
      const token = await security.issueAccessToken(deps, sessionSecretOf(request));
      const navigation = wantsHtml(request);
      if (!token) {
        if (!navigation)
          return reply.code(401).send({ errorCode: 'signInRequired', message: 'Sign in.' });
        return page(
          reply,
          signInPage(languageOf(request), { returnTo: safeReturnTo(request.url) }),
        );
      }
      if (!navigation) return reply.type('text/plain; charset=utf-8').send(token);
      reply.setCookie(TOKEN_HANDOVER_COOKIE, token, {
        httpOnly: false, // the client must read it once, then deletes it
        sameSite: 'lax',
        secure: isHttps(request),
        path: '/',
        maxAge: TOKEN_COOKIE_MAX_AGE_SECONDS,
      });
      // Relative: the browser stays on the address it signed in at.
      return reply.redirect(redirectUri ?? '/#/oauth', 302);
    },
  );

  const sessionTimesSchema = z.object({
    idleExpiresAt: z.string(),
    absoluteExpiresAt: z.string(),
    now: z.string(),
  });
  const signInRequired = z.object({ errorCode: z.string(), message: z.string() });

  app.get(
    '/auth/refreshsession',
    {
      schema: {
        tags: ['security'],
        summary: 'Keeps the signed-in session alive; answers when it will end',
        response: { 200: sessionTimesSchema, 401: signInRequired },
      },
    },
    async (request, reply) => {
      const times = await security.refreshSession(deps, sessionSecretOf(request));
      return times
        ? reply.code(200).send(times)
        : reply.code(401).send({ errorCode: 'signInRequired', message: 'Sign in.' });
    },
  );

  app.get(
    '/auth/session',
    {
      schema: {
        tags: ['security'],
        summary: 'When the signed-in session ends (idle and absolute), without extending it',
        response: { 200: sessionTimesSchema, 401: signInRequired },
      },
    },
    async (request, reply) => {
      const times = await security.sessionTimes(deps, sessionSecretOf(request));
      return times
        ? reply.code(200).send(times)
        : reply.code(401).send({ errorCode: 'signInRequired', message: 'Sign in.' });
    },
  );

  app.get(
    '/logout',
    {
      schema: {
        tags: ['security'],
        summary: 'Revokes the session and its tokens (refused from another site)',
        querystring: z.object({ skipredirect: z.string().optional() }),
      },
    },
    async (request, reply) => {
      const bearer = request.headers.authorization?.match(/^Bearer (.+)$/)?.[1];
      await security.signOut(deps, { sessionSecret: sessionSecretOf(request), token: bearer });
      clearCookie(request, reply, SESSION_COOKIE, { path: '/security' });
      if (request.query.skipredirect === 'true') return reply.code(204).send();
      return reply.redirect('/', 303);
    },
  );
}
