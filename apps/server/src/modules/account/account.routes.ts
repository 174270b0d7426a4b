import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { EMAIL_MAX_LENGTH, normalizeEmail } from '@portal/domain/rules/account';
import {
  emailCodeSchema,
  sixDigitCodeSchema,
  mfaRequiredFor,
  passwordChangeSchema,
} from '@portal/domain/rules/account-security';
import { smsDeliveryProblems } from '@portal/domain/messages/sms-delivery-messages';
import { personNameSchema } from '@portal/domain/rules/person-name';
import { z } from 'zod';
import { callerOf } from '../../plugins/auth.ts';
import {
  cancelEmailChange,
  requestEmailChange,
  startEmailVerification,
  verifyEmail,
} from '../security/email-verification.service.ts';
import { CodeRefused } from '../security/one-time-codes.service.ts';
import {
  confirmSms,
  confirmTotp,
  disableFactors,
  newRecoveryCodes,
  SecondFactorRefused,
  startSms,
  startTotp,
  confirmedFactorKinds,
  hasSecondFactor,
  lastTextProblem,
} from '../security/second-factor.service.ts';
import * as security from '../security/security.service.ts';
import { currentUser, settingsOf, updateProfileBasics } from './account.service.ts';

/**
 * The account settings API (bearer, issue 11): `GET account`; name, language, email (proved by a
 * code before it replaces the old one), password (the current one first; other sessions end),
 * second factors (authenticator app, text messages, recovery codes) and the devices signed in.
 * Every change that could hand the account to someone else asks for the password again (ASVS
 * 7.5.1): the email, the password, adding or removing a second factor, new recovery codes.
 */

const errorBody = z.object({
  errorCode: z.string(),
  message: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
  attemptsLeft: z.number().optional(),
});

const settingsSchema = z.object({
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  emailVerified: z.boolean(),
  pendingEmail: z.string().nullable(),
  language: z.enum(['en', 'fr']),
  mfa: z.object({
    required: z.boolean(),
    totp: z.boolean(),
    sms: z.object({ phoneMasked: z.string() }).nullable(),
    recoveryCodesLeft: z.number(),
  }),
});

const passwordField = z.string().min(1, 'required').max(1000, 'invalid');

const messages: Record<string, string> = {
  wrongPassword: 'The password is not right.',
  emailTaken: 'Another account uses this email address.',
  sameEmail: 'This is already your email address.',
  alreadyVerified: 'The email address is already verified.',
  noCodePending: 'No code is waiting: ask for a new one.',
  wrongCode: 'The code is not right.',
  tooManyAttempts: 'Too many wrong codes: ask for a new one.',
  codeExpired: 'The code expired: ask for a new one.',
  tooManyCodes: 'A code was sent recently: wait before asking again.',
  alreadyEnabled: 'This second factor is already on.',
  noEnrollment: 'Start setting it up first.',
  mfaNotEnabled: 'Two-step verification is off.',
  mfaRequiredForRole: 'Your role must keep two-step verification on.',
  invalidPhone: 'Enter a 10-digit Canadian or U.S. phone number.',
  signInLocked: 'Too many attempts: try again in a few minutes.',
  busy: 'Too busy; retry shortly.',
};

const statusOf: Record<string, number> = {
  wrongPassword: 401,
  emailTaken: 409,
  sameEmail: 409,
  alreadyVerified: 409,
  noCodePending: 404,
  wrongCode: 401,
  tooManyAttempts: 403,
  codeExpired: 409,
  tooManyCodes: 429,
  alreadyEnabled: 409,
  noEnrollment: 404,
  mfaNotEnabled: 409,
  mfaRequiredForRole: 403,
  invalidPhone: 400,
  signInLocked: 429,
};

function refuse(reply: FastifyReply, errorCode: string, extra: Record<string, unknown> = {}) {
  const status = statusOf[errorCode] ?? 400;
  if (errorCode === 'invalidPhone') {
    return reply.code(400).send({
      errorCode: 'invalidInput',
      message: 'The request is not valid.',
      fields: { phone: 'invalid' },
    });
  }
  return reply
    .code(status)
    .send({ errorCode, message: messages[errorCode] ?? errorCode, ...extra });
}

