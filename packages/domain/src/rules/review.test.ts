import { describe, expect, it } from 'vitest';
import { provinces } from '../enums/provinces.ts';
import { CUSTOMER_AGREEMENTS } from './agreement-documents.ts';
import { ENGLISH_CHOICE_WORDING } from './agreement-language.ts';
import {
  CUSTOMER_AGREEMENT_ID,
  jointAgreementRecordOf,
  jointAgreementSchemaFor,
  jointIsFrenchFirst,
  reviewStepSchema,
} from './review.ts';

describe('agreeing to the review', () => {
  it('needs the agreements in force and consent', () => {
    expect(
      reviewStepSchema.parse({ agreementId: CUSTOMER_AGREEMENT_ID, hasConsent: true }),
    ).toEqual({ agreementId: CUSTOMER_AGREEMENT_ID, hasConsent: true });
    const refused = reviewStepSchema.safeParse({ agreementId: 'old-booklet', hasConsent: false });
    expect(
      refused.error?.issues.map((issue) => `${issue.path.join('.')}:${issue.message}`),
    ).toEqual(['agreementId:invalid', 'hasConsent:consentRequired']);
  });
});

describe("the joint applicant's agreement (ADR 0016)", () => {
  const quebec = { profilejoint: { homeAddress: { provinceId: provinces.QC } } };
  const ontario = { profilejoint: { homeAddress: { provinceId: provinces.ON } } };

  it('applies French first by the joint applicant’s own home address, not the primary’s', () => {
    expect(jointIsFrenchFirst(quebec)).toBe(true);
    expect(jointIsFrenchFirst({ ...ontario, profile: quebec.profilejoint })).toBe(false);
  });

  it('refuses English in Quebec without the express choice', () => {
    const refused = jointAgreementSchemaFor({ frenchFirst: true }).safeParse({
      agreementId: CUSTOMER_AGREEMENT_ID,
      hasConsent: true,
      boundLanguage: 'en',
    });
    expect(refused.error?.issues.map((issue) => issue.message)).toEqual(['englishChoiceRequired']);
  });

  it('records French by default in Quebec, English with the words shown when chosen', () => {
    const now = new Date('2026-11-23T15:00:00Z');
    const answer = { agreementId: CUSTOMER_AGREEMENT_ID, hasConsent: true } as const;
    expect(jointAgreementRecordOf(answer, { frenchFirst: true, now })).toMatchObject({
      language: 'fr',
      sha256: CUSTOMER_AGREEMENTS.sha256.fr,
    });
    const english = jointAgreementRecordOf(
      { ...answer, boundLanguage: 'en', expressEnglishChoice: true },
      { frenchFirst: true, now },
    );
    expect(english).toMatchObject({
      documentId: CUSTOMER_AGREEMENTS.id,
      version: CUSTOMER_AGREEMENTS.version,
      language: 'en',
      sha256: CUSTOMER_AGREEMENTS.sha256.en,
      agreedAt: now.toISOString(),
      frenchPresented: { sha256: CUSTOMER_AGREEMENTS.sha256.fr },
      englishChoice: { wording: ENGLISH_CHOICE_WORDING, chosenAt: now.toISOString() },
    });
  });
});
