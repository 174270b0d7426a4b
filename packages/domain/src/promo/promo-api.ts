import { z } from 'zod';
import { compareIsoDates, type IsoDate } from '../calendar/iso-date.ts';
import type { NamedAccountTypeName } from '../enums/account-types.ts';

/**
 * Promo codes (issue 17; spec section 2 "Promo code screen"). A code is data (table
 * `promo_codes`, seeded with the reference data): valid from one Toronto business day to
 * another inclusive, for the named account types it lists (none listed: every type), with the
 * offer's words in English and French. An application holds at most one accepted code.
 *
 * Paths (under /service/jaxrs; the owner of the application only, 404 to anyone else):
 * - GET    applications/{id}/promoCode   PromoCodeAnswer (`promoCode: null` when none)
 * - PUT    applications/{id}/promoCode   PromoCodeBody -> PromoCodeAnswer
 *          400 `invalidInput` { fields: { code } } when the text cannot be a code;
 *          400 `promoUnknown`, `promoExpired`, `promoNotYetValid` or `promoNotEligible`
 *          (`promoRefusalCode` of a PromoRefusal), with its message in the caller's language;
 *          409 `applicationLocked` once the review is agreed (like every save)
 * - DELETE applications/{id}/promoCode   204 (also when none was held); 409 once locked
 */

export const PROMO_CODE_MAX_LENGTH = 20;

/**
 * What a person types: letters, digits and dashes, compared upper-cased and without the spaces
 * people put in a code they read aloud or copy from a flyer ("welcome 2026" is WELCOME2026).
 */
export const promoCodeSchema = z
  .string('required')
  .overwrite((code) => code.replace(/\s+/g, ''))
  .min(1, 'required')
  .max(PROMO_CODE_MAX_LENGTH, 'promoCodeFormat')
  .regex(/^[A-Za-z0-9-]+$/, 'promoCodeFormat')
  .transform((code) => code.toUpperCase());

export const promoCodeBodySchema = z.object({ code: promoCodeSchema });
export type PromoCodeBody = z.input<typeof promoCodeBodySchema>;

export const promoRefusals = ['unknown', 'expired', 'notYetValid', 'notEligible'] as const;
export type PromoRefusal = (typeof promoRefusals)[number];

/** The errorCode a refusal travels as (its message key). */
export const promoRefusalCode = (refusal: PromoRefusal) =>
  `promo${refusal.charAt(0).toUpperCase()}${refusal.slice(1)}` as const;

/** A promo code as stored. */
export interface PromoCodeRecord {
  code: string;
  validFrom: IsoDate;
  validUntil: IsoDate;
  /** Empty: every account type. */
  accountTypes: readonly string[];
  offerEn: string;
  offerFr: string;
}

/** The accepted code of an application, as the screens show it. */
export interface AcceptedPromoCode {
  code: string;
  offerEn: string;
  offerFr: string;
  validUntil: IsoDate;
  /** The types it is limited to (empty: all). */
  accountTypes: string[];
}

export interface PromoCodeAnswer {
  promoCode: AcceptedPromoCode | null;
}

/**
 * Why a code cannot be taken for these accounts on `today` (the Toronto business day), or
 * undefined when it can. A code limited to some types needs at least one of them among the
 * accounts chosen: the offer then applies to those accounts.
 */
export function promoRefusalOf(
  record: PromoCodeRecord | undefined,
  { today, accounts }: { today: IsoDate; accounts: readonly NamedAccountTypeName[] },
): PromoRefusal | undefined {
  if (!record) return 'unknown';
  if (compareIsoDates(today, record.validFrom) < 0) return 'notYetValid';
  if (compareIsoDates(today, record.validUntil) > 0) return 'expired';
  if (!promoFitsAccounts(record, accounts)) return 'notEligible';
  return undefined;
}

/**
 * Whether a code fits the accounts chosen: one limited to some types needs at least one of them.
 * Checked when the code is taken, and again when the review is agreed, since the accounts may
 * change in between (the application is then refused `promoNoLongerEligible` until the code is
 * changed or removed).
 */
export function promoFitsAccounts(
  code: { accountTypes: readonly string[] },
  accounts: readonly NamedAccountTypeName[],
): boolean {
  return code.accountTypes.length === 0 || accounts.some((a) => code.accountTypes.includes(a));
}

export const acceptedPromoOf = (record: PromoCodeRecord): AcceptedPromoCode => ({
  code: record.code,
  offerEn: record.offerEn,
  offerFr: record.offerFr,
  validUntil: record.validUntil,
  accountTypes: [...record.accountTypes],
});
