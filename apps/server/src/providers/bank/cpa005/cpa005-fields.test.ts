import { describe, expect, it } from 'vitest';
import {
  accountField,
  alphanumeric,
  amountField,
  Cpa005FieldError,
  crossReferenceOf,
  institutionalIdField,
  isoDateOfJulian,
  julianDate,
  MAX_AMOUNT_CENTS,
  nameField,
  nextFileCreationNumber,
  numeric,
  toCpaText,
} from './cpa005-fields.ts';

describe('numeric fields (N)', () => {
  it('zero-fills on the left to the width', () => {
    expect(numeric('count', 7, 9)).toBe('000000007');
    expect(numeric('count', 0, 4)).toBe('0000');
    expect(numeric('count', '01600', 5)).toBe('01600');
    expect(numeric('count', 12345678901234n, 14)).toBe('12345678901234');
  });

  it('refuses a value wider than the field rather than cut it', () => {
    expect(() => numeric('fileCreationNumber', 10000, 4)).toThrow(
      new Cpa005FieldError('fileCreationNumber', '5 digits where the field holds 4'),
    );
  });

  it('refuses negatives, fractions and anything but digits', () => {
    expect(() => numeric('amount', -1, 10)).toThrow(Cpa005FieldError);
    expect(() => numeric('amount', 12.5, 10)).toThrow(Cpa005FieldError);
    expect(() => numeric('amount', Number.NaN, 10)).toThrow(Cpa005FieldError);
    expect(() => numeric('amount', -1n, 10)).toThrow('digits only');
    expect(() => numeric('centre', '0 600', 5)).toThrow('digits only');
  });
});

describe('alphanumeric fields (AN)', () => {
  it('blank-fills on the right to the width', () => {
    expect(alphanumeric('originatorId', '0123456789', 10)).toBe('0123456789');
    expect(alphanumeric('name', 'TREMBLAY', 12)).toBe('TREMBLAY    ');
    expect(alphanumeric('sundry', '', 3)).toBe('   ');
  });

  it('refuses a value too long, lower case, accents and punctuation outside the charset', () => {
    expect(() => alphanumeric('originatorId', '01234567890', 10)).toThrow(
      '11 characters where the field holds 10',
    );
    expect(() => alphanumeric('name', 'Tremblay', 10)).toThrow('character 2 is not one of');
    expect(() => alphanumeric('name', 'CÔTÉ', 10)).toThrow('character 2');
    expect(() => alphanumeric('name', "O'BRIEN", 10)).toThrow('character 2');
    expect(alphanumeric('name', "O'BRIEN", 10, { punctuation: "-'" })).toBe("O'BRIEN   ");
  });

  it('never echoes the value in its message (account numbers pass through here)', () => {
    expect(() => accountField('account', '1234567890123')).toThrow(
      new Cpa005FieldError('account', '1 to 12 digits'),
    );
  });
});

describe('names as the files carry them', () => {
  it('drops accents, spells out ligatures and upper-cases: plain ASCII', () => {
    expect(toCpaText('François Côté-Lévesque')).toBe('FRANCOIS COTE-LEVESQUE');
    expect(toCpaText('Œuvre Ærø Straße Łódź')).toBe('OEUVRE AERO STRASSE LODZ');
    expect(toCpaText('Ñúñez Ü')).toBe('NUNEZ U');
  });

  it('turns other punctuation into one space: Marie-Ève O’Brien Jr.', () => {
    expect(toCpaText("Marie-Ève O'Brien Jr.")).toBe('MARIE-EVE O BRIEN JR');
    expect(toCpaText('Marie\u2013Ève O\u2019Brien, Jr.')).toBe('MARIE-EVE O BRIEN JR');
    expect(toCpaText("Marie-Ève O'Brien Jr.", { punctuation: "-'." })).toBe(
      "MARIE-EVE O'BRIEN JR.",
    );
  });

  it('fits a name into its field, cutting a long name at the width', () => {
    expect(nameField('name', "Marie-Ève O'Brien Jr.", 30)).toBe('MARIE-EVE O BRIEN JR          ');
    const long = nameField('name', 'Jean-Christophe Bellefeuille-Desrochers III', 30);
    expect(long).toBe('JEAN-CHRISTOPHE BELLEFEUILLE-D');
    expect(long).toHaveLength(30);
    expect(nameField('name', 'Anne Marie                    Z', 12)).toBe('ANNE MARIE Z');
  });

  it('refuses a name with nothing left to print', () => {
    expect(() => nameField('name', '***', 30)).toThrow('a name with at least one letter or digit');
  });
});

