import { describe, expect, it } from 'vitest';
import { provinces } from '../enums/provinces.ts';
import { CUSTOMER_AGREEMENTS, RELATIONSHIP_DISCLOSURE } from './agreement-documents.ts';
import {
  agreementRecordOf,
  boundLanguageOf,
  ENGLISH_CHOICE_WORDING,
  frenchFirstApplies,
  homeProvinceOf,
  signingLanguageOf,
} from './agreement-language.ts';
import { reviewIsFrenchFirst, reviewStepSchemaFor } from './review.ts';

const now = new Date('2026-11-23T15:04:05.000Z');
const agreed = { agreementId: CUSTOMER_AGREEMENTS.id, hasConsent: true };

describe('French first (Charter of the French language s. 55)', () => {
  it('applies to a home address in Quebec only', () => {
    expect(frenchFirstApplies(provinces.QC)).toBe(true);
    expect(frenchFirstApplies(provinces.ON)).toBe(false);
    expect(frenchFirstApplies(undefined)).toBe(false);
    expect(reviewIsFrenchFirst({ profile: { homeAddress: { provinceId: provinces.QC } } })).toBe(
      true,
    );
    expect(homeProvinceOf(undefined)).toBeUndefined();
  });

  it('binds in French unless English is expressly chosen', () => {
    const context = { frenchFirst: true, readingLanguage: 'en' as const };
    expect(boundLanguageOf({}, context)).toBe('fr');
    expect(boundLanguageOf({ boundLanguage: 'en' }, context)).toBe('fr');
    expect(boundLanguageOf({ boundLanguage: 'en', expressEnglishChoice: true }, context)).toBe(
      'en',
    );
    expect(boundLanguageOf({}, { frenchFirst: false, readingLanguage: 'en' })).toBe('en');
  });

  it('refuses English without the express choice in Quebec, and never asks it elsewhere', () => {
    const quebec = reviewStepSchemaFor({ frenchFirst: true });
    const refused = quebec.safeParse({ ...agreed, boundLanguage: 'en' });
    expect(refused.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['expressEnglishChoice', 'englishChoiceRequired'],
    ]);
    expect(
      quebec.safeParse({ ...agreed, boundLanguage: 'en', expressEnglishChoice: true }).success,
    ).toBe(true);
    expect(quebec.safeParse(agreed).success).toBe(true);
    expect(
      reviewStepSchemaFor({ frenchFirst: false }).safeParse({ ...agreed, boundLanguage: 'en' })
        .success,
    ).toBe(true);
  });

  it('records the document, its version and hash, the time and the words of the choice', () => {
    expect(
      agreementRecordOf(
        RELATIONSHIP_DISCLOSURE,
        { boundLanguage: 'en', expressEnglishChoice: true },
        { frenchFirst: true, now },
      ),
    ).toEqual({
      documentId: RELATIONSHIP_DISCLOSURE.id,
      version: '2026-11',
      language: 'en',
      sha256: RELATIONSHIP_DISCLOSURE.sha256.en,
      agreedAt: '2026-11-23T15:04:05.000Z',
      frenchPresented: {
        documentId: RELATIONSHIP_DISCLOSURE.id,
        version: '2026-11',
        sha256: RELATIONSHIP_DISCLOSURE.sha256.fr,
      },
      englishChoice: { wording: ENGLISH_CHOICE_WORDING, chosenAt: '2026-11-23T15:04:05.000Z' },
    });
    expect(
      agreementRecordOf(CUSTOMER_AGREEMENTS, { boundLanguage: 'fr' }, { frenchFirst: false, now }),
    ).toEqual({
      documentId: CUSTOMER_AGREEMENTS.id,
      version: '2026-11',
      language: 'fr',
      sha256: CUSTOMER_AGREEMENTS.sha256.fr,
      agreedAt: '2026-11-23T15:04:05.000Z',
    });
  });
});

describe('the language of the contract signed', () => {
  it('follows the binding language where French first applied, else the account', () => {
    const quebecFrench = agreementRecordOf(CUSTOMER_AGREEMENTS, {}, { frenchFirst: true, now });
    expect(signingLanguageOf('en', quebecFrench)).toBe('fr');
    const quebecEnglish = agreementRecordOf(
      CUSTOMER_AGREEMENTS,
      { boundLanguage: 'en', expressEnglishChoice: true },
      { frenchFirst: true, now },
    );
    expect(signingLanguageOf('fr', quebecEnglish)).toBe('en');
    const ontario = agreementRecordOf(
      CUSTOMER_AGREEMENTS,
      { boundLanguage: 'fr' },
      { frenchFirst: false, now },
    );
    expect(signingLanguageOf('en', ontario)).toBe('en');
    expect(signingLanguageOf('fr', undefined)).toBe('fr');
  });
});
