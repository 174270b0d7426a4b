import countryNames from 'i18n-iso-countries';
import en from 'i18n-iso-countries/langs/en.json' with { type: 'json' };
import fr from 'i18n-iso-countries/langs/fr.json' with { type: 'json' };
import { countries, countryLabels } from '@portal/domain';
import type { ReferenceSeed } from './data/reference-seed.ts';

countryNames.registerLocale(en);
countryNames.registerLocale(fr);

/**
 * The spec fixes Canada 1, USA 2 and Other 6666; every other country keeps its ISO 3166-1
 * numeric code, which never collides with those (the lowest ISO code is 4).
 */
const FIXED_IDS: Readonly<Record<string, number>> = { CA: countries.Canada, US: countries.USA };

export interface CountrySeed extends ReferenceSeed {
  alpha2: string | null;
}

/** Canada and the USA first (most applicants), the rest by English name, Other last. */
export function buildCountrySeeds(): CountrySeed[] {
  const english = countryNames.getNames('en', { select: 'official' });
  const french = countryNames.getNames('fr', { select: 'official' });
  const rest = Object.keys(english)
    .filter((alpha2) => !(alpha2 in FIXED_IDS))
    .map((alpha2) => ({
      alpha2,
      id: Number(countryNames.alpha2ToNumeric(alpha2)),
      description: english[alpha2] ?? alpha2,
      descriptionFr: french[alpha2] ?? english[alpha2] ?? alpha2,
    }))
    .sort((a, b) => a.description.localeCompare(b.description, 'en'));
  const fixed = Object.entries(FIXED_IDS).map(([alpha2, id]) => ({
    alpha2,
    id,
    description: english[alpha2] ?? alpha2,
    descriptionFr: french[alpha2] ?? alpha2,
  }));
  const other = {
    alpha2: null,
    id: countries.Other,
    description: countryLabels.Other.en,
    descriptionFr: countryLabels.Other.fr,
  };
  return [...fixed, ...rest, other];
}
