import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  LANGUAGE_COOKIE,
  LANGUAGE_COOKIE_MAX_AGE_SECONDS,
  OAUTH_CLIENT_ID,
  registrationSchema,
  signInSchema,
  TOKEN_HANDOVER_COOKIE,
} from '@portal/domain';
import { z } from 'zod';
import { accountCreatedPage, registerPage, signInPage } from './security-pages.ts';
import type { SecurityPagesLanguage } from './security-pages.locales.ts';
import * as security from './security.service.ts';

export const SESSION_COOKIE = 'portal_session';
const TOKEN_COOKIE_MAX_AGE_SECONDS = 60;

function languageOf(request: FastifyRequest, query?: string): SecurityPagesLanguage {
  if (query === 'fr' || query === 'en') return query;
  return request.cookies[LANGUAGE_COOKIE]?.toLowerCase().startsWith('fr') ? 'fr' : 'en';
}

/** The same cookie, and lifetime, as the client's language switch. */
function rememberLanguage(reply: FastifyReply, language: SecurityPagesLanguage) {
  reply.setCookie(LANGUAGE_COOKIE, language, {
    path: '/',
    maxAge: LANGUAGE_COOKIE_MAX_AGE_SECONDS,
    sameSite: 'lax',
  });
}

const originOf = (request: FastifyRequest) => `${request.protocol}://${request.host}`;
const wantsHtml = (request: FastifyRequest) =>
  request.headers['sec-fetch-mode'] === 'navigate' ||
  (request.headers.accept ?? '').includes('text/html');

function authorizePath(request: FastifyRequest): string {
  const params = new URLSearchParams({
    client_id: OAUTH_CLIENT_ID,
    response_type: 'token',
    redirect_uri: `${originOf(request)}/#/oauth`,
  });
  return `/security/oauth/authorize?${params.toString()}`;
}

/** Only our own sign-in hand-over or an in-app path may be returned to after signing in. */
function safeReturnTo(value: string | undefined): string | undefined {
  if (!value || !value.startsWith('/') || value.startsWith('//')) return undefined;
  return value.startsWith('/security/oauth/authorize') || value === '/' ? value : undefined;
}

/** A form posted from another site is refused (the cookies are SameSite=Lax as well). */
function crossSite(request: FastifyRequest): boolean {
  const origin = request.headers.origin;
  return origin !== undefined && origin !== 'null' && origin !== originOf(request);
}

