import { EMAIL_MAX_LENGTH } from '@portal/domain/rules/account';
import { z } from 'zod';
import { clearCookie } from '../../lib/http/cookies.ts';
import { rememberLanguage } from '../../lib/http/language.ts';
import {
  languageOf,
  SESSION_COOKIE,
  wantsHtml,
  type SecurityApp,
  type SecurityRouteContext,
} from './security-http.ts';
import {
  forgotPasswordPage,
  forgotPasswordSentPage,
  resetDonePage,
  resetLinkInvalidPage,
  resetPasswordPage,
} from './security-pages.ts';
import * as security from './security.service.ts';

/**
 * The forgotten password: the page that mails a single-use, 30-minute link (the same answer
 * whether or not an account uses the address), and the page that sets a new password with it.
 */
export function passwordResetRoutes(app: SecurityApp, context: SecurityRouteContext): void {
  const { deps, page, pageQuery, pageOnly } = context;

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
}
