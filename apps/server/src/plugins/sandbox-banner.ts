import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * While sandbox vendors are on (architecture: sandbox vendors), every page says so: a person
 * must never take the demonstration for the real brokerage, nor a real code for a simulated
 * one. The server's own pages get the banner here, in their language; the single-page client
 * reads `SANDBOX_META` from its HTML and shows the same banner in its own language.
 */
export const SANDBOX_META = '<meta name="portal-environment" content="sandbox">';

/** The same bar as the client's (apps/web/src/app/sandbox-banner.tsx), in the same words. */
const BANNER_STYLE =
  'margin:0;padding:.5rem 1rem;background:#1b2631;color:#fff;border-bottom:4px solid #ffbf47;' +
  'font-size:.9rem;line-height:1.4';
const LINK_STYLE = 'color:#fff;font-weight:700';

const wording = {
  en: {
    label: 'Demonstration environment',
    lead: 'Demonstration environment:',
    text: 'no real accounts, money or messages. Mail and text messages go to the',
    link: 'sandbox mailbox',
  },
  fr: {
    label: 'Environnement de démonstration',
    lead: 'Environnement de démonstration :',
    text: "aucun compte, aucun argent ni aucun message n'est réel. Les courriels et les textos sont envoyés à la",
    link: 'boîte de réception de démonstration',
  },
} as const;

export function sandboxBannerHtml(language: 'en' | 'fr'): string {
  const w = wording[language];
  const href = `/sandbox/mailbox${language === 'fr' ? '?lang=fr' : ''}`;
  return `<section class="sandbox-banner" aria-label="${w.label}" style="${BANNER_STYLE}"><p style="margin:0 auto;max-width:60rem"><strong>${w.lead}</strong> ${w.text} <a href="${href}" style="${LINK_STYLE}">${w.link}</a>.</p></section>`;
}

async function sandboxBannerPlugin(app: FastifyInstance) {
  app.addHook('onSend', async (_request, reply, payload) => {
    if (typeof payload !== 'string') return payload;
    if (!String(reply.getHeader('content-type') ?? '').startsWith('text/html')) return payload;
    const body = payload.indexOf('<body>');
    if (body === -1) return payload;
    const language = /<html lang="fr/.test(payload.slice(0, body)) ? 'fr' : 'en';
    const at = body + '<body>'.length;
    return `${payload.slice(0, at)}\n${sandboxBannerHtml(language)}${payload.slice(at)}`;
  });
}

export const sandboxBanner = fp(sandboxBannerPlugin, { name: 'sandbox-banner' });
