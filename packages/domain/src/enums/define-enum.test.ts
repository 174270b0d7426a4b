import { describe, expect, it } from 'vitest';
import { labelOf, nameOf, pick } from './define-enum.ts';

describe('bilingual labels', () => {
  it('falls back to English when the French label is blank', () => {
    expect(pick({ en: 'Cash', fr: '' }, 'fr')).toBe('Cash');
    expect(pick({ en: 'Cash', fr: 'Comptant' }, 'fr')).toBe('Comptant');
    expect(pick({ en: 'Cash', fr: 'Comptant' }, 'en')).toBe('Cash');
  });

  it('answers undefined for a code that is not a member', () => {
    const codes = { A: 1 } as const;
    expect(nameOf(codes, 2)).toBeUndefined();
    expect(labelOf(codes, { A: { en: 'a', fr: 'a' } }, 2, 'en')).toBeUndefined();
  });
});
