import {
  declineCategoryLabels,
  declineNextStepLabels,
  namedAccountTypeLabels,
  type DeclineCategory,
  type Language,
  type OpenedAccount,
} from '@portal/domain';
import { escapeHtml } from '../../lib/pages/page-shell.ts';
import { composeLetter, oneLine, type MailBlock } from '../outbox/mail-layout.ts';
import type { MessageContent } from '../outbox/outbox.service.ts';
import { operationsMailText } from './operations-mail.locales.ts';

/**
 * The mails of operations' decisions (issue 16; ADR 0023), each in its recipient's language,
 * inside the shared mail layout:
 * - `accountOpened`: approved, with each account's number;
 * - `applicationDeclined`: the category and what the applicant can do, never the staff
 *   member's reason;
 * - `informationRequested`: what operations ask, as the staff member wrote it to the applicant.
 * Names and the message come from people: the HTML part escapes them, the text part is text.
 */

export const ACCOUNT_OPENED_TEMPLATE = 'accountOpened';
export const APPLICATION_DECLINED_TEMPLATE = 'applicationDeclined';
export const INFORMATION_REQUESTED_TEMPLATE = 'informationRequested';

interface Common {
  firstName: string;
  dashboardUrl?: string;
}

function greetingOf(language: Language, firstName: string): string {
  const t = operationsMailText(language);
  const name = oneLine(firstName);
  return name ? t.greeting.replace('{name}', name) : t.greetingAnonymous;
}

/** Paragraphs, then the dashboard link and button, then the closing; in both parts. */
function compose(
  language: Language,
  subject: string,
  paragraphs: (string | MailBlock)[],
  dashboardUrl: string | undefined,
): MessageContent {
  const t = operationsMailText(language);
  return composeLetter(language, {
    subject,
    paragraphs,
    link: dashboardUrl
      ? { intro: t.follow, url: dashboardUrl, button: t.dashboardButton }
      : undefined,
    closing: t.closing,
  });
}

/** Approved: the accounts are open, with their numbers. */
export function accountOpenedMail(
  language: Language,
  { firstName, dashboardUrl, accounts }: Common & { accounts: readonly OpenedAccount[] },
): MessageContent {
  const t = operationsMailText(language);
  const many = accounts.length > 1;
  const lines = accounts.map(
    (account) =>
      `${namedAccountTypeLabels[account.accountTypeName][language]}: ${account.accountNumber}`,
  );
  return compose(
    language,
    many ? t.openedSubjectMany : t.openedSubject,
    [
      greetingOf(language, firstName),
      many ? t.openedBodyMany : t.openedBody,
      {
        text: [lines.map((line) => `- ${line}`).join('\n')],
        html: `<ul>${lines.map((line) => `<li>${escapeHtml(line)}</li>`).join('')}</ul>`,
      },
      many ? t.openedNextMany : t.openedNext,
    ],
    dashboardUrl,
  );
}

/** Declined: the category and the next step; the staff member's reason never appears here. */
export function applicationDeclinedMail(
  language: Language,
  { firstName, dashboardUrl, category }: Common & { category: DeclineCategory },
): MessageContent {
  const t = operationsMailText(language);
  return compose(
    language,
    t.declinedSubject,
    [
      greetingOf(language, firstName),
      t.declinedBody,
      `${t.declinedWhy} ${declineCategoryLabels[category][language]}`,
      `${t.declinedNext} ${declineNextStepLabels[category][language]}`,
    ],
    dashboardUrl,
  );
}

/** Requires review: what operations ask, and where to answer it. */
export function informationRequestedMail(
  language: Language,
  { firstName, dashboardUrl, message }: Common & { message: string },
): MessageContent {
  const t = operationsMailText(language);
  return compose(
    language,
    t.askedSubject,
    [
      greetingOf(language, firstName),
      t.askedBody,
      {
        text: [message],
        html: `<blockquote style="margin:0 0 16px;padding-left:12px;border-left:3px solid #ccc">${escapeHtml(message).replace(/\n/g, '<br>')}</blockquote>`,
      },
      t.askedHow,
    ],
    dashboardUrl,
  );
}
