import { describe, expect, it } from 'vitest';
import {
  minimumAgeAtJanuary1,
  rifMinimum,
  rrifMinimumFactor,
  RRIF_MINIMUM_FACTORS_SOURCE,
} from './minimum-factors.ts';

describe('rrifMinimumFactor', () => {
  // CRA's chart of prescribed factors, "all other RRIFs", copied row by row.
  const chart: [number, number][] = [
    [71, 0.0528],
    [72, 0.054],
    [73, 0.0553],
    [74, 0.0567],
    [75, 0.0582],
    [76, 0.0598],
    [77, 0.0617],
    [78, 0.0636],
    [79, 0.0658],
    [80, 0.0682],
    [81, 0.0708],
    [82, 0.0738],
    [83, 0.0771],
    [84, 0.0808],
    [85, 0.0851],
    [86, 0.0899],
    [87, 0.0955],
    [88, 0.1021],
    [89, 0.1099],
    [90, 0.1192],
    [91, 0.1306],
    [92, 0.1449],
    [93, 0.1634],
    [94, 0.1879],
    [95, 0.2],
  ];

  it.each(chart)('is the chart’s factor at %i', (age, factor) => {
    expect(rrifMinimumFactor(age)).toBe(factor);
  });

  it('stays at 0.20 past 95', () => {
    expect(rrifMinimumFactor(96)).toBe(0.2);
    expect(rrifMinimumFactor(104)).toBe(0.2);
  });

  it.each([
    [50, 1 / 40],
    [65, 0.04],
    [69, 1 / 21],
    [70, 0.05],
  ])('is 1/(90 - age) under 71: %i', (age, factor) => {
    expect(rrifMinimumFactor(age)).toBeCloseTo(factor, 12);
  });

  it('refuses an age that is not a whole number of years', () => {
    expect(() => rrifMinimumFactor(-1)).toThrow(RangeError);
    expect(() => rrifMinimumFactor(70.5)).toThrow(RangeError);
  });

  it('names its source and the year it applies from', () => {
    expect(RRIF_MINIMUM_FACTORS_SOURCE.url).toContain('canada.ca/en/revenue-agency');
    expect(RRIF_MINIMUM_FACTORS_SOURCE.effectiveFromYear).toBe(2015);
  });
});

describe('rifMinimum', () => {
  const fund = { fmvCents: 10_000_000, setupYear: 2025, year: 2027 };

  it('is the value on January 1 times the factor, in cents', () => {
    expect(rifMinimum({ ...fund, ageAtJanuary1: 71 })).toBe(528_000);
    expect(rifMinimum({ ...fund, ageAtJanuary1: 95 })).toBe(2_000_000);
    expect(rifMinimum({ ...fund, ageAtJanuary1: 65 })).toBe(400_000);
  });

  it('rounds 1/(90 - age) of the value to the nearest cent', () => {
    // $100,000.10 / 30 = $3,333.336...
    expect(rifMinimum({ ...fund, fmvCents: 10_000_010, ageAtJanuary1: 60 })).toBe(333_334);
  });

  it('is nothing in the year the fund is set up', () => {
    expect(rifMinimum({ ...fund, ageAtJanuary1: 80, year: 2025 })).toBe(0);
    expect(rifMinimum({ ...fund, ageAtJanuary1: 80, year: 2026 })).toBe(682_000);
  });

  it('refuses a year before the fund existed and a value that is not whole cents', () => {
    expect(() => rifMinimum({ ...fund, ageAtJanuary1: 71, year: 2024 })).toThrow(RangeError);
    expect(() => rifMinimum({ ...fund, fmvCents: 10.5, ageAtJanuary1: 71 })).toThrow(RangeError);
  });
});

describe('minimumAgeAtJanuary1', () => {
  const birthDates = { own: '1955-06-01', spouse: '1960-01-02' };

  it('is the annuitant’s age on January 1 of the year', () => {
    expect(minimumAgeAtJanuary1(2027, birthDates, false)).toBe(71);
  });

  it('is the spouse’s when their age was elected (a younger spouse, a smaller minimum)', () => {
    // Born January 2, 1960: still 66 on January 1, 2027.
    expect(minimumAgeAtJanuary1(2027, birthDates, true)).toBe(66);
    expect(rrifMinimumFactor(66)).toBeLessThan(rrifMinimumFactor(71));
  });

  it('counts a birthday on January 1 itself', () => {
    expect(minimumAgeAtJanuary1(2027, { own: '1956-01-01' }, false)).toBe(71);
  });

  it('needs the spouse’s birth date when their age is used', () => {
    expect(() => minimumAgeAtJanuary1(2027, { own: '1955-06-01' }, true)).toThrow(RangeError);
  });
});
