import {
  addCalendarDays,
  calendarDaysBetween,
  isIsoDate,
  partsOf,
  type IsoDate,
} from '@portal/domain/calendar/iso-date';
import type { Cents } from '@portal/domain/money/cents';

/**
 * The fields of a Payments Canada Standard 005 file (docs/research/2026-11-30-cpa-005.md, ADR
 * 0037). Every record is 1,464 characters: 24 of control data, then six segments of 240.
 * Numeric (N) fields are zero-filled and right-justified, alphanumeric (AN) fields blank-filled
 * and left-justified. A value that does not fit is refused, never cut: a bank reads by position,
 * so one character too many moves every field after it.
 */
export const LOGICAL_RECORD_LENGTH = 1464;
export const CONTROL_DATA_LENGTH = 24;
export const SEGMENT_LENGTH = 240;
export const SEGMENTS_PER_RECORD = 6;

/**
 * A field that cannot be written or read. Messages name the field and the rule, never the
 * value: account numbers pass through here and must not reach a log or an error report.
 */
export class Cpa005FieldError extends Error {
  constructor(
    readonly field: string,
    readonly rule: string,
  ) {
    super(`${field}: ${rule}`);
    this.name = 'Cpa005FieldError';
  }
}

/**
 * The characters an alphanumeric field may hold beyond A-Z, 0-9 and the space. The sources
 * disagree (research, "Character set"): RBC's STD152 allows only A-Z and 0-9, moov-io/cadeft
 * accepts letters, digits, hyphens and spaces, the standard's own list could not be read. The
 * default keeps to what every source accepts; a bank that allows more is configured with more.
 */
export interface Cpa005Charset {
  readonly punctuation: string;
}

export const defaultCharset: Cpa005Charset = { punctuation: '-' };

function isAllowed(character: string, charset: Cpa005Charset): boolean {
  return /^[A-Z0-9 ]$/.test(character) || charset.punctuation.includes(character);
}

/** An N field: digits, zero-filled on the left. */
export function numeric(field: string, value: number | bigint | string, width: number): string {
  let digits: string;
  if (typeof value === 'number') {
    // Money and counts are whole numbers here: a float (12.5, 0.1 + 0.2) is a caller's bug.
    if (!Number.isSafeInteger(value) || value < 0) {
      throw new Cpa005FieldError(field, 'a whole, non-negative number');
    }
    digits = String(value);
  } else {
    digits = value.toString();
  }
  if (!/^\d+$/.test(digits)) throw new Cpa005FieldError(field, 'digits only');
  if (digits.length > width) {
    throw new Cpa005FieldError(field, `${digits.length} digits where the field holds ${width}`);
  }
  return digits.padStart(width, '0');
}

/** An AN field: upper-case text from the charset, blank-filled on the right. */
export function alphanumeric(
  field: string,
  value: string,
  width: number,
  charset: Cpa005Charset = defaultCharset,
): string {
  if (value.length > width) {
    throw new Cpa005FieldError(field, `${value.length} characters where the field holds ${width}`);
  }
  const refused = [...value].findIndex((character) => !isAllowed(character, charset));
  if (refused >= 0) {
    throw new Cpa005FieldError(
      field,
      `character ${refused + 1} is not one of A-Z, 0-9, space${charset.punctuation ? `, ${charset.punctuation}` : ''}`,
    );
  }
  return value.padEnd(width, ' ');
}

export function blanks(width: number): string {
  return ' '.repeat(width);
}

export function zeros(width: number): string {
  return '0'.repeat(width);
}

/**
 * Letters that carry no combining mark to strip (NFD leaves them whole), spelled the way
 * Canadian banks print them.
 */
const spelledOut: Readonly<Record<string, string>> = {
  Æ: 'AE',
  Œ: 'OE',
  Ø: 'O',
  Ł: 'L',
  Đ: 'D',
  Ð: 'D',
  Þ: 'TH',
};

/** Typographic dashes a name may be typed with, as the plain hyphen. */
const dashes = /[\u2010-\u2015\u2212]/g;

/**
 * A person's or a company's name as a file can carry it: the files are plain upper-case ASCII
 * (banks ask for capitals; EBCDIC, where a bank still converts to it, has no accented capitals
 * in common with ASCII), so accents are dropped (É -> E), ligatures spelled out (Œ -> OE, ß ->
 * SS), and any other character outside the charset becomes a space: "Marie-Ève O'Brien Jr."
 * is "MARIE-EVE O BRIEN JR" (with `'` and `.` allowed, "MARIE-EVE O'BRIEN JR.").
 */
export function toCpaText(text: string, charset: Cpa005Charset = defaultCharset): string {
  const upper = text.normalize('NFD').replace(/\p{M}/gu, '').replace(dashes, '-').toUpperCase();
  return [...upper]
    .map((character) => spelledOut[character] ?? (isAllowed(character, charset) ? character : ' '))
    .join('')
    .replace(/ {2,}/g, ' ')
    .trim();
}

/**
 * A name field (payee or payor, originator's names): normalized by `toCpaText`, then shortened
 * to the field. A name is description, not identity (the bank posts by institution, transit and
 * account), and a 31-letter name is a real person's name: it is cut, where an identifier that
 * does not fit is refused. A name that normalizes to nothing is refused (RBC: "Customer Name
 * Must Not Be Blank").
 */
