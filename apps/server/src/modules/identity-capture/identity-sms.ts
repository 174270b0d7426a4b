import type { MessageContent, MessageLanguage } from '../outbox/outbox.service.ts';

/**
 * The identity text messages, in the person's language: the link to the phone pages (template
 * `identityLink`) and, when the person asked for it on the phone, "your verification is done"
 * (template `identityDone`). Text only and short: an SMS is read on a lock screen. Neither says
 * anything about the person beyond their first name.
 */

export const IDENTITY_LINK_TEMPLATE = 'identityLink';
export const IDENTITY_DONE_TEMPLATE = 'identityDone';

export interface IdentityLinkInput {
  language: MessageLanguage;
  link: string;
  shortLink: string;
}

export function identityLinkSms({ language, link, shortLink }: IdentityLinkInput): MessageContent {
  if (language === 'fr') {
    return {
      subject: "Placements Laurentide : vérification d'identité",
      text:
        `Placements Laurentide : pour vérifier votre identité avec votre téléphone, ouvrez ${link} ` +
        `(ou tapez ${shortLink}). Le lien est valide 15 minutes. ` +
        "Si vous n'avez rien demandé, ignorez ce message.",
    };
  }
  return {
    subject: 'Laurentide Investing: identity verification',
    text:
      `Laurentide Investing: to verify your identity with your phone, open ${link} ` +
      `(or type ${shortLink}). The link works for 15 minutes. ` +
      "If you didn't ask for this, ignore this message.",
  };
}

export type IdentityDoneOutcome = 'verified' | 'failed' | 'needsReview';

export function identityDoneSms(
  language: MessageLanguage,
  outcome: IdentityDoneOutcome,
): MessageContent {
  if (language === 'fr') {
    const said = {
      verified: 'votre identité est vérifiée. Vous pouvez poursuivre votre demande.',
      failed:
        "nous n'avons pas pu vérifier votre identité avec cette pièce. Retournez à votre demande pour essayer une autre méthode.",
      needsReview:
        "notre équipe doit examiner votre pièce d'identité. Nous vous écrirons dès que ce sera fait.",
    }[outcome];
    return {
      subject: "Placements Laurentide : vérification d'identité",
      text: `Placements Laurentide : ${said}`,
    };
  }
  const said = {
    verified: 'your identity is verified. You can continue your application.',
    failed:
      "we couldn't verify your identity with this document. Go back to your application to try another way.",
    needsReview: "our team needs to review your ID. We'll write to you as soon as it's done.",
  }[outcome];
  return {
    subject: 'Laurentide Investing: identity verification',
    text: `Laurentide Investing: ${said}`,
  };
}
