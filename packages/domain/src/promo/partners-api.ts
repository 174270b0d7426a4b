import { z } from 'zod';
import { EMAIL_MAX_LENGTH } from '../rules/account.ts';
import { normalizeTypedCode } from '../rules/typed-code.ts';

/**
 * Partners and their employees (issue 17; spec sections 1, 2, 3 and 5).
 *
 * Partner agreement. A partner skin arrives as cookies (`partnerSkin`, `partnerName`,
 * `partnerNameFr`, `partnerUrl`, `partnerUrlFr`, ADR 0003). When one names a partner other than
 * our own brand, starting an application first shows the partner agreement naming that partner;
 * accepting records it on the new application. The server takes the partner from the cookies of
 * the request itself (never from a body), so what is recorded is what the person's browser
 * carried and the screen showed:
 * - PUT applications/{id}/partnerAgreement   (no body) -> PartnerAgreement
 *        owner only (404 otherwise); 400 `noPartner` without partner cookies; 409
 *        `applicationLocked` once the review is agreed; accepting again keeps the first record.
 *
 * Work email (partner employees). The financial background step's `workEmail` must be proved
 * by a six-digit code mailed to it before the step saves (`workEmailNotVerified` otherwise); a
 * joint applicant proves their own. The owner or the joint applicant only, 404 otherwise:
 * - POST applications/{id}/workEmail/code     WorkEmailBody -> { resendAvailableAt }
 *        429 `tooManyCodes` { retryAfterSeconds } (one a minute, ten a day)
 * - PUT  applications/{id}/workEmail/verify   WorkEmailVerifyBody -> { email, verified: true }
 *        with the account API's statuses: 401 `wrongCode` { attemptsLeft }, 403
 *        `tooManyAttempts`, 409 `codeExpired`, 404 `noCodePending` (also for a code mailed to
 *        another address); messages under `workEmail<ErrorCode>` in promo-messages.ts
 * - GET  applications/{id}/workEmail?email=   { email, verified } for the caller
 */

export const partnerAgreementSchema = z.object({
  skin: z.string(),
  name: z.string(),
  nameFr: z.string(),
  acceptedAt: z.string(),
});
export type PartnerAgreement = z.infer<typeof partnerAgreementSchema>;

/** Our own brand: cookies naming it are no partnership (as the header reads them). */
export const DEFAULT_PARTNER_SKIN = 'laurentide';
export const PARTNER_NAME_MAX_LENGTH = 100;

/**
 * The partner named by the skin cookies' values, or undefined when there is none or it is our
 * own brand. Names are trimmed, bounded and kept to printable text; the French name falls back
 * to the English one.
 */
export function partnerFromCookies(cookies: {
  skin?: string | undefined;
  name?: string | undefined;
  nameFr?: string | undefined;
}): Omit<PartnerAgreement, 'acceptedAt'> | undefined {
  const clean = (value: string | undefined) =>
    value
      ?.replace(/\p{Cc}/gu, '')
      .trim()
      .slice(0, PARTNER_NAME_MAX_LENGTH);
  const skin = clean(cookies.skin)?.toLowerCase() ?? '';
  const name = clean(cookies.name) || clean(cookies.nameFr);
  if (!name || skin === DEFAULT_PARTNER_SKIN || name.toLowerCase() === DEFAULT_PARTNER_SKIN) {
    return undefined;
  }
  return { skin: skin || DEFAULT_PARTNER_SKIN, name, nameFr: clean(cookies.nameFr) || name };
}

export const workEmailSchema = z
  .string('required')
  .trim()
  .min(1, 'required')
  .max(EMAIL_MAX_LENGTH, 'invalid')
  .pipe(z.email('emailFormat'))
  .transform((email) => email.toLowerCase());

export const workEmailBodySchema = z.object({ email: workEmailSchema });
export const workEmailVerifyBodySchema = z.object({
  email: workEmailSchema,
  code: z
    .string()
    .overwrite(normalizeTypedCode)
    .regex(/^\d{6}$/, 'workEmailCodeFormat'),
});
export interface WorkEmailState {
  email: string;
  verified: boolean;
}
