import { z } from 'zod';
import { EXPIRY_TEXT_LENGTH } from '../constants.ts';

/**
 * Expiry dates of identity documents.
 *
 * Typed by the applicant (spec section 5, card-style expiry): "exactly 7 characters in
 * month/year form, month 1 to 12, else invalid; must be after today (month compared to the 15th
 * as cut-off), else notInFuture". Our reading:
 * - exactly `MM/YYYY`: seven characters, a two-digit month, so "1/2027" is refused
 *   (`expiryFormat`; the spec's `invalid`);
 * - month 01 to 12, else `expiryMonth` (also the spec's `invalid`);
 * - the month stands for its 15th, as for the RIF start month: a document expiring in month M
 *   of year Y is still accepted on the 15th of M and refused from the 16th (`documentExpired`,
 *   the spec's `notInFuture`). "After today" is read on whole days: the 15th itself counts,
 *   since a document valid "until 11/2026" is valid on that day.
 * The codes are more precise than the spec's two so the messages can say what to fix.
 */

export type ExpiryTextProblem = 'required' | 'expiryFormat' | 'expiryMonth' | 'documentExpired';

const expiryTextPattern = /^(\d{2})\/(\d{4})$/;
const isoDatePattern = /^\d{4}-\d{2}-\d{2}$/;

/** The day that stands for a typed expiry: the 15th of its month, `YYYY-MM-15`. */
export function expiryCutOffDate(text: string): string | null {
  const match = expiryTextPattern.exec(text);
  if (!match || text.length !== EXPIRY_TEXT_LENGTH) return null;
  const month = Number(match[1]);
  if (month < 1 || month > 12) return null;
  return `${match[2]}-${match[1]}-15`;
}

const commonExpiryPattern = /^(\d{1,2})\s*[/.\s-]\s*(\d{2}|\d{4})$/;

/**
 * An expiry as people write it, in the spec's `MM/YYYY` form: "8/30", "08/30", "8-2030" or
 * "08 2030" become "08/2030" (a two-digit year is of this century: no card expires in 2100).
 * Anything else is given back trimmed, for expiryProblem to refuse.
 */
export function normalizeExpiryText(text: string): string {
  const trimmed = text.trim();
  const match = commonExpiryPattern.exec(trimmed);
  if (!match) return trimmed;
  const [, month = '', year = ''] = match;
  return `${month.padStart(2, '0')}/${year.length === 2 ? `20${year}` : year}`;
}

/**
 * What is wrong with a typed expiry on `today` (`YYYY-MM-DD`), or null; the common ways of
 * writing it are read first (normalizeExpiryText), then the spec's 7-character rule applies.
 */
export function expiryProblem(typed: string, today: string): ExpiryTextProblem | null {
  const text = normalizeExpiryText(typed);
  if (text === '') return 'required';
  const match = expiryTextPattern.exec(text);
  if (!match || text.length !== EXPIRY_TEXT_LENGTH) return 'expiryFormat';
  const month = Number(match[1]);
  if (month < 1 || month > 12) return 'expiryMonth';
  return `${match[2]}-${match[1]}-15` < today ? 'documentExpired' : null;
}

/** A typed `MM/YYYY` expiry, valid on `today` (`YYYY-MM-DD`). */
export function expiryTextSchema(today: string) {
  return z.string().superRefine((text, context) => {
    const problem = expiryProblem(text, today);
    if (problem) context.addIssue({ code: 'custom', message: problem });
  });
}

/**
 * A full expiry date read from a photo ID (`YYYY-MM-DD`): the document is valid through that
 * day and expired from the day after. Dates are compared as calendar days, never instants.
 */
export function isDocumentExpired(expiryDate: string, today: string): boolean {
  if (!isoDatePattern.test(expiryDate) || !isoDatePattern.test(today)) {
    throw new RangeError('dates must be written YYYY-MM-DD');
  }
  return expiryDate < today;
}

/** A real calendar date `YYYY-MM-DD` (no 2026-02-30). */
export const isoDateSchema = z.string().refine((text) => {
  if (!isoDatePattern.test(text)) return false;
  const [year, month, day] = text.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}, 'invalid');

/** A document's full expiry date that is not past on `today` (`documentExpired` if it is). */
export function documentExpiryDateSchema(today: string) {
  return isoDateSchema.refine((date) => !isDocumentExpired(date, today), 'documentExpired');
}
