import { describe, expect, it } from 'vitest';
import { pensionJurisdictions } from '../enums/pension-jurisdictions.ts';
import {
  lifAnnuityFactor,
  lifMaximum,
  lifMaximumRate,
  lifMaximumRuleOf,
  lifMaximumRules,
} from './lif-maximum.ts';

describe('lifMaximumRate', () => {
  // The Ontario-style table at 6% throughout (research section 4, UBC pension plan).
  it.each([
    [65, 0.0738],
    [71, 0.0845],
    [80, 0.1282],
  ])('matches the published 6%% table at %i', (age, rate) => {
    expect(Math.round(lifMaximumRate(age, 6) * 10_000) / 10_000).toBe(rate);
  });

  it('lets the whole fund be taken from 89 on', () => {
    expect(lifMaximumRate(89, 6)).toBe(1);
    expect(lifMaximumRate(95, 6)).toBe(1);
  });

  it('uses the bond yield for the first 15 years only, then 6%', () => {
    // Age 74: 16 payments, all but the last discounted at the bond yield.
    const at3 = lifAnnuityFactor(74, 3);
    let expected = 0;
    let discount = 1;
    for (let year = 0; year < 16; year += 1) {
      expected += discount;
      discount /= year < 15 ? 1.03 : 1.06;
    }
    expect(at3).toBeCloseTo(expected, 12);
    // A lower yield values the annuity more, so the maximum is smaller.
    expect(lifMaximumRate(74, 3)).toBeLessThan(lifMaximumRate(74, 6));
  });

  it('refuses an age or a rate that is not one', () => {
    expect(() => lifAnnuityFactor(-1, 6)).toThrow(RangeError);
    expect(() => lifAnnuityFactor(70, -0.5)).toThrow(RangeError);
  });
});

describe('lifMaximumRules', () => {
  it('has a rule for every LIF jurisdiction of the spec', () => {
    for (const jurisdiction of pensionJurisdictions.LIF) {
      expect(lifMaximumRules[jurisdiction]).toBeDefined();
    }
  });

  it('allows the previous year’s return in BC, AB, MB and ON only', () => {
    const withReturn = Object.entries(lifMaximumRules)
      .filter(([, rule]) => rule.method === 'greaterOfFormulaAndReturn')
      .map(([jurisdiction]) => jurisdiction)
      .sort();
    expect(withReturn).toEqual(['AB', 'BC', 'MB', 'ON']);
  });

  it('marks what the research could not confirm, and falls back to the federal formula', () => {
    expect(lifMaximumRules.QC.confirmed).toBe(false);
    expect(lifMaximumRuleOf('SK')).toEqual({ method: 'formula', confirmed: false });
  });
});

describe('lifMaximum', () => {
  const fund = { fmvCents: 10_000_000, ageAtJanuary1: 65, bondRatePercent: 6 };

  it('is the formula’s share of the fund, rounded down to the cent', () => {
    const expected = Math.floor(10_000_000 * lifMaximumRate(65, 6));
    expect(lifMaximum({ ...fund, jurisdiction: 'federal' })).toBe(expected);
    expect(expected).toBe(737_987);
  });

  it('is the previous year’s return when larger, where the law allows it', () => {
    const input = { ...fund, previousYearReturnCents: 900_000 };
    expect(lifMaximum({ ...input, jurisdiction: 'ON' })).toBe(900_000);
    expect(lifMaximum({ ...input, jurisdiction: 'NB' })).toBe(737_987);
  });

  it('is prorated by the months left in the first year', () => {
    expect(lifMaximum({ ...fund, jurisdiction: 'federal', firstYearMonths: 6 })).toBe(368_993);
    expect(() => lifMaximum({ ...fund, jurisdiction: 'federal', firstYearMonths: 13 })).toThrow(
      RangeError,
    );
  });

  it('never exceeds the fund', () => {
    const input = { ...fund, jurisdiction: 'BC' as const, previousYearReturnCents: 20_000_000 };
    expect(lifMaximum(input)).toBe(10_000_000);
  });
});
