import { describe, expect, it } from 'vitest';
import { bureauMaintenanceEnd } from './bureau-window.ts';

const at = (iso: string) => new Date(iso);

describe("credit bureau's maintenance windows (Pacific time)", () => {
  it.each([
    // [instant, end of its window]
    ['2026-11-24T06:00:00Z', '2026-11-24T09:30:00Z'], // Monday 22:00 PST -> Tuesday 01:30
    ['2026-11-24T05:30:00Z', '2026-11-24T09:30:00Z'], // Monday 21:30 PST, the first minute
    ['2026-11-24T09:00:00Z', '2026-11-24T09:30:00Z'], // Tuesday 01:00 PST, Monday's window
    ['2026-11-26T08:45:00Z', '2026-11-26T09:00:00Z'], // Thursday 00:45 PST -> 01:00
    ['2026-11-30T07:30:00Z', '2026-11-30T09:30:00Z'], // Sunday 23:30 PST -> Monday 01:30
    ['2026-07-14T05:00:00Z', '2026-07-14T08:30:00Z'], // Monday 22:00 PDT (summer time)
  ])('%s is in a window that ends at %s', (instant, end) => {
    expect(bureauMaintenanceEnd(at(instant))?.toISOString()).toBe(at(end).toISOString());
  });

  it.each([
    '2026-11-24T05:29:00Z', // Monday 21:29 PST
    '2026-11-24T09:30:00Z', // Tuesday 01:30 PST, reopened
    '2026-11-25T20:00:00Z', // Wednesday noon
    '2026-11-29T08:45:00Z', // Sunday 00:45 PST: no Sunday early window
    '2026-11-26T09:00:00Z', // Thursday 01:00 PST, reopened
  ])('%s is open', (instant) => {
    expect(bureauMaintenanceEnd(at(instant))).toBeNull();
  });
});
