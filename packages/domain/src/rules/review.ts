import { z } from 'zod';
import { CUSTOMER_AGREEMENTS } from './agreement-documents.ts';
import {
  agreementLanguageFields,
  agreementRecordOf,
  checkAgreementLanguage,
  frenchFirstApplies,
  homeProvinceOf,
  type AgreementLanguageAnswer,
  type AgreementRecord,
} from './agreement-language.ts';

/**
 * Step `review` (spec sections 2 and 4: review and agree). Agreeing names the version of the
 * customer agreements the person read (`agreementId`) and gives consent (`hasConsent`); once
 * saved, the answers are locked (the status machine leaves `continue`). The language the
 * agreements bind in follows rules/agreement-language.ts: French first in Quebec (ADR 0016).
 */

/** The customer-agreements booklet in force; a new booklet gets a new id. */
export const CUSTOMER_AGREEMENT_ID = CUSTOMER_AGREEMENTS.id;

export interface ReviewAgreement extends AgreementLanguageAnswer {
  agreementId: typeof CUSTOMER_AGREEMENT_ID;
  hasConsent: true;
}

/** As the server keeps it: with the record it fills itself (time, hash, words shown). */
export interface SavedReviewAgreement extends ReviewAgreement {
  agreement: AgreementRecord;
}

/** Whether the applicant's saved profile puts them under Quebec's French-first rule. */
export const reviewIsFrenchFirst = (saved: { profile?: unknown }) =>
  frenchFirstApplies(homeProvinceOf(saved.profile));

export function reviewStepSchemaFor({ frenchFirst }: { frenchFirst: boolean }) {
  return z
    .object(
      {
        agreementId: z.literal(CUSTOMER_AGREEMENT_ID, 'invalid'),
        hasConsent: z.literal(true, 'consentRequired'),
        ...agreementLanguageFields,
      },
      'invalid',
    )
    .superRefine((value, context) =>
      checkAgreementLanguage(value, frenchFirst, (path, message) =>
        context.addIssue({ code: 'custom', path, message }),
      ),
    );
}

/** Outside Quebec: the agreements bind in the language the person read them in. */
export const reviewStepSchema = reviewStepSchemaFor({ frenchFirst: false });

/** The saved step: the answer and the server's record of what was agreed, in which language. */
export function savedReviewOf(
  answer: ReviewAgreement,
  context: { frenchFirst: boolean; now: Date },
): SavedReviewAgreement {
  return { ...answer, agreement: agreementRecordOf(CUSTOMER_AGREEMENTS, answer, context) };
}

/**
 * The joint applicant's agreement (issue 12 item 10; ADR 0016): they accept the same customer
 * agreements when they join with their code, under the same language rule, decided by their
 * own home address (the joint profile). The server keeps the record at `review.jointAgreement`.
 */
export const jointIsFrenchFirst = (saved: { profile?: unknown; profilejoint?: unknown }) =>
  frenchFirstApplies(homeProvinceOf(saved.profilejoint));

/** What joining with the code sends about the agreements: the review's answer, same schema. */
export const jointAgreementSchemaFor = reviewStepSchemaFor;

/** The record kept of the joint applicant's agreement (server time and hash). */
export function jointAgreementRecordOf(
  answer: ReviewAgreement,
  context: { frenchFirst: boolean; readingLanguage?: 'en' | 'fr'; now: Date },
): AgreementRecord {
  return agreementRecordOf(CUSTOMER_AGREEMENTS, answer, context);
}
