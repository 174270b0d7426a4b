import { addCalendarDays, type IsoDate } from '../calendar/iso-date.ts';
import type { ProvinceCode } from '../enums/provinces.ts';
import {
  annualPaymentTypes,
  grossOrNet,
  minPaymentTypes,
  TAX_CALC_OPTION_PERCENTAGE,
} from '../enums/rif.ts';
import type { BusinessCalendar } from '../funding/funding-rules.ts';
import type { Cents } from '../money/cents.ts';
import { minimumAgeAtJanuary1, rifMinimum } from './minimum-factors.ts';
import { payoutIntervalMonths } from './payout-frequencies.ts';
import { rifPaymentDate, type RifPayoutSetup } from './rif-payout-schema.ts';
import { grossForNet, rifWithholding, type WithholdingOptions } from './withholding.ts';

/**
 * The first payment of a setup, as shown before it is saved (issue 15: "the first payment's
 * amount shown"): its date, and its share of the year's amount, before and after tax. The
 * year's amount is spread evenly over the payments left in that year, so the year's total is
 * what was chosen and the minimum is paid within the year it is due.
 */

export type FirstPaymentSetup = Pick<
  RifPayoutSetup,
  | 'minPaymentTypeId'
  | 'minPaymentSpouseDob'
  | 'annualPaymentTypeId'
  | 'annualPaymentGrossOrNet'
  | 'annualPaymentOtherAmountCents'
  | 'taxCalcOptionTypeId'
  | 'taxOptionPercent'
  | 'payoutFrequencyId'
  | 'startDateTypeId'
  | 'paymentStartMonth'
  | 'paymentStartYear'
>;

export interface FirstPaymentInput {
  setup: FirstPaymentSetup;
  ownBirthDate: IsoDate;
  /**
   * The fund's value on January 1 of the first payment's year; when that January 1 is still
   * ahead, today's value stands in for it (the result is then an estimate).
   */
  fmvCents: Cents;
  setupYear: number;
  /** The annuitant's province of residence, for the withholding. */
  province: ProvinceCode;
  /** Quebec's withholding part from configuration (withholding.ts). */
  quebecPercent?: number;
  /** The year's maximum of a life income fund (lif-maximum.ts), when the maximum is chosen. */
  maximumCents?: Cents;
  /** With a calendar, a payment day that is not a business day is paid the business day before. */
  calendar?: BusinessCalendar;
}

export interface PaymentAmounts {
  grossCents: Cents;
  withholdingCents: Cents;
  netCents: Cents;
}

export interface FirstPayment extends PaymentAmounts {
  /** The day chosen: the 15th or the last day of the start month. */
  scheduledOn: IsoDate;
  /** The day it is paid: the scheduled day, or the business day before it. */
  paidOn: IsoDate;
  year: number;
  /** Payments from the first one to December of that year. */
  paymentsInYear: number;
  /** The year's minimum (0 in the year the fund is set up). */
  minimumCents: Cents;
  /** The year's totals. */
  annual: PaymentAmounts;
}

/** How many payments fall from `startMonth` to December at a frequency. */
export function paymentsLeftInYear(
  startMonth: number,
  payoutFrequencyId: FirstPaymentSetup['payoutFrequencyId'],
): number {
  const interval = payoutIntervalMonths[payoutFrequencyId];
  return Math.floor((12 - startMonth) / interval) + 1;
}

/**
 * The business day on or before `date`: never after the day chosen, and a December 31
 * payment stays in its year, where its minimum is due (rolling forward would move it out).
 */
export function businessDayOnOrBefore(date: IsoDate, calendar: BusinessCalendar): IsoDate {
  let day = date;
  while (!calendar.isBusinessDay(day)) day = addCalendarDays(day, -1);
  return day;
}

/** What a year's amounts are computed from: the first payment's input, for any year. */
export type YearAmountsInput = Omit<FirstPaymentInput, 'calendar'> & {
  /** The calendar year; `fmvCents` and `maximumCents` are that year's. */
  year: number;
};

/** A year's minimum and the totals paid that year, before and after tax. */
export interface YearAmounts {
  /** The year's minimum (0 in the year the fund is set up). */
  minimumCents: Cents;
  annual: PaymentAmounts;
}

