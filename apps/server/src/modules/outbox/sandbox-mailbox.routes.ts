import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { LANGUAGE_COOKIE } from '@portal/domain';
import { z } from 'zod';
import type { SandboxMailbox } from '../../providers/mail/sandbox-mailbox.ts';
import {
  mailboxListPage,
  mailboxMessagePage,
  mailboxNotFoundPage,
  type PageLinks,
} from './sandbox-mailbox-pages.ts';
import type { MailboxPagesLanguage } from './sandbox-mailbox-pages.locales.ts';

/** Like the sign-in pages: `?lang=` first, then the client's `lang` cookie, else English. */
function languageOf(request: FastifyRequest, query?: string): MailboxPagesLanguage {
  if (query === 'fr' || query === 'en') return query;
  return request.cookies[LANGUAGE_COOKIE]?.toLowerCase().startsWith('fr') ? 'fr' : 'en';
}

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

/**
 * The sandbox mail and SMS vendor's pages (architecture: sandbox vendors). Registered only while
 * the sandbox mailbox is the transport of mail, so they do not exist once SMTP is configured.
 * No sign-in: they stand for the vendor's own site, and hold only what the sandbox delivered.
 */
export const sandboxMailboxRoutes: FastifyPluginAsyncZod<{ mailbox: SandboxMailbox }> = async (
  app,
  { mailbox },
) => {
  app.addHook('onSend', async (_request, reply) => {
    // Codes and sign-in links: never kept by a browser cache or a proxy.
    reply.header('cache-control', 'no-store');
  });

  const page = (reply: FastifyReply, html: string, status = 200) =>
    reply.code(status).type('text/html; charset=utf-8').send(html);

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
