import { ACCOUNT_READY_BUSINESS_DAYS, type Language } from '@portal/domain';
import { escapeHtml } from '../../lib/pages/page-shell.ts';
import { composeMail } from '../outbox/mail-layout.ts';
import type { MessageContent } from '../outbox/outbox.service.ts';

/**
 * The mail an applicant receives once everyone has signed and the application is under review
 * (spec sections 4 and 9: under review typically takes 1 to 3 business days, with an email when
 * approved). Template `underReview`, in the recipient's language.
 */

const words = {
  en: {
    subject: 'We’re reviewing your application',
    greeting: (name: string) => (name ? `Hello ${name},` : 'Hello,'),
    body: (min: number, max: number) =>
      `Thank you: your application is signed, and we are now reviewing it. This usually takes ${min} to ${max} business days.`,
    approved:
      'We’ll email you as soon as your account is approved. You don’t need to do anything in the meantime.',
    follow: 'You can follow your application on your dashboard:',
    copy: 'Your copy of the application you signed is waiting for you. Sign in, then download it from this page:',
    closing: 'Laurentide Investing',
  },
  fr: {
    subject: 'Nous examinons votre demande',
    greeting: (name: string) => (name ? `Bonjour ${name},` : 'Bonjour,'),
    body: (min: number, max: number) =>
      `Merci\u00a0: votre demande est signée, et nous l’examinons maintenant. Cela prend habituellement de ${min} à ${max} jours ouvrables.`,
    approved:
      'Nous vous écrirons dès que votre compte sera approuvé. Vous n’avez rien à faire d’ici là.',
    follow: 'Vous pouvez suivre votre demande dans votre tableau de bord\u00a0:',
    copy: 'Votre copie de la demande que vous avez signée vous attend. Connectez-vous, puis téléchargez-la depuis cette page\u00a0:',
    closing: 'Placements Laurentide',
  },
} as const;

export const UNDER_REVIEW_TEMPLATE = 'underReview';

/**
 * The copy of the signed document is linked, never attached: the mail passes through servers
 * we do not control, and the document holds the applicant's SIN and finances. The link opens
 * the application's next steps, where the signed-in owner downloads it.
 */
export function underReviewMail(
  language: Language,
  {
    firstName,
    dashboardUrl,
    signedCopyUrl,
  }: { firstName: string; dashboardUrl?: string; signedCopyUrl?: string },
): MessageContent {
  const w = words[language];
  const { min, max } = ACCOUNT_READY_BUSINESS_DAYS;
  const paragraphs = [w.greeting(firstName), w.body(min, max), w.approved];
  const links = [
    ...(signedCopyUrl ? [{ label: w.copy, url: signedCopyUrl }] : []),
    ...(dashboardUrl ? [{ label: w.follow, url: dashboardUrl }] : []),
  ];
  const text = [...paragraphs, ...links.map(({ label, url }) => `${label} ${url}`), w.closing].join(
    '\n\n',
  );
  const linkHtml = links
    .map(
      ({ label, url }) =>
        `<p>${escapeHtml(label)} <a href="${escapeHtml(url)}">${escapeHtml(url)}</a></p>`,
    )
    .join('');
  const bodyHtml = `${paragraphs
    .map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`)
    .join('')}${linkHtml}<p>${escapeHtml(w.closing)}</p>`;
  return composeMail(language, { subject: w.subject, text, bodyHtml });
}
