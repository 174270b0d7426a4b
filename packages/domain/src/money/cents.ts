/**
 * Money as whole cents. Dollars travel as JSON numbers (the spec's `amount`), but every sum,
 * comparison and limit here runs on integers: 0.1 + 0.2 is not 0.3 in floating point, and a
 * debit must be exactly what the person typed.
 */
export type Cents = number;

export type MoneyLanguage = 'en' | 'fr';
export type MoneyCurrency = 'CAD' | 'USD';

/** A whole, non-negative, safe number of cents. */
export function isCents(value: unknown): value is Cents {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
}

/** Digits, then at most two decimals: the only dollar texts that are whole cents. */
const dollarsText = /^(\d+)(?:\.(\d{1,2}))?$/;

function centsOfDollarsText(text: string): Cents | undefined {
  const match = dollarsText.exec(text);
  if (!match) return undefined;
  const cents = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return Number.isSafeInteger(cents) ? cents : undefined;
}

/**
 * A dollar amount as cents, read from its decimal text (`String(19.99)` is "19.99"), never as
 * `n * 100` (19.99 * 100 is 1998.9999999999998). Undefined for a negative or non-finite amount
 * or one with more than two decimals (1.005 is not a number of cents).
 */
export function dollarsToCents(dollars: number): Cents | undefined {
  if (!Number.isFinite(dollars) || dollars < 0) return undefined;
  // Exponent form ("1e-7", "1e+21") is finer than a cent or beyond exact integers in cents.
  const text = String(dollars);
  if (text.includes('e')) return undefined;
  return centsOfDollarsText(text);
}

/** Cents as a dollar number for the wire (1999 -> 19.99; the division of an integer by 100 prints exactly). */
export function centsToDollars(cents: Cents): number {
  return cents / 100;
}

/** The total of a list of amounts. */
export function sumCents(amounts: readonly Cents[]): Cents {
  return amounts.reduce((total, amount) => total + amount, 0);
}

/** Spaces people and Intl put in amounts: space, no-break space, narrow no-break, thin space. */
const spaces = /[\s\u00a0\u202f\u2009]/g;

/**
 * An amount as typed, in the person's language, to cents: "500", "1,234.56", "$1,234.56",
 * "1 234,56 $" (any kind of space). Undefined when nothing was typed; 'invalid' for anything
 * that is not a plain dollar amount with at most two decimals (a sign, letters, 1.005,
 * misplaced group separators). Never a guess that could be off by a thousand: "1,234" is 1234
 * dollars in English, and refused in French, where the comma is the decimal mark.
 */
export function parseMoneyText(
  text: string,
  language: MoneyLanguage,
): Cents | undefined | 'invalid' {
  const trimmed = text.replace(spaces, ' ').trim();
  if (trimmed === '') return undefined;
  // A dollar sign before or after (CA$, US$ and "$ US" too, as Intl writes them).
  const bare = trimmed
    .replace(/^(?:CA|US)?\$\s?/i, '')
    .replace(/\s?(?:CA|US)?\$(?:\s?(?:CA|US))?$/i, '')
    .trim();
  if (!/^\d[\d ,.]*$/.test(bare)) return 'invalid';
  const marks = marksOf(bare, language);
  if (marks === undefined) return 'invalid';
  const [whole = '', fraction, extra] =
    marks.decimal === undefined ? [bare] : bare.split(marks.decimal);
  if (extra !== undefined) return 'invalid';
  if (fraction !== undefined && !/^\d{1,2}$/.test(fraction)) return 'invalid';
  const digits = groupedDigits(whole, marks.group);
  if (digits === undefined) return 'invalid';
  return centsOfDollarsText(fraction === undefined ? digits : `${digits}.${fraction}`) ?? 'invalid';
}

interface Marks {
  decimal?: ',' | '.';
  /** The mark grouping thousands besides a space, if any. */
  group?: ',' | '.';
}

/**
 * Which mark is the decimal one. Both present: the last ("1,234.56", "1.234,56"). One present:
 * the language's own decimal mark is one; the other is one too when it can only be that (once,
 * one or two digits after); otherwise it groups thousands in English (a comma) and is refused
 * in French (a dot there is a typo for a comma as often as a group mark).
 */
function marksOf(text: string, language: MoneyLanguage): Marks | undefined {
  const comma = text.lastIndexOf(',');
  const dot = text.lastIndexOf('.');
  if (comma >= 0 && dot >= 0)
    return comma > dot ? { decimal: ',', group: '.' } : { decimal: '.', group: ',' };
  if (comma < 0 && dot < 0) return {};
  const mark = comma >= 0 ? ',' : '.';
  const own = language === 'fr' ? ',' : '.';
  if (mark === own) return { decimal: mark };
  const last = text.lastIndexOf(mark);
  if (text.indexOf(mark) === last && /^\d{1,2}$/.test(text.slice(last + 1)))
    return { decimal: mark };
  return language === 'en' && mark === ',' ? { group: ',' } : undefined;
}

/**
 * The digits of a whole-dollar part whose groups of thousands may be separated by spaces or by
 * the group mark (one kind): "1 234", "1,234,567". Undefined when groups are misplaced.
 */
function groupedDigits(whole: string, group: ',' | '.' | undefined): string | undefined {
  if (/^\d+$/.test(whole)) return whole;
  const separator = [' ', group].find((candidate) => candidate && whole.includes(candidate));
  if (separator === undefined) return undefined;
  const groups = whole.split(separator);
  const [first = '', ...rest] = groups;
  if (!/^\d{1,3}$/.test(first) || !rest.every((part) => /^\d{3}$/.test(part))) return undefined;
  return groups.join('');
}

const formatters = new Map<string, Intl.NumberFormat>();

/**
 * Cents as the person reads money: `$1,234.56` in English, `1 234,56 $` in French (Intl's
 * en-CA and fr-CA; U.S. dollars show `US$`).
 */
export function formatCents(
  cents: Cents,
  language: MoneyLanguage,
  currency: MoneyCurrency = 'CAD',
): string {
  const locale = language === 'fr' ? 'fr-CA' : 'en-CA';
  const key = `${locale}/${currency}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale, { style: 'currency', currency });
    formatters.set(key, formatter);
  }
  return formatter.format(centsToDollars(cents));
}