export const securityRoutes: FastifyPluginAsyncZod<{ policy: security.SecurityPolicy }> = async (
  app,
  { policy },
) => {
  const setSession = (request: FastifyRequest, reply: FastifyReply, secret: string) =>
    reply.setCookie(SESSION_COOKIE, secret, {
      httpOnly: true,
      sameSite: 'lax',
      secure: request.protocol === 'https',
      path: '/security',
      maxAge: Math.floor(policy.sessionMaxMs / 1000),
    });

  const page = (reply: FastifyReply, html: string, status = 200) =>
    reply
      .code(status)
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(html);

  const pageQuery = z.object({
    lang: z.enum(['en', 'fr']).optional(),
    returnTo: z.string().max(2000).optional(),
  });

  app.get('/login', { schema: { hide: true, querystring: pageQuery } }, async (request, reply) => {
    const language = languageOf(request, request.query.lang);
    if (request.query.lang) rememberLanguage(reply, language);
    return page(reply, signInPage(language, { returnTo: safeReturnTo(request.query.returnTo) }));
  });

  app.post(
    '/login',
    {
      schema: {
        tags: ['security'],
        summary: 'Signs in with username (email) and password; sets the session cookie',
        body: signInSchema.extend({ returnTo: z.string().max(2000).optional() }),
      },
    },
    async (request, reply) => {
      const language = languageOf(request);
      if (crossSite(request))
        return reply.code(403).send({ errorCode: 'crossSite', message: 'Refused.' });
      const result = await security.signIn(app.db, policy, {
        username: request.body.username,
        password: request.body.password,
        address: request.ip,
      });
      if (result.outcome !== 'signedIn') {
        const problem = result.outcome === 'locked' ? 'signInLocked' : 'signInFailed';
        const status = result.outcome === 'locked' ? 429 : 401;
        if (wantsHtml(request)) {
          return page(
            reply,
            signInPage(language, {
              username: request.body.username,
              problem,
              returnTo: safeReturnTo(request.body.returnTo),
            }),
            status,
          );
        }
        return reply.code(status).send({ errorCode: problem, message: problem });
      }
      setSession(request, reply, result.sessionSecret);
      if (wantsHtml(request)) {
        return reply.redirect(safeReturnTo(request.body.returnTo) ?? authorizePath(request), 303);
      }
      return reply.code(204).send();
    },
  );

  app.get(
    '/register',
    { schema: { hide: true, querystring: pageQuery } },
    async (request, reply) => {
      const language = languageOf(request, request.query.lang);
      if (request.query.lang) rememberLanguage(reply, language);
      return page(
        reply,
        registerPage(language, { returnTo: safeReturnTo(request.query.returnTo) }),
      );
    },
  );

  app.post(
    '/register',
    {
      schema: {
        tags: ['security'],
        summary: 'Creates a client account: 201, or 409 when the email is taken',
        // Validated below with the domain schema, so the page can show every field's message.
        body: z.record(z.string(), z.unknown()),
      },
    },
    async (request, reply) => {
      const language = languageOf(request);
      if (crossSite(request))
        return reply.code(403).send({ errorCode: 'crossSite', message: 'Refused.' });
      const body = request.body as Record<string, unknown>;
      const values = {
        email: typeof body.email === 'string' ? body.email : '',
        firstName: typeof body.firstName === 'string' ? body.firstName : '',
        lastName: typeof body.lastName === 'string' ? body.lastName : '',
        language: typeof body.language === 'string' ? body.language : undefined,
      };
      const parsed = registrationSchema.safeParse({
        ...body,
        language: body.language || undefined,
      });
      if (!parsed.success) {
        const fields: Record<string, string> = {};
        for (const issue of parsed.error.issues) fields[issue.path.join('.')] ??= issue.message;
        if (wantsHtml(request)) {
          const errors = Object.entries(fields).map(([field, message]) => ({ field, message }));
          return page(reply, registerPage(language, { values, errors }), 400);
        }
        return reply
          .code(400)
          .send({ errorCode: 'invalidInput', message: 'The request is not valid.', fields });
      }
      const created = await security.register(app.db, parsed.data);
      if (created === 'emailTaken') {
        if (wantsHtml(request)) {
          const errors = [{ field: 'email', message: 'emailTaken' }];
          return page(reply, registerPage(language, { values, errors }), 409);
        }
        return reply.code(409).send({ errorCode: 'emailTaken', message: 'The email is taken.' });
      }
      if (wantsHtml(request)) {
        setSession(request, reply, await security.startSession(app.db, policy, created.id));
        rememberLanguage(reply, parsed.data.language);
        return page(reply, accountCreatedPage(parsed.data.language, authorizePath(request)), 201);
      }
      return reply.code(201).send({ email: created.email });
    },
  );

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
      const origin = originOf(request);
      if (redirectUri !== undefined && !redirectUri.startsWith(`${origin}/`)) {
        return reply.code(400).send({ errorCode: 'invalidRedirect', message: 'Refused redirect.' });
      }
      reply.header('cache-control', 'no-store');
      const token = await security.issueAccessToken(
        app.db,
        policy,
        request.cookies[SESSION_COOKIE],
      );
      const navigation = wantsHtml(request);
      if (!token) {
        if (!navigation)
          return reply.code(401).send({ errorCode: 'signInRequired', message: 'Sign in.' });
        return page(reply, signInPage(languageOf(request), { returnTo: request.url }));
      }
      if (!navigation) return reply.type('text/plain; charset=utf-8').send(token);
      reply.setCookie(TOKEN_HANDOVER_COOKIE, token, {
        httpOnly: false, // the client must read it once, then deletes it
        sameSite: 'lax',
        secure: request.protocol === 'https',
        path: '/',
        maxAge: TOKEN_COOKIE_MAX_AGE_SECONDS,
      });
      return reply.redirect(redirectUri ?? `${origin}/#/oauth`, 302);
    },
  );

  app.get(
    '/auth/refreshsession',
    { schema: { tags: ['security'], summary: 'Keeps the signed-in session alive' } },
    async (request, reply) => {
      const alive = await security.refreshSession(app.db, policy, request.cookies[SESSION_COOKIE]);
      return alive
        ? reply.code(204).send()
        : reply.code(401).send({ errorCode: 'signInRequired', message: 'Sign in.' });
    },
  );

  app.get(
    '/logout',
    {
      schema: {
        tags: ['security'],
        summary: 'Revokes the session and its tokens',
        querystring: z.object({ skipredirect: z.string().optional() }),
      },
    },
    async (request, reply) => {
      const bearer = request.headers.authorization?.match(/^Bearer (.+)$/)?.[1];
      await security.signOut(app.db, policy, {
        sessionSecret: request.cookies[SESSION_COOKIE],
        token: bearer,
      });
      reply.clearCookie(SESSION_COOKIE, { path: '/security' });
      if (request.query.skipredirect === 'true') return reply.code(204).send();
      return reply.redirect('/', 303);
    },
  );
};
