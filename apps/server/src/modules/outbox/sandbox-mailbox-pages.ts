import { BRAND_NAME } from '@portal/domain/brand';
import { BRAND_HEADER_STYLE, brandLogoImage } from '../../lib/pages/brand-logo.ts';
import { escapeHtml, renderPage } from '../../lib/pages/page-shell.ts';
import type { MailboxMessage } from '../../providers/mail/sandbox-mailbox.ts';
import { mailboxText, type MailboxPagesLanguage } from './sandbox-mailbox-pages.locales.ts';

/**
 * The sandbox mailbox's server-rendered pages, in the shell of the sign-in pages: the chrome in
 * the viewer's language and each message in the language it was sent in.
 */

const STYLE = `
*{box-sizing:border-box}body{margin:0;font-family:'Liberation Sans',Arial,sans-serif;font-size:1.0625rem;line-height:1.5;color:#1b2631;background:#f5f7f8}
${BRAND_HEADER_STYLE}.bar,main{width:min(64rem,100% - 2rem);margin:0 auto}
.bar{display:flex;justify-content:space-between;align-items:center;gap:1rem;padding:.75rem 0}
.vendor-line{display:flex;align-items:center;gap:1rem}.mailbox{font-weight:700;color:#1b2631}.vendor{color:#4a5661;font-size:.9rem;margin:0}main{padding:2rem 0}
.panel{background:#fff;padding:2rem;border-radius:4px;box-shadow:0 1px 3px rgb(0 0 0/12%)}
h1{margin-top:0;font-size:2rem;line-height:1.2}label{display:block;font-weight:700}
.hint{color:#4a5661;margin:.25rem 0}input[type=text],input[type=password]{width:min(28rem,100%);padding:.6rem;font:inherit;border:2px solid #1b2631;border-radius:4px}
input:focus,button:focus,a:focus,summary:focus{outline:3px solid #ffbf47;outline-offset:2px}
button{margin-left:.5rem;padding:.6rem 1.5rem;font:inherit;font-weight:700;color:#fff;background:#0b5a6e;border:2px solid #0b5a6e;border-radius:4px;cursor:pointer}
table{width:100%;border-collapse:collapse;margin-top:1.5rem}caption{text-align:left;font-weight:700;padding-bottom:.5rem}
th,td{text-align:left;padding:.5rem;border-bottom:1px solid #c9d1d6;vertical-align:top}td{overflow-wrap:anywhere}
dl{display:grid;grid-template-columns:max-content 1fr;gap:.25rem 1rem}dt{font-weight:700}dd{margin:0;overflow-wrap:anywhere}
iframe{width:100%;height:32rem;border:1px solid #c9d1d6;border-radius:4px;background:#fff}
.message-text{white-space:pre-wrap;overflow-wrap:anywhere;border:1px solid #c9d1d6;border-radius:4px;padding:1rem;font-family:'Liberation Mono',monospace;font-size:.95rem}
details{margin-top:1.5rem}summary{cursor:pointer;font-weight:700}
a{color:#0b5a6e}.error{color:#b00020;font-weight:700;margin:.25rem 0}`;

/** The query that keeps the language someone chose with `?lang=` on the pages they move to. */
export interface PageLinks {
  /** Set when the language came from the query rather than the cookie. */
  lang?: MailboxPagesLanguage;
}

function href(path: string, params: Record<string, string | undefined>): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) if (value) query.set(name, value);
  const text = query.toString();
  return text ? `${path}?${text}` : path;
}

function layout(
  language: MailboxPagesLanguage,
  title: string,
  body: string,
  switchHref: string,
): string {
  const t = mailboxText(language);
  return renderPage(language, {
    title,
    siteName: t.brand,
    style: STYLE,
    brand: `<div class="vendor-line">${brandLogoImage(BRAND_NAME[language])}<div><a class="mailbox" href="/sandbox/mailbox">${escapeHtml(t.brand)}</a><p class="vendor">${escapeHtml(t.appTitle)}</p></div></div>`,
    body,
    switchHref,
    noindex: true,
  });
}

