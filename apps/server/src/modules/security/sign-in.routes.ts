import type { FastifyReply, FastifyRequest } from 'fastify';
import { signInSchema } from '@portal/domain/rules/account';
import {
  SIGN_IN_CHALLENGE_VALIDITY_MS,
  secondFactorCodeSchema,
} from '@portal/domain/rules/account-security';
import { z } from 'zod';
import { clearCookie, secureName } from '../../lib/http/cookies.ts';
import { rememberLanguage } from '../../lib/http/language.ts';
import { CodeRefused } from './one-time-codes.service.ts';
import { lastTextProblem, sendSignInSms } from './second-factor.service.ts';
import {
  AUTHORIZE_PATH,
  CHALLENGE_COOKIE,
  clientOf,
  languageOf,
  safeReturnTo,
  wantsHtml,
  type SecurityApp,
  type SecurityRouteContext,
} from './security-http.ts';
import { secondFactorPage, signInPage, type SignInProblem } from './security-pages.ts';
import * as security from './security.service.ts';

/**
 * Signing in (spec section 7; issue 11): the sign-in page and its post, the second factor's page
 * and post (the challenge cookie stands for the password already proved), and the sign-in code
 * by text message.
 */
export function signInRoutes(app: SecurityApp, context: SecurityRouteContext): void {
  const { deps, hasSms, cookieOptions, setSession, page, busy, pageQuery, pageOnly } = context;

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
      const withSms = await hasSms(user.id);
      const smsProblem = withSms ? await lastTextProblem(deps, user.id, 'confirmed') : undefined;
      return page(
        reply,
        secondFactorPage(language, {
          hasSms: withSms,
          returnTo: safeReturnTo(request.query.returnTo),
          ...(smsProblem && { smsProblem }),
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
      // Why the last text did not arrive, read before this one is queued: said with the notice
      // that a new code was sent, so a person waiting for codes that never come learns why.
      const smsProblem = await lastTextProblem(deps, user.id, 'confirmed');
      try {
        await sendSignInSms(deps, user, security.challengeTarget(challenge));
      } catch (error) {
        if (!(error instanceof CodeRefused)) throw error;
        reply.header('retry-after', String(error.details.retryAfterSeconds ?? 60));
        if (!wantsHtml(request)) {
          return reply.code(429).send({
            errorCode: 'tooManyCodes',
            message: 'Wait a moment.',
            ...(smsProblem && { lastTextProblem: smsProblem }),
          });
        }
        return page(
          reply,
          secondFactorPage(language, {
            returnTo,
            hasSms: true,
            problem: 'smsTooMany',
            ...(smsProblem && { smsProblem }),
          }),
          429,
        );
      }
      if (!wantsHtml(request)) {
        return reply
          .code(202)
          .send({ sent: true, ...(smsProblem && { lastTextProblem: smsProblem }) });
      }
      return page(
        reply,
        secondFactorPage(language, {
          returnTo,
          hasSms: true,
          notice: 'smsSent',
          ...(smsProblem && { smsProblem }),
        }),
      );
    },
  );
}
