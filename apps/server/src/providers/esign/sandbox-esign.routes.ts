import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { LANGUAGE_COOKIE } from '@portal/domain';
import { z } from 'zod';
import {
  ceremonyPage,
  notFoundPage,
  outcomePage,
  refusedPage,
  type CeremonyProblem,
} from './sandbox-esign-pages.ts';
import type { CeremonyLanguage } from './sandbox-esign-pages.locales.ts';
import { createSandboxEsign, type CeremonyEnvelope, type SandboxEsign } from './sandbox-esign.ts';
import { pdfPageCount, pdfPageImage } from './pdf-page-images.ts';

/**
 * The sandbox e-sign vendor's ceremony (architecture: sandbox vendors), under `/sandbox/esign`:
 * `GET /{id}` shows the document with Sign (typed name), Decline and Finish later;
 * `GET /{id}/document` the PDF, `GET /{id}/document/pages/{n}` its page n as an image (for a
 * phone, where no browser draws a PDF inside a page); `POST /{id}/sign` and `POST /{id}/decline` are the forms, which
 * carry the envelope's token and send the signer back to the envelope's return path.
 * `GET /{id}?sandbox=expire` is the documented test input that expires the envelope at once.
 */
export interface SandboxEsignRoutesOptions {
  /** Tests hand in their own (a moving clock); otherwise one over the app's database. */
  esign?: SandboxEsign;
}

const pageQuery = z.object({
  lang: z.enum(['en', 'fr']).optional(),
  sandbox: z.enum(['expire']).optional(),
});
const documentQuery = z.object({ download: z.string().max(10).optional() });
const formBody = z.object({
  token: z.string().max(200).optional(),
  typedName: z.string().max(300).optional(),
  lang: z.enum(['en', 'fr']).optional(),
});
const params = z.object({ id: z.string().max(100) });
const pageParams = z.object({
  id: z.string().max(100),
  page: z.coerce.number().int().min(1).max(500),
});

const originOf = (request: FastifyRequest) => `${request.protocol}://${request.host}`;

/** A form posted from another site is refused (its cookies are SameSite=Lax as well). */
function crossSite(request: FastifyRequest): boolean {
  const origin = request.headers.origin;
  return origin !== undefined && origin !== 'null' && origin !== originOf(request);
}

const cookieLanguage = (request: FastifyRequest): CeremonyLanguage =>
  request.cookies[LANGUAGE_COOKIE]?.toLowerCase().startsWith('fr') ? 'fr' : 'en';

/** The PDF's file name as an ASCII header value (our own names, made safe all the same). */
function dispositionOf(name: string, download: boolean): string {
  const ascii = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\w.-]/g, '_');
  return `${download ? 'attachment' : 'inline'}; filename="${ascii}"`;
}

/**
 * The routes log at `warn`: their address holds the envelope id, the signer's key to the
 * ceremony, which the request log would otherwise write at the default level.
 */
