import { z } from 'zod';

/**
 * Step `review` (spec sections 2 and 4: review and agree). Agreeing names the version of the
 * customer agreements the person read (`agreementId`) and gives consent (`hasConsent`); once
 * saved, the answers are locked (the status machine leaves `continue`).
 */

/** The customer-agreements booklet in force; a new booklet gets a new id. */
export const CUSTOMER_AGREEMENT_ID = 'customer-agreements-2026-11';

export interface ReviewAgreement {
  agreementId: typeof CUSTOMER_AGREEMENT_ID;
  hasConsent: true;
}

export const reviewStepSchema = z.object(
  {
    agreementId: z.literal(CUSTOMER_AGREEMENT_ID, 'invalid'),
    hasConsent: z.literal(true, 'consentRequired'),
  },
  'invalid',
);
