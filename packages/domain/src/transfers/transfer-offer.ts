import { addCalendarDays, compareIsoDates, type IsoDate } from '../calendar/iso-date.ts';
import {
  TRANSFER_DURATION_BUSINESS_DAYS,
  TRANSFER_FEE_REFUND_BALANCE_WINDOW_DAYS,
  TRANSFER_FEE_REFUND_CREDIT_WITHIN_DAYS,
  TRANSFER_FEE_REFUND_MAX,
  TRANSFER_FEE_REFUND_MIN_ASSETS,
  TRANSFER_JOINT_OR_SPOUSAL_BUSINESS_DAYS,
  TRANSFER_MUTUAL_FUNDS_BUSINESS_DAYS,
} from '../constants.ts';
import type { BusinessCalendar } from '../funding/funding-rules.ts';
import type { Cents } from '../money/cents.ts';
import type { TransferAccountTypeName } from './transfer-compatibility.ts';

/**
 * The transfer offer and timings shown with a transfer (spec section 9): the other firm's
 * transfer-out fee is refunded up to $150 when $15,000 or more is transferred, or when the
 * account's balance reaches $15,000 within 30 days, and the refund is credited within 60
 * days; a transfer takes about 10 business days, a joint or spousal one 12 to 25, mutual funds
 * 5 to 10. The amounts are the constants of constants.ts, in cents here as money is.
 */
export const TRANSFER_FEE_REFUND_MAX_CENTS: Cents = TRANSFER_FEE_REFUND_MAX * 100;
export const TRANSFER_FEE_REFUND_MIN_ASSETS_CENTS: Cents = TRANSFER_FEE_REFUND_MIN_ASSETS * 100;

/** Which of the section 9 timings applies to a transfer. */
export const transferTimingKinds = ['standard', 'jointOrSpousal', 'mutualFunds'] as const;
export type TransferTimingKind = (typeof transferTimingKinds)[number];

/** Business days from submission to the assets arriving, by kind of transfer. */
export const transferDurations = {
  standard: { min: TRANSFER_DURATION_BUSINESS_DAYS, max: TRANSFER_DURATION_BUSINESS_DAYS },
  jointOrSpousal: TRANSFER_JOINT_OR_SPOUSAL_BUSINESS_DAYS,
  mutualFunds: TRANSFER_MUTUAL_FUNDS_BUSINESS_DAYS,
} as const satisfies Record<TransferTimingKind, { min: number; max: number }>;

const spousalTypes: readonly TransferAccountTypeName[] = ['SPRSP', 'SPRIF', 'GROUP_SP_RSP'];

/**
 * The timing of a transfer: joint accounts and spousal plans take longer (the other firm checks
 * more than one person); a transfer of mutual funds only moves through Fundserv, faster; any
 * other is the standard one.
 */
export function transferTimingKindOf(transfer: {
  deliveringAccountType: TransferAccountTypeName;
  holderCount: number;
  mutualFundsOnly: boolean;
}): TransferTimingKind {
  if (transfer.holderCount > 1 || spousalTypes.includes(transfer.deliveringAccountType)) {
    return 'jointOrSpousal';
  }
  return transfer.mutualFundsOnly ? 'mutualFunds' : 'standard';
}

export interface ExpectedTransferDates {
  /** The earliest business day the assets are expected (the same as `latest` for a standard one). */
  earliest: IsoDate;
  latest: IsoDate;
}

/** When a transfer submitted (signed) on `submittedOn` is expected, counted in business days. */
export function expectedTransferDates(
  submittedOn: IsoDate,
  kind: TransferTimingKind,
  calendar: BusinessCalendar,
): ExpectedTransferDates {
  const { min, max } = transferDurations[kind];
  return {
    earliest: calendar.addBusinessDays(submittedOn, min),
    latest: calendar.addBusinessDays(submittedOn, max),
  };
}

export interface FeeRefundInput {
  /** What the transfer brought in, in cents. */
  transferredCents: Cents;
  /** The day the transfer completed: the 30-day balance window starts then. */
  completedOn: IsoDate;
  /** The account's end-of-day balances after it, in cents, by day. */
  balances?: readonly { on: IsoDate; cents: Cents }[];
  /** The transfer-out fee the other firm charged, in cents (from the statement). */
  feeChargedCents: Cents;
}

