import { describe, expect, it } from 'vitest';
import { CUSTOMER_AGREEMENT_ID, reviewStepSchema } from './review.ts';

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
