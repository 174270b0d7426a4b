import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { LANGUAGE_COOKIE } from '@portal/domain';
import { z } from 'zod';
import {
  connectPage,
  FRAME_SCRIPT,
  messagePage,
  questionPage,
  resultPage,
  type ConnectProblem,
  type FrameStatus,
} from './sandbox-bank-connection-pages.ts';
import type { ConnectLanguage } from './sandbox-bank-connection-pages.locales.ts';
import {
  institutionById,
  SANDBOX_BANK_CONNECTION_PATH,
  type LoginOutcome,
  type SandboxBankConnection,
} from './sandbox-bank-connection.ts';

/**
 * The sandbox vendor's connect frame (architecture: sandbox vendors), under
 * `/sandbox/bank-connection`: `GET /connect?request=&lang=` lists the banks with username and
 * password; `POST /connect` signs in; `POST /question` answers the bank's security question;
 * `GET /frame.js` is the result page's script. The outcomes by input are in docs/sandbox.md.
 * The portal shows these pages in a frame of its own pages: they may be framed by this origin.
 */
export interface SandboxBankConnectionRoutesOptions {
  connection: SandboxBankConnection;
  /**
   * The person a request of the portal belongs to, as the sandbox bank knows its customers
   * (their name holds the accounts), and whether the request still waits for a login; null for
   * a request the portal does not have.
   */
  customerOf: (requestId: string) => Promise<{ name: string; open: boolean } | null>;
}

/**
 * The frame's own policy: the site's, but framed by this origin whatever the site's default
 * says, so the funding step can show it; no other site may frame it.
 */
export const FRAME_CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "form-action 'self'",
  "base-uri 'none'",
  "object-src 'none'",
  "frame-ancestors 'self'",
].join('; ');

const uuidish = z.string().max(100);
const pageQuery = z.object({ request: uuidish.optional(), lang: z.enum(['en', 'fr']).optional() });
const connectBody = z.object({
  request: uuidish.optional(),
  token: z.string().max(200).optional(),
  lang: z.enum(['en', 'fr']).optional(),
  institution: z.string().max(50).optional(),
  username: z.string().max(200).optional(),
  password: z.string().max(200).optional(),
});
const questionBody = connectBody.omit({ password: true }).extend({
  questionToken: z.string().max(200).optional(),
  answer: z.string().max(200).optional(),
});

const originOf = (request: FastifyRequest) => `${request.protocol}://${request.host}`;

/** A form posted from another site is refused. */
function crossSite(request: FastifyRequest): boolean {
  const origin = request.headers.origin;
  return origin !== undefined && origin !== 'null' && origin !== originOf(request);
}

const cookieLanguage = (request: FastifyRequest): ConnectLanguage =>
  request.cookies[LANGUAGE_COOKIE]?.toLowerCase().startsWith('fr') ? 'fr' : 'en';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const frameStatusOf: Record<'connected' | 'pending' | 'failed', FrameStatus> = {
  connected: 'CONNECTED',
  pending: 'PENDING',
  failed: 'FAILED',
};

/**
 * The routes log at `warn`: their address holds the request id, and their forms a bank
 * password, neither of which the request log may hold.
 */
export const sandboxBankConnectionRoutes: FastifyPluginAsyncZod<
  SandboxBankConnectionRoutesOptions
