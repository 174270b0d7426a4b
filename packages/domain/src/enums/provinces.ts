import type { Labels } from './define-enum.ts';

/** Spec section 3: province ids (10 is not used). */
export const provinces = {
  BC: 1,
  AB: 2,
  SK: 3,
  MB: 4,
  ON: 5,
  NS: 6,
  NL: 7,
  PE: 8,
  NB: 9,
  QC: 11,
  NT: 12,
  YT: 13,
  NU: 14,
} as const;
export type Province = (typeof provinces)[keyof typeof provinces];
export type ProvinceCode = keyof typeof provinces;

/** Official names in both languages. */
export const provinceLabels = {
  BC: { en: 'British Columbia', fr: 'Colombie-Britannique' },
  AB: { en: 'Alberta', fr: 'Alberta' },
  SK: { en: 'Saskatchewan', fr: 'Saskatchewan' },
  MB: { en: 'Manitoba', fr: 'Manitoba' },
  ON: { en: 'Ontario', fr: 'Ontario' },
  NS: { en: 'Nova Scotia', fr: 'Nouvelle-Écosse' },
  NL: { en: 'Newfoundland and Labrador', fr: 'Terre-Neuve-et-Labrador' },
  PE: { en: 'Prince Edward Island', fr: 'Île-du-Prince-Édouard' },
  NB: { en: 'New Brunswick', fr: 'Nouveau-Brunswick' },
  QC: { en: 'Quebec', fr: 'Québec' },
  NT: { en: 'Northwest Territories', fr: 'Territoires du Nord-Ouest' },
  YT: { en: 'Yukon', fr: 'Yukon' },
  NU: { en: 'Nunavut', fr: 'Nunavut' },
} as const satisfies Labels<typeof provinces>;

/** First letters of each province's postal codes (Canada Post's forward sortation areas). */
export const postalCodePrefixes = {
  BC: ['V'],
  AB: ['T'],
  SK: ['S'],
  MB: ['R'],
  ON: ['K', 'L', 'M', 'N', 'P'],
  NS: ['B'],
  NL: ['A'],
  PE: ['C'],
  NB: ['E'],
  QC: ['G', 'H', 'J'],
  NT: ['X'],
  YT: ['Y'],
  NU: ['X'],
} as const satisfies Record<keyof typeof provinces, readonly string[]>;
