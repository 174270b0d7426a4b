import type { IsoDate } from '../calendar/iso-date.ts';
import type { BusinessCalendar } from '../funding/funding-rules.ts';
import type { Cents } from '../money/cents.ts';
import {
  businessDayOnOrBefore,
  paymentShares,
  paymentsLeftInYear,
  yearAmounts,
  type PaymentAmounts,
  type YearAmountsInput,
} from './first-payment.ts';
import { payoutIntervalMonths } from './payout-frequencies.ts';
import { rifPaymentDate } from './rif-payout-schema.ts';

/**
 * The payments of a RRIF payout setup in one calendar year (issue 35), as they are paid: the
 * same rules as the first payment (first-payment.ts), carried on through the years. A payment
 * falls every `payoutIntervalMonths` from the start month, on the 15th or the last day of its
 * month, and is paid on the business day on or before it. The year's amounts are spread evenly
 * over that year's payments, so each year pays exactly its annual figures, minimum included.
 */

export type PaymentScheduleInput = YearAmountsInput & {
  /** The payments calendar: a payment day that is not a business day is paid the one before. */
  calendar: BusinessCalendar;
};

export interface ScheduledPayment extends PaymentAmounts {
  /** The day chosen: the 15th or the last day of the month. */
  scheduledOn: IsoDate;
  /** The day it is paid: the scheduled day, or the business day before it. */
  paidOn: IsoDate;
}

export interface YearSchedule {
  year: number;
  /** In date order; none in a year before the first payment's. */
  payments: ScheduledPayment[];
  /** The year's minimum (0 in the year the fund is set up, and when nothing is paid). */
  minimumCents: Cents;
  /** What the payments add up to. */
  annual: PaymentAmounts;
}

/**
 * The months of `year` a setup pays in. The start year pays from the start month; a later
 * year from the first month on the same rhythm (quarterly from November: February, May,
 * August, November), so the interval between payments holds across the new year.
 */
export function paymentMonthsInYear(
  setup: Pick<
    PaymentScheduleInput['setup'],
    'payoutFrequencyId' | 'paymentStartMonth' | 'paymentStartYear'
  >,
  year: number,
): number[] {
  if (year < setup.paymentStartYear) return [];
  const interval = payoutIntervalMonths[setup.payoutFrequencyId];
  const firstMonth =
    year === setup.paymentStartYear
      ? setup.paymentStartMonth
      : ((setup.paymentStartMonth - 1) % interval) + 1;
  const count = paymentsLeftInYear(firstMonth, setup.payoutFrequencyId);
  return Array.from({ length: count }, (_, index) => firstMonth + index * interval);
}

const nothing: PaymentAmounts = { grossCents: 0, withholdingCents: 0, netCents: 0 };

/** The payments of `input.year`, with their days and amounts. */
export function paymentSchedule(input: PaymentScheduleInput): YearSchedule {
  const { setup, year, calendar } = input;
  const months = paymentMonthsInYear(setup, year);
  // Before the first payment's year there is nothing to pay, and the fund may not exist yet
  // (a minimum of a year before the setup's cannot be computed).
  if (months.length === 0) return { year, payments: [], minimumCents: 0, annual: nothing };
  const { minimumCents, annual } = yearAmounts(input);
  const shares = paymentShares(annual, months.length);
  const payments = months.map((month, index): ScheduledPayment => {
    const scheduledOn = rifPaymentDate(setup.startDateTypeId, year, month);
    return {
      scheduledOn,
      paidOn: businessDayOnOrBefore(scheduledOn, calendar),
      ...shares[index]!,
    };
  });
  return { year, payments, minimumCents, annual };
}
