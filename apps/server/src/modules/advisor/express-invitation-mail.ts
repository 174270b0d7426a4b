import { namedAccountTypeLabels, type NamedAccountTypeName } from '@portal/domain';
import { linkInLanguage } from '../../lib/http/language.ts';
import { escapeHtml } from '../../lib/pages/page-shell.ts';
import {
  composeMail,
  mailButton,
  mailLink,
  mailParagraphs,
  oneLine,
} from '../outbox/mail-layout.ts';
import type { MessageContent, MessageLanguage } from '../outbox/outbox.service.ts';
import { expressInvitationMailText } from './express-invitation-mail.locales.ts';

/**
 * Template `expressInvitation` (issue 17): the advisor's invitation, in the investor's
 * language, naming the advisor, the accounts proposed, the single-use link and until when it
 * works. It never repeats the birth date or postal code the invitee confirms with: the mail
 * may be read by someone else, and those answers are what proves the invitee.
 */
export const EXPRESS_INVITATION_TEMPLATE = 'expressInvitation';

export interface ExpressInvitationMailInput {
  language: MessageLanguage;
  advisorName: string;
  investorFirstName: string;
  accountTypes: readonly NamedAccountTypeName[];
  link: string;
  expiresAt: Date;
}

/** The invitee opens the link on the action screen (spec section 2, route `action`). */
export const expressActionLink = (publicUrl: string, token: string) =>
  `${publicUrl}/#/action?token=${encodeURIComponent(token)}`;

function until(expiresAt: Date, language: MessageLanguage): string {
  const time = new Intl.DateTimeFormat(language === 'fr' ? 'fr-CA' : 'en-CA', {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: 'America/Toronto',
  }).format(expiresAt);
  return expressInvitationMailText(language).eastern.replace('{time}', time);
}

export function expressInvitationMail(input: ExpressInvitationMailInput): MessageContent {
  const { language } = input;
  const t = expressInvitationMailText(language);
  const advisor = oneLine(input.advisorName);
  const name = oneLine(input.investorFirstName);
  const fill = (text: string) =>
    text.replace('{advisor}', advisor).replace('{expiry}', until(input.expiresAt, language));
  const greeting = name ? t.greeting.replace('{name}', name) : t.greetingAnonymous;
  const accounts = input.accountTypes.map((type) => namedAccountTypeLabels[type][language]);
  const proposed = accounts.length > 1 ? t.proposedMany : t.proposed;
  const subject = oneLine(fill(t.subject));
  // The action page opens in the investor's language (`?lang=`), whatever the browser says.
  const link = linkInLanguage(input.link, language);
  const text = [
    greeting,
    fill(t.intro),
    `${proposed}\n${accounts.map((account) => `- ${account}`).join('\n')}`,
    `${t.how}\n${link}`,
    fill(t.validity),
    t.after,
    t.closing,
  ].join('\n\n');
  const bodyHtml = [
    mailParagraphs([greeting, fill(t.intro), proposed]),
    `<ul>${accounts.map((account) => `<li>${escapeHtml(account)}</li>`).join('')}</ul>`,
    mailLink(t.how, link),
    mailButton(link, t.button),
    mailParagraphs([fill(t.validity), t.after, t.closing]),
  ].join('\n');
  return composeMail(language, { subject, text, bodyHtml });
}
