import type { Labels, Language } from './define-enum.ts';

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

/** How a list of countries (or citizenships, which share their ids) is named and ordered. */
interface CountryRow {
  id: number;
}

const firstIds: readonly number[] = [countries.Canada, countries.USA];

/**
 * A list of countries in the order a person reads it in their language: Canada and the United
 * States first (most applicants), Other last, and the rest by name with that language's
 * collation, so French reads Afrique du Sud, Albanie, Algérie, Allemagne (accents and spaces
 * weigh as a French reader expects, not as English names or code points order them).
 */
export function countriesInOrder<T extends CountryRow>(
  rows: readonly T[],
  nameOf: (row: T) => string,
  language: Language,
): T[] {
  const collator = new Intl.Collator(language === 'fr' ? 'fr-CA' : 'en-CA');
  const first = firstIds.flatMap((id) => rows.filter((row) => row.id === id));
  const last = rows.filter((row) => row.id === countries.Other);
  const rest = rows
    .filter((row) => !firstIds.includes(row.id) && row.id !== countries.Other)
    .sort((a, b) => collator.compare(nameOf(a), nameOf(b)));
  return [...first, ...rest, ...last];
}
