import { BRAND_NAME } from '@portal/domain/brand';
import { finishLaterPath } from '@portal/domain/rules/esign';
import { BRAND_HEADER_STYLE, brandLogoImage } from '../../lib/pages/brand-logo.ts';
import { errorSummary, escapeHtml, renderPage } from '../../lib/pages/page-shell.ts';
import {
  ceremonyText,
  fill,
  type CeremonyLanguage,
  type CeremonyTextKey,
} from './sandbox-esign-pages.locales.ts';
import type { CeremonyEnvelope } from './sandbox-esign.ts';

/**
 * The sandbox vendor's signing ceremony, server-rendered like a vendor's own pages in the shell of
 * the sign-in pages: no script (the site's CSP allows none inline), plain forms.
 */

const STYLE = `
*{box-sizing:border-box}body{margin:0;font-family:'Liberation Sans',Arial,sans-serif;font-size:1.0625rem;line-height:1.5;color:#1d1f2a;background:#eef0f5}
${BRAND_HEADER_STYLE}header div,main{width:min(60rem,100% - 2rem);margin:0 auto}
header div{display:flex;flex-wrap:wrap;justify-content:space-between;align-items:center;gap:.5rem 1rem;padding:.75rem 0}
header .vendor-line{display:flex;align-items:center;gap:1rem;padding:0;width:auto;margin:0}.vendor{font-weight:700;color:#4a4f63}main{padding:1.5rem 0 3rem}
.sandbox{background:#fff4ce;border-left:6px solid #b58100;padding:.75rem 1rem;margin-bottom:1.5rem}
.panel{background:#fff;padding:2rem;border-radius:4px;box-shadow:0 1px 3px rgb(0 0 0/12%)}
h1{margin-top:0;font-size:2rem;line-height:1.2}h2{font-size:1.375rem;margin:2rem 0 .5rem}
.meta{color:#4a4f63;margin:.25rem 0}.document{width:100%;height:min(70vh,48rem);min-height:24rem;border:2px solid #4a4f63;border-radius:4px;background:#f7f7f7}
.download{margin:.5rem 0 1rem}.download a,.meta{overflow-wrap:anywhere}
.pages{display:none;list-style:none;margin:0;padding:0}.pages li{margin:0 0 .75rem}.pages img{display:block;width:100%;height:auto;border:1px solid #4a4f63}
@media (max-width:48rem){.document{display:none}.pages{display:block}.panel{padding:1.25rem}}
label{display:block;font-weight:700;margin-top:1rem}.hint{color:#4a4f63;margin:.25rem 0}
input[type=text]{width:min(100%,28rem);padding:.6rem;font:inherit;border:2px solid #1d1f2a;border-radius:4px;margin-top:.25rem}
input:focus,button:focus,a:focus{outline:3px solid #ffbf47;outline-offset:2px}
.error-message{color:#b3261e;font-weight:700;margin:.25rem 0}.invalid{border-color:#b3261e!important}
.error-summary{border:4px solid #b3261e;padding:1rem;margin-bottom:1.5rem}.error-summary h2{margin-top:0;font-size:1.25rem}
.error-summary a{color:#b3261e;font-weight:700}
.choices{display:grid;gap:1rem;grid-template-columns:repeat(auto-fit,minmax(16rem,1fr));margin-top:1rem}
.choice{border:1px solid #c5c8d6;border-radius:4px;padding:1rem 1.25rem}.choice h2{margin-top:0}.choice.main{grid-column:1/-1;border:2px solid #2f5d3a}
button,.button{display:inline-block;margin-top:1rem;padding:.6rem 1.5rem;font:inherit;font-weight:700;color:#fff;background:#2f5d3a;border:2px solid #2f5d3a;border-radius:4px;cursor:pointer;text-decoration:none}
.secondary{color:#1d1f2a;background:#fff;border-color:#1d1f2a}a{color:#283c8f}`;

interface PageOptions {
  /** The same page in the other language. */
  switchHref?: string;
  hasErrors?: boolean;
}

function layout(
  language: CeremonyLanguage,
  title: string,
  body: string,
  { switchHref, hasErrors = false }: PageOptions = {},
): string {
  const t = ceremonyText(language);
  return renderPage(language, {
    title,
    siteName: t.brand,
    style: STYLE,
    // The dealer's brand with the vendor's name: the ceremony is held for Laurentide.
    brand: `<div class="vendor-line">${brandLogoImage(BRAND_NAME[language])}<span class="vendor">${escapeHtml(t.brand)}</span></div>`,
    beforePanel: `<p class="sandbox">${escapeHtml(t.sandboxNotice)}</p>`,
    body,
    switchHref,
    hasErrors,
    noindex: true,
    favicon: false,
  });
}

/** When an envelope stops being signable, as the signer reads it. */
export function formatExpiry(date: Date, language: CeremonyLanguage): string {
  const formatted = new Intl.DateTimeFormat(language === 'fr' ? 'fr-CA' : 'en-CA', {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: 'America/Toronto',
  }).format(date);
  return `${formatted} (${language === 'fr' ? 'HE' : 'ET'})`;
}

export type CeremonyProblem = 'nameRequired' | 'nameMismatch';

