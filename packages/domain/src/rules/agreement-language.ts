import { z } from 'zod';
import type { Language } from '../enums/define-enum.ts';
import { provinces } from '../enums/provinces.ts';
import type { AgreementDocument } from './agreement-documents.ts';

/**
 * The language an agreement binds in (issue 12 item 10; ADR 0016). Section 55 of Quebec's
 * Charter of the French language: a contract of adhesion binds a Quebec resident in another
 * language only if the French version was given first and the person then expressly chose the
 * other one. So, for someone whose home address is in Quebec, every agreement the product
 * presents (the application's customer agreements, and later the PAD agreement and the transfer
 * authorization) is presented in French first, binds in French by default, and binds in English
 * only with the express choice below, which the server records with the document's id, version
 * and hash, the time and the words shown. Elsewhere the agreement binds in the language the
 * person reads it in.
 */

/** The express choice, shown in both languages, French first and no less prominent. */
export const ENGLISH_CHOICE_WORDING = {
  fr: 'Je souhaite expressément être lié(e) par la version anglaise de ce document, après avoir reçu sa version française.',
  en: 'I expressly wish to be bound by the English version of this document, after having received its French version.',
} as const satisfies Record<Language, string>;

/** Whether the French-first rule applies: a home address in Quebec (a `provinceStates` id). */
export function frenchFirstApplies(homeProvinceId: unknown): boolean {
  return homeProvinceId === provinces.QC;
}

/** The home province of a saved profile step, if any. */
export function homeProvinceOf(profile: unknown): unknown {
  const homeAddress =
    typeof profile === 'object' && profile !== null
      ? (profile as { homeAddress?: unknown }).homeAddress
      : undefined;
  return typeof homeAddress === 'object' && homeAddress !== null
    ? (homeAddress as { provinceId?: unknown }).provinceId
    : undefined;
}

/**
 * What an agreement form sends about language: the language that binds, and the express choice
 * when French first applies and English is wanted. Spread into the form's own schema.
 */
export const agreementLanguageFields = {
  boundLanguage: z.enum(['en', 'fr'], 'invalid').optional(),
  expressEnglishChoice: z.boolean('invalid').optional(),
};

export interface AgreementLanguageAnswer {
  boundLanguage?: Language | undefined;
  expressEnglishChoice?: boolean | undefined;
}

/**
 * The language that binds: French by default where French first applies (English only with the
 * express choice), the reader's language elsewhere.
 */
export function boundLanguageOf(
  answer: AgreementLanguageAnswer,
  context: { frenchFirst: boolean; readingLanguage?: Language },
): Language {
  if (context.frenchFirst) {
    return answer.boundLanguage === 'en' && answer.expressEnglishChoice === true ? 'en' : 'fr';
  }
  return answer.boundLanguage ?? context.readingLanguage ?? 'en';
}

/** Reports `englishChoiceRequired` at `expressEnglishChoice` when English lacks the choice. */
export function checkAgreementLanguage(
  answer: AgreementLanguageAnswer,
  frenchFirst: boolean,
  report: (path: string[], message: string) => void,
): void {
  if (frenchFirst && answer.boundLanguage === 'en' && answer.expressEnglishChoice !== true) {
    report(['expressEnglishChoice'], 'englishChoiceRequired');
  }
}

/** What the server keeps of an agreement: which file, in which language, agreed when. */
export interface AgreementRecord {
  documentId: string;
  version: string;
  /** The language that binds. */
  language: Language;
  /** SHA-256 of the file in that language. */
  sha256: string;
  agreedAt: string;
  /** Where French first applied: the French file given first (id, version, hash). */
  frenchPresented?: { documentId: string; version: string; sha256: string };
  /** The express choice of English, with the words shown (both languages, as displayed). */
  englishChoice?: { wording: { fr: string; en: string }; chosenAt: string };
}

/**
 * The record of agreeing to `document`, filled by the server only (time and hash are never
 * the client's). The answer must already have passed `checkAgreementLanguage`.
 */
export function agreementRecordOf(
  document: AgreementDocument,
  answer: AgreementLanguageAnswer,
  context: { frenchFirst: boolean; readingLanguage?: Language; now: Date },
): AgreementRecord {
  const language = boundLanguageOf(answer, context);
  const at = context.now.toISOString();
  return {
    documentId: document.id,
    version: document.version,
    language,
    sha256: document.sha256[language],
    agreedAt: at,
    ...(context.frenchFirst
      ? {
          frenchPresented: {
            documentId: document.id,
            version: document.version,
            sha256: document.sha256.fr,
          },
        }
      : {}),
    ...(context.frenchFirst && language === 'en'
      ? { englishChoice: { wording: { ...ENGLISH_CHOICE_WORDING }, chosenAt: at } }
      : {}),
  };
}

/**
 * The language of the contract a person signs: where French first applied to the agreement
 * they accepted, the language it binds in (French unless English was expressly chosen: the
 * related documents follow the choice); elsewhere their account's language.
 */
export function signingLanguageOf(accountLanguage: Language, agreement: unknown): Language {
  const recorded =
    typeof agreement === 'object' && agreement !== null
      ? (agreement as Partial<AgreementRecord>)
      : {};
  if (recorded.frenchPresented && (recorded.language === 'en' || recorded.language === 'fr')) {
    return recorded.language;
  }
  return accountLanguage;
}
