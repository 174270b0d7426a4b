import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { phoneTypes } from '../enums/person.ts';
import {
  formatPhoneNumber,
  smsAddressOf,
  isValidPhoneNumber,
  normalizePhoneNumber,
  phoneSchema,
  phonesSchema,
} from './phone.ts';

const codes = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => result.error?.issues.map((issue) => `${issue.path.join('.')}:${issue.message}`) ?? [];

const digit = (min: number) => fc.integer({ min, max: 9 }).map(String);
const digits = (count: number) =>
  fc.array(digit(0), { minLength: count, maxLength: count }).map((list) => list.join(''));

/** Ten digits of the North American numbering plan: area code and exchange start 2 to 9. */
const validNumber = fc
  .tuple(digit(2), digits(2), digit(2), digits(6))
  .map((parts) => parts.join(''));

/** The ways people write one number. */
const written = (number: string) => {
  const [area, exchange, line] = [number.slice(0, 3), number.slice(3, 6), number.slice(6)];
  return fc.constantFrom(
    number,
    `(${area}) ${exchange}-${line}`,
    `${area}-${exchange}-${line}`,
    `${area}.${exchange}.${line}`,
    `${area} ${exchange} ${line}`,
    `+1 ${area} ${exchange} ${line}`,
    `1-${area}-${exchange}-${line}`,
    `+1 (${area}) ${exchange}-${line}`,
    `1${number}`,
    ` ${area}/${exchange}-${line} `,
    `(${area})${exchange}–${line}`,
  );
};

describe('phone numbers', () => {
  it('normalize from any punctuation to the same ten digits', () => {
    fc.assert(
      fc.property(
        validNumber.chain((number) => written(number).map((text) => ({ number, text }))),
        ({ number, text }) => {
          expect(normalizePhoneNumber(text)).toBe(number);
          expect(phoneSchema.parse({ type: phoneTypes.Mobile, number: text }).number).toBe(number);
        },
      ),
    );
  });

  it('refuse area codes and exchanges starting with 0 or 1', () => {
    fc.assert(
      fc.property(
        validNumber,
        fc.constantFrom(0, 3),
        fc.constantFrom('0', '1'),
        (number, position, first) => {
          const bad = `${number.slice(0, position)}${first}${number.slice(position + 1)}`;
          expect(isValidPhoneNumber(bad)).toBe(false);
          expect(codes(phoneSchema.safeParse({ type: 1, number: bad }))).toEqual([
            'number:invalid',
          ]);
        },
      ),
    );
  });

  it.each(['514555019', '51455501999', '514-555-CALL', '011 44 20 7946 0018', '+33 1 23 45 67 89'])(
    'refuse %s',
    (number) => {
      expect(codes(phoneSchema.safeParse({ type: 1, number }))).toEqual(['number:invalid']);
    },
  );

  it('need a type and a number', () => {
    expect(codes(phoneSchema.safeParse({}))).toEqual(['type:required', 'number:required']);
    expect(codes(phoneSchema.safeParse({ type: 4, number: '  ' }))).toEqual([
      'type:invalid',
      'number:required',
    ]);
  });

  it('take an extension of at most 6 digits', () => {
    expect(phoneSchema.parse({ type: 2, number: '4165550100', extension: 'ext. 204' })).toEqual({
      type: 2,
      number: '4165550100',
      extension: '204',
    });
    expect(
      phoneSchema.parse({ type: 2, number: '4165550100', extension: 'poste 123456' }).extension,
    ).toBe('123456');
    expect(
      phoneSchema.parse({ type: 2, number: '4165550100', extension: '' }).extension,
    ).toBeUndefined();
    expect(
      phoneSchema.parse({ type: 2, number: '4165550100', extension: null }).extension,
    ).toBeUndefined();
    for (const extension of ['1234567', '12a', 'ext 12-3']) {
      expect(codes(phoneSchema.safeParse({ type: 2, number: '4165550100', extension }))).toEqual([
        'extension:invalid',
      ]);
    }
  });

  it('are shown as (514) 555-0199', () => {
    expect(formatPhoneNumber('5145550199')).toBe('(514) 555-0199');
  });
});

describe('the phones of a person', () => {
  it('need at least one number', () => {
    expect(codes(phonesSchema.safeParse([]))).toEqual([':required']);
    expect(codes(phonesSchema.safeParse(undefined))).toEqual([':required']);
  });

  it('flag each repeated type as duplicated at its type', () => {
    const types = Object.values(phoneTypes);
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...types), { minLength: 1, maxLength: 6 }),
        validNumber,
        (chosen, number) => {
          const phones = chosen.map((type) => ({ type, number }));
          const expected = chosen.flatMap((type, index) =>
            chosen.indexOf(type) < index ? [`${index}.type:duplicated`] : [],
          );
          expect(codes(phonesSchema.safeParse(phones))).toEqual(expected);
        },
      ),
    );
  });

  it('come out normalized, without empty extensions', () => {
    expect(
      phonesSchema.parse([
        { type: 1, number: '(514) 555-0199', extension: '' },
        { type: 3, number: '+1 438 555 0123' },
      ]),
    ).toEqual([
      { type: 1, number: '5145550199' },
      { type: 3, number: '4385550123' },
    ]);
  });
});

describe('the address a text message goes to', () => {
  it('is E.164 for ten North American digits, however the number was typed', () => {
    expect(smsAddressOf('5145550199')).toBe('+15145550199');
    expect(smsAddressOf('(514) 555-0199')).toBe('+15145550199');
    expect(smsAddressOf('+1 514 555 0199')).toBe('+15145550199');
  });
});
