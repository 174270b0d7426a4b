import type { Labels } from './define-enum.ts';

/** Spec section 3: Title. */
export const titles = { Mr: 1, Ms: 2, Miss: 3, Mrs: 4, Dr: 5 } as const;
export type Title = (typeof titles)[keyof typeof titles];

export const titleLabels = {
  Mr: { en: 'Mr.', fr: 'M.' },
  Ms: { en: 'Ms.', fr: 'Mme' },
  Miss: { en: 'Miss', fr: 'Mlle' },
  Mrs: { en: 'Mrs.', fr: 'Mme' },
  Dr: { en: 'Dr.', fr: 'Dr' },
} as const satisfies Labels<typeof titles>;

/**
 * The titles as the choice list offers them. French has one courtesy title for a woman,
 * "Mme", whether or not she is married (Mlle is the unmarried form the OQLF advises against
 * but some still choose): Ms. and Mrs. are both "Mme" in a name (titleLabels), and the list
 * tells them apart by what Mrs. adds, so a French reader never sees "Mme" twice.
 */
export const titleChoiceLabels = {
  ...titleLabels,
  Mrs: { en: 'Mrs.', fr: 'Mme (mariée)' },
} as const satisfies Labels<typeof titles>;
