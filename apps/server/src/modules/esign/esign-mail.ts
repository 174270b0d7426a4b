import { ACCOUNT_READY_BUSINESS_DAYS, type Language } from '@portal/domain';
import { escapeHtml } from '../../lib/pages/page-shell.ts';
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
    closing: 'Placements Laurentide',
  },
} as const;

export const UNDER_REVIEW_TEMPLATE = 'underReview';

export function underReviewMail(
  language: Language,
  { firstName, dashboardUrl }: { firstName: string; dashboardUrl?: string },
): MessageContent {
  const w = words[language];
  const { min, max } = ACCOUNT_READY_BUSINESS_DAYS;
  const paragraphs = [w.greeting(firstName), w.body(min, max), w.approved];
  const text = [
    ...paragraphs,
    ...(dashboardUrl ? [`${w.follow} ${dashboardUrl}`] : []),
    w.closing,
  ].join('\n\n');
  const link = dashboardUrl
    ? `<p>${escapeHtml(w.follow)} <a href="${escapeHtml(dashboardUrl)}">${escapeHtml(dashboardUrl)}</a></p>`
    : '';
  const html = `<!doctype html><html lang="${language === 'fr' ? 'fr-CA' : 'en-CA'}"><body>${paragraphs
    .map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`)
    .join('')}${link}<p>${escapeHtml(w.closing)}</p></body></html>`;
  return { subject: w.subject, text, html };
}
