/**
 * How the `date-holidays` output is corrected into the Canadian payments calendar: the days
 * on which no electronic debit or credit is processed. Data only; payments-calendar.ts applies
 * it. The library is a calendar of public holidays, not of payments (regulatory-facts.md
 * section 2): for Canada as a whole it lists five "public" days, types the National Day for
 * Truth and Reconciliation as an observance, and leaves out Victoria Day, Thanksgiving,
 * Remembrance Day and Boxing Day, which the processors' schedules (Payments Canada members)
 * all close for. Its provincial lists add days the clearing system processes on (Easter
 * Monday, Family Day, the Civic Holiday). So we take from it only the days below, by the rule
 * it reports, and add what it misses; a test holds every public or optional day it lists for
 * Canada and Quebec to either list, so a new version that adds one is noticed.
 */

/** The national calendar, or national plus Quebec's two bank holidays. */
export type PaymentsRegion = 'national' | 'QC';

export type PaymentsHoliday =
  | 'newYear'
  | 'goodFriday'
  | 'victoriaDay'
  | 'canadaDay'
  | 'labourDay'
  | 'truthAndReconciliation'
  | 'thanksgiving'
  | 'remembranceDay'
  | 'christmas'
  | 'boxingDay'
  | 'newYearQuebec'
  | 'stJeanBaptiste';

/** A date rule of our own, for the days the library does not give. */
export type HolidayRule =
  /** The same day every year. */
  | { kind: 'fixed'; month: number; day: number }
  /** The n-th given weekday (0 Sunday ... 6 Saturday) of a month. */
  | { kind: 'nthWeekday'; month: number; weekday: number; n: number }
  /** The last given weekday strictly before a day (Victoria Day: the Monday before May 25). */
  | { kind: 'weekdayBefore'; month: number; day: number; weekday: number }
  /** Days from Easter Sunday (Gregorian). */
  | { kind: 'easter'; offsetDays: number };

export interface HolidayCorrection {
  holiday: PaymentsHoliday;
  /** The `rule` the library reports for this day, when it gives it (for the region asked). */
  libraryRule?: string;
  /** Our rule, used when the library does not give the day. */
  rule: HolidayRule;
  /** The first year the day is a holiday. */
  since?: number;
}

/**
 * The national non-processing days (processor schedules: New Year's Day, Good Friday,
 * Victoria Day, Canada Day, Labour Day, National Day for Truth and Reconciliation since 2021,
 * Thanksgiving, Remembrance Day, Christmas, Boxing Day), asked of the library for `CA`.
 */
export const nationalHolidays: readonly HolidayCorrection[] = [
  { holiday: 'newYear', libraryRule: '01-01', rule: { kind: 'fixed', month: 1, day: 1 } },
  {
    holiday: 'goodFriday',
    libraryRule: 'easter -2',
    rule: { kind: 'easter', offsetDays: -2 },
  },
  {
    holiday: 'victoriaDay',
    libraryRule: 'monday before 05-25',
    rule: { kind: 'weekdayBefore', month: 5, day: 25, weekday: 1 },
  },
  { holiday: 'canadaDay', libraryRule: '07-01', rule: { kind: 'fixed', month: 7, day: 1 } },
  {
    holiday: 'labourDay',
    libraryRule: '1st monday in September',
    rule: { kind: 'nthWeekday', month: 9, weekday: 1, n: 1 },
  },
  {
    holiday: 'truthAndReconciliation',
    // Typed "observance" by the library; a federal holiday and a non-processing day since 2021.
    libraryRule: '09-30 since 2021',
    rule: { kind: 'fixed', month: 9, day: 30 },
    since: 2021,
  },
  {
    holiday: 'thanksgiving',
    libraryRule: '2nd monday after 10-01',
    rule: { kind: 'nthWeekday', month: 10, weekday: 1, n: 2 },
  },
  {
    holiday: 'remembranceDay',
    libraryRule: '11-11',
    rule: { kind: 'fixed', month: 11, day: 11 },
  },
  { holiday: 'christmas', libraryRule: '12-25', rule: { kind: 'fixed', month: 12, day: 25 } },
  { holiday: 'boxingDay', libraryRule: '12-26', rule: { kind: 'fixed', month: 12, day: 26 } },
];

/**
 * Quebec's overlay: the day after New Year's Day and the Fête nationale (June 24), on which
 * Quebec's clearing (the Desjardins caisses, National Bank) does not process. The library
 * gives June 24 for `CA-QC` (as "National Holiday") but not January 2.
 */
export const quebecHolidays: readonly HolidayCorrection[] = [
  { holiday: 'newYearQuebec', rule: { kind: 'fixed', month: 1, day: 2 } },
  { holiday: 'stJeanBaptiste', libraryRule: '06-24', rule: { kind: 'fixed', month: 6, day: 24 } },
];

/**
 * Public and optional days the library lists for Canada or Quebec that the payments calendar
 * processes on, by the rule the library reports: Easter Monday (a holiday of federal
 * employees, not of the clearing system), Family Day and the Civic Holiday (provincial, and
 * processed as usual). Quebec's "National Patriots' Day" is not among them: it is the Victoria
 * Day Monday under its Quebec name (rule `monday before 05-25`), already a national day here.
 */
export const droppedLibraryRules: readonly string[] = [
  'easter 1',
  '3rd monday after 02-01',
  '1st monday in August',
];

/**
 * A holiday on a Saturday or a Sunday stops processing on the next weekday that is not already
 * a holiday, taken in date order: Christmas on a Saturday is observed Monday the 27th, and
 * Boxing Day on the Sunday after it Tuesday the 28th.
 */
export const weekendObservance = { moveTo: 'nextFreeWeekday' } as const;
