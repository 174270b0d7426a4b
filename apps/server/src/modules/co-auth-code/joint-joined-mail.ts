import {
  composeMail,
  mailButton,
  mailLink,
  mailParagraphs,
  oneLine,
} from '../outbox/mail-layout.ts';
import type { MessageContent, MessageLanguage } from '../outbox/outbox.service.ts';

/**
 * Template `jointJoined`: to the primary applicant, in their own language, once the joint
 * applicant proved the code and joined (issue 12). When that makes it the primary's turn to
 * sign, the mail says so and links to the signing screen; otherwise it says what comes next.
 * The joint applicant's name comes from the answers: escaped in the HTML part.
 */

export const JOINT_JOINED_TEMPLATE = 'jointJoined';

export interface JointJoinedInput {
  language: MessageLanguage;
  primaryFirstName: string;
  jointName: string;
  /** Whether the application now waits for the primary applicant's signature. */
  primarySignsNow: boolean;
  /** The signing screen (when it is their turn) or the dashboard; no link without it. */
  url?: string;
}

const words = {
  en: {
    subject: (joint: string) => `${joint} joined your joint application`,
    greeting: (name: string) => (name ? `Hello ${name},` : 'Hello,'),
    joined: (joint: string) =>
      `${joint} confirmed our invitation and joined your joint account application.`,
    signNow: (joint: string) =>
      `It’s your turn to sign. You sign first, then ${joint} signs with their own sign-in.`,
    later: 'We’ll email you when it’s time to sign.',
    linkSign: 'Sign in, then review and sign the application on this page:',
    linkFollow: 'You can follow your application on your dashboard:',
    button: 'Sign the application',
    someone: 'The joint applicant',
    closing: 'Laurentide Investing',
  },
  fr: {
    subject: (joint: string) => `${joint} a rejoint votre demande conjointe`,
    greeting: (name: string) => (name ? `Bonjour ${name},` : 'Bonjour,'),
    joined: (joint: string) =>
      `${joint} a confirmé notre invitation et s’est joint à votre demande de compte conjoint.`,
    signNow: (joint: string) =>
      `C’est maintenant votre tour de signer. Vous signez en premier, puis ${joint} signe avec sa propre session.`,
    later: 'Nous vous écrirons quand ce sera le moment de signer.',
    linkSign: 'Connectez-vous, puis vérifiez et signez la demande sur cette page\u00a0:',
    linkFollow: 'Vous pouvez suivre votre demande dans votre tableau de bord\u00a0:',
    button: 'Signer la demande',
    someone: 'Le codemandeur',
    closing: 'Placements Laurentide',
  },
} as const;

export function jointJoinedMail(input: JointJoinedInput): MessageContent {
  const w = words[input.language];
  const joint = oneLine(input.jointName) || w.someone;
  const paragraphs = [
    w.greeting(oneLine(input.primaryFirstName)),
    w.joined(joint),
    input.primarySignsNow ? w.signNow(joint) : w.later,
  ];
  const label = input.primarySignsNow ? w.linkSign : w.linkFollow;
  const text = [...paragraphs, ...(input.url ? [`${label} ${input.url}`] : []), w.closing].join(
    '\n\n',
  );
  const link = input.url
    ? `${mailLink(label, input.url)}${input.primarySignsNow ? mailButton(input.url, w.button) : ''}`
    : '';
  const bodyHtml = [mailParagraphs(paragraphs), link, mailParagraphs([w.closing])].join('\n');
  return composeMail(input.language, { subject: w.subject(joint), text, bodyHtml });
}
