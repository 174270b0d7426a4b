import { BRAND_COLOURS, BRAND_LOGO } from '@portal/domain/brand';
import { linkInLanguage } from '../../lib/http/language.ts';
import { escapeHtml } from '../../lib/pages/page-shell.ts';
import { mailLayoutText } from './mail-layout.locales.ts';
import type { MessageContent, MessageLanguage } from './outbox.service.ts';

/**
 * One designed layout for every mail: the brand's header, the body, a footer. Mail clients
 * drop scripts, external style sheets and often inline SVG, so the logo is the mark drawn as
 * a text triangle and the wordmark in the brand's colours, the layout is tables, and every
 * style that matters is inline (the `<style>` block only adds what clients that read it can
 * use). The text part is the template's own: plain text readers get the same words.
 */

const C = BRAND_COLOURS;
const FONT = "'Liberation Sans',Arial,Helvetica,sans-serif";

/** Marks the HTML as made by this layout (tests and the sandbox mailbox can tell). */
/** One line without control characters, so a name cannot add a header or a line to a mail. */
export const oneLine = (text: string) =>
  text
    .replace(/[\p{Cc}\p{Cf}\u2028\u2029]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 120);

/**
 * The label of a coded choice (a payment frequency, ...) in the mail's language, lower-cased to
 * sit inside a sentence: "monthly" / "mensuelle". Empty for a value with no code.
 */
export function labelInSentence<K extends string, V>(
  codes: Readonly<Record<K, V>>,
  labels: Readonly<Record<K, Readonly<Record<MessageLanguage, string>>>>,
  value: V,
  language: MessageLanguage,
): string {
  const key = (Object.keys(codes) as K[]).find((name) => codes[name] === value);
  const label = key ? labels[key][language] : '';
  return label.charAt(0).toLowerCase() + label.slice(1);
}

export const MAIL_LAYOUT_MARK = 'data-mail-layout="laurentide"';

/** A call to action drawn as a button that survives clients that ignore CSS (a padded link). */
export function mailButton(href: string, label: string): string {
  return `<p style="margin:24px 0"><a href="${escapeHtml(href)}" style="display:inline-block;padding:12px 24px;background:${C.brand};color:${C.onBrand};font-weight:700;text-decoration:none;border-radius:4px">${escapeHtml(label)}</a></p>`;
}

/** An address written out after the words that introduce it, for clients that show no buttons. */
export const mailLink = (intro: string, url: string) =>
  `<p>${escapeHtml(intro)} <a href="${escapeHtml(url)}">${escapeHtml(url)}</a></p>`;

/** Paragraphs of plain text, escaped. */
export const mailParagraphs = (lines: readonly string[]) =>
  lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n');

function logo(name: string): string {
  // The wordmark in text: the same word and colours as the app's header (domain brand.ts).
  return `<span role="img" aria-label="${escapeHtml(name)}" style="font-family:${FONT};font-size:24px;font-weight:700;color:${C.headerText};white-space:nowrap"><span aria-hidden="true" style="color:${C.brand}">&#9650;</span>&nbsp;${escapeHtml(BRAND_LOGO.wordmark)}</span>`;
}

/** The whole HTML document of a mail around `bodyHtml` (already escaped HTML). */
export function mailLayout(
  language: MessageLanguage,
  { subject, bodyHtml }: { subject: string; bodyHtml: string },
): string {
  const t = mailLayoutText[language];
  return `<!doctype html>
<html lang="${language === 'fr' ? 'fr-CA' : 'en-CA'}" ${MAIL_LAYOUT_MARK}>
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light"><title>${escapeHtml(subject)}</title>
<style>a{color:${C.brand}}p{margin:0 0 16px}ol,ul{margin:0 0 16px;padding-left:24px}</style></head>
<body style="margin:0;padding:0;background:${C.page}">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:${C.page}"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px;background:${C.surface};border-radius:4px">
<tr><td style="padding:20px 32px;background:${C.headerBg};border-bottom:4px solid ${C.brand};border-radius:4px 4px 0 0">${logo(t.brandName)}</td></tr>
<tr><td style="padding:32px;font-family:${FONT};font-size:16px;line-height:1.5;color:${C.text}">
${bodyHtml}
</td></tr>
<tr><td style="padding:20px 32px;background:${C.footerBg};color:${C.footerText};font-family:${FONT};font-size:13px;line-height:1.5;border-radius:0 0 4px 4px">
<p style="margin:0 0 8px;font-weight:700">${escapeHtml(t.brandName)}</p>
<p style="margin:0 0 8px">${escapeHtml(t.footer)}</p>
<p style="margin:0">${escapeHtml(t.noReply)}</p>
</td></tr>
</table>
</td></tr></table>
</body></html>`;
}

/** A mail's two parts: the template's text, and its HTML inside the layout. */
export function composeMail(
  language: MessageLanguage,
  { subject, text, bodyHtml }: { subject: string; text: string; bodyHtml: string },
): MessageContent {
  return { subject, text, html: mailLayout(language, { subject, bodyHtml }) };
}

/** A block of a letter written apart in its two parts (a list, a quotation). */
export interface MailBlock {
  text: readonly string[];
  html: string;
}

/** Where a letter sends its reader: the words before the address, the address, the button. */
export interface MailLink {
  intro: string;
  url: string;
  button: string;
}

/**
 * The shape most of our mails share: paragraphs (plain lines, or blocks with their own HTML),
 * then where to go, written out (for the text part and clients that show no buttons) and as a
 * button, then the closing. The link is a page of ours: it carries `?lang=` so that it opens
 * in the letter's language whatever the browser's cookie (A-minor 2).
 */
export function composeLetter(
  language: MessageLanguage,
  {
    subject,
    paragraphs,
    link,
    closing,
  }: {
    subject: string;
    paragraphs: readonly (string | MailBlock)[];
    link?: MailLink;
    closing: string;
  },
): MessageContent {
  const blocks = paragraphs.map((part) =>
    typeof part === 'string' ? { text: [part], html: mailParagraphs([part]) } : part,
  );
  const url = link && linkInLanguage(link.url, language);
  const text = [
    ...blocks.flatMap((block) => block.text),
    ...(link ? [`${link.intro} ${url}`] : []),
    closing,
  ].join('\n\n');
  const bodyHtml = [
    ...blocks.map((block) => block.html),
    ...(link && url ? [mailLink(link.intro, url), mailButton(url, link.button)] : []),
    mailParagraphs([closing]),
  ].join('\n');
  return composeMail(language, { subject, text, bodyHtml });
}
