import { describe, expect, it } from 'vitest';
import { countries, countriesInOrder } from './countries.ts';

const rows = [
  { id: countries.Canada, en: 'Canada', fr: 'Canada' },
  { id: countries.USA, en: 'United States', fr: 'États-Unis' },
  { id: 710, en: 'South Africa', fr: 'Afrique du Sud' },
  { id: 8, en: 'Albania', fr: 'Albanie' },
  { id: 12, en: 'Algeria', fr: 'Algérie' },
  { id: 276, en: 'Germany', fr: 'Allemagne' },
  { id: 818, en: 'Egypt', fr: 'Égypte' },
  { id: 231, en: 'Ethiopia', fr: 'Éthiopie' },
  { id: 826, en: 'United Kingdom', fr: 'Royaume-Uni' },
  { id: countries.Other, en: 'Other', fr: 'Autre' },
];

describe('countries in the reader’s order', () => {
  it('reads French names with French collation, Canada and the United States first, Other last', () => {
    expect(countriesInOrder(rows, (row) => row.fr, 'fr').map((row) => row.fr)).toEqual([
      'Canada',
      'États-Unis',
      'Afrique du Sud',
      'Albanie',
      'Algérie',
      'Allemagne',
      'Égypte',
      'Éthiopie',
      'Royaume-Uni',
      'Autre',
    ]);
  });

  it('reads English names in English order', () => {
    expect(countriesInOrder(rows, (row) => row.en, 'en').map((row) => row.en)).toEqual([
      'Canada',
      'United States',
      'Albania',
      'Algeria',
      'Egypt',
      'Ethiopia',
      'Germany',
      'South Africa',
      'United Kingdom',
      'Other',
    ]);
  });

  it('leaves the list it was given as it was', () => {
    const copy = [...rows];
    countriesInOrder(rows, (row) => row.fr, 'fr');
    expect(rows).toEqual(copy);
  });
});
