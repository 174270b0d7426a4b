import Holidays from 'date-holidays';
import type { BusinessCalendar } from '../funding/funding-rules.ts';
import {
  nationalHolidays,
  quebecHolidays,
  type HolidayCorrection,
  type HolidayRule,
  type PaymentsHoliday,
  type PaymentsRegion,
} from './payments-calendar-corrections.ts';
import { addCalendarDays, isoDateOf, partsOf, weekdayOf, type IsoDate } from './iso-date.ts';

/**
 * The Canadian payments calendar: the business days on which a pre-authorized debit is
 * processed (weekends and the non-processing days of payments-calendar-corrections.ts are
 * not). Server only: it carries date-holidays, which the web must not bundle, so index.ts
 * does not export it; the web asks the server (`startDates`, `nextBusinessDay`).
 */

export type { PaymentsHoliday, PaymentsRegion } from './payments-calendar-corrections.ts';

export interface NonProcessingDay {
  /** The weekday on which nothing is processed (a weekend holiday's observed day). */
  date: IsoDate;
  holiday: PaymentsHoliday;
}

interface LibraryDay {
  date: IsoDate;
  rule: string;
}

const libraries = new Map<string, Holidays>();

/** What the library says for a region and year, by the rule it reports. */
function libraryDays(year: number, state?: string): LibraryDay[] {
  const key = state ?? 'CA';
  let library = libraries.get(key);
  if (!library) {
    library = state === undefined ? new Holidays('CA') : new Holidays('CA', state);
    libraries.set(key, library);
  }
  // `date` is the day's local start, "2026-07-01 00:00:00": its first ten characters are the day.
  return library.getHolidays(year).map((day) => ({ date: day.date.slice(0, 10), rule: day.rule }));
}

/** Easter Sunday of a Gregorian year (the anonymous Gregorian algorithm, Meeus). */
export function easterSunday(year: number): IsoDate {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return isoDateOf(year, month, day);
}

/** The date of one of our rules in a year. */
export function dateOfRule(rule: HolidayRule, year: number): IsoDate {
  switch (rule.kind) {
    case 'fixed':
      return isoDateOf(year, rule.month, rule.day);
    case 'nthWeekday': {
      const first = isoDateOf(year, rule.month, 1);
      const ahead = (rule.weekday - weekdayOf(first) + 7) % 7;
      return addCalendarDays(first, ahead + 7 * (rule.n - 1));
    }
    case 'weekdayBefore': {
      const limit = isoDateOf(year, rule.month, rule.day);
      const back = (weekdayOf(limit) - rule.weekday + 7) % 7 || 7;
      return addCalendarDays(limit, -back);
    }
    case 'easter':
      return addCalendarDays(easterSunday(year), rule.offsetDays);
  }
}

const isWeekend = (date: IsoDate) => weekdayOf(date) === 0 || weekdayOf(date) === 6;

/** The holidays of a year on their own dates, before weekend observance. */
function holidayDates(year: number, region: PaymentsRegion): NonProcessingDay[] {
  const sources: [readonly HolidayCorrection[], LibraryDay[]][] = [
    [nationalHolidays, libraryDays(year)],
  ];
  if (region === 'QC') sources.push([quebecHolidays, libraryDays(year, 'QC')]);
  return sources.flatMap(([corrections, library]) =>
    corrections
      .filter((correction) => correction.since === undefined || year >= correction.since)
      .map((correction) => ({
        holiday: correction.holiday,
        date:
          library.find((day) => day.rule === correction.libraryRule)?.date ??
          dateOfRule(correction.rule, year),
      })),
  );
}

/**
 * A weekend holiday moves to the next weekday that is not already a holiday, in date order
 * (Christmas on Saturday to Monday 27, Boxing Day on Sunday to Tuesday 28).
 */
function observed(days: NonProcessingDay[]): NonProcessingDay[] {
  const sorted = [...days].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  const taken = new Set(sorted.filter((day) => !isWeekend(day.date)).map((day) => day.date));
  return sorted
    .map((day) => {
      if (!isWeekend(day.date)) return day;
      let date = addCalendarDays(day.date, 1);
      while (isWeekend(date) || taken.has(date)) date = addCalendarDays(date, 1);
      taken.add(date);
      return { ...day, date };
    })
    .sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
}

const years = new Map<string, { days: NonProcessingDay[]; dates: Set<IsoDate> }>();

function yearOf(year: number, region: PaymentsRegion) {
  const key = `${year}/${region}`;
  let entry = years.get(key);
  if (!entry) {
    const days = observed(holidayDates(year, region));
    entry = { days, dates: new Set(days.map((day) => day.date)) };
    years.set(key, entry);
  }
  return entry;
}

/**
 * The weekdays of a year on which nothing is processed, in date order. A holiday observed in
 * the next year would be listed there; none is (the last holiday, Boxing Day, moves at most to
 * December 28).
 */
export function nonProcessingDays(
  year: number,
  region: PaymentsRegion = 'national',
): NonProcessingDay[] {
  return yearOf(year, region).days.map((day) => ({ ...day }));
}

/** A weekday that is not a non-processing day. */
export function isBusinessDay(date: IsoDate, region: PaymentsRegion = 'national'): boolean {
  return !isWeekend(date) && !yearOf(partsOf(date).year, region).dates.has(date);
}

/**
 * The `n`-th business day after `from` (n >= 1); for n = 0, `from` itself when it is a
 * business day, else the next one.
 */
export function addBusinessDays(
  from: IsoDate,
  n: number,
  region: PaymentsRegion = 'national',
): IsoDate {
  if (!Number.isInteger(n) || n < 0) throw new RangeError(`Not a business-day count: ${n}`);
  let date = from;
  if (n === 0) {
    while (!isBusinessDay(date, region)) date = addCalendarDays(date, 1);
    return date;
  }
  let left = n;
  while (left > 0) {
    date = addCalendarDays(date, 1);
    if (isBusinessDay(date, region)) left -= 1;
  }
  return date;
}

/** The spec's `nextBusinessDay?daysFrom=&fromDate=`: `daysFrom` business days after `fromDate`. */
export function nextBusinessDay(
  fromDate: IsoDate,
  daysFrom: number,
  region: PaymentsRegion = 'national',
): IsoDate {
  return addBusinessDays(fromDate, daysFrom, region);
}

/** The `count` business days starting at `from` (itself included when a business day). */
export function businessDaysFrom(
  from: IsoDate,
  count: number,
  region: PaymentsRegion = 'national',
): IsoDate[] {
  const dates: IsoDate[] = [];
  let date = from;
  while (dates.length < count) {
    if (isBusinessDay(date, region)) dates.push(date);
    date = addCalendarDays(date, 1);
  }
  return dates;
}

/** The calendar of a region, in the shape the funding rules take (funding-rules.ts). */
export function paymentsCalendar(region: PaymentsRegion = 'national'): BusinessCalendar {
  return {
    isBusinessDay: (date) => isBusinessDay(date, region),
    addBusinessDays: (date, n) => addBusinessDays(date, n, region),
  };
}