/** The ceremony of a pending envelope: the document, then Sign, Decline or Finish later. */
export function ceremonyPage(
  language: CeremonyLanguage,
  envelope: CeremonyEnvelope,
  options: {
    token: string;
    switchHref: string;
    problem?: CeremonyProblem;
    typedName?: string;
    /** The document's pages, drawn one by one as images on a phone. */
    pageCount: number;
  },
): string {
  const t = ceremonyText(language);
  const text = (key: CeremonyTextKey, values: Record<string, string> = {}) =>
    escapeHtml(fill(t[key], values));
  const base = `/sandbox/esign/${envelope.id}`;
  const name = { name: envelope.signerName };
  const date = { date: formatExpiry(envelope.expiresAt, language) };
  const document = { document: envelope.documentName };
  const problemText = options.problem ? fill(t[options.problem], name) : '';
  const problem = escapeHtml(problemText);
  const hidden = `<input type="hidden" name="token" value="${escapeHtml(options.token)}">
<input type="hidden" name="lang" value="${language}">`;
  const summary = errorSummary(
    language,
    problemText ? [{ field: 'typedName', text: problemText }] : [],
  );
  const describedBy = `typedName-hint${problem ? ' typedName-error' : ''}`;
  const body = `${summary}
<h1>${text('ceremonyTitle')}</h1>
<p class="meta">${text('sentTo', { name: envelope.signerName, email: envelope.signerEmail })}</p>
<p class="meta">${text('expiresOn', date)}</p>
<h2>${text('documentHeading')}</h2>
<p class="download"><a href="${base}/document?download=1" download>${text('download', document)}</a></p>
<iframe class="document" src="${base}/document" title="${text('documentFrameTitle', document)}"></iframe>
${pageImages(base, options.pageCount, text)}
<div class="choices">
<section class="choice main" aria-labelledby="sign-heading"><h2 id="sign-heading">${text('signHeading')}</h2>
<p>${text('signIntro', name)}</p>
<form method="post" action="${base}/sign" novalidate>${hidden}
<label for="typedName">${text('typedName')}</label>
<p class="hint" id="typedName-hint">${text('typedNameHint', name)}</p>
${problem ? `<p class="error-message" id="typedName-error">${problem}</p>` : ''}
<input id="typedName" name="typedName" type="text" autocomplete="name" spellcheck="false" required
aria-describedby="${describedBy}"${problem ? ' aria-invalid="true" class="invalid"' : ''}${options.typedName ? ` value="${escapeHtml(options.typedName)}"` : ''}>
<br><button type="submit">${text('signButton')}</button></form></section>
<section class="choice" aria-labelledby="decline-heading"><h2 id="decline-heading">${text('declineHeading')}</h2>
<p>${text('declineIntro')}</p>
<form method="post" action="${base}/decline" novalidate>${hidden}
<button type="submit" class="secondary">${text('declineButton')}</button></form></section>
<section class="choice" aria-labelledby="later-heading"><h2 id="later-heading">${text('laterHeading')}</h2>
<p>${text('laterIntro', date)}</p>
<a class="button secondary" href="${escapeHtml(finishLaterPath(envelope.returnPath))}">${text('laterLink')}</a></section>
</div>`;
  return layout(language, t.ceremonyTitle, body, {
    switchHref: options.switchHref,
    hasErrors: Boolean(problem),
  });
}

/**
 * The document as page images, shown instead of the frame on a phone, whose browser draws no
 * PDF inside a page: each fits the screen's width. The download link above gives the PDF itself.
 */
function pageImages(
  base: string,
  pageCount: number,
  text: (key: CeremonyTextKey, values?: Record<string, string>) => string,
): string {
  if (pageCount < 1) return '';
  const pages = String(pageCount);
  const items = Array.from(
    { length: pageCount },
    (_, index) =>
      `<li><img src="${base}/document/pages/${index + 1}" alt="${text('pageAlt', { page: String(index + 1), pages })}" loading="lazy"></li>`,
  ).join('');
  return `<ol class="pages" aria-label="${text('pagesLabel')}">${items}</ol>`;
}

/** What the signer sees of an envelope that is no longer pending. */
export function outcomePage(
  language: CeremonyLanguage,
  outcome: 'signed' | 'declined' | 'expired',
  returnPath: string,
  switchHref?: string,
): string {
  const t = ceremonyText(language);
  const title = t[`${outcome}Title`];
  const body = `<h1>${escapeHtml(title)}</h1><p>${escapeHtml(t[`${outcome}Text`])}</p>
<a class="button" href="${escapeHtml(returnPath)}">${escapeHtml(t.returnLink)}</a>`;
  return layout(language, title, body, { switchHref });
}

export function notFoundPage(language: CeremonyLanguage): string {
  const t = ceremonyText(language);
  const body = `<h1>${escapeHtml(t.notFoundTitle)}</h1><p>${escapeHtml(t.notFoundText)}</p>`;
  return layout(language, t.notFoundTitle, body);
}

/** A form posted without this envelope's token, or from another site. */
export function refusedPage(language: CeremonyLanguage, returnPath?: string): string {
  const t = ceremonyText(language);
  const back = returnPath
    ? `<a class="button" href="${escapeHtml(returnPath)}">${escapeHtml(t.returnLink)}</a>`
    : '';
  const body = `<h1>${escapeHtml(t.refusedTitle)}</h1><p>${escapeHtml(t.refusedText)}</p>${back}`;
  return layout(language, t.refusedTitle, body);
}
