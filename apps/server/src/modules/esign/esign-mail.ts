import { ACCOUNT_READY_BUSINESS_DAYS, type Language } from '@portal/domain';
import { composeMail, mailButton, mailLink, mailParagraphs } from '../outbox/mail-layout.ts';
import type { MessageContent } from '../outbox/outbox.service.ts';

/**
 * The signing mails, each in its recipient's language and inside the shared mail layout:
 * - `underReview`, once everyone has signed (spec sections 4 and 9: under review typically
 *   takes 1 to 3 business days, with an email when approved), linking to the signed copy;
 * - `signatureTurn`, to the joint applicant once the primary applicant has signed (issue 12:
 *   whoever must sign next is told).
 * Names come from the applicants' answers: the HTML part escapes them, the text part is text.
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
    copyButton: 'Download your signed application',
    turnSubject: 'It’s your turn to sign the joint application',
    turnBody: (primary: string) =>
      `${primary || 'The primary applicant'} has signed your joint account application. It’s your turn to sign it, with your own sign-in.`,
    turnHow: 'Sign in, then review and sign the application on this page:',
    turnButton: 'Sign the application',
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
    copyButton: 'Télécharger votre demande signée',
    turnSubject: 'C’est votre tour de signer la demande conjointe',
    turnBody: (primary: string) =>
      `${primary || 'Le demandeur principal'} a signé votre demande de compte conjoint. C’est maintenant votre tour de la signer, avec votre propre session.`,
    turnHow: 'Connectez-vous, puis vérifiez et signez la demande sur cette page\u00a0:',
    turnButton: 'Signer la demande',
    closing: 'Placements Laurentide',
  },
} as const;

export const UNDER_REVIEW_TEMPLATE = 'underReview';
export const SIGNATURE_TURN_TEMPLATE = 'signatureTurn';

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
  const bodyHtml = [
    mailParagraphs(paragraphs),
    ...(signedCopyUrl
      ? [mailLink(w.copy, signedCopyUrl), mailButton(signedCopyUrl, w.copyButton)]
      : []),
    ...(dashboardUrl ? [mailLink(w.follow, dashboardUrl)] : []),
    mailParagraphs([w.closing]),
  ].join('\n');
  return composeMail(language, { subject: w.subject, text, bodyHtml });
}

/** To the joint applicant, once the primary applicant has signed: it is their turn. */
export function signatureTurnMail(
  language: Language,
  { firstName, primaryName, signUrl }: { firstName: string; primaryName: string; signUrl?: string },
): MessageContent {
  const w = words[language];
  const paragraphs = [w.greeting(firstName), w.turnBody(primaryName)];
  const text = [...paragraphs, ...(signUrl ? [`${w.turnHow} ${signUrl}`] : []), w.closing].join(
    '\n\n',
  );
  const bodyHtml = [
    mailParagraphs(paragraphs),
    ...(signUrl ? [mailLink(w.turnHow, signUrl), mailButton(signUrl, w.turnButton)] : []),
    mailParagraphs([w.closing]),
  ].join('\n');
  return composeMail(language, { subject: w.turnSubject, text, bodyHtml });
}
