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
