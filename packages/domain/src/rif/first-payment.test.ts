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
  businessDayOnOrBefore,
  firstPayment,
  paymentsLeftInYear,
  type FirstPaymentInput,
  type FirstPaymentSetup,
} from './first-payment.ts';
import { payoutFrequencies } from './payout-frequencies.ts';
import { rifWithholding } from './withholding.ts';

const weekdays = businessCalendarOf([]);

/** The e2e setup: the spouse's age, monthly from January 15, 10% extra withholding. */
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

const input: FirstPaymentInput = {
  setup,
  ownBirthDate: '1955-03-10',
  // $240,000: the spouse is 66 on January 1, 2027, so the minimum is 1/24 of it, $10,000.
  fmvCents: 24_000_000,
  setupYear: 2026,
  province: 'ON',
};

describe('paymentsLeftInYear', () => {
  it.each([
    [1, payoutFrequencies.Monthly, 12],
    [12, payoutFrequencies.Monthly, 1],
    [3, payoutFrequencies.Quarterly, 4],
    [11, payoutFrequencies.Quarterly, 1],
    [8, payoutFrequencies.SemiAnnual, 1],
    [6, payoutFrequencies.SemiAnnual, 2],
    [1, payoutFrequencies.Annual, 1],
  ] as const)('from month %i at frequency %i: %i', (month, frequency, count) => {
    expect(paymentsLeftInYear(month, frequency)).toBe(count);
  });
});

describe('firstPayment', () => {
  it('pays a twelfth of the spouse-age minimum, with the 10% extra withheld', () => {
    const first = firstPayment(input);
    expect(first.scheduledOn).toBe('2027-01-15');
    expect(first.minimumCents).toBe(1_000_000);
    expect(first.paymentsInYear).toBe(12);
    expect(first.annual).toEqual({
      grossCents: 1_000_000,
      withholdingCents: 100_000,
      netCents: 900_000,
    });
    expect(first.grossCents).toBe(83_333);
    expect(first.withholdingCents).toBe(8_333);
    expect(first.netCents).toBe(75_000);
  });

  it('uses the annuitant’s own age when the spouse’s was not elected', () => {
    const own = firstPayment({
      ...input,
      setup: { ...setup, minPaymentTypeId: minPaymentTypes.OwnAge },
    });
    // 71 on January 1, 2027: 5.28% of $240,000.
    expect(own.minimumCents).toBe(1_267_200);
  });

  it('pays a weekend payment day on the business day before, in the same year', () => {
    const lastDay = { ...setup, startDateTypeId: paymentDays.LastDay };
    const january = firstPayment({ ...input, setup: lastDay, calendar: weekdays });
    // January 31, 2027 is a Sunday.
    expect(january.scheduledOn).toBe('2027-01-31');
    expect(january.paidOn).toBe('2027-01-29');
    // December 31, 2028 is a Sunday: paid Friday the 29th, not in January.
    expect(businessDayOnOrBefore('2028-12-31', weekdays)).toBe('2028-12-29');
  });

  it('spreads the year’s amount over the payments left from the start month', () => {
    const fromOctober = firstPayment({
      ...input,
      setup: { ...setup, paymentStartMonth: 10, payoutFrequencyId: payoutFrequencies.Quarterly },
    });
    // Quarterly from October: one payment left this year, which pays the whole minimum.
    expect(fromOctober.paymentsInYear).toBe(1);
    expect(fromOctober.grossCents).toBe(1_000_000);
  });

  it('withholds on the excess of another amount, chosen gross', () => {
    const other = firstPayment({
      ...input,
      setup: {
        ...setup,
        annualPaymentTypeId: annualPaymentTypes.Other,
        annualPaymentOtherAmountCents: 1_400_000,
        taxCalcOptionTypeId: 1,
        taxOptionPercent: undefined,
        payoutFrequencyId: payoutFrequencies.Annual,
      },
    });
    // $4,000 above the $10,000 minimum, at 10%.
    expect(other.annual).toEqual({
      grossCents: 1_400_000,
      withholdingCents: 40_000,
      netCents: 1_360_000,
    });
  });

  it('grosses up another amount chosen net', () => {
    const net = firstPayment({
      ...input,
      setup: {
        ...setup,
        annualPaymentTypeId: annualPaymentTypes.Other,
        annualPaymentGrossOrNet: grossOrNet.Net,
        annualPaymentOtherAmountCents: 1_400_000,
        payoutFrequencyId: payoutFrequencies.Annual,
      },
    });
    expect(net.annual.netCents).toBeGreaterThanOrEqual(1_400_000);
    const oneCentLess = rifWithholding(net.annual.grossCents - 1, 1_000_000, {
      province: 'ON',
      extraPercent: 10,
    });
    expect(oneCentLess.netCents).toBeLessThan(1_400_000);
  });

  it('pays at least the minimum when a smaller amount is chosen', () => {
    const small = firstPayment({
      ...input,
      setup: {
        ...setup,
        annualPaymentTypeId: annualPaymentTypes.Other,
        annualPaymentOtherAmountCents: 100_000,
        payoutFrequencyId: payoutFrequencies.Annual,
      },
    });
    expect(small.annual.grossCents).toBe(1_000_000);
  });

  it('has no minimum in the setup year, so all of another amount is withheld on', () => {
    const thisYear = firstPayment({
      ...input,
      setupYear: 2027,
      setup: {
        ...setup,
        annualPaymentTypeId: annualPaymentTypes.Other,
        annualPaymentOtherAmountCents: 400_000,
        taxCalcOptionTypeId: 1,
        payoutFrequencyId: payoutFrequencies.Annual,
      },
    });
    expect(thisYear.minimumCents).toBe(0);
    expect(thisYear.annual.withholdingCents).toBe(40_000);
  });

  it('pays the life income fund’s maximum when chosen, and needs it', () => {
    const maximum = { ...setup, annualPaymentTypeId: annualPaymentTypes.Maximum };
    expect(
      firstPayment({ ...input, setup: maximum, maximumCents: 2_400_000 }).annual.grossCents,
    ).toBe(2_400_000);
    expect(() => firstPayment({ ...input, setup: maximum })).toThrow(RangeError);
  });
});
