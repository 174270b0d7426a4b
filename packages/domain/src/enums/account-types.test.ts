import { describe, expect, it } from 'vitest';
import { accountTypeLabels, namedAccountTypeLabels } from './account-types.ts';

describe('account type labels', () => {
  it.each([
    ['by name', namedAccountTypeLabels],
    ['by code', accountTypeLabels],
  ])('name every account distinctly in each language (%s)', (_, labels) => {
    for (const language of ['en', 'fr'] as const) {
      const names = Object.values(labels).map(
        (label: { en: string; fr: string }) => label[language],
      );
      expect(new Set(names).size).toBe(names.length);
      // Nor two plans under one French abbreviation ("REIR" was both the LRSP and the RLSP).
      // The U.S. dollar twins end in their currency, (USD) or ($ US), not an abbreviation.
      const abbreviations = names
        .flatMap((name) => /\(([^)$]+)\)$/.exec(name)?.[1] ?? [])
        .filter((abbreviation) => abbreviation !== 'USD');
      expect(new Set(abbreviations).size).toBe(abbreviations.length);
    }
  });

  it('calls the locked-in RRSP a RERI and the restricted locked-in savings plan a REIR', () => {
    expect(namedAccountTypeLabels.liraLrsp.fr).toBe('REER immobilisé (RERI)');
    expect(namedAccountTypeLabels.rlsp.fr).toBe("Régime d'épargne immobilisé restreint (REIR)");
    expect(accountTypeLabels.RLSP.fr).toBe("Régime d'épargne immobilisé restreint (REIR)");
  });
});
