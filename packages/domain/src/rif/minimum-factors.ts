import { ageOn } from '../rules/person.ts';
import type { Cents } from '../money/cents.ts';

/**
 * The RRIF minimum (research section 4; Income Tax Regulations s. 7308): each year after the
 * one the fund is set up in, at least the fair market value on January 1 times a factor of the
 * annuitant's age on that day. Kept as dated data so a change of the factors is a new entry,
 * not an edit that silently rewrites past years' minimums.
 */

/** Where the factors come from, and since when they apply (the 2015 federal budget's table). */
export const RRIF_MINIMUM_FACTORS_SOURCE = {
  url: 'https://www.canada.ca/en/revenue-agency/services/tax/businesses/topics/completing-slips-summaries/t4rsp-t4rif-information-returns/payments/chart-prescribed-factors.html',
  effectiveFromYear: 2015,
} as const;

/** From this age on, the factor comes from the table; below it, it is 1/(90 - age). */
export const RRIF_TABLE_FIRST_AGE = 71;
/** The table's last row: 95 and over. */
export const RRIF_TABLE_LAST_AGE = 95;

/**
 * The prescribed factors of "all other RRIFs", in ten-thousandths (0.0528 is 528) so the
 * minimum is computed on integers. "Qualifying" RRIFs (set up before 1993) differ only at 71
 * (0.0526); a fund opened here is never one.
 */
export const rrifMinimumFactorTable: Readonly<Record<number, number>> = {
  71: 528,
  72: 540,
  73: 553,
  74: 567,
  75: 582,
  76: 598,
  77: 617,
  78: 636,
  79: 658,
  80: 682,
  81: 708,
  82: 738,
  83: 771,
  84: 808,
  85: 851,
  86: 899,
  87: 955,
  88: 1021,
  89: 1099,
  90: 1192,
  91: 1306,
  92: 1449,
  93: 1634,
  94: 1879,
  95: 2000,
};

/** A factor as an exact fraction, so 1/(90 - age) is not rounded before it multiplies money. */
export interface MinimumFactor {
  numerator: number;
  denominator: number;
}

function requireAge(age: number): void {
  if (!Number.isInteger(age) || age < 0) {
    throw new RangeError(`An age is a whole number of years, 0 or more: ${age}`);
  }
}

/** The prescribed factor for an age on January 1, as an exact fraction. */
export function rrifMinimumFactorOf(age: number): MinimumFactor {
  requireAge(age);
  if (age < RRIF_TABLE_FIRST_AGE) return { numerator: 1, denominator: 90 - age };
  const row = Math.min(age, RRIF_TABLE_LAST_AGE);
  return { numerator: rrifMinimumFactorTable[row] as number, denominator: 10_000 };
}

/** The prescribed factor as a decimal, for showing it (65: 0.04; 71: 0.0528). */
export function rrifMinimumFactor(age: number): number {
  const { numerator, denominator } = rrifMinimumFactorOf(age);
  return numerator / denominator;
}

export interface RifMinimumInput {
  /** The fund's fair market value on January 1 of `year`. */
  fmvCents: Cents;
  /** The age (own, or the spouse's when elected) on January 1 of `year`. */
  ageAtJanuary1: number;
  /** The year the fund was set up: no minimum is due that year. */
  setupYear: number;
  year: number;
}

/** The year's minimum payment in cents, rounded to the nearest cent; 0 in the setup year. */
export function rifMinimum({ fmvCents, ageAtJanuary1, setupYear, year }: RifMinimumInput): Cents {
  if (!Number.isSafeInteger(fmvCents) || fmvCents < 0) {
    throw new RangeError(`A fair market value is whole cents, 0 or more: ${fmvCents}`);
  }
  if (year < setupYear) throw new RangeError(`The fund does not exist yet in ${year}`);
  if (year === setupYear) return 0;
  const { numerator, denominator } = rrifMinimumFactorOf(ageAtJanuary1);
  // fmvCents x 2000 stays an exact integer for any fund under $45 billion.
  return Math.round((fmvCents * numerator) / denominator);
}

/**
 * The age the minimum is based on, on January 1 of `year`: the annuitant's, or the spouse's
 * when they elected it at setup (a younger spouse means a smaller minimum). The election can
 * no longer change once the first payment is made (see `rifSetupChangeProblems`).
 */
export function minimumAgeAtJanuary1(
  year: number,
  birthDates: { own: string; spouse?: string },
  useSpouseAge: boolean,
): number {
  const birthDate = useSpouseAge ? birthDates.spouse : birthDates.own;
  if (birthDate === undefined) throw new RangeError('The spouse’s birth date is needed');
  return ageOn(birthDate, `${String(year).padStart(4, '0')}-01-01`);
}
