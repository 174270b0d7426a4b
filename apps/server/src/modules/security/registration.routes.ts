import { registrationSchemaFor } from '@portal/domain/rules/account';
import { z } from 'zod';
import { rememberLanguage } from '../../lib/http/language.ts';
import { isCommonPassword } from './common-passwords.ts';
import {
  AUTHORIZE_PATH,
  clientOf,
  languageOf,
  safeReturnTo,
  wantsHtml,
  type SecurityApp,
  type SecurityRouteContext,
} from './security-http.ts';
import { accountCreatedPage, registerPage } from './security-pages.ts';
import * as security from './security.service.ts';

/**
 * Creating a client account (runtime contract: `POST /security/register`): the page and its
 * post, validated with the domain's schema so the page can name every field's problem.
 */
export function registrationRoutes(app: SecurityApp, context: SecurityRouteContext): void {
  const { deps, setSession, page, busy, pageQuery, pageOnly } = context;
  const registrationSchema = registrationSchemaFor(isCommonPassword);

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
}
