import { describe, expect, it } from 'vitest';
import {
  abandonedDeletionAt,
  abandonedReminderAt,
  addYears,
  closureDateProblem,
  closureInstantOf,
  DEFAULT_RETENTION_YEARS,
  deletableFrom,
  isPastRetention,
} from './retention-rules.ts';

describe('retention rules', () => {
  const created = new Date('2020-03-01T00:00:00Z');
  const closed = new Date('2022-06-15T00:00:00Z');

  it('defaults every class to the longer of FINTRAC (5) and CIRO (7, unconfirmed)', () => {
    expect(DEFAULT_RETENTION_YEARS).toBe(7);
  });

  it('counts from the later of creation and closure', () => {
    expect(
      deletableFrom({ createdAt: created, accountClosedAt: closed, legalHold: false }, 5),
    ).toEqual(new Date('2027-06-15T00:00:00Z'));
    const lateRecord = new Date('2023-01-01T00:00:00Z');
    expect(
      deletableFrom({ createdAt: lateRecord, accountClosedAt: closed, legalHold: false }, 5),
    ).toEqual(new Date('2028-01-01T00:00:00Z'));
  });

  it('keeps everything of an open account or one under a legal hold', () => {
    const farFuture = new Date('2200-01-01T00:00:00Z');
    expect(
      isPastRetention(
        { createdAt: created, accountClosedAt: null, legalHold: false },
        5,
        farFuture,
      ),
    ).toBe(false);
    expect(
      isPastRetention(
        { createdAt: created, accountClosedAt: closed, legalHold: true },
        5,
        farFuture,
      ),
    ).toBe(false);
    expect(
      isPastRetention(
        { createdAt: created, accountClosedAt: closed, legalHold: false },
        5,
        farFuture,
      ),
    ).toBe(true);
  });

  it('lands 29 February on 28 February', () => {
    expect(addYears(new Date('2024-02-29T10:00:00Z'), 1)).toEqual(new Date('2025-02-28T10:00:00Z'));
  });

  it('reminds the given days before the abandoned application is deleted', () => {
    const last = new Date('2026-01-01T00:00:00Z');
    expect(abandonedDeletionAt(last, 180)).toEqual(new Date('2026-06-30T00:00:00Z'));
    expect(abandonedReminderAt(last, 180, 14)).toEqual(new Date('2026-06-16T00:00:00Z'));
    expect(abandonedReminderAt(last, 10, 14)).toEqual(last);
  });

  it('takes a closure date that is a real day, today or before, and says what is wrong with others', () => {
    expect(closureDateProblem('', '2026-11-30')).toBe('required');
    expect(closureDateProblem('2026-02-30', '2026-11-30')).toBe('notADate');
    expect(closureDateProblem('0026-01-05', '2026-11-30')).toBe('notADate');
    expect(closureDateProblem('2026-12-01', '2026-11-30')).toBe('inFuture');
    expect(closureDateProblem('2026-11-30', '2026-11-30')).toBeNull();
    expect(closureDateProblem('2026-01-15', '2026-11-30')).toBeNull();
  });

  it('sends a closure date as its first minute in Toronto, daylight saving or not', () => {
    expect(closureInstantOf('2026-01-15')).toBe('2026-01-15T05:00:00.000Z');
    expect(closureInstantOf('2026-07-01')).toBe('2026-07-01T04:00:00.000Z');
  });
});
