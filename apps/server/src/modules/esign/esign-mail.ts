import { ACCOUNT_READY_BUSINESS_DAYS, type Language } from '@portal/domain';
import {
  composeMail,
  mailButton,
  mailLink,
  mailParagraphs,
  oneLine,
} from '../outbox/mail-layout.ts';
import { linkInLanguage } from '../../lib/http/language.ts';
import type { MessageContent } from '../outbox/outbox.service.ts';

/**
 * The signing mails, each in its recipient's language and inside the shared mail layout:
 * - `underReview`, once everyone has signed (spec sections 4 and 9: under review typically
 *   takes 1 to 3 business days, with an email when approved), linking to the signed copy;
 * - `signatureTurn`, to the joint applicant once the primary applicant has signed (issue 12:
 *   whoever must sign next is told);
 * - `primaryTurn`, to the primary applicant once the joint applicant's identity is confirmed
 *   (issue 30, audit A-M2): it is their turn to sign, or to confirm their own identity first.
 * Names come from the applicants' answers: the HTML part escapes them, the text part is text.
 */

const words = {
  en: {
    subject: "We're reviewing your application",
    greeting: (name: string) => (name ? `Hello ${name},` : 'Hello,'),
    body: (min: number, max: number) =>
      `Thank you: your application is signed, and we are now reviewing it. This usually takes ${min} to ${max} business days.`,
    approved:
      "We'll email you as soon as your account is approved. You don't need to do anything in the meantime.",
    follow: 'You can follow your application on your dashboard:',
    copy: 'Your copy of the application you signed is waiting for you. Sign in, then download it from this page:',
    copyButton: 'Download your signed application',
    turnSubject: "It's your turn to sign the joint application",
    turnBody: (primary: string) =>
      `${primary || 'The primary applicant'} has signed your joint account application. It's your turn to sign it, with your own sign-in.`,
    turnHow: 'Sign in, then review and sign the application on this page:',
    turnButton: 'Sign the application',
    primarySignSubject: "It's your turn to sign the joint application",
    primarySign: (joint: string) =>
      `${joint} has confirmed their identity. It's your turn to sign your joint account application: you sign first, then ${joint} signs with their own sign-in.`,
    primaryVerifySubject: 'Confirm your identity to sign the joint application',
    primaryVerify: (joint: string) =>
      `${joint} has confirmed their identity. To sign your joint account application, first confirm yours: it takes a few minutes. Then you sign, and ${joint} signs after you.`,
    verifyHow: 'Sign in, then confirm your identity on this page:',
    verifyButton: 'Confirm my identity',
    someoneJoint: 'The joint applicant',
    closing: 'Laurentide Investing',
  },
  fr: {
    subject: 'Nous examinons votre demande',
    greeting: (name: string) => (name ? `Bonjour ${name},` : 'Bonjour,'),
    body: (min: number, max: number) =>
      `Merci\u00a0: votre demande est signée, et nous l'examinons maintenant. Cela prend habituellement de ${min} à ${max} jours ouvrables.`,
    approved:
      "Nous vous écrirons dès que votre compte sera approuvé. Vous n'avez rien à faire d'ici là.",
    follow: 'Vous pouvez suivre votre demande dans votre tableau de bord\u00a0:',
    copy: 'Votre copie de la demande que vous avez signée vous attend. Connectez-vous, puis téléchargez-la depuis cette page\u00a0:',
    copyButton: 'Télécharger votre demande signée',
    turnSubject: "C'est votre tour de signer la demande conjointe",
    turnBody: (primary: string) =>
      `${primary || 'Le demandeur principal'} a signé votre demande de compte conjoint. C'est maintenant votre tour de la signer, avec votre propre session.`,
    turnHow: 'Connectez-vous, puis vérifiez et signez la demande sur cette page\u00a0:',
    turnButton: 'Signer la demande',
    primarySignSubject: "C'est votre tour de signer la demande conjointe",
    primarySign: (joint: string) =>
      `${joint} a confirmé son identité. C'est maintenant votre tour de signer votre demande de compte conjoint\u00a0: vous signez en premier, puis ${joint} signe avec sa propre session.`,
    primaryVerifySubject: 'Confirmez votre identité pour signer la demande conjointe',
    primaryVerify: (joint: string) =>
      `${joint} a confirmé son identité. Pour signer votre demande de compte conjoint, confirmez d'abord la vôtre\u00a0: cela prend quelques minutes. Vous signerez ensuite, puis ${joint} signera après vous.`,
    verifyHow: 'Connectez-vous, puis confirmez votre identité sur cette page\u00a0:',
    verifyButton: 'Confirmer mon identité',
    someoneJoint: 'Le codemandeur',
    closing: 'Placements Laurentide',
  },
} as const;

export const UNDER_REVIEW_TEMPLATE = 'underReview';
export const SIGNATURE_TURN_TEMPLATE = 'signatureTurn';
export const PRIMARY_TURN_TEMPLATE = 'primaryTurn';

/**
 * The copy of the signed document is linked, never attached: the mail passes through servers
 * we do not control, and the document holds the applicant's SIN and finances. The link opens
 * the application's next steps, where the signed-in owner downloads it.
 */
export function underReviewMail(
  language: Language,
  {
    firstName,
    dashboardUrl: dashboard,
    signedCopyUrl: signedCopy,
  }: { firstName: string; dashboardUrl?: string; signedCopyUrl?: string },
): MessageContent {
  const w = words[language];
  const { min, max } = ACCOUNT_READY_BUSINESS_DAYS;
  const paragraphs = [w.greeting(firstName), w.body(min, max), w.approved];
  // Pages of ours: they open in the letter's language (`?lang=`).
  const signedCopyUrl = signedCopy && linkInLanguage(signedCopy, language);
  const dashboardUrl = dashboard && linkInLanguage(dashboard, language);
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
  {
    firstName,
    primaryName,
    signUrl: sign,
  }: { firstName: string; primaryName: string; signUrl?: string },
): MessageContent {
  const w = words[language];
  const signUrl = sign && linkInLanguage(sign, language);
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

/**
 * To the primary applicant, once the joint applicant's identity is confirmed and the
 * application waits for the primary's signature: sign now, or (their own identity not yet
 * confirmed) confirm it first. `url` is the signing or the identity screen.
 */
export function primaryTurnMail(
  language: Language,
  {
    firstName,
    jointName,
    turn,
    url: screen,
  }: { firstName: string; jointName: string; turn: 'sign' | 'verifyIdentity'; url?: string },
): MessageContent {
  const w = words[language];
  const url = screen && linkInLanguage(screen, language);
  const joint = oneLine(jointName) || w.someoneJoint;
  const sign = turn === 'sign';
  const paragraphs = [
    w.greeting(oneLine(firstName)),
    sign ? w.primarySign(joint) : w.primaryVerify(joint),
  ];
  const how = sign ? w.turnHow : w.verifyHow;
  const text = [...paragraphs, ...(url ? [`${how} ${url}`] : []), w.closing].join('\n\n');
  const bodyHtml = [
    mailParagraphs(paragraphs),
    ...(url ? [mailLink(how, url), mailButton(url, sign ? w.turnButton : w.verifyButton)] : []),
    mailParagraphs([w.closing]),
  ].join('\n');
  return composeMail(language, {
    subject: sign ? w.primarySignSubject : w.primaryVerifySubject,
    text,
    bodyHtml,
  });
}
