import { wallClockAt } from '../identity/pacific-time.ts';

/**
 * Calendar dates as the API carries them: `YYYY-MM-DD`, a day with no time and no zone. The
 * arithmetic runs on UTC midnights so a daylight-saving change never moves a date.
 */
export type IsoDate = string;

/**
 * The zone the payments calendar is read in: the brokerage and its processing bank are in
 * Eastern time, so "today" for a debit date is today in Toronto, wherever the client is.
 */
export const PAYMENTS_TIME_ZONE = 'America/Toronto';

const isoPattern = /^(\d{4})-(\d{2})-(\d{2})$/;
const specPattern = /^(\d{2})-(\d{2})-(\d{4})$/;
const DAY_MS = 86_400_000;

function utcOf(date: IsoDate): number {
  const match = isoPattern.exec(date);
  if (!match) throw new RangeError(`Not a YYYY-MM-DD date: ${date}`);
  return Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
}

function isoOfUtc(ms: number): IsoDate {
  return new Date(ms).toISOString().slice(0, 10);
}

/** A real calendar day written `YYYY-MM-DD` (2026-02-30 is not one). */
export function isIsoDate(text: unknown): text is IsoDate {
  if (typeof text !== 'string' || !isoPattern.test(text)) return false;
  return isoOfUtc(utcOf(text)) === text;
}

/** The day `days` calendar days after `date` (before it when negative). */
export function addCalendarDays(date: IsoDate, days: number): IsoDate {
  return isoOfUtc(utcOf(date) + days * DAY_MS);
}

/** 0 = Sunday ... 6 = Saturday. */
export function weekdayOf(date: IsoDate): number {
  return new Date(utcOf(date)).getUTCDay();
}

/** Negative, zero or positive as `a` is before, on or after `b` (ISO dates sort as text). */
export function compareIsoDates(a: IsoDate, b: IsoDate): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Whole calendar days from `from` to `to` (negative when `to` is earlier). */
export function calendarDaysBetween(from: IsoDate, to: IsoDate): number {
  return Math.round((utcOf(to) - utcOf(from)) / DAY_MS);
}

/** The spec's `MM-DD-YYYY` (the nextBusinessDay call) as an ISO date; undefined if not a day. */
export function fromSpecDate(text: string): IsoDate | undefined {
  const match = specPattern.exec(text);
  if (!match) return undefined;
  const iso = `${match[3]}-${match[1]}-${match[2]}`;
  return isIsoDate(iso) ? iso : undefined;
}

/** An ISO date written the spec's way, `MM-DD-YYYY`. */
export function toSpecDate(date: IsoDate): string {
  const [year, month, day] = date.split('-');
  return `${month}-${day}-${year}`;
}

/** The calendar date on the wall clocks of `timeZone` at `now` (Intl's zone rules). */
export function todayIn(timeZone: string, now: Date): IsoDate {
  const clock = wallClockAt(now, timeZone);
  const pad = (n: number, width: number) => String(n).padStart(width, '0');
  return `${pad(clock.year, 4)}-${pad(clock.month, 2)}-${pad(clock.day, 2)}`;
}

/** Year, month (1-12) and day of an ISO date. */
export function partsOf(date: IsoDate): { year: number; month: number; day: number } {
  const match = isoPattern.exec(date);
  if (!match) throw new RangeError(`Not a YYYY-MM-DD date: ${date}`);
  return { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) };
}

/** The ISO date of a year, month (1-12) and day, the day clamped to the month's last. */
export function isoDateOf(year: number, month: number, day: number): IsoDate {
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return isoOfUtc(Date.UTC(year, month - 1, Math.min(day, last)));
}

/**
 * A day as a person reads it: "April 1, 2026", "1er avril 2026" (French writes the first of a
 * month as an ordinal, which Intl does not).
 */
export function formatIsoDate(date: IsoDate, language: 'en' | 'fr'): string {
  const { year, month, day } = partsOf(date);
  const text = new Intl.DateTimeFormat(language === 'fr' ? 'fr-CA' : 'en-CA', {
    dateStyle: 'long',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(year, month - 1, day)));
  return language === 'fr' ? firstAsOrdinal(text) : text;
}

/** "1 avril" -> "1er avril" at the start of a French date. */
export function firstAsOrdinal(text: string): string {
  return text.replace(/^1(?=\s)/, '1er');
}
