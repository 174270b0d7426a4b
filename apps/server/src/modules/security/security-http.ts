import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { OAUTH_CLIENT_ID } from '@portal/domain/constants';
import { z } from 'zod';
import { isHttps, secureName } from '../../lib/http/cookies.ts';
import { pageLanguageOf } from '../../lib/http/language.ts';
import type { PasswordHasher } from '../../lib/password-hashing/password-hasher.ts';
import { confirmedFactorKinds } from './second-factor.service.ts';
import { signInPage } from './security-pages.ts';
import type { SecurityPagesLanguage } from './security-pages.locales.ts';
import type * as security from './security.service.ts';

/**
 * What every route of the security service shares (issue 32: the routes file cut by group): the
 * cookies, the page's language, where a sign-in may return to, and the answers as a page or as
 * JSON.
 */

/**
 * The session cookie: `portal_session` over http (a developer's machine, the tests), and
 * `__Secure-portal_session` over https, which a browser only accepts from a secure page, so
 * nobody on the network can plant one over plain http. Its path is `/security`, so the
 * stricter `__Host-` prefix (which needs path `/`) cannot apply.
 */
export const SESSION_COOKIE = 'portal_session';
/** The sign-in waiting for its second factor (five minutes). */
export const CHALLENGE_COOKIE = 'portal_mfa';

/** The session secret this browser holds, under the name its scheme allows. */
export const sessionSecretOf = (request: FastifyRequest) =>
  request.cookies[secureName(request, SESSION_COOKIE)];

/** After signing in, the browser takes its token and lands on `#/oauth` of this site. */
export const AUTHORIZE_PATH = `/security/oauth/authorize?${new URLSearchParams({
  client_id: OAUTH_CLIENT_ID,
  response_type: 'token',
}).toString()}`;

export const languageOf = (request: FastifyRequest, query?: string): SecurityPagesLanguage =>
  pageLanguageOf(request, query);

export const wantsHtml = (request: FastifyRequest) =>
  request.headers['sec-fetch-mode'] === 'navigate' ||
  (request.headers.accept ?? '').includes('text/html');

/** Only our own sign-in hand-over or an in-app path may be returned to after signing in. */
export function safeReturnTo(value: string | undefined): string | undefined {
  if (!value || !value.startsWith('/') || value.startsWith('//')) return undefined;
  if (/[\s\p{Cc}\\]/u.test(value)) return undefined;
  return value.startsWith('/security/oauth/authorize') || value === '/' ? value : undefined;
}

export const clientOf = (request: FastifyRequest): security.Client => ({
  address: request.ip,
  userAgent: request.headers['user-agent'],
  replacesSession: sessionSecretOf(request),
});

export interface SecurityRoutesOptions {
  policy: security.SecurityPolicy;
  hasher: PasswordHasher;
  /** `publicUrlOf(config)`: the only origin redirects and mail links may name. */
  publicUrl: string;
}

/** The Fastify instance the security routes are added to (with the zod type provider). */
export type SecurityApp = Parameters<FastifyPluginAsyncZod>[0];

/** The service's dependencies and the answers the route groups share, built once per app. */
export function securityRouteContext(
  app: SecurityApp,
  { policy, hasher, publicUrl }: SecurityRoutesOptions,
) {
  const deps: security.SecurityDeps = {
    db: app.db,
    cipher: app.cipher,
    policy,
    hasher,
    publicUrl,
    tokens: app.tokenCache,
  };
  /** Whether the code page offers a text message (the person set up a phone). */
  const hasSms = async (userId: string) => (await confirmedFactorKinds(app.db, userId)).has('sms');

  const cookieOptions = (request: FastifyRequest, maxAgeSeconds: number) => ({
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: isHttps(request),
    path: '/security',
    maxAge: maxAgeSeconds,
  });

  const setSession = (request: FastifyRequest, reply: FastifyReply, secret: string) =>
    reply.setCookie(
      secureName(request, SESSION_COOKIE),
      secret,
      cookieOptions(request, Math.floor(policy.sessionMaxMs / 1000)),
    );

  const page = (reply: FastifyReply, html: string, status = 200) =>
    reply
      .code(status)
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(html);

  const busy = (request: FastifyRequest, reply: FastifyReply, error: security.HashingBusyError) => {
    reply.header('retry-after', String(error.retryAfterSeconds));
    if (wantsHtml(request)) {
      return page(reply, signInPage(languageOf(request), { problem: 'signInBusy' }), 429);
    }
    return reply.code(429).send({ errorCode: 'busy', message: 'Too busy; retry shortly.' });
  };

  const pageQuery = z.object({
    lang: z.enum(['en', 'fr']).optional(),
    returnTo: z.string().max(2000).optional(),
  });

  // The sign-in, sign-up and forgot-password pages read nothing from the database: they answer
  // while the embedded database's queue is full (issue 37).
  const pageOnly = { usesDatabase: false } as const;

  return { deps, publicUrl, hasSms, cookieOptions, setSession, page, busy, pageQuery, pageOnly };
}

export type SecurityRouteContext = ReturnType<typeof securityRouteContext>;
