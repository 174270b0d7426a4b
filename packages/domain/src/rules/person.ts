import { z } from 'zod';
import { MINIMUM_AGE_YEARS } from '../constants.ts';
import { EMAIL_MAX_LENGTH, normalizeEmail } from './account.ts';

/**
 * A string field's type error: a missing answer is `required`, anything that is not text is
 * `invalid`. Shared by the profile rules (address, phone, profile).
 */
export const textError = {
  error: (issue: { input?: unknown }) =>
    issue.input === undefined || issue.input === null ? 'required' : 'invalid',
};

/** A text answer that may be left out or blank (its section decides whether it is needed). */
export function optionalTextSchema(max: number) {
  return z.string(textError).trim().max(max, 'invalid').optional();
}

// Social insurance number

/** The SIN as typed, without the spaces and dashes people put between its groups. */
export function normalizeSin(input: string): string {
  return input.replace(/[\s\-\u2010-\u2015]/g, '');
}

/** The Luhn (mod 10) check of a string of digits, as the SIN's last digit is computed. */
export function passesLuhn(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    const fromRight = digits.length - 1 - index;
    let digit = Number(digits[index]);
    if (fromRight % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/**
 * Why a SIN (already normalized) is refused, as its message key, or undefined when it is valid:
 * not 9 digits (`sinLength`), starting with 0 (never assigned) or 8 (business numbers)
 * (`sinFirstDigit`; 9 is a temporary resident's and is accepted), or a last digit that is not
 * the Luhn check of the others, which catches most typos (`sinCheckDigit`).
 */
export function sinProblem(
  sin: string,
): 'sinLength' | 'sinFirstDigit' | 'sinCheckDigit' | undefined {
  if (!/^\d{9}$/.test(sin)) return 'sinLength';
  if (sin.startsWith('0') || sin.startsWith('8')) return 'sinFirstDigit';
  if (!passesLuhn(sin)) return 'sinCheckDigit';
  return undefined;
}

/** A Canadian social insurance number: exactly 9 digits (already normalized) sinProblem passes. */
export function isValidSin(sin: string): boolean {
  return sinProblem(sin) === undefined;
}

/** A SIN shown without giving it away: `*** *** 789` (the last 3 digits only). */
export function maskSin(sin: string): string {
  const digits = normalizeSin(sin);
  return `*** *** ${digits.slice(-3)}`;
}

/**
 * Spec section 5: the SIN, normalized to its 9 digits; blank is `required`, else the reason
 * sinProblem gives (the spec's bare "Invalid." would not say what to fix).
 */
export const sinSchema = z
  .string(textError)
  .overwrite(normalizeSin)
  .superRefine((sin, context) => {
    const problem = sin === '' ? 'required' : sinProblem(sin);
    if (problem) context.addIssue({ code: 'custom', message: problem });
  })
  .prefault('');

/** A SIN that may be left out (the spouse's); when given it must be valid. */
export const optionalSinSchema = z
  .string(textError)
  .overwrite(normalizeSin)
  .superRefine((sin, context) => {
    const problem = sin === '' ? undefined : sinProblem(sin);
    if (problem) context.addIssue({ code: 'custom', message: problem });
  })
  .transform((sin) => (sin === '' ? undefined : sin))
  .optional();

// Dates and age

/** The earliest birth date accepted: nobody applying was born before 1900. */
export const EARLIEST_BIRTH_DATE = '1900-01-01';

interface CalendarDate {
  year: number;
  month: number;
  day: number;
}

function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

function parseDate(text: string): CalendarDate | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return undefined;
  return { year, month, day };
}

function requireDate(text: string, name: string): CalendarDate {
  const date = parseDate(text);
  if (!date) throw new RangeError(`${name} must be a calendar date written YYYY-MM-DD: ${text}`);
  return date;
}

/** What is wrong with a date typed in three boxes, the part to fix first, as a message key. */
export type DatePartsProblem = 'dateDay' | 'dateMonth' | 'dateYear' | 'dateNotReal';

/**
 * Why `YYYY-MM-DD` as the three boxes join it (each part padded with zeros) is not a date, so
 * the message names the part to fix: a month not from 1 to 12 ("Mar" leaves the box empty), a
 * year without 4 digits ("85"), a day not from 1 to 31, or a day the month does not have
 * (30 February). Undefined for a real date, and for text not in that form at all.
 */
export function datePartsProblem(text: string): DatePartsProblem | undefined {
  const match = /^(\d{1,4})-(\d{1,2})-(\d{1,2})$/.exec(text);
  if (!match) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (day < 1 || day > 31) return 'dateDay';
  if (month < 1 || month > 12) return 'dateMonth';
  if (year < 1000) return 'dateYear';
  return day > daysInMonth(year, month) ? 'dateNotReal' : undefined;
}

/** Whether the text is a real calendar date written `YYYY-MM-DD` (no 2023-02-29). */
export function isCalendarDate(text: string): boolean {
  return parseDate(text) !== undefined;
}

/**
 * Age in whole years on `today` (both `YYYY-MM-DD`). A birthday on February 29 comes on
 * March 1 in the years without one. Throws a RangeError for a date that is not a calendar date.
 */
export function ageOn(birthDate: string, today: string): number {
  const born = requireDate(birthDate, 'birthDate');
  const now = requireDate(today, 'today');
  const hadBirthday = now.month > born.month || (now.month === born.month && now.day >= born.day);
  return now.year - born.year - (hadBirthday ? 0 : 1);
}

/**
 * A birth date: a calendar date `YYYY-MM-DD` (slashes accepted for dashes, as the legacy client
 * sent them), not after `today` nor before 1900 (`invalid`), and old enough: `tooYoung` under
 * `minimumAgeYears` (18 for an applicant; 0 when only a plausible date is wanted).
 */
export function birthDateSchema(today: string, minimumAgeYears: number = MINIMUM_AGE_YEARS) {
  requireDate(today, 'today');
  return z
    .string(textError)
    .overwrite((value) => value.trim().replaceAll('/', '-'))
    .superRefine((value, context) => {
      const problem = (message: string) => context.addIssue({ code: 'custom', message });
      if (value === '') return problem('required');
      const parts = datePartsProblem(value);
      if (parts) return problem(parts);
      if (!isCalendarDate(value) || value > today || value < EARLIEST_BIRTH_DATE) {
        return problem('invalid');
      }
      if (ageOn(value, today) < minimumAgeYears) problem('tooYoung');
    })
    .prefault('');
}

// Email

/** An email address: required, valid (`emailFormat`), kept trimmed and in lower case. */
export const emailAddressSchema = z
  .string(textError)
  .trim()
  .min(1, 'required')
  .max(EMAIL_MAX_LENGTH, 'invalid')
  .pipe(z.email('emailFormat'))
  .transform(normalizeEmail)
  .prefault('');

/** The confirmation of an email address: only required here; the pair must then match. */
export const confirmEmailSchema = z
  .string(textError)
  .trim()
  .min(1, 'required')
  .max(EMAIL_MAX_LENGTH, 'invalid')
  .transform(normalizeEmail)
  .prefault('');

/** Whether a confirmation differs from its email (case and surrounding spaces do not count). */
export function emailsDiffer(email: string, confirmEmail: string): boolean {
  return normalizeEmail(email) !== normalizeEmail(confirmEmail);
}

/**
 * The email and its confirmation on their own (the profile step composes the same rule):
 * `emailMismatch` on `confirmEmail` when both are given and differ.
 */
export const emailConfirmationSchema = z
  .object({ email: emailAddressSchema, confirmEmail: confirmEmailSchema })
  .superRefine((value, context) => {
    if (value.email && value.confirmEmail && emailsDiffer(value.email, value.confirmEmail)) {
      context.addIssue({ code: 'custom', path: ['confirmEmail'], message: 'emailMismatch' });
    }
  });

// Names: one rule, in person-name.ts (registration and the settings use it too).

export { personNameSchema } from './person-name.ts';

/**
 * The dealer's calendar date (`YYYY-MM-DD`) at an instant: ages turn at midnight in Toronto,
 * where the books are kept, for the screens and the server alike.
 */
export function dealerDate(instant: Date): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: 'America/Toronto',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(instant);
}