const otherLanguage = (language: MailboxPagesLanguage) => (language === 'fr' ? 'en' : 'fr');

function formatTime(language: MailboxPagesLanguage, at: Date): string {
  // The brokerage's head office time, the same for every viewer of a shared sandbox.
  return new Intl.DateTimeFormat(language === 'fr' ? 'fr-CA' : 'en-CA', {
    dateStyle: 'medium',
    timeStyle: 'medium',
    timeZone: 'America/Toronto',
  }).format(at);
}

const time = (language: MailboxPagesLanguage, at: Date) =>
  `<time datetime="${at.toISOString()}">${escapeHtml(formatTime(language, at))}</time>`;

const channelName = (language: MailboxPagesLanguage, channel: MailboxMessage['channel']) =>
  channel === 'sms' ? mailboxText(language).channelSms : mailboxText(language).channelEmail;

const URL_IN_TEXT = /\bhttps?:\/\/[^\s<>"']+/g;

/**
 * Plain text, escaped, with each http(s) address made a link (what a mail client does), so a
 * person or an end-to-end test can follow the link a message carries. Punctuation ending a
 * sentence is left out of the link.
 */
export function linkify(text: string): string {
  let html = '';
  let from = 0;
  for (const match of text.matchAll(URL_IN_TEXT)) {
    const url = match[0].replace(/[.,;:!?)\]]+$/, '');
    html += escapeHtml(text.slice(from, match.index));
    html += `<a href="${escapeHtml(url)}">${escapeHtml(url)}</a>`;
    from = match.index + url.length;
  }
  return html + escapeHtml(text.slice(from));
}

/**
 * The mail's HTML as an iframe's `srcdoc`: the frame is sandboxed without scripts or our origin,
 * and `<base target="_top">` makes its links open in the page itself, where the portal runs
 * normally (a page opened inside the frame would inherit its sandbox).
 */
function srcdocOf(html: string): string {
  const base = '<base target="_top">';
  const head = /<head(\s[^>]*)?>/i.exec(html);
  if (head) {
    const at = head.index + head[0].length;
    return `${html.slice(0, at)}${base}${html.slice(at)}`;
  }
  return `<!doctype html><html><head><meta charset="utf-8">${base}</head><body>${html}</body></html>`;
}

export function mailboxListPage(
  language: MailboxPagesLanguage,
  { messages, to, links }: { messages: MailboxMessage[]; to?: string; links: PageLinks },
): string {
  const t = mailboxText(language);
  const rows = messages
    .map(
      (message) => `<tr>
<td>${escapeHtml(message.recipient)}</td>
<td><a href="${escapeHtml(href(`/sandbox/mailbox/${message.id}`, { lang: links.lang }))}">${escapeHtml(message.subject || message.text.slice(0, 80))}</a></td>
<td>${escapeHtml(channelName(language, message.channel))}</td>
<td>${time(language, message.deliveredAt)}</td></tr>`,
    )
    .join('\n');
  const table =
    messages.length === 0
      ? `<p id="no-messages">${escapeHtml(t.noMessages)}</p>`
      : `<table><caption>${escapeHtml(to ? `${t.shownFor} ${to}` : t.listCaption)}</caption>
<thead><tr><th scope="col">${escapeHtml(t.columnRecipient)}</th><th scope="col">${escapeHtml(t.columnSubject)}</th><th scope="col">${escapeHtml(t.columnChannel)}</th><th scope="col">${escapeHtml(t.columnTime)}</th></tr></thead>
<tbody>
${rows}
</tbody></table>`;
  const body = `<h1>${escapeHtml(t.mailboxTitle)}</h1><p>${escapeHtml(t.mailboxIntro)}</p>
<form method="get" action="/sandbox/mailbox">
${links.lang ? `<input type="hidden" name="lang" value="${links.lang}">` : ''}
<label for="to">${escapeHtml(t.filterLabel)}</label><p class="hint" id="to-hint">${escapeHtml(t.filterHint)}</p>
<input id="to" name="to" type="text" autocomplete="off" spellcheck="false" aria-describedby="to-hint" value="${escapeHtml(to ?? '')}"><button type="submit">${escapeHtml(t.filterButton)}</button>
</form>
${to ? `<p><a href="${escapeHtml(href('/sandbox/mailbox', { lang: links.lang }))}">${escapeHtml(t.showAll)}</a></p>` : ''}
${table}`;
  return layout(
    language,
    t.mailboxTitle,
    body,
    href('/sandbox/mailbox', { to, lang: otherLanguage(language) }),
  );
}

