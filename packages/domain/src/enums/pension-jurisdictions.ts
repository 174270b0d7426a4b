import type { ProvinceCode } from './provinces.ts';

/** A pension law: a province's, or the federal one. */
export type PensionJurisdiction = ProvinceCode | 'federal';

/**
 * Spec section 3: which jurisdictions each locked-in plan may be opened under. The account
 * type decides the list; the person picks the law their pension was earned under.
 */
export const pensionJurisdictions = {
  LIRA: ['AB', 'BC', 'MB', 'NB', 'NL', 'NS', 'ON', 'QC', 'SK'],
  LRSP: ['federal'],
  LIF: ['AB', 'BC', 'federal', 'MB', 'NB', 'NL', 'NS', 'ON', 'QC'],
  LRIF: ['NL'],
  PRIF: ['MB', 'SK'],
  RLSP: ['federal'],
} as const satisfies Record<string, readonly PensionJurisdiction[]>;
export type LockedInPlan = keyof typeof pensionJurisdictions;

export const federalJurisdictionLabel = { en: 'Federal', fr: 'Fédéral' } as const;
