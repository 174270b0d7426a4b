import type { Labels } from '../enums/define-enum.ts';

/**
 * The spec's `payoutFrequencyId` (section 3 names the field and the issue the four choices,
 * not their ids): how often a RRIF pays. Any schedule works as long as the year's total
 * reaches the minimum (research section 4).
 */
export const payoutFrequencies = { Monthly: 1, Quarterly: 2, SemiAnnual: 3, Annual: 4 } as const;
export type PayoutFrequency = (typeof payoutFrequencies)[keyof typeof payoutFrequencies];

export const payoutFrequencyLabels = {
  Monthly: { en: 'Monthly', fr: 'Mensuelle' },
  Quarterly: { en: 'Quarterly', fr: 'Trimestrielle' },
  SemiAnnual: { en: 'Twice a year', fr: 'Semestrielle' },
  Annual: { en: 'Once a year', fr: 'Annuelle' },
} as const satisfies Labels<typeof payoutFrequencies>;

/** Months between two payments. */
export const payoutIntervalMonths = {
  [payoutFrequencies.Monthly]: 1,
  [payoutFrequencies.Quarterly]: 3,
  [payoutFrequencies.SemiAnnual]: 6,
  [payoutFrequencies.Annual]: 12,
} as const satisfies Record<PayoutFrequency, number>;

/**
 * The spec's `taxPercentTypeId`, which section 3 names without values: what the client's
 * percentage (`taxOptionPercent`) means. The one kind offered is an extra percentage of the
 * whole payment, withheld on top of what the law requires (research: "the client may ask for
 * a higher rate"); a percentage replacing the required one would let a client withhold less.
 */
export const taxPercentTypes = { OnTopOfRequired: 1 } as const;
export type TaxPercentType = (typeof taxPercentTypes)[keyof typeof taxPercentTypes];