describe('dates as 0YYDDD', () => {
  it.each([
    ['2026-01-01', '026001'],
    ['2023-03-01', '023060'],
    ['2024-02-29', '024060'],
    ['2024-03-01', '024061'],
    ['2023-12-31', '023365'],
    ['2024-12-31', '024366'],
    ['2000-12-31', '000366'],
    ['2099-12-31', '099365'],
  ])('writes %s as %s and reads it back', (iso, julian) => {
    expect(julianDate('dueDate', iso)).toBe(julian);
    expect(isoDateOfJulian('dueDate', julian)).toBe(iso);
  });

  it('refuses days that do not exist and years the century digit 0 cannot say', () => {
    expect(() => julianDate('dueDate', '2023-02-29')).toThrow('a real date');
    expect(() => julianDate('dueDate', '1999-12-31')).toThrow('2000 to 2099');
    expect(() => julianDate('dueDate', '2100-01-01')).toThrow('2000 to 2099');
    expect(() => isoDateOfJulian('dueDate', '023366')).toThrow('from 001 to 365');
    expect(() => isoDateOfJulian('dueDate', '024000')).toThrow('from 001 to 366');
    expect(() => isoDateOfJulian('dueDate', '124001')).toThrow('0YYDDD');
    expect(() => isoDateOfJulian('dueDate', '24001')).toThrow('0YYDDD');
  });
});

describe('amounts in integer cents', () => {
  it('writes 0, 1 cent and the largest amount the 10 digits hold', () => {
    expect(amountField('amount', 0)).toBe('0000000000');
    expect(amountField('amount', 1)).toBe('0000000001');
    expect(amountField('amount', 123456)).toBe('0000123456');
    expect(amountField('amount', MAX_AMOUNT_CENTS)).toBe('9999999999');
  });

  it('refuses $100,000,000.00 and any amount that is not whole cents', () => {
    expect(() => amountField('amount', MAX_AMOUNT_CENTS + 1)).toThrow(
      '11 digits where the field holds 10',
    );
    expect(() => amountField('amount', 19.99)).toThrow('a whole, non-negative number');
    expect(() => amountField('amount', 0.1 + 0.2)).toThrow(Cpa005FieldError);
  });
});

describe('bank numbers', () => {
  it('writes the institutional id as 0, institution, transit', () => {
    expect(institutionalIdField('institutionalId', '001', '12345')).toBe('000112345');
    expect(institutionalIdField('institutionalId', '815', '30001')).toBe('081530001');
  });

  it('refuses an institution or transit of the wrong width', () => {
    expect(() => institutionalIdField('institutionalId', '1', '12345')).toThrow('3-digit');
    expect(() => institutionalIdField('institutionalId', '001', '1234')).toThrow('5-digit');
    expect(() => institutionalIdField('institutionalId', '0001', '12345')).toThrow('3-digit');
  });

  it('writes an account left-justified, every digit kept', () => {
    expect(accountField('account', '0012345')).toBe('0012345     ');
    expect(accountField('account', '123456789012')).toBe('123456789012');
    expect(() => accountField('account', '12-345')).toThrow('1 to 12 digits');
  });
});

describe('cross-references', () => {
  it('are a kind letter and a sequence number, at most 19 characters', () => {
    expect(crossReferenceOf('D', 1234567)).toBe('D1234567');
    expect(crossReferenceOf('R', 999_999_999_999_999_999n)).toBe('R999999999999999999');
    expect(() => crossReferenceOf('D', 1_000_000_000_000_000_000n)).toThrow('at most 19');
    expect(() => crossReferenceOf('d', 1)).toThrow('prefix');
    expect(() => crossReferenceOf('D', 0)).toThrow('from 1');
  });
});

describe('file creation numbers', () => {
  it('count on from 1 and wrap after 9999 to 1, never 0000', () => {
    expect(nextFileCreationNumber()).toBe(1);
    expect(nextFileCreationNumber(1)).toBe(2);
    expect(nextFileCreationNumber(9998)).toBe(9999);
    expect(nextFileCreationNumber(9999)).toBe(1);
    expect(() => nextFileCreationNumber(0)).toThrow('1 to 9999');
    expect(() => nextFileCreationNumber(10000)).toThrow('1 to 9999');
  });
});
