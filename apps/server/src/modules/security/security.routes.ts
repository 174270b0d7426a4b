import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { OAUTH_CLIENT_ID, TOKEN_HANDOVER_COOKIE } from '@portal/domain/constants';
import {
  EMAIL_MAX_LENGTH,
  registrationSchemaFor,
  signInSchema,
} from '@portal/domain/rules/account';
import {
  SIGN_IN_CHALLENGE_VALIDITY_MS,
  secondFactorCodeSchema,
} from '@portal/domain/rules/account-security';
import { z } from 'zod';
import { clearCookie, isHttps, secureName } from '../../lib/http/cookies.ts';
import { pageLanguageOf, rememberLanguage } from '../../lib/http/language.ts';
import type { PasswordHasher } from '../../lib/password-hashing/password-hasher.ts';
import { isCommonPassword } from './common-passwords.ts';
import { CodeRefused } from './one-time-codes.service.ts';
import { confirmedFactorKinds, sendSignInSms } from './second-factor.service.ts';
import {
  accountCreatedPage,
  forgotPasswordPage,
  forgotPasswordSentPage,
  redirectRefusedPage,
  registerPage,
  resetDonePage,
  resetLinkInvalidPage,
  resetPasswordPage,
  secondFactorPage,
  signInPage,
  type SignInProblem,
} from './security-pages.ts';
import type { SecurityPagesLanguage } from './security-pages.locales.ts';
import * as security from './security.service.ts';

/**
 * The session cookie: `portal_session` over http (a developer's machine, the tests), and
 * `__Secure-portal_session` over https, which a browser only accepts from a secure page, so
 * nobody on the network can plant one over plain http. Its path is `/security`, so the
 * stricter `__Host-` prefix (which needs path `/`) cannot apply.
 */
export const SESSION_COOKIE = 'portal_session';
/** The sign-in waiting for its second factor (five minutes). */
const CHALLENGE_COOKIE = 'portal_mfa';
const TOKEN_COOKIE_MAX_AGE_SECONDS = 60;

/** The session secret this browser holds, under the name its scheme allows. */
export const sessionSecretOf = (request: FastifyRequest) =>
  request.cookies[secureName(request, SESSION_COOKIE)];

/** After signing in, the browser takes its token and lands on `#/oauth` of this site. */
export const AUTHORIZE_PATH = `/security/oauth/authorize?${new URLSearchParams({
  client_id: OAUTH_CLIENT_ID,
  response_type: 'token',
}).toString()}`;

const languageOf = (request: FastifyRequest, query?: string): SecurityPagesLanguage =>
  pageLanguageOf(request, query);

const wantsHtml = (request: FastifyRequest) =>
  request.headers['sec-fetch-mode'] === 'navigate' ||
  (request.headers.accept ?? '').includes('text/html');

/** Only our own sign-in hand-over or an in-app path may be returned to after signing in. */
function safeReturnTo(value: string | undefined): string | undefined {
  if (!value || !value.startsWith('/') || value.startsWith('//')) return undefined;
  if (/[\s\p{Cc}\\]/u.test(value)) return undefined;
  return value.startsWith('/security/oauth/authorize') || value === '/' ? value : undefined;
}

const CONTROL_OR_SPACE = /[\s\p{Cc}]/u;