> = async (app, options) => {
  const { connection } = options;

  const page = (reply: FastifyReply, html: string, status = 200) =>
    reply
      .code(status)
      .header('cache-control', 'no-store')
      .header('referrer-policy', 'no-referrer')
      .header('x-robots-tag', 'noindex')
      .header('content-security-policy', FRAME_CONTENT_SECURITY_POLICY)
      .header('x-frame-options', 'SAMEORIGIN')
      .type('text/html; charset=utf-8')
      .send(html);

  const switchHrefOf = (requestId: string, language: ConnectLanguage) =>
    `${SANDBOX_BANK_CONNECTION_PATH}/connect?${new URLSearchParams({ request: requestId, lang: language === 'fr' ? 'en' : 'fr' }).toString()}`;

  /** The request's customer while it waits for a login; otherwise the page is answered here. */
  async function openCustomer(
    reply: FastifyReply,
    requestId: string | undefined,
    language: ConnectLanguage,
  ): Promise<{ requestId: string; name: string } | null> {
    const customer = requestId && UUID.test(requestId) ? await options.customerOf(requestId) : null;
    if (!requestId || !customer) {
      await page(reply, messagePage(language, 'notFound'), 404);
      return null;
    }
    if (!customer.open) {
      await page(reply, messagePage(language, 'closed'), 409);
      return null;
    }
    return { requestId, name: customer.name };
  }

  const showOutcome = (
    reply: FastifyReply,
    language: ConnectLanguage,
    requestId: string,
    outcome: Extract<LoginOutcome, { outcome: 'connected' | 'pending' | 'failed' }>,
  ) => page(reply, resultPage(language, { status: frameStatusOf[outcome.outcome], requestId }));

  app.get(
    '/connect',
    { logLevel: 'warn', schema: { hide: true, querystring: pageQuery } },
    async (request, reply) => {
      const language = request.query.lang ?? cookieLanguage(request);
      const customer = await openCustomer(reply, request.query.request, language);
      if (!customer) return reply;
      return page(
        reply,
        connectPage(language, {
          requestId: customer.requestId,
          token: connection.formToken(customer.requestId),
          switchHref: switchHrefOf(customer.requestId, language),
        }),
      );
    },
  );

  app.post(
    '/connect',
    { logLevel: 'warn', schema: { hide: true, body: connectBody } },
    async (request, reply) => {
      const body = request.body;
      const language = body.lang ?? cookieLanguage(request);
      const customer = await openCustomer(reply, body.request, language);
      if (!customer) return reply;
      const { requestId } = customer;
      if (crossSite(request) || !connection.verifyFormToken(requestId, body.token)) {
        return page(reply, messagePage(language, 'refused'), 403);
      }
      const institution = institutionById(body.institution ?? '');
      const username = body.username?.trim() ?? '';
      const password = body.password ?? '';
      const problems: ConnectProblem[] = [];
      if (!institution) problems.push('institutionRequired');
      if (!username) problems.push('usernameRequired');
      if (!password) problems.push('passwordRequired');
      const again = (found: ConnectProblem[]) =>
        page(
          reply,
          connectPage(language, {
            requestId,
            token: connection.formToken(requestId),
            switchHref: switchHrefOf(requestId, language),
            institutionId: institution?.id,
            username,
            problems: found,
          }),
          400,
        );
      if (!institution || problems.length > 0) return again(problems);

      const outcome = await connection.signIn({
        requestId,
        institution,
        username,
        password,
        customerName: customer.name,
        language,
      });
      switch (outcome.outcome) {
        case 'wrongPassword':
          return again(['wrongPassword']);
        case 'question':
        case 'wrongAnswer':
          return page(
            reply,
            questionPage(language, {
              requestId,
              token: connection.formToken(requestId),
              questionToken: connection.questionToken(requestId, institution.id, username),
              institution,
              username,
              switchHref: switchHrefOf(requestId, language),
            }),
          );
        default:
          return showOutcome(reply, language, requestId, outcome);
      }
    },
  );

  app.post(
    '/question',
    { logLevel: 'warn', schema: { hide: true, body: questionBody } },
    async (request, reply) => {
      const body = request.body;
      const language = body.lang ?? cookieLanguage(request);
      const customer = await openCustomer(reply, body.request, language);
      if (!customer) return reply;
      const { requestId } = customer;
      const institution = institutionById(body.institution ?? '');
      const username = body.username?.trim() ?? '';
      if (
        crossSite(request) ||
        !institution ||
        !connection.verifyFormToken(requestId, body.token) ||
        !connection.verifyQuestionToken(
          { requestId, institutionId: institution.id, username },
          body.questionToken,
        )
      ) {
        return page(reply, messagePage(language, 'refused'), 403);
      }
      const ask = (problem: 'answerRequired' | 'wrongAnswer') =>
        page(
          reply,
          questionPage(language, {
            requestId,
            token: connection.formToken(requestId),
            questionToken: connection.questionToken(requestId, institution.id, username),
            institution,
            username,
            switchHref: switchHrefOf(requestId, language),
            problem,
          }),
          400,
        );
      const answer = body.answer?.trim() ?? '';
      if (!answer) return ask('answerRequired');
      const outcome = await connection.answerQuestion({
        requestId,
        institution,
        username,
        answer,
        customerName: customer.name,
        language,
      });
      switch (outcome.outcome) {
        case 'connected':
        case 'pending':
        case 'failed':
          return showOutcome(reply, language, requestId, outcome);
        default:
          return ask('wrongAnswer');
      }
    },
  );

  app.get('/frame.js', { schema: { hide: true } }, async (_request, reply) =>
    reply
      .type('text/javascript; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('x-content-type-options', 'nosniff')
      .send(FRAME_SCRIPT),
  );
};
