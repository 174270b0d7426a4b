import { describe, expect, it } from 'vitest';
import {
  annualPaymentTypes,
  grossOrNet,
  minPaymentTypes,
  paymentDays,
  TAX_CALC_OPTION_PERCENTAGE,
} from '../enums/rif.ts';
import { businessCalendarOf } from '../funding/funding-rules.ts';
import {
  firstPayment,
  paymentShares,
  yearAmounts,
  type FirstPaymentSetup,
  type PaymentAmounts,
} from './first-payment.ts';
import { payoutFrequencies, type PayoutFrequency } from './payout-frequencies.ts';
import {
  paymentMonthsInYear,
  paymentSchedule,
  type PaymentScheduleInput,
  type ScheduledPayment,
} from './payment-schedule.ts';

const weekdays = businessCalendarOf([]);

/** First-payment.test.ts's setup: the spouse's age, monthly from January 15, 2027, 10% extra. */
const setup: FirstPaymentSetup = {
  minPaymentTypeId: minPaymentTypes.SpouseAge,
  minPaymentSpouseDob: '1960-05-05',
  annualPaymentTypeId: annualPaymentTypes.Minimum,
  annualPaymentGrossOrNet: grossOrNet.Gross,
  annualPaymentOtherAmountCents: undefined,
  taxCalcOptionTypeId: TAX_CALC_OPTION_PERCENTAGE,
  taxOptionPercent: 10,
  payoutFrequencyId: payoutFrequencies.Monthly,
  startDateTypeId: paymentDays.Fifteenth,
  paymentStartMonth: 1,
  paymentStartYear: 2027,
};

const input: PaymentScheduleInput = {
  setup,
  ownBirthDate: '1955-03-10',
  // $240,000: the spouse is 66 on January 1, 2027, so that year's minimum is $10,000.
  fmvCents: 24_000_000,
  setupYear: 2026,
  province: 'ON',
  year: 2027,
  calendar: weekdays,
};

function totalOf(payments: readonly PaymentAmounts[]): PaymentAmounts {
  return payments.reduce(
    (sum, payment) => ({
      grossCents: sum.grossCents + payment.grossCents,
      withholdingCents: sum.withholdingCents + payment.withholdingCents,
      netCents: sum.netCents + payment.netCents,
    }),
    { grossCents: 0, withholdingCents: 0, netCents: 0 },
  );
}

const daysOf = (payments: readonly ScheduledPayment[]) =>
  payments.map((payment) => payment.scheduledOn);

function scheduleOf(changes: Partial<FirstPaymentSetup>, year: number) {
  return paymentSchedule({ ...input, setup: { ...setup, ...changes }, year });
}

