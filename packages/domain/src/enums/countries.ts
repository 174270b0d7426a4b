import type { Labels } from './define-enum.ts';

/** Spec section 3: the countries the application names by code. */
export const countries = { Canada: 1, USA: 2, Other: 6666 } as const;
export type Country = (typeof countries)[keyof typeof countries];

export const countryLabels = {
  Canada: { en: 'Canada', fr: 'Canada' },
  USA: { en: 'United States', fr: 'États-Unis' },
  Other: { en: 'Other', fr: 'Autre' },
} as const satisfies Labels<typeof countries>;

/** Provinces and states are split by parent (spec section 3): 1 Canada, 2 USA. */
export const PROVINCE_STATE_PARENTS = { Canada: countries.Canada, USA: countries.USA } as const;