export const sandboxEsignRoutes: FastifyPluginAsyncZod<SandboxEsignRoutesOptions> = async (
  app,
  options,
) => {
  const esign = options.esign ?? createSandboxEsign({ db: app.db, cipher: app.cipher });

  const page = (reply: FastifyReply, html: string, status = 200) =>
    reply
      .code(status)
      .header('cache-control', 'no-store')
      // The ceremony's address is the signer's key to the envelope: it goes nowhere else.
      .header('referrer-policy', 'no-referrer')
      .header('x-robots-tag', 'noindex')
      .type('text/html; charset=utf-8')
      .send(html);

  const switchHrefOf = (envelope: CeremonyEnvelope, language: CeremonyLanguage) =>
    `/sandbox/esign/${envelope.id}?lang=${language === 'fr' ? 'en' : 'fr'}`;

  /**
   * The envelope's document while it may be read: while it can be signed, and once signed; a
   * declined or expired envelope's document is no longer handed out.
   */
  const readableDocument = async (id: string) => {
    const envelope = await esign.envelope(id);
    const document =
      envelope && (envelope.status === 'pending' || envelope.status === 'signed')
        ? await esign.document(id)
        : null;
    return { envelope, document };
  };

  const showEnvelope = async (
    reply: FastifyReply,
    envelope: CeremonyEnvelope,
    language: CeremonyLanguage,
    extra: { status?: number; problem?: CeremonyProblem; typedName?: string } = {},
  ) => {
    const switchHref = switchHrefOf(envelope, language);
    if (envelope.status !== 'pending') {
      return page(
        reply,
        outcomePage(language, envelope.status, envelope.returnPath, switchHref),
        extra.status,
      );
    }
    const document = await esign.document(envelope.id);
    return page(
      reply,
      ceremonyPage(language, envelope, {
        pageCount: document ? await pdfPageCount(document.bytes) : 0,
        token: esign.ceremonyToken(envelope.id),
        switchHref,
        problem: extra.problem,
        typedName: extra.typedName,
      }),
      extra.status,
    );
  };

  app.get(
    '/:id',
    { logLevel: 'warn', schema: { hide: true, params, querystring: pageQuery } },
    async (request, reply) => {
      const { id } = request.params;
      if (request.query.sandbox === 'expire') await esign.expireNow(id);
      const envelope = await esign.envelope(id);
      if (!envelope) {
        return page(reply, notFoundPage(request.query.lang ?? cookieLanguage(request)), 404);
      }
      return showEnvelope(reply, envelope, request.query.lang ?? envelope.language);
    },
  );

  app.get(
    '/:id/document',
    { logLevel: 'warn', schema: { hide: true, params, querystring: documentQuery } },
    async (request, reply) => {
      const { envelope, document } = await readableDocument(request.params.id);
      if (!envelope || !document) {
        return page(reply, notFoundPage(envelope?.language ?? cookieLanguage(request)), 404);
      }
      return (
        reply
          .type('application/pdf')
          .header(
            'content-disposition',
            dispositionOf(document.name, request.query.download !== undefined),
          )
          .header('x-content-type-options', 'nosniff')
          .header('cache-control', 'private, no-store')
          .header('referrer-policy', 'no-referrer')
          // Browsers draw a PDF in a page of their own making, with inline styles and an
          // embedded viewer: the site's policy (object-src 'none') would leave it blank.
          .header(
            'content-security-policy',
            "default-src 'none'; object-src 'self'; style-src 'unsafe-inline'; img-src 'self' data:; frame-ancestors 'self'",
          )
          .send(document.bytes)
      );
    },
  );

  app.get(
    '/:id/document/pages/:page',
    { logLevel: 'warn', schema: { hide: true, params: pageParams } },
    async (request, reply) => {
      const { envelope, document } = await readableDocument(request.params.id);
      const image = document ? await pdfPageImage(document.bytes, request.params.page) : undefined;
      if (!envelope || !image) {
        return page(reply, notFoundPage(envelope?.language ?? cookieLanguage(request)), 404);
      }
      return reply
        .type('image/png')
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .header('referrer-policy', 'no-referrer')
        .send(image.png);
    },
  );

  /** The checks both forms share; answers the envelope, or sends the refusal itself. */
  async function formEnvelope(
    request: FastifyRequest<{ Params: { id: string }; Body: z.infer<typeof formBody> }>,
    reply: FastifyReply,
  ): Promise<{ envelope: CeremonyEnvelope; language: CeremonyLanguage } | null> {
    const envelope = await esign.envelope(request.params.id);
    const language = request.body.lang ?? envelope?.language ?? cookieLanguage(request);
    if (!envelope) {
      await page(reply, notFoundPage(language), 404);
      return null;
    }
    if (crossSite(request) || !esign.verifyCeremonyToken(envelope.id, request.body.token)) {
      await page(reply, refusedPage(language, envelope.returnPath), 403);
      return null;
    }
    return { envelope, language };
  }

  app.post(
    '/:id/sign',
    { logLevel: 'warn', schema: { hide: true, params, body: formBody } },
    async (request, reply) => {
      const checked = await formEnvelope(request, reply);
      if (!checked) return reply;
      const { language } = checked;
      const result = await esign.sign(checked.envelope.id, request.body.typedName);
      switch (result.outcome) {
        case 'notFound':
          return page(reply, notFoundPage(language), 404);
        case 'signed':
          return reply.redirect(result.envelope.returnPath, 303);
        case 'nameRequired':
        case 'nameMismatch':
          return showEnvelope(reply, result.envelope, language, {
            status: 400,
            problem: result.outcome,
            typedName: request.body.typedName,
          });
        case 'notPending':
          return showEnvelope(reply, result.envelope, language, { status: 409 });
      }
    },
  );

  app.post(
    '/:id/decline',
    { logLevel: 'warn', schema: { hide: true, params, body: formBody } },
    async (request, reply) => {
      const checked = await formEnvelope(request, reply);
      if (!checked) return reply;
      const result = await esign.decline(checked.envelope.id);
      switch (result.outcome) {
        case 'notFound':
          return page(reply, notFoundPage(checked.language), 404);
        case 'declined':
          return reply.redirect(result.envelope.returnPath, 303);
        case 'notPending':
          return showEnvelope(reply, result.envelope, checked.language, { status: 409 });
      }
    },
  );
};
