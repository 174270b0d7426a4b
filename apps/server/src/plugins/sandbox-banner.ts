import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * While sandbox vendors are on (architecture: sandbox vendors), every page says so: a person
 * must never take the demonstration for the real brokerage, nor a real code for a simulated
 * one. The server's own pages get the banner here, in their language; the single-page client
 * reads `SANDBOX_META` from its HTML and shows the same banner in its own language.
 */
export const SANDBOX_META = '<meta name="portal-environment" content="sandbox">';

const BANNER_STYLE =
  'margin:0;padding:.5rem 1rem;background:#fff4ce;color:#1b2631;border-bottom:2px solid #8a6d00;' +
  'font:inherit;font-size:.95rem;text-align:center';

const wording = {
  en: 'Demonstration environment: no real accounts, money or messages. Mail and text messages go to the',
  enLink: 'sandbox mailbox',
  fr: 'Environnement de démonstration : aucun compte, argent ni message réel. Les courriels et les textos sont envoyés au',
  frLink: 'courrier fictif',
};

export function sandboxBannerHtml(language: 'en' | 'fr'): string {
  const text = language === 'fr' ? wording.fr : wording.en;
  const link = language === 'fr' ? wording.frLink : wording.enLink;
  const label = language === 'fr' ? 'Environnement de démonstration' : 'Demonstration environment';
  return `<div role="region" aria-label="${label}" class="sandbox-banner" style="${BANNER_STYLE}">${text} <a href="/sandbox/mailbox${language === 'fr' ? '?lang=fr' : ''}">${link}</a>.</div>`;
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