describe('paymentSchedule', () => {
  it('pays monthly on the 15th, a twelfth of the year each, the last taking the odd cents', () => {
    const year = paymentSchedule(input);
    expect(daysOf(year.payments)).toEqual(
      Array.from({ length: 12 }, (_, index) => `2027-${String(index + 1).padStart(2, '0')}-15`),
    );
    expect(year.minimumCents).toBe(1_000_000);
    expect(year.annual).toEqual({
      grossCents: 1_000_000,
      withholdingCents: 100_000,
      netCents: 900_000,
    });
    const eleven = year.payments.slice(0, 11);
    for (const payment of eleven) {
      expect(payment).toMatchObject({
        grossCents: 83_333,
        withholdingCents: 8_333,
        netCents: 75_000,
      });
    }
    // $10,000 is 12 x $833.33 and 4 cents: the December payment takes them.
    expect(year.payments[11]).toMatchObject({
      grossCents: 83_337,
      withholdingCents: 8_337,
      netCents: 75_000,
    });
    expect(totalOf(year.payments)).toEqual(year.annual);
  });

  it('pays a later year on that year’s minimum, at the age of January 1 of it', () => {
    const next = paymentSchedule({ ...input, year: 2028 });
    // The spouse is 67 on January 1, 2028: 1/23 of $240,000.
    expect(next.minimumCents).toBe(1_043_478);
    expect(next.payments).toHaveLength(12);
    expect(next.annual).toEqual(yearAmounts({ ...input, year: 2028 }).annual);
    expect(totalOf(next.payments)).toEqual(next.annual);
  });

  it('pays quarterly on the start month’s rhythm across the new year', () => {
    const quarterly = { payoutFrequencyId: payoutFrequencies.Quarterly, paymentStartMonth: 11 };
    expect(daysOf(scheduleOf(quarterly, 2027).payments)).toEqual(['2027-11-15']);
    expect(daysOf(scheduleOf(quarterly, 2028).payments)).toEqual([
      '2028-02-15',
      '2028-05-15',
      '2028-08-15',
      '2028-11-15',
    ]);
    // The one payment of 2027 pays that whole year's amount.
    expect(scheduleOf(quarterly, 2027).payments[0]?.grossCents).toBe(1_000_000);
  });

  it('pays twice a year six months apart, on the last day of the month', () => {
    const semiAnnual = {
      payoutFrequencyId: payoutFrequencies.SemiAnnual,
      paymentStartMonth: 8,
      startDateTypeId: paymentDays.LastDay,
    };
    expect(daysOf(scheduleOf(semiAnnual, 2027).payments)).toEqual(['2027-08-31']);
    expect(daysOf(scheduleOf(semiAnnual, 2028).payments)).toEqual(['2028-02-29', '2028-08-31']);
  });

  it('pays once a year in the start month, the whole year’s amount', () => {
    const annual = { payoutFrequencyId: payoutFrequencies.Annual, paymentStartMonth: 3 };
    const year = scheduleOf(annual, 2029);
    expect(daysOf(year.payments)).toEqual(['2029-03-15']);
    expect(year.payments[0]).toMatchObject(year.annual);
  });

  it('starts mid-year: nothing the year before, then the year’s amount over the months left', () => {
    const fromJune = { paymentStartMonth: 6 };
    expect(scheduleOf(fromJune, 2026)).toEqual({
      year: 2026,
      payments: [],
      minimumCents: 0,
      annual: { grossCents: 0, withholdingCents: 0, netCents: 0 },
    });
    const year = scheduleOf(fromJune, 2027);
    expect(daysOf(year.payments)).toEqual([
      '2027-06-15',
      '2027-07-15',
      '2027-08-15',
      '2027-09-15',
      '2027-10-15',
      '2027-11-15',
      '2027-12-15',
    ]);
    // $10,000 over 7: six of $1,428.57 and a last of $1,428.58; $1,000 withheld likewise.
    expect(year.payments[0]).toMatchObject({ grossCents: 142_857, withholdingCents: 14_285 });
    expect(year.payments[6]).toMatchObject({ grossCents: 142_858, withholdingCents: 14_290 });
    expect(totalOf(year.payments)).toEqual(year.annual);
    // January 2028 is on the same monthly rhythm: twelve payments.
    expect(scheduleOf(fromJune, 2028).payments).toHaveLength(12);
  });

  it('pays a 15th that is a Sunday on the Friday before, and a closed day the day before it', () => {
    const year = paymentSchedule({ ...input, calendar: businessCalendarOf(['2027-10-15']) });
    // August 15, 2027 is a Sunday.
    expect(year.payments[7]).toMatchObject({ scheduledOn: '2027-08-15', paidOn: '2027-08-13' });
    expect(year.payments[9]).toMatchObject({ scheduledOn: '2027-10-15', paidOn: '2027-10-14' });
    expect(year.payments[0]).toMatchObject({ scheduledOn: '2027-01-15', paidOn: '2027-01-15' });
  });

  it('pays in each year exactly its annual figures, whatever the frequency and the amount', () => {
    const frequencies: PayoutFrequency[] = Object.values(payoutFrequencies);
    for (const payoutFrequencyId of frequencies) {
      for (const paymentStartMonth of [1, 5, 12]) {
        for (const year of [2027, 2028]) {
          const schedule = scheduleOf(
            {
              payoutFrequencyId,
              paymentStartMonth,
              annualPaymentTypeId: annualPaymentTypes.Other,
              annualPaymentOtherAmountCents: 1_234_567,
              taxOptionPercent: 7.5,
            },
            year,
          );
          expect(totalOf(schedule.payments)).toEqual(schedule.annual);
          expect(schedule.annual.grossCents).toBe(1_234_567);
          for (const payment of schedule.payments) {
            expect(payment.netCents).toBe(payment.grossCents - payment.withholdingCents);
          }
        }
      }
    }
  });

  it('has the first payment shown at setup as its first payment', () => {
    for (const changes of [
      {},
      { paymentStartMonth: 6 },
      { startDateTypeId: paymentDays.LastDay },
    ]) {
      const changed = { ...setup, ...changes };
      const first = firstPayment({ ...input, setup: changed });
      const [scheduled] = scheduleOf(changes, 2027).payments;
      expect(scheduled).toEqual({
        scheduledOn: first.scheduledOn,
        paidOn: first.paidOn,
        grossCents: first.grossCents,
        withholdingCents: first.withholdingCents,
        netCents: first.netCents,
      });
    }
  });
});

describe('paymentMonthsInYear', () => {
  it.each([
    [payoutFrequencies.Monthly, 12, 2028, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]],
    [payoutFrequencies.Quarterly, 3, 2028, [3, 6, 9, 12]],
    [payoutFrequencies.Quarterly, 2, 2027, [2, 5, 8, 11]],
    [payoutFrequencies.SemiAnnual, 12, 2028, [6, 12]],
    [payoutFrequencies.Annual, 7, 2028, [7]],
    [payoutFrequencies.Annual, 7, 2026, []],
  ] as const)('frequency %i from month %i of 2027, in %i: %j', (frequency, month, year, months) => {
    expect(
      paymentMonthsInYear(
        { payoutFrequencyId: frequency, paymentStartMonth: month, paymentStartYear: 2027 },
        year,
      ),
    ).toEqual(months);
  });
});

describe('paymentShares', () => {
  it('never pays a negative part when the year’s net is a few cents', () => {
    // Equal shares would withhold 1 cent of each of the first two and 3 of the last's 2.
    const shares = paymentShares({ grossCents: 6, withholdingCents: 5, netCents: 1 }, 3);
    expect(totalOf(shares)).toEqual({ grossCents: 6, withholdingCents: 5, netCents: 1 });
    for (const share of shares) {
      expect(share.withholdingCents).toBeGreaterThanOrEqual(0);
      expect(share.netCents).toBeGreaterThanOrEqual(0);
    }
    expect(shares).toEqual([
      { grossCents: 2, withholdingCents: 1, netCents: 1 },
      { grossCents: 2, withholdingCents: 2, netCents: 0 },
      { grossCents: 2, withholdingCents: 2, netCents: 0 },
    ]);
  });

  it('refuses a year without payments', () => {
    expect(() => paymentShares({ grossCents: 100, withholdingCents: 0, netCents: 100 }, 0)).toThrow(
      RangeError,
    );
  });
});
