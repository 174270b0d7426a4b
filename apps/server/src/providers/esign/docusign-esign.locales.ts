import type { Language } from '@portal/domain';

/**
 * The envelope's words in DocuSign. Captive recipients receive no mail from DocuSign, but an
 * envelope sent for signature must have a subject, and DocuSign shows it at the top of the
 * ceremony and in the account's own lists.
 */
export const docusignWords: Record<Language, { subject: string }> = {
  en: { subject: 'Your documents to sign' },
  fr: { subject: 'Vos documents à signer' },
};

/**
 * DocuSign's language of the ceremony for each of ours (`emailNotification.supportedLanguage`:
 * "the language used for buttons and tabs in ... the signing experience"); Canadian French.
 */
export const docusignLanguageOf: Record<Language, string> = { en: 'en', fr: 'fr_CA' };
