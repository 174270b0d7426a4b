/**
 * The chrome every server-rendered page shares (sign-in, sandbox mailbox, sandbox e-signature):
 * the page's language, the link to the other one and the error summary. The French table must
 * name every key (type-checked).
 */
export const pageChromeEn = {
  lang: 'en-CA',
  otherLanguage: 'Français',
  otherLanguageLabel: 'Afficher cette page en français',
  errorSummaryTitle: 'There is a problem',
  errorPrefix: 'Error: ',
} as const;

type PageChromeText = Record<keyof typeof pageChromeEn, string>;

export const pageChromeFr = {
  lang: 'fr-CA',
  otherLanguage: 'English',
  otherLanguageLabel: 'View this page in English',
  errorSummaryTitle: 'Il y a un problème',
  errorPrefix: 'Erreur : ',
} as const satisfies PageChromeText;

export type PageLanguage = 'en' | 'fr';

export function pageChrome(language: PageLanguage): PageChromeText {
  return language === 'fr' ? pageChromeFr : pageChromeEn;
}
