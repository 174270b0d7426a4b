import { describe, expect, it } from 'vitest';
import {
  addCalendarDays,
  calendarDaysBetween,
  compareIsoDates,
  formatIsoDate,
  fromSpecDate,
  isIsoDate,
  isoDateOf,
  PAYMENTS_TIME_ZONE,
  todayIn,
  toSpecDate,
  weekdayOf,
} from './iso-date.ts';

describe('ISO dates', () => {
  it('accepts only real days written YYYY-MM-DD', () => {
    expect(isIsoDate('2026-02-28')).toBe(true);
    expect(isIsoDate('2028-02-29')).toBe(true);
    expect(isIsoDate('2026-02-29')).toBe(false);
    expect(isIsoDate('2026-13-01')).toBe(false);
    expect(isIsoDate('2026-1-01')).toBe(false);
    expect(isIsoDate('04-02-2026')).toBe(false);
    expect(isIsoDate(20260402)).toBe(false);
  });

  it('adds calendar days across months, years and daylight-saving changes', () => {
    expect(addCalendarDays('2026-03-07', 1)).toBe('2026-03-08');
    expect(addCalendarDays('2026-03-08', 1)).toBe('2026-03-09');
    expect(addCalendarDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addCalendarDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(calendarDaysBetween('2026-12-22', '2027-01-01')).toBe(10);
  });

  it('names weekdays from 0 Sunday to 6 Saturday', () => {
    expect(weekdayOf('2026-04-05')).toBe(0);
    expect(weekdayOf('2026-04-03')).toBe(5);
    expect(weekdayOf('2026-12-26')).toBe(6);
  });

  it('compares dates', () => {
    expect(compareIsoDates('2026-04-02', '2026-04-03')).toBeLessThan(0);
    expect(compareIsoDates('2026-04-03', '2026-04-03')).toBe(0);
    expect(compareIsoDates('2027-01-01', '2026-12-31')).toBeGreaterThan(0);
  });

  it('reads and writes the spec’s MM-DD-YYYY', () => {
    expect(fromSpecDate('04-02-2026')).toBe('2026-04-02');
    expect(fromSpecDate('02-30-2026')).toBeUndefined();
    expect(fromSpecDate('2026-04-02')).toBeUndefined();
    expect(toSpecDate('2026-04-02')).toBe('04-02-2026');
  });

  it('clamps a day to its month’s end and rolls months over', () => {
    expect(isoDateOf(2026, 2, 31)).toBe('2026-02-28');
    expect(isoDateOf(2028, 2, 30)).toBe('2028-02-29');
    expect(isoDateOf(2026, 14, 31)).toBe('2027-02-28');
  });

  it('reads today in Toronto, not in UTC', () => {
    // 03:30 UTC on April 3 is still April 2 in Toronto (EDT, UTC-4), and in winter (EST, UTC-5).
    expect(todayIn(PAYMENTS_TIME_ZONE, new Date('2026-04-03T03:30:00Z'))).toBe('2026-04-02');
    expect(todayIn(PAYMENTS_TIME_ZONE, new Date('2026-01-01T04:59:00Z'))).toBe('2025-12-31');
    expect(todayIn(PAYMENTS_TIME_ZONE, new Date('2026-01-01T05:00:00Z'))).toBe('2026-01-01');
  });

  it('writes a day the English and the French way, the first of a month as 1er', () => {
    expect(formatIsoDate('2026-04-14', 'en')).toBe('April 14, 2026');
    expect(formatIsoDate('2026-04-14', 'fr')).toBe('14 avril 2026');
    expect(formatIsoDate('2027-03-01', 'fr')).toBe('1er mars 2027');
    expect(formatIsoDate('2027-03-01', 'en')).toBe('March 1, 2027');
  });
});