export type FeeRefund =
  | { qualifies: false }
  | { qualifies: true; qualifiedOn: IsoDate; refundCents: Cents; creditBy: IsoDate };

/**
 * Whether the offer refunds a transfer's fee, how much and by when: it qualifies on the day
 * it completes with $15,000 or more, or on the first day within 30 days after it that the
 * balance reaches $15,000; the refund is the fee up to $150, credited within 60 days of the day
 * it qualified.
 */
export function feeRefundFor(input: FeeRefundInput): FeeRefund {
  const windowEnd = addCalendarDays(input.completedOn, TRANSFER_FEE_REFUND_BALANCE_WINDOW_DAYS);
  const balanceReachedOn = (input.balances ?? [])
    .filter(
      ({ on, cents }) =>
        cents >= TRANSFER_FEE_REFUND_MIN_ASSETS_CENTS &&
        compareIsoDates(on, input.completedOn) >= 0 &&
        compareIsoDates(on, windowEnd) <= 0,
    )
    .map(({ on }) => on)
    .sort(compareIsoDates)[0];
  const qualifiedOn =
    input.transferredCents >= TRANSFER_FEE_REFUND_MIN_ASSETS_CENTS
      ? input.completedOn
      : balanceReachedOn;
  if (qualifiedOn === undefined) return { qualifies: false };
  return {
    qualifies: true,
    qualifiedOn,
    refundCents: Math.max(0, Math.min(input.feeChargedCents, TRANSFER_FEE_REFUND_MAX_CENTS)),
    creditBy: addCalendarDays(qualifiedOn, TRANSFER_FEE_REFUND_CREDIT_WITHIN_DAYS),
  };
}

/** Whole dollars as the offer states them: `$15,000` in English, `15 000 $` in French. */
function wholeDollars(cents: Cents, language: 'en' | 'fr'): string {
  return new Intl.NumberFormat(language === 'fr' ? 'fr-CA' : 'en-CA', {
    style: 'currency',
    currency: 'CAD',
    maximumFractionDigits: 0,
  }).format(cents / 100);
}

/**
 * The offer and the timings as shown with a transfer (spec section 9), from the constants, in
 * a language: the fee refund, then the durations.
 */
export function transferOfferText(language: 'en' | 'fr'): { refund: string; timings: string } {
  const max = wholeDollars(TRANSFER_FEE_REFUND_MAX_CENTS, language);
  const threshold = wholeDollars(TRANSFER_FEE_REFUND_MIN_ASSETS_CENTS, language);
  const windowDays = TRANSFER_FEE_REFUND_BALANCE_WINDOW_DAYS;
  const credit = TRANSFER_FEE_REFUND_CREDIT_WITHIN_DAYS;
  const { standard, jointOrSpousal, mutualFunds } = transferDurations;
  if (language === 'fr') {
    return {
      refund: `Nous remboursons les frais de transfert de l’autre institution, jusqu’à ${max}, si vous transférez ${threshold} ou plus, ou si le solde de votre compte atteint ${threshold} dans les ${windowDays} jours. Le remboursement est porté à votre compte dans les ${credit} jours.`,
      timings: `Un transfert prend environ ${standard.max} jours ouvrables; celui d’un compte conjoint ou d’un régime de conjoint, de ${jointOrSpousal.min} à ${jointOrSpousal.max}; celui de fonds communs de placement, de ${mutualFunds.min} à ${mutualFunds.max}.`,
    };
  }
  return {
    refund: `We refund the other institution’s transfer fees, up to ${max}, when you transfer ${threshold} or more, or when your account’s balance reaches ${threshold} within ${windowDays} days. The refund is credited within ${credit} days.`,
    timings: `A transfer takes about ${standard.max} business days; a joint account or a spousal plan, ${jointOrSpousal.min} to ${jointOrSpousal.max}; mutual funds, ${mutualFunds.min} to ${mutualFunds.max}.`,
  };
}
