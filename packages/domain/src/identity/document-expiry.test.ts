import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  documentExpiryDateSchema,
  expiryCutOffDate,
  expiryProblem,
  expiryTextSchema,
  isDocumentExpired,
  isoDateSchema,
  normalizeExpiryText,
} from './document-expiry.ts';

const today = '2026-11-23';

describe('expiry typed MM/YYYY (spec section 5)', () => {
  it.each([
    ['', 'required'],
    ['  ', 'required'],
    ['01/20300', 'expiryFormat'],
    ['1/203', 'expiryFormat'],
    ['123/2030', 'expiryFormat'],
    ['ab/2030', 'expiryFormat'],
    ['2030/08', 'expiryFormat'],
    ['13/2030', 'expiryMonth'],
    ['00/2030', 'expiryMonth'],
    ['01/2024', 'documentExpired'],
    ['10/2026', 'documentExpired'],
    ['11/2026', 'documentExpired'],
    ['12/2026', null],
    ['08/2030', null],
  ])('%j -> %s', (text, problem) => {
    expect(expiryProblem(text, today)).toBe(problem);
  });

  it.each([
    ['8/30', '08/2030'],
    ['08/30', '08/2030'],
    ['1/2030', '01/2030'],
    ['01-2030', '01/2030'],
    ['8.30', '08/2030'],
    ['08 2030', '08/2030'],
    [' 01/2030 ', '01/2030'],
  ])('reads %j as people write it, as %j', (typed, normalized) => {
    expect(normalizeExpiryText(typed)).toBe(normalized);
    expect(expiryProblem(typed, today)).toBeNull();
  });

  it('a document expiring this month counts through the 15th', () => {
    expect(expiryProblem('11/2026', '2026-11-14')).toBeNull();
    expect(expiryProblem('11/2026', '2026-11-15')).toBeNull();
    expect(expiryProblem('11/2026', '2026-11-16')).toBe('documentExpired');
  });

  it('the cut-off day is the 15th of the month typed', () => {
    expect(expiryCutOffDate('02/2027')).toBe('2027-02-15');
    expect(expiryCutOffDate('2/2027')).toBeNull();
    expect(expiryCutOffDate('13/2027')).toBeNull();
  });

  it('the schema reports the same code', () => {
    expect(expiryTextSchema(today).safeParse('12/2026').success).toBe(true);
    const result = expiryTextSchema(today).safeParse('ab/2027');
    expect(result.error?.issues.map((issue) => issue.message)).toEqual(['expiryFormat']);
    expect(expiryTextSchema(today).safeParse('10/2026').error?.issues[0]?.message).toBe(
      'documentExpired',
    );
  });

  it('accepts every valid month of a later year, and nothing longer or shorter than 7', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 12 }), fc.integer({ min: 2027, max: 9999 }), (m, y) => {
        return expiryProblem(`${String(m).padStart(2, '0')}/${y}`, today) === null;
      }),
    );
    fc.assert(
      fc.property(fc.string({ minLength: 1 }), (text) => {
        return (
          normalizeExpiryText(text).length === 7 ||
          text.trim() === '' ||
          expiryProblem(text, today) === 'expiryFormat'
        );
      }),
    );
  });
});

describe('full expiry dates read from a photo ID', () => {
  it('are valid through the day and expired the day after', () => {
    expect(isDocumentExpired('2026-11-23', today)).toBe(false);
    expect(isDocumentExpired('2026-11-22', today)).toBe(true);
    expect(isDocumentExpired('2030-01-01', today)).toBe(false);
  });

  it('refuse anything but YYYY-MM-DD', () => {
    expect(() => isDocumentExpired('23/11/2026', today)).toThrow(RangeError);
  });

  it('are validated as real dates by the schemas', () => {
    expect(isoDateSchema.safeParse('2026-02-29').success).toBe(false);
    expect(isoDateSchema.safeParse('2028-02-29').success).toBe(true);
    expect(documentExpiryDateSchema(today).safeParse('2026-11-22').error?.issues[0]?.message).toBe(
      'documentExpired',
    );
    expect(documentExpiryDateSchema(today).safeParse('2026-11-23').success).toBe(true);
  });
});
