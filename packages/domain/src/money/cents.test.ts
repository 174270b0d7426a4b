import { describe, expect, it } from 'vitest';
import {
  centsToDollars,
  dollarsToCents,
  formatCents,
  isCents,
  parseMoneyText,
  sumCents,
} from './cents.ts';

describe('dollarsToCents', () => {
  it.each([
    [0.29, 29],
    [19.99, 1999],
    [1.1, 110],
    [50, 5000],
    [0, 0],
    [1_000_000, 100_000_000],
    [12_345_678.9, 1_234_567_890],
  ])('%d dollars are %d cents, without float error', (dollars, cents) => {
    expect(dollarsToCents(dollars)).toBe(cents);
  });

  it.each([1.005, 0.001, -1, Number.NaN, Number.POSITIVE_INFINITY, 1e-7, 1e21])(
    'refuses %d (negative, not finite, finer than a cent, or beyond exact integers)',
    (dollars) => {
      expect(dollarsToCents(dollars)).toBeUndefined();
    },
  );

  it('goes back to dollars exactly', () => {
    expect(centsToDollars(1999)).toBe(19.99);
    expect(centsToDollars(29)).toBe(0.29);
  });
});

describe('isCents and sumCents', () => {
  it('takes whole non-negative cents only', () => {
    expect(isCents(1999)).toBe(true);
    expect(isCents(19.99)).toBe(false);
    expect(isCents(-1)).toBe(false);
    expect(isCents('1999')).toBe(false);
  });

  it('sums exactly where dollars would not', () => {
    expect(sumCents([10, 20])).toBe(30);
    expect(sumCents([])).toBe(0);
  });
});

describe('parseMoneyText', () => {
  it.each([
    ['500', 50_000],
    ['1,234.56', 123_456],
    ['$1,234.56', 123_456],
    ['1 234.56', 123_456],
    ['1,234', 123_400],
    ['49.9', 4_990],
    ['US$1,234.56', 123_456],
  ])('reads English "%s" as %i cents', (text, cents) => {
    expect(parseMoneyText(text, 'en')).toBe(cents);
  });

  it.each([
    ['500', 50_000],
    ['1 234,56 $', 123_456],
    ['1\u00a0234,56\u00a0$', 123_456],
    ['1\u202f234,56\u00a0$', 123_456],
    ['1 234,56 $ US', 123_456],
    ['49,99', 4_999],
    ['12.5', 1_250],
  ])('reads French "%s" as %i cents', (text, cents) => {
    expect(parseMoneyText(text, 'fr')).toBe(cents);
  });

  it('answers undefined when nothing was typed', () => {
    expect(parseMoneyText('', 'en')).toBeUndefined();
    expect(parseMoneyText(' \u00a0 ', 'fr')).toBeUndefined();
  });

  it.each([
    ['-5', 'en'],
    ['abc', 'en'],
    ['1.005', 'en'],
    ['12,34,5', 'en'],
    ['1e5', 'en'],
    ['$', 'en'],
    ['1,234', 'fr'],
    ['1.234', 'fr'],
    ['1 23,50', 'fr'],
  ] as const)('refuses "%s" in %s rather than guess', (text, language) => {
    expect(parseMoneyText(text, language)).toBe('invalid');
  });
});

describe('formatCents', () => {
  it('writes Canadian dollars the English and the French way', () => {
    expect(formatCents(123_456, 'en')).toBe('$1,234.56');
    expect(formatCents(123_456, 'fr')).toBe('1\u00a0234,56\u00a0$');
    expect(formatCents(5_000, 'fr')).toBe('50,00\u00a0$');
  });

  it('marks U.S. dollars', () => {
    expect(formatCents(123_456, 'en', 'USD')).toBe('US$1,234.56');
    expect(formatCents(123_456, 'fr', 'USD')).toBe('1\u00a0234,56\u00a0$\u00a0US');
  });

  it('reads back what it writes', () => {
    for (const language of ['en', 'fr'] as const) {
      expect(parseMoneyText(formatCents(987_654_321, language), language)).toBe(987_654_321);
    }
  });
});
