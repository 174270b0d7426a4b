import {
  composeMail,
  mailButton,
  mailLink,
  mailParagraphs,
  oneLine,
} from '../outbox/mail-layout.ts';
import type { ApplicantTurn } from '@portal/domain';
import type { MessageContent, MessageLanguage } from '../outbox/outbox.service.ts';

/**
 * Template `jointJoined`: to the primary applicant, in their own language, once the joint
 * applicant proved the code and joined (issue 12). It says what the primary's turn is now
 * (issue 30, audit A-M2): to sign (identity not checked), to confirm their own identity while
 * the joint applicant confirms theirs, or none yet (told again when it is their turn to sign),
 * with the link to the screen where they act.
 * The joint applicant's name comes from the answers: escaped in the HTML part.
 */

export const JOINT_JOINED_TEMPLATE = 'jointJoined';

export interface JointJoinedInput {
  language: MessageLanguage;
  primaryFirstName: string;
  jointName: string;
  /** What the primary applicant has to do now (domain `turnOf`). */
  primaryTurn: ApplicantTurn;
  /** The screen of their turn (signing, identity) or the dashboard; no link without it. */
  url?: string;
}

const words = {
  en: {
    subject: (joint: string) => `${joint} joined your joint application`,
    greeting: (name: string) => (name ? `Hello ${name},` : 'Hello,'),
    joined: (joint: string) =>
      `${joint} confirmed our invitation and joined your joint account application.`,
    signNow: (joint: string) =>
      `It's your turn to sign. You sign first, then ${joint} signs with their own sign-in.`,
    verifyNow: (joint: string) =>
      `Now confirm your identity: it takes a few minutes. Once ${joint} has confirmed theirs too, it's your turn to sign, and we'll email you.`,
    later: "We'll email you when it's time to sign.",
    linkSign: 'Sign in, then review and sign the application on this page:',
    linkVerify: 'Sign in, then confirm your identity on this page:',
    verifyButton: 'Confirm my identity',
    linkFollow: 'You can follow your application on your dashboard:',
    button: 'Sign the application',
    someone: 'The joint applicant',
    closing: 'Laurentide Investing',
  },
  fr: {
    subject: (joint: string) => `${joint} a rejoint votre demande conjointe`,
    greeting: (name: string) => (name ? `Bonjour ${name},` : 'Bonjour,'),
    joined: (joint: string) =>
      `${joint} a confirmé notre invitation et s'est joint à votre demande de compte conjoint.`,
    signNow: (joint: string) =>
      `C'est maintenant votre tour de signer. Vous signez en premier, puis ${joint} signe avec sa propre session.`,
    verifyNow: (joint: string) =>
      `Confirmez maintenant votre identité\u00a0: cela prend quelques minutes. Quand ${joint} aura confirmé la sienne, ce sera votre tour de signer, et nous vous écrirons.`,
    later: 'Nous vous écrirons quand ce sera le moment de signer.',
    linkSign: 'Connectez-vous, puis vérifiez et signez la demande sur cette page\u00a0:',
    linkVerify: 'Connectez-vous, puis confirmez votre identité sur cette page\u00a0:',
    verifyButton: 'Confirmer mon identité',
    linkFollow: 'Vous pouvez suivre votre demande dans votre tableau de bord\u00a0:',
    button: 'Signer la demande',
    someone: 'Le codemandeur',
    closing: 'Placements Laurentide',
  },
} as const;

export function jointJoinedMail(input: JointJoinedInput): MessageContent {
  const w = words[input.language];
  const joint = oneLine(input.jointName) || w.someone;
  const turn = input.primaryTurn;
  const paragraphs = [
    w.greeting(oneLine(input.primaryFirstName)),
    w.joined(joint),
    turn === 'sign' ? w.signNow(joint) : turn === 'verifyIdentity' ? w.verifyNow(joint) : w.later,
  ];
  const label =
    turn === 'sign' ? w.linkSign : turn === 'verifyIdentity' ? w.linkVerify : w.linkFollow;
  const button = turn === 'sign' ? w.button : turn === 'verifyIdentity' ? w.verifyButton : null;
  const text = [...paragraphs, ...(input.url ? [`${label} ${input.url}`] : []), w.closing].join(
    '\n\n',
  );
  const link = input.url
    ? `${mailLink(label, input.url)}${button ? mailButton(input.url, button) : ''}`
    : '';
  const bodyHtml = [mailParagraphs(paragraphs), link, mailParagraphs([w.closing])].join('\n');
  return composeMail(input.language, { subject: w.subject(joint), text, bodyHtml });
}