/** The year's gross amount for the choice made, never below the minimum. */
function annualGross(
  input: YearAmountsInput,
  minimumCents: Cents,
  options: WithholdingOptions,
): Cents {
  const { setup } = input;
  if (setup.annualPaymentTypeId === annualPaymentTypes.Minimum) return minimumCents;
  if (setup.annualPaymentTypeId === annualPaymentTypes.Maximum) {
    if (input.maximumCents === undefined) {
      throw new RangeError('The maximum is chosen: the fund’s maximum is needed');
    }
    return Math.max(input.maximumCents, minimumCents);
  }
  const chosen = setup.annualPaymentOtherAmountCents ?? 0;
  const gross =
    setup.annualPaymentGrossOrNet === grossOrNet.Net
      ? grossForNet(chosen, minimumCents, options)
      : chosen;
  // The law's minimum is paid even when a smaller amount was chosen.
  return Math.max(gross, minimumCents);
}

/**
 * A year's amounts: its minimum, on the age at January 1 of `year` (the spouse's when
 * elected), and what the choice made pays that year with its withholding. The first payment
 * and the payments of every later year (payment-schedule.ts) are shares of it.
 */
export function yearAmounts(input: YearAmountsInput): YearAmounts {
  const { setup, year } = input;
  const age = minimumAgeAtJanuary1(
    year,
    { own: input.ownBirthDate, spouse: setup.minPaymentSpouseDob },
    setup.minPaymentTypeId === minPaymentTypes.SpouseAge,
  );
  const minimumCents = rifMinimum({
    fmvCents: input.fmvCents,
    ageAtJanuary1: age,
    setupYear: input.setupYear,
    year,
  });
  const options: WithholdingOptions = {
    province: input.province,
    extraPercent:
      setup.taxCalcOptionTypeId === TAX_CALC_OPTION_PERCENTAGE ? (setup.taxOptionPercent ?? 0) : 0,
    quebecPercent: input.quebecPercent,
  };
  const withholding = rifWithholding(
    annualGross(input, minimumCents, options),
    minimumCents,
    options,
  );
  return {
    minimumCents,
    annual: {
      grossCents: withholding.grossCents,
      withholdingCents: withholding.totalCents,
      netCents: withholding.netCents,
    },
  };
}

/**
 * A year's amounts spread over its `count` payments: the gross and the withholding in equal
 * whole cents, the last payment taking the odd cents of each, so the payments add up to the
 * year's figures exactly; each net is its gross less its withholding.
 *
 * When the year's net is only a few cents a payment, the last payment's withholding could
 * come out above its gross (a negative net). That excess is then withheld on the payments
 * before it instead, latest first, each up to its whole gross: the totals stay exact and no
 * payment has a negative part. Real amounts never get there, so their shares stay equal.
 */
export function paymentShares(annual: PaymentAmounts, count: number): PaymentAmounts[] {
  if (!Number.isInteger(count) || count < 1) {
    throw new RangeError(`A year has 1 payment or more, not ${count}`);
  }
  const last = count - 1;
  const gross = Math.floor(annual.grossCents / count);
  const withheld = Math.floor(annual.withholdingCents / count);
  const lastGross = annual.grossCents - gross * last;
  const lastWithheld = annual.withholdingCents - withheld * last;
  // Positive only in the case above; each earlier payment can take `room` more withholding,
  // and together they always can take it all (the year's net is never negative).
  const excess = Math.max(0, lastWithheld - lastGross);
  const room = gross - withheld;
  const movedTo = (index: number): Cents => {
    if (excess === 0) return 0;
    const fromLast = last - index;
    const filled = Math.floor(excess / room);
    if (fromLast <= filled) return room;
    return fromLast === filled + 1 ? excess % room : 0;
  };
  return Array.from({ length: count }, (_, index) => {
    const grossCents = index === last ? lastGross : gross;
    const withholdingCents = index === last ? lastWithheld - excess : withheld + movedTo(index);
    return { grossCents, withholdingCents, netCents: grossCents - withholdingCents };
  });
}

export function firstPayment(input: FirstPaymentInput): FirstPayment {
  const { setup } = input;
  const year = setup.paymentStartYear;
  const scheduledOn = rifPaymentDate(setup.startDateTypeId, year, setup.paymentStartMonth);
  const paidOn = input.calendar ? businessDayOnOrBefore(scheduledOn, input.calendar) : scheduledOn;
  const { minimumCents, annual } = yearAmounts({ ...input, year });
  const paymentsInYear = paymentsLeftInYear(setup.paymentStartMonth, setup.payoutFrequencyId);
  return {
    scheduledOn,
    paidOn,
    year,
    paymentsInYear,
    minimumCents,
    // The schedule's first share (payment-schedule.ts), so what is shown is what is paid.
    ...paymentShares(annual, paymentsInYear)[0]!,
    annual,
  };
}