/** The refusals of the security services, as answers; anything else is rethrown. */
function refusal(reply: FastifyReply, error: unknown) {
  if (error instanceof CodeRefused) {
    if (error.details.retryAfterSeconds) {
      reply.header('retry-after', String(error.details.retryAfterSeconds));
    }
    return refuse(
      reply,
      error.errorCode,
      error.details.attemptsLeft !== undefined ? { attemptsLeft: error.details.attemptsLeft } : {},
    );
  }
  if (error instanceof SecondFactorRefused) return refuse(reply, error.errorCode);
  if (error instanceof security.HashingBusyError) {
    reply.header('retry-after', String(error.retryAfterSeconds));
    return reply.code(429).send({ errorCode: 'busy', message: messages.busy });
  }
  throw error;
}

export interface AccountRoutesOptions {
  policy: security.SecurityPolicy;
  publicUrl: string;
}

export const accountRoutes: FastifyPluginAsyncZod<AccountRoutesOptions> = async (
  app,
  { policy, publicUrl },
) => {
  const deps: security.SecurityDeps = {
    db: app.db,
    cipher: app.cipher,
    policy,
    hasher: app.passwordHasher,
    publicUrl,
    tokens: app.tokenCache,
  };
  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.includes('/account')) return;
    await app.requireUser(request, reply);
    if (!request.user) return reply;
  });

  /** The caller as stored now (a change just made is part of it). */
  const fresh = (request: FastifyRequest) => currentUser(app.db, callerOf(request).id);
  const answerSettings = async (request: FastifyRequest, reply: FastifyReply, status = 200) =>
    reply.code(status).send(await settingsOf(deps, await fresh(request)));

  /** The password typed again: refuses (and counts, like a sign-in) when it is not right. */
  async function passwordConfirmed(
    request: FastifyRequest,
    reply: FastifyReply,
    password: string,
  ): Promise<boolean> {
    const outcome = await security.confirmPassword(
      deps,
      await fresh(request),
      password,
      request.ip,
    );
    if (outcome === 'confirmed') return true;
    await refuse(reply, outcome === 'locked' ? 'signInLocked' : 'wrongPassword');
    return false;
  }

  const tags = ['account'];
  const security_ = [{ bearer: [] }];
  const withSettings = { 200: settingsSchema, '4xx': errorBody };

  app.get(
    '/account',
    {
      schema: {
        tags,
        security: security_,
        summary: "The caller's account settings",
        response: withSettings,
      },
    },
    async (request, reply) => answerSettings(request, reply),
  );

  app.put(
    '/account/name',
    {
      schema: {
        tags,
        security: security_,
        summary: 'Changes the name people see (the profile reads it)',
        // The one name rule: registration's and the profile's (a refusal names the characters).
        body: z.object({ firstName: personNameSchema, lastName: personNameSchema }),
        response: withSettings,
      },
    },
    async (request, reply) => {
      await updateProfileBasics(app.db, callerOf(request).id, request.body);
      return answerSettings(request, reply);
    },
  );

  app.put(
    '/account/language',
    {
      schema: {
        tags,
        security: security_,
        summary: 'Changes the language of mail and of the pages',
        body: z.object({ language: z.enum(['en', 'fr'], 'invalid') }),
        response: withSettings,
      },
    },
    async (request, reply) => {
      await updateProfileBasics(app.db, callerOf(request).id, {
        language: request.body.language,
      });
      return answerSettings(request, reply);
    },
  );

  app.post(
    '/account/email-verification',
    {
      schema: {
        tags,
        security: security_,
        summary: 'Mails a 6-digit code for the address waiting to be proved (202)',
        response: { 202: z.object({ resendAvailableAt: z.string() }), '4xx': errorBody },
      },
    },
    async (request, reply) => {
      try {
        const sent = await startEmailVerification(deps, await fresh(request));
        if (sent === 'alreadyVerified') return refuse(reply, 'alreadyVerified');
        return reply.code(202).send({ resendAvailableAt: sent.resendAvailableAt.toISOString() });
      } catch (error) {
        return refusal(reply, error);
      }
    },
  );

  app.put(
    '/account/email-verification',
    {
      schema: {
        tags,
        security: security_,
        summary: 'Proves the address with the code mailed to it',
        body: z.object({ code: emailCodeSchema }),
        response: withSettings,
      },
    },
    async (request, reply) => {
      try {
        const result = await verifyEmail(deps, await fresh(request), request.body.code);
        if (result === 'emailTaken') return refuse(reply, 'emailTaken');
        return answerSettings(request, reply);
      } catch (error) {
        return refusal(reply, error);
      }
    },
  );

  app.put(
    '/account/email',
    {
      schema: {
        tags,
        security: security_,
        summary:
          'Starts changing the email: the new address gets a code and replaces the old one once proved (202)',
        body: z.object({
          email: z
            .string()
            .trim()
            .min(1, 'required')
            .max(EMAIL_MAX_LENGTH, 'invalid')
            .pipe(z.email('emailFormat')),
          password: passwordField,
        }),
        response: { 202: settingsSchema, '4xx': errorBody },
      },
    },
    async (request, reply) => {
      if (!(await passwordConfirmed(request, reply, request.body.password))) return reply;
      try {
        const result = await requestEmailChange(
          deps,
          await fresh(request),
          normalizeEmail(request.body.email),
        );
        if (result === 'emailTaken' || result === 'sameEmail') return refuse(reply, result);
        return answerSettings(request, reply, 202);
      } catch (error) {
        return refusal(reply, error);
      }
    },
  );

  app.delete(
    '/account/email',
    {
      schema: {
        tags,
        security: security_,
        summary: 'Cancels a change of email waiting for its code',
        response: withSettings,
      },
    },
    async (request, reply) => {
      await cancelEmailChange(deps, await fresh(request));
      return answerSettings(request, reply);
    },
  );

  app.put(
    '/account/password',
    {
      schema: {
        tags,
        security: security_,
        summary: 'Changes the password (the current one first); every other session ends (204)',
        body: passwordChangeSchema,
        response: { 204: z.null(), '4xx': errorBody },
      },
    },
    async (request, reply) => {
      try {
        const result = await security.changePassword(deps, await fresh(request), request.body, {
          address: request.ip,
          sessionId: request.sessionId,
        });
        if (result.outcome === 'invalid') {
          return reply.code(400).send({
            errorCode: 'invalidInput',
            message: 'The request is not valid.',
            fields: { newPassword: result.problem },
          });
        }
        if (result.outcome === 'wrongPassword') return refuse(reply, 'wrongPassword');
        if (result.outcome === 'locked') return refuse(reply, 'signInLocked');
        return reply.code(204).send(null);
      } catch (error) {
        return refusal(reply, error);
      }
    },
  );

  const recoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()).optional() });

  app.post(
    '/account/mfa/totp',
    {
      schema: {
        tags,
        security: security_,
        summary:
          'Starts setting up an authenticator app (the password first): the secret and a QR ' +
          'code drawn here (201)',
        body: z.object({ password: passwordField }),
        response: {
          201: z.object({ secret: z.string(), otpauthUri: z.string(), qrSvg: z.string() }),
          '4xx': errorBody,
        },
      },
    },
    async (request, reply) => {
      if (!(await passwordConfirmed(request, reply, request.body.password))) return reply;
      try {
        return reply.code(201).send(await startTotp(deps, callerOf(request)));
      } catch (error) {
        return refusal(reply, error);
      }
    },
  );

  app.post(
    '/account/mfa/sms',
    {
      schema: {
        tags,
        security: security_,
        summary:
          'Starts setting up text messages (the password first): texts a code to the number (202)',
        body: z.object({
          phone: z.string().trim().min(1, 'required').max(30, 'invalid'),
          password: passwordField,
        }),
        response: { 202: z.object({ resendAvailableAt: z.string() }), '4xx': errorBody },
      },
    },
    async (request, reply) => {
      if (!(await passwordConfirmed(request, reply, request.body.password))) return reply;
      try {
        const sent = await startSms(deps, callerOf(request), request.body.phone);
        return reply.code(202).send({ resendAvailableAt: sent.resendAvailableAt.toISOString() });
      } catch (error) {
        return refusal(reply, error);
      }
    },
  );

  app.get(
    '/account/mfa/sms/delivery',
    {
      schema: {
        tags,
        security: security_,
        summary:
          'Whether the last code texted to the number being set up arrived: why not, when the ' +
          'SMS vendor refused it or could not deliver it (null while it is on its way or arrived)',
        response: { 200: z.object({ problem: z.enum(smsDeliveryProblems).nullable() }) },
      },
    },
    async (request) => ({
      problem: (await lastTextProblem(deps, callerOf(request).id, 'beingSetUp')) ?? null,
    }),
  );

  /** Turning a factor on: the code it shows (the app) or was sent (a text) proves it works. */
  const confirmFactorRoute = (kind: 'totp' | 'sms', summary: string, confirm: typeof confirmTotp) =>
    app.put(
      `/account/mfa/${kind}`,
      {
        schema: {
          tags,
          security: security_,
          summary,
          body: z.object({ code: sixDigitCodeSchema }),
          response: { 200: recoveryCodesSchema, '4xx': errorBody },
        },
      },
      async (request, reply) => {
        try {
          return await confirm(deps, callerOf(request).id, request.body.code);
        } catch (error) {
          return refusal(reply, error);
        }
      },
    );
  confirmFactorRoute(
    'totp',
    'Turns the authenticator app on with a code it shows; the first factor brings 10 recovery codes',
    confirmTotp,
  );
  confirmFactorRoute('sms', 'Turns text messages on with the code texted', confirmSms);

  app.post(
    '/account/mfa/disable',
    {
      schema: {
        tags,
        security: security_,
        summary: 'Turns a second factor off (the password first); staff and advisors cannot',
        body: z.object({ password: passwordField, factor: z.enum(['totp', 'sms', 'all']) }),
        response: withSettings,
      },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      const kinds =
        request.body.factor === 'all' ? (['totp', 'sms'] as const) : [request.body.factor];
      if (mfaRequiredFor(caller.role)) {
        const confirmed = await confirmedFactorKinds(app.db, caller.id);
        const keepsOne = [...confirmed].some((kind) => !kinds.includes(kind));
        if (!keepsOne) return refuse(reply, 'mfaRequiredForRole');
      }
      if (!(await passwordConfirmed(request, reply, request.body.password))) return reply;
      await disableFactors(deps, caller.id, kinds);
      return answerSettings(request, reply);
    },
  );

  app.post(
    '/account/mfa/recovery-codes',
    {
      schema: {
        tags,
        security: security_,
        summary: 'Ten new recovery codes (the password first); the old ones stop working',
        body: z.object({ password: passwordField }),
        response: { 200: z.object({ recoveryCodes: z.array(z.string()) }), '4xx': errorBody },
      },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      if (!(await hasSecondFactor(app.db, caller.id))) return refuse(reply, 'mfaNotEnabled');
      if (!(await passwordConfirmed(request, reply, request.body.password))) return reply;
      return { recoveryCodes: await newRecoveryCodes(deps, caller.id) };
    },
  );

  const sessionSchema = z.object({
    id: z.string(),
    device: z.string(),
    createdAt: z.string(),
    lastSeenAt: z.string(),
    current: z.boolean(),
  });

  app.get(
    '/account/sessions',
    {
      schema: {
        tags,
        security: security_,
        summary: 'The devices signed in to the account, this one marked',
        response: { 200: z.array(sessionSchema) },
      },
    },
    async (request) => security.listSessions(deps, callerOf(request).id, request.sessionId),
  );

  app.delete(
    '/account/sessions/:id',
    {
      schema: {
        tags,
        security: security_,
        summary: 'Signs one device out (204); another person\u2019s session answers 404',
        params: z.object({ id: z.uuid() }),
        response: { 204: z.null(), '4xx': errorBody },
      },
    },
    async (request, reply) => {
      const ended = await security.endSession(deps, callerOf(request).id, request.params.id);
      if (!ended) return reply.code(404).send({ errorCode: 'notFound', message: 'Not found.' });
      return reply.code(204).send(null);
    },
  );

  app.delete(
    '/account/sessions',
    {
      schema: {
        tags,
        security: security_,
        summary: 'Signs out everywhere, this device included (204)',
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await security.endAllSessions(deps, callerOf(request).id);
      return reply.code(204).send(null);
    },
  );
};
