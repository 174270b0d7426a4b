import type { ProvinceCode } from '../enums/provinces.ts';
import type { Cents } from '../money/cents.ts';

/**
 * Tax withheld on RRIF payments (research section 4). The minimum is paid without withholding;
 * what is paid above it is withheld at the lump-sum rates, chosen by the size of that excess
 * (the whole excess at one rate, not marginal slices). Residents of Quebec have a federal and
 * a Quebec part. The client may ask for more: an extra percentage of the whole payment.
 */

/** One band: up to `upToCents` of excess (no limit when null), the rates in percent. */
export interface WithholdingBand {
  upToCents: Cents | null;
  federalPercent: number;
  provincialPercent: number;
}

/** Outside Quebec (TD Direct Investing FAQ, Tangerine): 10% to $5,000, 20% to $15,000, 30% above. */
export const federalWithholdingBands: readonly WithholdingBand[] = [
  { upToCents: 500_000, federalPercent: 10, provincialPercent: 0 },
  { upToCents: 1_500_000, federalPercent: 20, provincialPercent: 0 },
  { upToCents: null, federalPercent: 30, provincialPercent: 0 },
];

/**
 * UNCONFIRMED: the Quebec part of the withholding on a RRIF's excess. Sources disagree (16%
 * TD FAQ, 15% MoneySense 2022, 14% implied by Tangerine's combined 19/24/29%); 14% is Revenu
 * Québec's single-payment pension rate, from a page that is not the RRIF one. Configuration
 * passes the confirmed rate in (`quebecPercent`) once someone has it from Revenu Québec.
 */
export const QUEBEC_RRIF_EXCESS_PERCENT_UNCONFIRMED = 14;

/** In Quebec the federal part is 5% / 10% / 15% on the same bands (abatement), plus Quebec's. */
export function quebecWithholdingBands(
  quebecPercent: number = QUEBEC_RRIF_EXCESS_PERCENT_UNCONFIRMED,
): readonly WithholdingBand[] {
  return [
    { upToCents: 500_000, federalPercent: 5, provincialPercent: quebecPercent },
    { upToCents: 1_500_000, federalPercent: 10, provincialPercent: quebecPercent },
    { upToCents: null, federalPercent: 15, provincialPercent: quebecPercent },
  ];
}

export interface WithholdingOptions {
  /** Where the annuitant lives: Quebec has its own bands. */
  province: ProvinceCode;
  /** The extra percentage the client asked for, of the whole payment (0 when none). */
  extraPercent?: number;
  /** Quebec's part, from configuration (default: the unconfirmed 14%). */
  quebecPercent?: number;
}

export function withholdingBandsFor(
  province: ProvinceCode,
  quebecPercent?: number,
): readonly WithholdingBand[] {
  return province === 'QC' ? quebecWithholdingBands(quebecPercent) : federalWithholdingBands;
}

/** The band an excess falls in ($5,000.00 is the first band, $5,000.01 the second). */
export function withholdingBandOf(
  excessCents: Cents,
  bands: readonly WithholdingBand[],
): WithholdingBand {
  const band = bands.find((each) => each.upToCents === null || excessCents <= each.upToCents);
  if (!band) throw new RangeError('The last band must have no upper limit');
  return band;
}

export interface Withholding {
  grossCents: Cents;
  /** What is paid above the minimum: the only part withheld on by law. */
  excessCents: Cents;
  federalCents: Cents;
  provincialCents: Cents;
  extraCents: Cents;
  totalCents: Cents;
  netCents: Cents;
}

const percentOf = (cents: Cents, percent: number) => Math.round((cents * percent) / 100);

function requirePercent(percent: number): void {
  if (!Number.isFinite(percent) || percent < 0 || percent > 100) {
    throw new RangeError(`A percentage is between 0 and 100: ${percent}`);
  }
}

/**
 * The withholding on a year's payments of `grossCents`, of which `minimumCents` is the year's
 * minimum. The parts are each rounded to the cent; together they never exceed the payment.
 */
export function rifWithholding(
  grossCents: Cents,
  minimumCents: Cents,
  options: WithholdingOptions,
): Withholding {
  const extraPercent = options.extraPercent ?? 0;
  requirePercent(extraPercent);
  const excessCents = Math.max(0, grossCents - minimumCents);
  const band = withholdingBandOf(
    excessCents,
    withholdingBandsFor(options.province, options.quebecPercent),
  );
  const federalCents = percentOf(excessCents, band.federalPercent);
  const provincialCents = percentOf(excessCents, band.provincialPercent);
  const extraCents = Math.min(
    percentOf(grossCents, extraPercent),
    grossCents - federalCents - provincialCents,
  );
  const totalCents = federalCents + provincialCents + extraCents;
  return {
    grossCents,
    excessCents,
    federalCents,
    provincialCents,
    extraCents,
    totalCents,
    netCents: grossCents - totalCents,
  };
}

/** Far above any payout (the spec's maximum is $999,999.99) and still exact in the arithmetic. */
const GROSS_SEARCH_LIMIT_CENTS = 10_000_000_000_000;

/**
 * The smallest gross whose net after withholding is at least `netCents` (an amount chosen
 * "net", spec's `annualPaymentGrossOrNet` N). Within a band the net grows with the gross; at a
 * band's edge it drops (the whole excess moves to the higher rate), so some nets are reached
 * only by a gross in the next band: each band is tried in turn.
 */
export function grossForNet(
  netCents: Cents,
  minimumCents: Cents,
  options: WithholdingOptions,
): Cents {
  const netOf = (gross: Cents) => rifWithholding(gross, minimumCents, options).netCents;
  const bands = withholdingBandsFor(options.province, options.quebecPercent);
  let low = 0;
  for (const band of bands) {
    const high = band.upToCents === null ? GROSS_SEARCH_LIMIT_CENTS : minimumCents + band.upToCents;
    if (netOf(high) >= netCents) {
      // Binary search on whole cents inside the band, where the net does not decrease.
      let [from, to] = [low, high];
      while (from < to) {
        const middle = Math.floor((from + to) / 2);
        if (netOf(middle) >= netCents) to = middle;
        else from = middle + 1;
      }
      return from;
    }
    low = high + 1;
  }
  throw new RangeError(`No gross pays a net of ${netCents} cents`);
}
