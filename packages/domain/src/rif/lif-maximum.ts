import type { pensionJurisdictions, PensionJurisdiction } from '../enums/pension-jurisdictions.ts';
import type { Cents } from '../money/cents.ts';

/**
 * The yearly maximum of a life income fund (research section 4). The minimum is the RRIF
 * minimum; the maximum is the fund's value divided by the value of an annuity of 1 a year,
 * paid at the start of each year until age 90, at an assumed interest rate: the November yield
 * of long Government of Canada bonds (CANSIM V122487) for the first 15 years, 6% after
 * (federal formula, OSFI's LIF FAQ). The maximum always uses the holder's own age.
 */

export const LIF_FORMULA_SOURCE =
  'https://www.osfi-bsif.gc.ca/Eng/pp-rr/faq/Pages/lif-frv.aspx' as const;

/** The annuity in the formula stops at this age: from 89 on the whole fund may be taken. */
export const LIF_FORMULA_END_AGE = 90;
/** Years at the bond yield; the rest at `LIF_LATER_YEARS_RATE_PERCENT`. */
export const LIF_FORMULA_BOND_YEARS = 15;
export const LIF_LATER_YEARS_RATE_PERCENT = 6;

export type LifJurisdiction = (typeof pensionJurisdictions.LIF)[number];

/**
 * How each jurisdiction sets the maximum, where the research confirms it: BC, AB, MB and ON
 * allow the greater of the formula's amount and the previous year's investment return; the
 * others the formula's amount only. `confirmed: false` marks what the research could not
 * confirm (SK and QC details), where the federal formula is applied as the safe default.
 */
export const lifMaximumRules = {
  AB: { method: 'greaterOfFormulaAndReturn', confirmed: true },
  BC: { method: 'greaterOfFormulaAndReturn', confirmed: true },
  MB: { method: 'greaterOfFormulaAndReturn', confirmed: true },
  ON: { method: 'greaterOfFormulaAndReturn', confirmed: true },
  federal: { method: 'formula', confirmed: true },
  NB: { method: 'formula', confirmed: true },
  NL: { method: 'formula', confirmed: true },
  NS: { method: 'formula', confirmed: true },
  QC: { method: 'formula', confirmed: false },
} as const satisfies Record<LifJurisdiction, LifMaximumRule>;

export interface LifMaximumRule {
  method: 'formula' | 'greaterOfFormulaAndReturn';
  confirmed: boolean;
}

/**
 * The rule of a jurisdiction; one outside the spec's LIF list (SK, whose locked-in income
 * fund is the PRIF) gets the federal formula, marked unconfirmed.
 */
export function lifMaximumRuleOf(jurisdiction: PensionJurisdiction): LifMaximumRule {
  const rules: Partial<Record<PensionJurisdiction, LifMaximumRule>> = lifMaximumRules;
  return rules[jurisdiction] ?? { method: 'formula', confirmed: false };
}

/**
 * The value at the start of the year of 1 paid at the start of each year from `age` to 89:
 * an annuity due, discounted at `bondRatePercent` for the first 15 years and 6% after.
 */
export function lifAnnuityFactor(age: number, bondRatePercent: number): number {
  if (!Number.isInteger(age) || age < 0) throw new RangeError(`Not an age: ${age}`);
  if (!Number.isFinite(bondRatePercent) || bondRatePercent < 0) {
    throw new RangeError(`Not an interest rate: ${bondRatePercent}`);
  }
  const payments = Math.max(1, LIF_FORMULA_END_AGE - age);
  let factor = 0;
  let discount = 1;
  for (let year = 0; year < payments; year += 1) {
    factor += discount;
    const rate = year < LIF_FORMULA_BOND_YEARS ? bondRatePercent : LIF_LATER_YEARS_RATE_PERCENT;
    discount /= 1 + rate / 100;
  }
  return factor;
}

/** The maximum as a share of the fund (65 at 6%: 0.0738; 89 and over: 1). */
export function lifMaximumRate(age: number, bondRatePercent: number): number {
  return 1 / lifAnnuityFactor(age, bondRatePercent);
}

export interface LifMaximumInput {
  jurisdiction: PensionJurisdiction;
  /** The fund's value on January 1 (or when it was set up, in its first year). */
  fmvCents: Cents;
  /** The holder's own age on January 1. */
  ageAtJanuary1: number;
  /** Last November's long-bond yield, in percent (from configuration: it changes yearly). */
  bondRatePercent: number;
  /** The previous year's investment return, for the jurisdictions that allow it. */
  previousYearReturnCents?: Cents;
  /**
   * In the fund's first year, the months left in the year counting the month it was set up
   * in: the maximum is prorated by months / 12. Omitted in later years.
   */
  firstYearMonths?: number;
}

/** The year's maximum in cents (rounded down: a maximum is never exceeded by rounding). */
export function lifMaximum(input: LifMaximumInput): Cents {
  const formula = Math.floor(
    input.fmvCents * lifMaximumRate(input.ageAtJanuary1, input.bondRatePercent),
  );
  const rule = lifMaximumRuleOf(input.jurisdiction);
  const annual =
    rule.method === 'greaterOfFormulaAndReturn'
      ? Math.max(formula, input.previousYearReturnCents ?? 0)
      : formula;
  const months = input.firstYearMonths;
  if (months === undefined) return Math.min(annual, input.fmvCents);
  if (!Number.isInteger(months) || months < 1 || months > 12) {
    throw new RangeError(`Months left in the year: 1 to 12, not ${months}`);
  }
  return Math.min(Math.floor((annual * months) / 12), input.fmvCents);
}