export function nameField(
  field: string,
  name: string,
  width: number,
  charset: Cpa005Charset = defaultCharset,
): string {
  const text = toCpaText(name, charset).slice(0, width).trimEnd();
  if (text === '') throw new Cpa005FieldError(field, 'a name with at least one letter or digit');
  return alphanumeric(field, text, width, charset);
}

/**
 * A date as `0YYDDD`: a zero (the century digit: 0 for 2000-2099), the year's last two
 * digits and the day of the year (001-365, 366 on December 31 of a leap year).
 */
export function julianDate(field: string, date: IsoDate): string {
  if (!isIsoDate(date)) throw new Cpa005FieldError(field, 'a real date written YYYY-MM-DD');
  const { year } = partsOf(date);
  if (year < 2000 || year > 2099) {
    throw new Cpa005FieldError(field, 'a year from 2000 to 2099 (century digit 0)');
  }
  const dayOfYear = calendarDaysBetween(`${year}-01-01`, date) + 1;
  return `0${String(year % 100).padStart(2, '0')}${String(dayOfYear).padStart(3, '0')}`;
}

/** The ISO date of a `0YYDDD` field; refuses a day the year does not have. */
export function isoDateOfJulian(field: string, text: string): IsoDate {
  const match = /^0(\d{2})(\d{3})$/.exec(text);
  if (!match) throw new Cpa005FieldError(field, 'a date written 0YYDDD');
  const year = 2000 + Number(match[1]);
  const dayOfYear = Number(match[2]);
  const daysInYear = calendarDaysBetween(`${year}-01-01`, `${year + 1}-01-01`);
  if (dayOfYear < 1 || dayOfYear > daysInYear) {
    throw new Cpa005FieldError(field, `a day of the year from 001 to ${daysInYear}`);
  }
  return addCalendarDays(`${year}-01-01`, dayOfYear - 1);
}

/** The largest amount the 10-digit field holds: $99,999,999.99. */
export const MAX_AMOUNT_CENTS = 9_999_999_999;

/** An amount in cents, 10 digits with the decimal point implied ($1,234.56 is 0000123456). */
export function amountField(field: string, cents: Cents): string {
  return numeric(field, cents, 10);
}

/**
 * The 9-digit institutional identification number: a zero, the 3-digit institution and the
 * 5-digit transit (branch), `0` + `001` + `12345` for Bank of Montreal's branch 12345.
 */
export function institutionalIdField(field: string, institution: string, transit: string): string {
  if (!/^\d{3}$/.test(institution)) throw new Cpa005FieldError(field, 'a 3-digit institution');
  if (!/^\d{5}$/.test(transit)) throw new Cpa005FieldError(field, 'a 5-digit transit');
  return `0${institution}${transit}`;
}

/**
 * An account number: AN 12, left-justified with every significant digit. The portal keeps
 * accounts as digits only (ADR 0020), and RBC refuses letters, spaces and punctuation here.
 */
export function accountField(field: string, account: string): string {
  if (!/^\d{1,12}$/.test(account)) throw new Cpa005FieldError(field, '1 to 12 digits');
  return account.padEnd(12, ' ');
}

/**
 * The originator's cross-reference number (AN 19) the bank hands back with a returned item.
 * Our requests are UUIDs (36 characters, 128 bits); 19 characters of A-Z and 0-9 cannot hold
 * one, and a shortened UUID may collide, so each item gets a reference of its own: a letter
 * for its kind and a number from a database sequence ("D1234567"), kept beside the request it
 * pays. No spaces: the field is blank-filled, and a reference must read back exactly.
 */
export function crossReferenceOf(prefix: string, sequence: number | bigint): string {
  if (!/^[A-Z]{1,3}$/.test(prefix)) {
    throw new Cpa005FieldError('crossReference', 'a prefix of 1 to 3 letters');
  }
  const positive =
    typeof sequence === 'bigint' ? sequence >= 1n : Number.isSafeInteger(sequence) && sequence >= 1;
  if (!positive) throw new Cpa005FieldError('crossReference', 'a whole sequence number from 1');
  const reference = `${prefix}${sequence.toString()}`;
  if (reference.length > 19) throw new Cpa005FieldError('crossReference', 'at most 19 characters');
  return reference;
}

/** What a cross-reference may be: 1 to 19 of A-Z and 0-9. */
export function isCrossReference(text: string): boolean {
  return /^[A-Z0-9]{1,19}$/.test(text);
}

/**
 * The file creation number after `last` (none yet: 1). Four digits; never 0000 (RBC: "Enter a
 * number > 0000"); after 9999 it wraps to 0001. A bank refuses a number it saw among its last
 * files (RBC lists up to 9 previous numbers; @cityssm/eft-generator: "different from previous
 * 10"): counting on by one keeps 9,998 files between two uses of a number.
 */
export function nextFileCreationNumber(last?: number): number {
  if (last === undefined) return 1;
  if (!Number.isInteger(last) || last < 1 || last > 9999) {
    throw new Cpa005FieldError('fileCreationNumber', 'a number from 1 to 9999');
  }
  return last === 9999 ? 1 : last + 1;
}
