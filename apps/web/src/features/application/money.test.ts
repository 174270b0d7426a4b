import { describe, expect, it } from 'vitest';
import { parseAmount } from './money.ts';

describe('amounts as typed', () => {
  it.each([
    ['12500', 12500],
    ['12 500', 12500],
    ['12,500.50', 12500.5],
    ['12 500,50 $', 12500.5],
    ['$1,000', 1000],
    ['0', 0],
  ])('reads %s as %d', (text, value) => {
    expect(parseAmount(text)).toBe(value);
  });

  it('leaves nothing for blank and the text itself for what is not a number', () => {
    expect(parseAmount('  ')).toBeUndefined();
    expect(parseAmount('twelve')).toBe('twelve');
  });
});
