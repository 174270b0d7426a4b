import type { PageLanguage } from '../../lib/pages/page-chrome.locales.ts';

/** Text of the sandbox e-sign ceremony; the French table must name every key (type-checked). */
export const ceremonyPagesEn = {
  brand: 'Sandbox e-signature',
  sandboxNotice:
    'This is the sandbox e-signature service used for demonstrations and tests. Signing here makes no legal signature.',
  ceremonyTitle: 'Review and sign your document',
  sentTo: 'For {name} ({email})',
  documentHeading: 'Your document',
  documentFrameTitle: 'The document to sign: {document}',
  download: 'Download the document (PDF, {document})',
  pagesLabel: 'The document, page by page',
  pageAlt: 'Page {page} of {pages} of the document',
  expiresOn: 'You can sign until {date}.',
  signHeading: 'Sign',
  signIntro:
    'Read the whole document first. To sign, type your full name as it appears here: {name}. Your typed name is your electronic signature and has the same effect as a handwritten one.',
  typedName: 'Your full name',
  typedNameHint: 'Type {name}',
  signButton: 'Sign the document',
  nameRequired: 'Type your full name to sign.',
  nameMismatch: 'The name you typed does not match the name on the document. Type {name}.',
  declineHeading: 'Decline to sign',
  declineIntro:
    'If something in the document is not right, decline. Nothing is signed, and you can start again from your application.',
  declineButton: 'Decline',
  laterHeading: 'Finish later',
  laterIntro: 'Leave without signing. Nothing changes, and you can come back to sign until {date}.',
  laterLink: 'Finish later',
  returnLink: 'Return to your application',
  signedTitle: 'You signed the document',
  signedText: 'Thank you. Return to your application to see what happens next.',
  declinedTitle: 'You declined to sign',
  declinedText:
    'Nothing was signed. Return to your application to sign again, or contact us if something is wrong.',
  expiredTitle: 'This signing link has expired',
  expiredText:
    'For your security, a signing link only works for a limited time. Return to your application to get a new one.',
  notFoundTitle: 'We can’t find this document',
  notFoundText:
    'The signing link is not complete or no longer exists. Open it again from your application.',
  refusedTitle: 'We couldn’t take this request',
  refusedText:
    'The form was not sent from this signing page, or it is out of date. Open the signing link again from your application.',
} as const;

type CeremonyPagesText = Record<keyof typeof ceremonyPagesEn, string>;

export const ceremonyPagesFr = {
  brand: 'Signature électronique (bac à sable)',
  sandboxNotice:
    'Ceci est le service de signature électronique du bac à sable, utilisé pour les démonstrations et les essais. Une signature faite ici n’a aucune valeur juridique.',
  ceremonyTitle: 'Vérifiez et signez votre document',
  sentTo: 'Pour {name} ({email})',
  documentHeading: 'Votre document',
  documentFrameTitle: 'Le document à signer\u00a0: {document}',
  download: 'Télécharger le document (PDF, {document})',
  pagesLabel: 'Le document, page par page',
  pageAlt: 'Page {page} de {pages} du document',
  expiresOn: 'Vous pouvez signer jusqu’au {date}.',
  signHeading: 'Signer',
  signIntro:
    'Lisez d’abord tout le document. Pour signer, tapez votre nom complet tel qu’il figure ici\u00a0: {name}. Le nom que vous tapez est votre signature électronique et a le même effet qu’une signature manuscrite.',
  typedName: 'Votre nom complet',
  typedNameHint: 'Tapez {name}',
  signButton: 'Signer le document',
  nameRequired: 'Tapez votre nom complet pour signer.',
  nameMismatch: 'Le nom tapé ne correspond pas au nom inscrit sur le document. Tapez {name}.',
  declineHeading: 'Refuser de signer',
  declineIntro:
    'Si quelque chose n’est pas exact dans le document, refusez. Rien n’est signé, et vous pourrez recommencer à partir de votre demande.',
  declineButton: 'Refuser',
  laterHeading: 'Terminer plus tard',
  laterIntro: 'Partez sans signer. Rien ne change, et vous pourrez revenir signer jusqu’au {date}.',
  laterLink: 'Terminer plus tard',
  returnLink: 'Retourner à votre demande',
  signedTitle: 'Vous avez signé le document',
  signedText: 'Merci. Retournez à votre demande pour voir la suite.',
  declinedTitle: 'Vous avez refusé de signer',
  declinedText:
    'Rien n’a été signé. Retournez à votre demande pour signer de nouveau, ou communiquez avec nous si quelque chose ne va pas.',
  expiredTitle: 'Ce lien de signature a expiré',
  expiredText:
    'Pour votre sécurité, un lien de signature ne fonctionne que pendant un temps limité. Retournez à votre demande pour en obtenir un nouveau.',
  notFoundTitle: 'Nous ne trouvons pas ce document',
  notFoundText:
    'Le lien de signature est incomplet ou n’existe plus. Ouvrez-le de nouveau à partir de votre demande.',
  refusedTitle: 'Nous ne pouvons pas traiter cette demande',
  refusedText:
    'Le formulaire n’a pas été envoyé à partir de cette page de signature, ou il n’est plus à jour. Ouvrez de nouveau le lien de signature à partir de votre demande.',
} as const satisfies CeremonyPagesText;

export type CeremonyLanguage = PageLanguage;
export type CeremonyTextKey = keyof typeof ceremonyPagesEn;

export function ceremonyText(language: CeremonyLanguage): CeremonyPagesText {
  return language === 'fr' ? ceremonyPagesFr : ceremonyPagesEn;
}

/**
 * A text with its `{placeholders}` filled in (values are escaped by the page, not here). A value
 * that ends with a period ("Daniel O'Connor Jr.") ends the sentence it closes: never "Jr..".
 */
export function fill(text: string, values: Record<string, string>): string {
  return text.replace(/\{(\w+)\}(\.?)/g, (whole, key: string, period: string) => {
    const value = values[key];
    if (value === undefined) return whole;
    return period !== '' && value.endsWith('.') ? value : `${value}${period}`;
  });
}