const clientOf = (request: FastifyRequest): security.Client => ({
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

export const securityRoutes: FastifyPluginAsyncZod<SecurityRoutesOptions> = async (
  app,
  { policy, hasher, publicUrl },
) => {
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
  const registrationSchema = registrationSchemaFor(isCommonPassword);

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

  /** Answers a sign-in outcome other than success, as a page or as JSON. */
  async function refuse(
    request: FastifyRequest,
    reply: FastifyReply,
    result: Exclude<security.SignInResult, { outcome: 'signedIn' }>,
    context: { username?: string; returnTo?: string },
  ) {
    const language = languageOf(request);
    const returnTo = safeReturnTo(context.returnTo);
    if (result.outcome === 'mfaRequired') {
      reply.setCookie(
        secureName(request, CHALLENGE_COOKIE),
        result.challengeSecret,
        cookieOptions(request, SIGN_IN_CHALLENGE_VALIDITY_MS / 1000),
      );
      if (wantsHtml(request)) {
        return page(reply, secondFactorPage(language, { returnTo, hasSms: result.hasSms }), 401);
      }
      return reply.code(401).send({
        errorCode: 'mfaRequired',
        message: 'A second factor is due: send `otp` with the credentials.',
      });
    }
    const statusOf: Record<typeof result.outcome, number> = {
      rejected: 401,
      otpRejected: 401,
      challengeExpired: 401,
      locked: 429,
      mfaSetupRequired: 403,
    };
    const codeOf: Record<typeof result.outcome, string> = {
      rejected: 'signInFailed',
      otpRejected: 'otpRejected',
      challengeExpired: 'challengeExpired',
      locked: 'signInLocked',
      mfaSetupRequired: 'mfaSetupRequired',
    };
    const status = statusOf[result.outcome];
    const errorCode = codeOf[result.outcome];
    if (!wantsHtml(request)) return reply.code(status).send({ errorCode, message: errorCode });
    if (result.outcome === 'otpRejected' && context.username === undefined) {
      const withSms = result.userId ? await hasSms(result.userId) : false;
      return page(
        reply,
        secondFactorPage(language, { returnTo, hasSms: withSms, problem: 'otpRejected' }),
        status,
      );
    }
    const pageProblem: Record<typeof result.outcome, SignInProblem> = {
      rejected: 'signInFailed',
      otpRejected: 'signInFailed',
      challengeExpired: 'challengeExpired',
      locked: 'signInLocked',
      mfaSetupRequired: 'mfaSetupRequired',
    };
    return page(
      reply,
      signInPage(language, {
        username: context.username,
        problem: pageProblem[result.outcome],
        returnTo,
      }),
      status,
    );
  }

  /**
   * Signed in: the session cookie, then the token hand-over (a page) or 204 (a script). The
   * account's language replaces the browser's `lang` cookie (issue 12 item 8): a French account
   * signing in from a fresh English browser lands in French.
   */
  function signedIn(
    request: FastifyRequest,
    reply: FastifyReply,
    signed: { sessionSecret: string; user: { language: string } },
    returnTo: string | undefined,
  ) {
    setSession(request, reply, signed.sessionSecret);
    rememberLanguage(request, reply, signed.user.language === 'fr' ? 'fr' : 'en');
    clearCookie(request, reply, CHALLENGE_COOKIE, { path: '/security' });
    if (wantsHtml(request)) return reply.redirect(safeReturnTo(returnTo) ?? AUTHORIZE_PATH, 303);
    return reply.code(204).send();
  }

  const pageQuery = z.object({
    lang: z.enum(['en', 'fr']).optional(),
    returnTo: z.string().max(2000).optional(),
  });

  // The sign-in, sign-up and forgot-password pages read nothing from the database: they answer
  // while the embedded database's queue is full (issue 37).
  const pageOnly = { usesDatabase: false } as const;

  app.get(
    '/login',
    { config: pageOnly, schema: { hide: true, querystring: pageQuery } },
    async (request, reply) => {
      const language = languageOf(request, request.query.lang);
      if (request.query.lang) rememberLanguage(request, reply, language);
      return page(reply, signInPage(language, { returnTo: safeReturnTo(request.query.returnTo) }));
    },
  );

  app.post(
    '/login',
    {
      schema: {
        tags: ['security'],
        summary:
          'Signs in with username (email) and password, and `otp` when the account has a second ' +
          'factor; sets the session cookie. 401 signInFailed, 401 mfaRequired (a challenge ' +
          'cookie lets the page ask for the code), 429 while locked or busy',
        body: signInSchema.extend({
          returnTo: z.string().max(2000).optional(),
          otp: z.string().max(32).optional(),
        }),
      },
    },
    async (request, reply) => {
      const { username, password, otp, returnTo } = request.body;
      let result: security.SignInResult;
      try {
        result = await security.signIn(deps, { username, password, otp }, clientOf(request));
      } catch (error) {
        if (error instanceof security.HashingBusyError) return busy(request, reply, error);
        throw error;
      }
      if (result.outcome !== 'signedIn') {
        return refuse(request, reply, result, { username, returnTo });
      }
      return signedIn(request, reply, result, returnTo);
    },
  );

  const challengeOf = (request: FastifyRequest) =>
    request.cookies[secureName(request, CHALLENGE_COOKIE)];

  app.get(
    '/login/verify',
    { schema: { hide: true, querystring: pageQuery } },
    async (request, reply) => {
      const language = languageOf(request, request.query.lang);
      if (request.query.lang) rememberLanguage(request, reply, language);
      const user = await security.challengeUser(deps, challengeOf(request));
      if (!user) return reply.redirect('/security/login', 303);
      return page(
        reply,
        secondFactorPage(language, {
          hasSms: await hasSms(user.id),
          returnTo: safeReturnTo(request.query.returnTo),
        }),
      );
    },
  );

  app.post(
    '/login/verify',
    {
      schema: {
        tags: ['security'],
        summary: 'The second step of a browser sign-in: the code, with the challenge cookie',
        body: z.object({
          otp: z.string().max(32).optional(),
          returnTo: z.string().max(2000).optional(),
        }),
      },
    },
    async (request, reply) => {
      const returnTo = safeReturnTo(request.body.returnTo);
      const otp = request.body.otp?.trim() ?? '';
      if (!secondFactorCodeSchema.safeParse(otp).success) {
        const user = await security.challengeUser(deps, challengeOf(request));
        if (!user) return refuse(request, reply, { outcome: 'challengeExpired' }, { returnTo });
        if (!wantsHtml(request)) {
          return reply.code(400).send({
            errorCode: 'invalidInput',
            message: 'The request is not valid.',
            fields: { otp: otp === '' ? 'required' : 'codeFormat' },
          });
        }
        const problem = otp === '' ? 'otpRequired' : 'otpRejected';
        return page(
          reply,
          secondFactorPage(languageOf(request), {
            returnTo,
            hasSms: await hasSms(user.id),
            problem,
          }),
          400,
        );
      }
      const result = await security.completeSecondFactor(
        deps,
        { challengeSecret: challengeOf(request), otp },
        clientOf(request),
      );
      if (result.outcome !== 'signedIn') return refuse(request, reply, result, { returnTo });
      return signedIn(request, reply, result, returnTo);
    },
  );

  app.post(
    '/login/sms',
    {
      schema: {
        tags: ['security'],
        summary: 'Texts a sign-in code to the number set up, for the challenge cookie',
        body: z.object({ returnTo: z.string().max(2000).optional() }).optional(),
      },
    },
    async (request, reply) => {
      const returnTo = safeReturnTo(request.body?.returnTo);
      const challenge = challengeOf(request);
      const user = await security.challengeUser(deps, challenge);
      if (!user || !challenge) {
        return refuse(request, reply, { outcome: 'challengeExpired' }, { returnTo });
      }
      const language = languageOf(request);
      try {
        await sendSignInSms(deps, user, security.challengeTarget(challenge));
      } catch (error) {
        if (!(error instanceof CodeRefused)) throw error;
        reply.header('retry-after', String(error.details.retryAfterSeconds ?? 60));
        if (!wantsHtml(request)) {
          return reply.code(429).send({ errorCode: 'tooManyCodes', message: 'Wait a moment.' });
        }
        return page(
          reply,
          secondFactorPage(language, { returnTo, hasSms: true, problem: 'smsTooMany' }),
          429,
        );
      }
      if (!wantsHtml(request)) return reply.code(202).send({ sent: true });
      return page(reply, secondFactorPage(language, { returnTo, hasSms: true, notice: 'smsSent' }));
    },
  );

  app.get(
    '/register',
    { config: pageOnly, schema: { hide: true, querystring: pageQuery } },
    async (request, reply) => {
      const language = languageOf(request, request.query.lang);
      if (request.query.lang) rememberLanguage(request, reply, language);
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
        summary:
          'Creates a client account and mails a code to verify its address: 201, 409 when the ' +
          'email is taken, 429 past the registrations allowed per address',
        // Validated below with the domain schema, so the page can show every field's message.
        body: z.record(z.string(), z.unknown()),
      },
    },
    async (request, reply) => {
      const language = languageOf(request);
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
      let created: security.RegisterResult;
      try {
        created = await security.register(deps, parsed.data, { address: request.ip });
      } catch (error) {
        if (error instanceof security.HashingBusyError) return busy(request, reply, error);
        throw error;
      }
      if (created.outcome === 'tooMany') {
        reply.header('retry-after', '3600');
        const errors = [{ field: 'email', message: 'tooManyRegistrations' }];
        if (wantsHtml(request)) return page(reply, registerPage(language, { values, errors }), 429);
        return reply
          .code(429)
          .send({ errorCode: 'tooManyRegistrations', message: 'Too many accounts created.' });
      }
      if (created.outcome === 'emailTaken') {
        if (wantsHtml(request)) {
          const errors = [{ field: 'email', message: 'emailTaken' }];
          return page(reply, registerPage(language, { values, errors }), 409);
        }
        return reply.code(409).send({ errorCode: 'emailTaken', message: 'The email is taken.' });
      }
      if (wantsHtml(request)) {
        setSession(
          request,
          reply,
          await security.startSession(deps, created.user.id, clientOf(request)),
        );
        rememberLanguage(request, reply, parsed.data.language);
        return page(
          reply,
          accountCreatedPage(parsed.data.language, AUTHORIZE_PATH, created.user.email),
          201,
        );
      }
      return reply.code(201).send({ email: created.user.email });
    },
  );

  app.get(
    '/forgot-password',
    { config: pageOnly, schema: { hide: true, querystring: pageQuery.pick({ lang: true }) } },
    async (request, reply) => {
      const language = languageOf(request, request.query.lang);
      if (request.query.lang) rememberLanguage(request, reply, language);
      return page(reply, forgotPasswordPage(language));
    },
  );

  app.post(
    '/forgot-password',
    {
      schema: {
        tags: ['security'],
        summary:
          'Mails a single-use, 30-minute reset link when an account uses the address; answers ' +
          'the same (202) whether or not one does',
        body: z.object({ email: z.string().max(EMAIL_MAX_LENGTH).optional() }),
      },
    },
    async (request, reply) => {
      const language = languageOf(request);
      const email = request.body.email?.trim() ?? '';
      if (!z.email().safeParse(email).success) {
        const message = email === '' ? 'required' : 'emailFormat';
        if (wantsHtml(request)) {
          const pageMessage = message === 'required' ? 'forgotEmailRequired' : message;
          return page(
            reply,
            forgotPasswordPage(language, {
              email,
              errors: [{ field: 'email', message: pageMessage }],
            }),
            400,
          );
        }
        return reply.code(400).send({
          errorCode: 'invalidInput',
          message: 'The request is not valid.',
          fields: { email: message },
        });
      }
      // The answer leaves first and the work follows it: a known address writes a reset link
      // and a mail, an unknown one nothing, and the answer must not take longer for either
      // (B-F5, ASVS 6.3.8). The same answer either way.
      app.afterResponse.run(reply, () => security.requestPasswordReset(deps, email));
      if (wantsHtml(request)) return page(reply, forgotPasswordSentPage(language, email), 202);
      return reply.code(202).send({ sent: true });
    },
  );

  const tokenSchema = z
    .string()
    .min(20)
    .max(100)
    .regex(/^[\w-]+$/);

  app.get(
    '/reset-password',
    {
      schema: {
        hide: true,
        querystring: z.object({
          token: z.string().max(200).optional(),
          lang: z.enum(['en', 'fr']).optional(),
        }),
      },
    },
    async (request, reply) => {
      const language = languageOf(request, request.query.lang);
      if (request.query.lang) rememberLanguage(request, reply, language);
      // The page keeps the link out of the Referer of anything it loads or links to.
      reply.header('referrer-policy', 'no-referrer');
      const token = request.query.token ?? '';
      const user = tokenSchema.safeParse(token).success
        ? await security.resetLinkUser(deps, token)
        : undefined;
      if (!user) return page(reply, resetLinkInvalidPage(language), 410);
      return page(reply, resetPasswordPage(language, { token, email: user.email }));
    },
  );

  app.post(
    '/reset-password',
    {
      schema: {
        tags: ['security'],
        summary:
          'Sets a new password with a reset link: every session and token of the person ends ' +
          'and a notice is mailed. 410 when the link is used up or expired',
        body: z.object({
          token: z.string().max(200),
          password: z.string().max(1000).optional(),
        }),
      },
    },
    async (request, reply) => {
      const language = languageOf(request);
      reply.header('referrer-policy', 'no-referrer');
      const { token } = request.body;
      const password = request.body.password ?? '';
      const result = tokenSchema.safeParse(token).success
        ? await security.resetPassword(deps, { token, newPassword: password })
        : ({ outcome: 'invalidLink' } as const);
      if (result.outcome === 'invalidLink') {
        if (wantsHtml(request)) return page(reply, resetLinkInvalidPage(language), 410);
        return reply
          .code(410)
          .send({ errorCode: 'invalidLink', message: 'The link no longer works.' });
      }
      if (result.outcome === 'invalid') {
        const user = await security.resetLinkUser(deps, token);
        if (wantsHtml(request) && user) {
          const errors = [{ field: 'password', message: result.problem }];
          return page(
            reply,
            resetPasswordPage(language, { token, email: user.email, errors }),
            400,
          );
        }
        return reply.code(400).send({
          errorCode: 'invalidInput',
          message: 'The request is not valid.',
          fields: { password: result.problem },
        });
      }
      clearCookie(request, reply, SESSION_COOKIE, { path: '/security' });
      if (wantsHtml(request)) return page(reply, resetDonePage(language));
      return reply.code(204).send();
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
};
