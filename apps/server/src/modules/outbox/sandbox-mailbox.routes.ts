import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isHttps, secureName } from '../../lib/http/cookies.ts';
import { pageLanguageOf } from '../../lib/http/language.ts';
import type { SandboxMailbox } from '../../providers/mail/sandbox-mailbox.ts';
import { sessionSecretOf } from '../security/security.routes.ts';
import { sessionUser } from '../security/security.service.ts';
import {
  MAILBOX_COOKIE,
  MAILBOX_KEY_PARAMETER,
  MAILBOX_SECRET_HEADER,
  type MailboxAccess,
} from './sandbox-mailbox-access.ts';
import {
  mailboxListPage,
  mailboxLockedPage,
  mailboxMessagePage,
  mailboxNotFoundPage,
  type PageLinks,
} from './sandbox-mailbox-pages.ts';
import type { MailboxPagesLanguage } from './sandbox-mailbox-pages.locales.ts';

/** Like the sign-in pages: `?lang=`, the client's `lang` cookie, Accept-Language, English. */
const languageOf = (request: FastifyRequest, query?: string): MailboxPagesLanguage =>
  pageLanguageOf(request, query);

/** A language asked for in the query is carried on the links (the cookie is the client's). */
const linksOf = (query?: string): PageLinks =>
  query === 'fr' || query === 'en' ? { lang: query } : {};

const pageQuery = z.object({
  to: z.string().max(320).optional(),
  // Any other value falls back to the cookie rather than failing the page.
  lang: z.string().max(5).optional(),
});

const messageSchema = z.object({
  id: z.string(),
  channel: z.enum(['email', 'sms']),
  recipient: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string().nullable(),
  deliveredAt: z.string(),
});

const MAILBOX_PATH = '/sandbox/mailbox';

/** The pages' cookie: this path only, never sent from another site, gone with the browser. */
function setAccessCookie(request: FastifyRequest, reply: FastifyReply, access: MailboxAccess) {
  reply.setCookie(secureName(request, MAILBOX_COOKIE), access.cookieValue, {
    path: MAILBOX_PATH,
    httpOnly: true,
    sameSite: 'strict',
    secure: isHttps(request),
  });
}

/** The request's address without `?key=`, to send the browser on to. */
function withoutKey(url: string): string {
  const [path = MAILBOX_PATH, query = ''] = url.split('?');
  const params = new URLSearchParams(query);
  params.delete(MAILBOX_KEY_PARAMETER);
  const rest = params.toString();
  return rest ? `${path}?${rest}` : path;
}

export interface SandboxMailboxOptions {
  mailbox: SandboxMailbox;
  access: MailboxAccess;
}

/**
 * The sandbox mail and SMS vendor's pages (architecture: sandbox vendors), registered while the
 * sandbox carries mail or SMS (SMS always, until an SMS vendor exists). They stand for the
 * vendor's own site and hold codes and links that open accounts, so every route answers only
 * the mailbox's secret (header, or the cookie `?key=` leaves) or a signed-in staff member's
 * bearer token; anyone else gets 401 before any other check (issue 30 item 3).
 */
export const sandboxMailboxRoutes: FastifyPluginAsyncZod<SandboxMailboxOptions> = async (
  app,
  { mailbox, access },
) => {
  const page = (reply: FastifyReply, html: string, status = 200) =>
    reply.code(status).type('text/html; charset=utf-8').send(html);

  const allowed = async (request: FastifyRequest) => {
    const header = request.headers[MAILBOX_SECRET_HEADER];
    if (typeof header === 'string' && access.acceptsSecret(header)) return true;
    if (access.acceptsCookie(request.cookies[secureName(request, MAILBOX_COOKIE)])) return true;
    return (await app.bearerUser(request))?.role === 'staff';
  };

  app.addHook('onSend', async (_request, reply) => {
    // Codes and sign-in links: never kept by a browser cache or a proxy.
    reply.header('cache-control', 'no-store');
    // Nothing this page links to (a reset link, a portal page) learns the mailbox's address.
    reply.header('referrer-policy', 'no-referrer');
  });

  // Before validation and every lookup: an anonymous caller learns nothing, not even whether a
  // message id exists or is well formed.
  app.addHook('onRequest', async (request, reply) => {
    const query = new URLSearchParams(request.url.split('?')[1] ?? '');
    const key = query.get(MAILBOX_KEY_PARAMETER);
    const json = request.routeOptions.url === `${MAILBOX_PATH}/messages`;
    if (key !== null && !json && access.acceptsSecret(key)) {
      // The key leaves the address at once: the cookie carries it from here on, so it is not
      // kept in the history, shown on screen or sent on in a Referer.
      setAccessCookie(request, reply, access);
      return reply.redirect(withoutKey(request.url), 303);
    }
    if (await allowed(request)) return;
    if (json) {
      return reply
        .code(401)
        .send({ errorCode: 'mailboxLocked', message: 'The sandbox mailbox needs its secret.' });
    }
    const language = languageOf(request, query.get('lang') ?? undefined);
    return page(reply, mailboxLockedPage(language, { wrongKey: key !== null && !json }), 401);
  });

  app.get('/', { schema: { hide: true, querystring: pageQuery } }, async (request, reply) => {
    const to = request.query.to?.trim() || undefined;
    const messages = await mailbox.list({ to });
    const language = languageOf(request, request.query.lang);
    return page(
      reply,
      mailboxListPage(language, { messages, to, links: linksOf(request.query.lang) }),
    );
  });

  app.get(
    '/messages',
    {
      schema: {
        hide: true,
        querystring: pageQuery.pick({ to: true }),
        response: { 200: z.array(messageSchema) },
      },
    },
    async (request) => {
      const messages = await mailbox.list({ to: request.query.to?.trim() || undefined });
      return messages.map((message) => ({
        id: message.id,
        channel: message.channel,
        recipient: message.recipient,
        subject: message.subject,
        text: message.text,
        html: message.html,
        deliveredAt: message.deliveredAt.toISOString(),
      }));
    },
  );

  app.get(
    '/:id',
    {
      schema: {
        hide: true,
        params: z.object({ id: z.string().max(64) }),
        querystring: pageQuery.pick({ lang: true }),
      },
    },
    async (request, reply) => {
      const language = languageOf(request, request.query.lang);
      const links = linksOf(request.query.lang);
      const message = await mailbox.find(request.params.id);
      if (!message) return page(reply, mailboxNotFoundPage(language, links), 404);
      return page(reply, mailboxMessagePage(language, message, links));
    },
  );
};

/**
 * A signed-in staff member's way into the pages: the session cookie lives under `/security`,
 * so this address (`/security/sandbox-mailbox`) reads it and, for staff, leaves the mailbox's
 * cookie; anyone else sees the locked page.
 */
export const sandboxMailboxStaffRoute: FastifyPluginAsyncZod<{ access: MailboxAccess }> = async (
  app,
  { access },
) => {
  app.get('/', { schema: { hide: true } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const user = await sessionUser({ db: app.db }, sessionSecretOf(request));
    if (user?.role !== 'staff') {
      return reply
        .code(401)
        .type('text/html; charset=utf-8')
        .send(mailboxLockedPage(languageOf(request)));
    }
    setAccessCookie(request, reply, access);
    return reply.redirect(MAILBOX_PATH, 303);
  });
};
