import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bureauMaintenanceAt } from './bureau-maintenance.ts';
import { instantOfWallClock, PACIFIC_TIME_ZONE, wallClockAt } from './pacific-time.ts';
import { supportHours, supportOpenAt } from './support-hours.ts';

const at = (iso: string) => new Date(iso);
const endOf = (iso: string) => bureauMaintenanceAt(at(iso)).endsAt?.toISOString();

describe("the credit bureau's maintenance, Pacific time", () => {
  // November 2025: Pacific standard time, UTC-8, in every time-zone database. Monday is the 24th.
  // (Not November 2026: IANA 2026c keeps British Columbia on daylight time from then on, so
  // the offset there depends on the runtime's data: Node 20's 2025c says UTC-8, Node 24's UTC-7.)
  it.each([
    ['2025-11-25T06:00:00.000Z', '2025-11-25T09:30:00.000Z', 'Monday 22:00 (the e2e time)'],
    ['2025-11-25T05:30:00.000Z', '2025-11-25T09:30:00.000Z', 'Monday 21:30, first minute'],
    ['2025-11-25T08:45:00.000Z', '2025-11-25T09:30:00.000Z', "Tuesday 00:45, Monday's window"],
    ['2025-11-25T09:29:59.000Z', '2025-11-25T09:30:00.000Z', 'Tuesday 01:29:59'],
    ['2025-11-26T08:45:00.000Z', '2025-11-26T09:00:00.000Z', 'Wednesday 00:45'],
    ['2025-11-29T08:30:00.000Z', '2025-11-29T09:00:00.000Z', 'Saturday 00:30'],
    ['2025-12-01T07:45:00.000Z', '2025-12-01T09:30:00.000Z', 'Sunday 23:45'],
    ['2025-12-01T09:00:00.000Z', '2025-12-01T09:30:00.000Z', 'Monday 01:00'],
    // Summer time, UTC-7.
    ['2026-07-14T05:00:00.000Z', '2026-07-14T08:30:00.000Z', 'Monday 22:00 PDT'],
  ])('%s is offline until %s (%s)', (instant, end) => {
    expect(bureauMaintenanceAt(at(instant)).offline).toBe(true);
    expect(endOf(instant)).toBe(end);
  });

  it.each([
    ['2025-11-25T05:29:00.000Z', 'Monday 21:29'],
    ['2025-11-25T09:30:00.000Z', 'Tuesday 01:30'],
    ['2025-11-26T09:00:00.000Z', 'Wednesday 01:00'],
    ['2025-11-26T08:29:00.000Z', 'Wednesday 00:29'],
    ['2025-11-26T20:00:00.000Z', 'Wednesday noon'],
    ['2025-11-30T08:45:00.000Z', 'Sunday 00:45 (no Sunday early window)'],
    ['2025-12-01T07:29:00.000Z', 'Sunday 23:29'],
    ['2025-12-01T09:30:00.000Z', 'Monday 01:30'],
  ])('%s is online (%s)', (instant) => {
    expect(bureauMaintenanceAt(at(instant))).toEqual({ offline: false });
  });

  describe('across the spring change, Sunday March 8 2026', () => {
    it('Saturday 00:45 PST is offline until 01:00 PST', () => {
      expect(endOf('2026-03-07T08:45:00.000Z')).toBe('2026-03-07T09:00:00.000Z');
    });
    it('Sunday 03:00 PDT (an hour after the change) is online', () => {
      expect(bureauMaintenanceAt(at('2026-03-08T10:00:00.000Z')).offline).toBe(false);
    });
    it('Sunday 23:45 PDT is offline until Monday 01:30 PDT', () => {
      expect(endOf('2026-03-09T06:45:00.000Z')).toBe('2026-03-09T08:30:00.000Z');
    });
    it('Sunday 23:29 PDT is online', () => {
      expect(bureauMaintenanceAt(at('2026-03-09T06:29:00.000Z')).offline).toBe(false);
    });
  });

  describe('across the autumn change, Sunday November 2 2025', () => {
    it('Saturday 00:45 PDT is offline until 01:00 PDT', () => {
      expect(endOf('2025-11-01T07:45:00.000Z')).toBe('2025-11-01T08:00:00.000Z');
    });
    it('Sunday 01:30, both times it happens, is online', () => {
      expect(bureauMaintenanceAt(at('2025-11-02T08:30:00.000Z')).offline).toBe(false);
      expect(bureauMaintenanceAt(at('2025-11-02T09:30:00.000Z')).offline).toBe(false);
    });
    it('Sunday 23:45 PST is offline until Monday 01:30 PST', () => {
      expect(endOf('2025-11-03T07:45:00.000Z')).toBe('2025-11-03T09:30:00.000Z');
    });
    it('Monday 21:30 PST starts the long window, Monday 21:29 does not', () => {
      expect(endOf('2025-11-04T05:30:00.000Z')).toBe('2025-11-04T09:30:00.000Z');
      expect(bureauMaintenanceAt(at('2025-11-04T05:29:00.000Z')).offline).toBe(false);
    });
  });

  it("follows the runtime's rules for Vancouver, whatever offset they give November 2026", () => {
    const mondayTen = instantOfWallClock(
      { year: 2026, month: 11, day: 23, hour: 22, minute: 0 },
      PACIFIC_TIME_ZONE,
    );
    const { offline, endsAt } = bureauMaintenanceAt(mondayTen);
    expect(offline).toBe(true);
    expect(endsAt && wallClockAt(endsAt)).toMatchObject({
      day: 24,
      weekday: 2,
      hour: 1,
      minute: 30,
    });
  });

  it('when offline, is back online exactly at endsAt, within four hours, and offline just before', () => {
    const instants = fc.date({
      min: new Date('2026-01-01T00:00:00Z'),
      max: new Date('2027-12-31T00:00:00Z'),
      noInvalidDate: true,
    });
    fc.assert(
      fc.property(instants, (instant) => {
        const { offline, endsAt } = bureauMaintenanceAt(instant);
        if (!offline) return endsAt === undefined;
        if (!endsAt) return false;
        const left = endsAt.getTime() - instant.getTime();
        return (
          left > 0 &&
          left <= 4 * 3_600_000 &&
          !bureauMaintenanceAt(endsAt).offline &&
          bureauMaintenanceAt(new Date(endsAt.getTime() - 1)).offline
        );
      }),
      { numRuns: 2000 },
    );
  });
});