export function mailboxMessagePage(
  language: MailboxPagesLanguage,
  message: MailboxMessage,
  links: PageLinks,
): string {
  const t = mailboxText(language);
  const text = `<div class="message-text" id="message-text">${linkify(message.text)}</div>`;
  const content =
    message.html === null
      ? text
      : `<iframe title="${escapeHtml(t.htmlFrameTitle)}" sandbox="allow-popups allow-popups-to-escape-sandbox allow-top-navigation-by-user-activation" referrerpolicy="no-referrer" srcdoc="${escapeHtml(srcdocOf(message.html))}"></iframe>
<details><summary>${escapeHtml(t.plainText)}</summary>${text}</details>`;
  const body = `<p><a href="${escapeHtml(href('/sandbox/mailbox', { lang: links.lang }))}">${escapeHtml(t.backToMailbox)}</a></p>
<h1>${escapeHtml(message.subject)}</h1>
<dl><dt>${escapeHtml(t.messageTo)}</dt><dd>${escapeHtml(message.recipient)}</dd>
<dt>${escapeHtml(t.messageChannel)}</dt><dd>${escapeHtml(channelName(language, message.channel))}</dd>
<dt>${escapeHtml(t.messageTime)}</dt><dd>${time(language, message.deliveredAt)}</dd></dl>
${content}`;
  return layout(
    language,
    message.subject || t.mailboxTitle,
    body,
    href(`/sandbox/mailbox/${message.id}`, { lang: otherLanguage(language) }),
  );
}

export function mailboxNotFoundPage(language: MailboxPagesLanguage, links: PageLinks): string {
  const t = mailboxText(language);
  const body = `<h1>${escapeHtml(t.notFoundTitle)}</h1><p>${escapeHtml(t.notFoundIntro)}</p>
<p><a href="${escapeHtml(href('/sandbox/mailbox', { lang: links.lang }))}">${escapeHtml(t.backToMailbox)}</a></p>`;
  const switchHref = href('/sandbox/mailbox', { lang: otherLanguage(language) });
  return layout(language, t.notFoundTitle, body, switchHref);
}

/**
 * What anyone without the mailbox's secret or a staff sign-in sees: how to open it, and a
 * field for the key (sent once in the address, which the server swaps for a cookie).
 */
export function mailboxLockedPage(
  language: MailboxPagesLanguage,
  { wrongKey = false }: { wrongKey?: boolean } = {},
): string {
  const t = mailboxText(language);
  const problem = wrongKey
    ? `<p class="error" id="key-error" role="alert">${escapeHtml(t.lockedWrongKey)}</p>`
    : '';
  const body = `<h1>${escapeHtml(t.lockedTitle)}</h1><p>${escapeHtml(t.lockedIntro)}</p>
<p>${escapeHtml(t.lockedOperator)}</p>
<form method="get" action="/sandbox/mailbox">
<input type="hidden" name="lang" value="${language}">
<label for="key">${escapeHtml(t.lockedKeyLabel)}</label>${problem}
<input id="key" name="key" type="password" autocomplete="off" spellcheck="false"${wrongKey ? ' aria-invalid="true" aria-describedby="key-error"' : ''}><button type="submit">${escapeHtml(t.lockedOpen)}</button>
</form>
<p><a href="/security/sandbox-mailbox">${escapeHtml(t.lockedStaff)}</a></p>`;
  return layout(
    language,
    t.lockedTitle,
    body,
    href('/sandbox/mailbox', { lang: otherLanguage(language) }),
  );
}
