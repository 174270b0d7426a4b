import { describe, expect, it } from 'vitest';
import { countries, countryLabels, PROVINCE_STATE_PARENTS } from './countries.ts';
import { postalCodePrefixes, provinceLabels, provinces } from './provinces.ts';

describe('provinces', () => {
  it('carry the ids of spec section 3', () => {
    expect(provinces).toEqual({
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
    });
  });

  it('have official English and French names', () => {
    expect(provinceLabels.QC).toEqual({ en: 'Quebec', fr: 'Québec' });
    expect(provinceLabels.NL.fr).toBe('Terre-Neuve-et-Labrador');
    for (const label of Object.values(provinceLabels)) {
      expect(label.en).not.toBe('');
      expect(label.fr).not.toBe('');
    }
  });

  it('know the first letters of their postal codes', () => {
    expect(postalCodePrefixes.ON).toEqual(['K', 'L', 'M', 'N', 'P']);
    expect(postalCodePrefixes.QC).toEqual(['G', 'H', 'J']);
    expect(Object.keys(postalCodePrefixes)).toEqual(Object.keys(provinces));
  });
});

describe('countries', () => {
  it('are Canada 1, USA 2, Other 6666, which also parent provinces and states', () => {
    expect(countries).toEqual({ Canada: 1, USA: 2, Other: 6666 });
    expect(PROVINCE_STATE_PARENTS).toEqual({ Canada: 1, USA: 2 });
    expect(countryLabels.Other).toEqual({ en: 'Other', fr: 'Autre' });
  });
});
