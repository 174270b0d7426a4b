import { pageChrome, type PageLanguage } from './page-chrome.locales.ts';

/**
 * The shell of the server-rendered pages: plain HTML with an inline style sheet (the CSP allows
 * inline styles, no scripts), every value escaped, the chrome in the viewer's language.
 */

export const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export interface PageShell {
  /** The page's own title; the document title adds ` | ` and `siteName`. */
  title: string;
  siteName: string;
  /** The page's style sheet. */
  style: string;
  /** The start of the header (the brand), as HTML. */
  brand: string;
  /** The content of the panel, as HTML. */
  body: string;
  /** What `<main>` shows above the panel, as HTML. */
  beforePanel?: string;
  /** The same page in the other language; no language link without it. */
  switchHref?: string;
  /** Prefixes the title with "Error: " so a screen reader hears it first. */
  hasErrors?: boolean;
  /** A sandbox vendor's page: kept out of search engines. */
  noindex?: boolean;
  /**
   * The portal's icon; a vendor's page goes without it, and says it has none (`data:,`), or the
   * browser asks for `/favicon.ico`, which the portal does not have (a 404 on every visit).
   */
  favicon?: boolean;
}

export function renderPage(language: PageLanguage, page: PageShell): string {
  const t = pageChrome(language);
  const title = `${page.hasErrors ? t.errorPrefix : ''}${page.title} | ${page.siteName}`;
  const switchLink = page.switchHref
    ? `<a href="${escapeHtml(page.switchHref)}" lang="${language === 'fr' ? 'en-CA' : 'fr-CA'}" aria-label="${escapeHtml(t.otherLanguageLabel)}">${escapeHtml(t.otherLanguage)}</a>`
    : '';
  return `<!doctype html>
<html lang="${t.lang}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
${page.noindex ? '<meta name="robots" content="noindex">\n' : ''}<title>${escapeHtml(title)}</title>${page.favicon === false ? '<link rel="icon" href="data:,">' : '<link rel="icon" href="/favicon.svg" type="image/svg+xml">'}<style>${page.style}</style></head>
<body>
<header><div class="bar">${page.brand}
${switchLink}</div></header>
<main id="main-content">${page.beforePanel ?? ''}<div class="panel">${page.body}</div></main>
</body></html>`;
}

export interface SummaryError {
  /** The id of the field the error is about. */
  field: string;
  /** The error, as text. */
  text: string;
}

/** The error summary at the top of a form: a link to each field in error; none without errors. */
export function errorSummary(language: PageLanguage, errors: readonly SummaryError[]): string {
  if (errors.length === 0) return '';
  const items = errors
    .map((error) => `<li><a href="#${error.field}">${escapeHtml(error.text)}</a></li>`)
    .join('');
  return `<div class="error-summary" role="alert" tabindex="-1" autofocus aria-labelledby="error-summary-title">
<h2 id="error-summary-title">${escapeHtml(pageChrome(language).errorSummaryTitle)}</h2><ul>${items}</ul></div>`;
}
