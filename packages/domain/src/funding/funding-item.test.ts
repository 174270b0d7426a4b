import { describe, expect, it } from 'vitest';
import { toAccountLabel } from './funding-item.ts';

describe('toAccountLabel', () => {
  it('names the account type, then its number once assigned', () => {
    expect(toAccountLabel({ accountTypeName: 'tfsa', accountNumber: '12345678' }, 'en')).toBe(
      'TFSA 12345678',
    );
    expect(toAccountLabel({ accountTypeName: 'tfsa', accountNumber: '12345678' }, 'fr')).toBe(
      'CELI 12345678',
    );
  });

  it('names the type alone before the account opens', () => {
    expect(toAccountLabel({ accountTypeName: 'rrsp', accountNumber: null }, 'en')).toBe('RRSP');
    expect(toAccountLabel({ accountTypeName: 'rrsp', accountNumber: null }, 'fr')).toBe('REER');
  });
});
