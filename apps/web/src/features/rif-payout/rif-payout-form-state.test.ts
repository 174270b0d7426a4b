import { describe, expect, it } from 'vitest';
import type { RifOptions } from '@portal/domain/rif/rif-api';
import { initialFormState, payloadOf, percentOf, previewOf } from './rif-payout-form-state.ts';

const options: RifOptions = {
  today: '2026-11-16',
  setupYear: 2026,
  ownBirthDate: '1985-03-27',
  province: 'QC',
  rates: { quebecExcessPercent: 14, lifBondRatePercent: 6 },
  funds: [
    {
      accountId: 'bbbbbbbb-0000-4000-8000-000000000008',
      accountTypeId: 8,
      accountTypeName: 'rrif',
      currencyTypeId: 1,
      pensionJurisdiction: null,
      transfersValueCents: 5_000_000,
      setup: null,
    },
  ],
  cashAccounts: [],
  nonProcessingDays: ['2027-04-30'],
};
const fund = options.funds[0]!;

describe('the RRIF payout form’s answers', () => {
  it('start on the minimum, monthly from January 15 next year, on the transfers’ value', () => {
    const state = initialFormState(options, fund);
    expect(state).toMatchObject({
      annualPaymentTypeId: 1,
      payoutFrequencyId: 1,
      startDateTypeId: 1,
      startMonth: 1,
      startYear: 2027,
      fundValue: { text: '50000.00', cents: 5_000_000 },
    });
    // Own age 41 on January 1, 2027: 1/49 of $50,000 is $1,020.41, paid in 12.
    expect(previewOf(state, options, fund)).toMatchObject({
      minimumCents: 102_041,
      grossCents: 8_503,
    });
  });

  it('pay a day the payments calendar closes on the business day before', () => {
    const state = { ...initialFormState(options, fund), startDateTypeId: 2, startMonth: 4 };
    expect(previewOf(state, options, fund)).toMatchObject({
      scheduledOn: '2027-04-30',
      paidOn: '2027-04-29',
    });
  });

  it('withhold Quebec’s configured part on another amount above the minimum', () => {
    const state = {
      ...initialFormState(options, fund),
      annualPaymentTypeId: 2,
      otherAmount: { text: '6020.41', cents: 602_041 },
    };
    // $5,000 above the minimum: 5% federal and 14% Quebec, $950 for the year.
    expect(previewOf(state, options, fund)?.annual.withholdingCents).toBe(95_000);
    expect(
      previewOf({ ...state, otherAmount: { text: 'x', cents: 'invalid' } }, options, fund),
    ).toBeUndefined();
  });

  it('send only what the choices use, the percentage as a number', () => {
    const state = {
      ...initialFormState(options, fund),
      taxCalcOptionTypeId: 2,
      taxPercent: '12,5',
      paymentByTypeId: 2,
      payoutAccountId: 'cccccccc-0000-4000-8000-000000000001',
    };
    const payload = payloadOf(state, fund);
    expect(payload).toMatchObject({
      taxOptionPercent: 12.5,
      taxPercentTypeId: 1,
      paymentByTypeId: 2,
    });
    expect(payload).not.toHaveProperty('minPaymentSpouseSin');
    expect(payload).not.toHaveProperty('bankAccountId');
    expect(percentOf('ten')).toBeNaN();
    expect(percentOf('')).toBeUndefined();
  });
});