describe('support hours', () => {
  it('are Monday to Friday 5:30-17:00 Pacific, 8:30-20:00 Eastern', () => {
    expect(supportHours).toMatchObject({
      timeZone: 'America/Vancouver',
      weekdays: [1, 2, 3, 4, 5],
      opens: '05:30',
      closes: '17:00',
      eastern: { opens: '08:30', closes: '20:00' },
    });
  });

  it.each([
    ['2025-11-24T13:30:00.000Z', true, 'Monday 5:30 PST'],
    ['2025-11-24T13:29:00.000Z', false, 'Monday 5:29 PST'],
    ['2025-11-25T00:59:00.000Z', true, 'Monday 16:59 PST'],
    ['2025-11-25T01:00:00.000Z', false, 'Monday 17:00 PST'],
    ['2025-11-28T20:00:00.000Z', true, 'Friday noon'],
    ['2025-11-29T20:00:00.000Z', false, 'Saturday noon'],
    ['2025-11-30T20:00:00.000Z', false, 'Sunday noon'],
    ['2026-07-13T12:30:00.000Z', true, 'Monday 5:30 PDT'],
    ['2026-07-13T12:29:00.000Z', false, 'Monday 5:29 PDT'],
  ])('%s open: %s (%s)', (instant, open) => {
    expect(supportOpenAt(at(instant))).toBe(open);
  });
});
