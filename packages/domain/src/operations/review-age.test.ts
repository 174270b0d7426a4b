import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareIsoDates, todayIn } from '../calendar/iso-date.ts';
import {
  businessDaysSince,
  isReviewOverdue,
  OPERATIONS_TIME_ZONE,
  pepFormDueOn,
  pepFormStatusOf,
  submittedBeforeForAge,
} from './review-age.ts';

// Noon in Toronto (EST, UTC-5) on a date.
const torontoNoon = (date: string) => new Date(`${date}T17:00:00Z`);

describe('business days since submission', () => {
  it('counts nothing on the day of submission', () => {
    expect(businessDaysSince(torontoNoon('2026-11-23'), torontoNoon('2026-11-23'))).toBe(0);
  });

  it('skips the weekend: Friday to Monday is one business day', () => {
    expect(businessDaysSince(torontoNoon('2026-11-20'), torontoNoon('2026-11-23'))).toBe(1);
  });

  it('skips Christmas and Boxing Day', () => {
    // Wed Dec 23 to Tue Dec 29: Christmas is Friday, Boxing Day (Saturday) is observed on
    // Monday the 28th, so only Thursday the 24th and Tuesday the 29th count.
    expect(businessDaysSince(torontoNoon('2026-12-23'), torontoNoon('2026-12-29'))).toBe(2);
  });

  it('takes the date in Toronto, not in UTC', () => {
    // 23:30 in Toronto on Monday is Tuesday in UTC: still submitted on Monday.
    const lateMonday = new Date('2026-11-24T04:30:00Z');
    expect(businessDaysSince(lateMonday, torontoNoon('2026-11-24'))).toBe(1);
  });

  it('cuts a minimum age where the counted age reaches it, holidays and time zones included', () => {
    // Any submission in the two years before "now", any minimum from 0 to 12 business days.
    const now = new Date('2027-01-04T15:00:00Z');
    const span = 2 * 365 * 24 * 3600 * 1000;
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: span }),
        fc.integer({ min: 0, max: 12 }),
        (ago, minAge) => {
          const submittedAt = new Date(now.getTime() - ago);
          const before = submittedBeforeForAge(minAge, now);
          const submittedOn = todayIn(OPERATIONS_TIME_ZONE, submittedAt);
          const qualifies = before === undefined || compareIsoDates(submittedOn, before) < 0;
          expect(qualifies).toBe(businessDaysSince(submittedAt, now) >= minAge);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('cuts one business day back on a Monday at the Friday before', () => {
    // Monday Nov 23, 2026: age 1 or more is a submission before Monday itself; age 2, before
    // Friday the 20th.
    expect(submittedBeforeForAge(1, torontoNoon('2026-11-23'))).toBe('2026-11-23');
    expect(submittedBeforeForAge(2, torontoNoon('2026-11-23'))).toBe('2026-11-20');
    expect(submittedBeforeForAge(0, torontoNoon('2026-11-23'))).toBeUndefined();
  });

  it('calls a review overdue after the promise of three business days', () => {
    expect(isReviewOverdue(3)).toBe(false);
    expect(isReviewOverdue(4)).toBe(true);
  });
});

describe('the PEP/HIO form', () => {
  it('is due 21 days after submission', () => {
    expect(pepFormDueOn(torontoNoon('2026-11-23'))).toBe('2026-12-14');
  });

  it('restricts the account only once the due date has passed without the form', () => {
    const form = { dueOn: '2026-12-14', receivedAt: null, remindersSent: 2 } as const;
    expect(pepFormStatusOf(form, torontoNoon('2026-12-14')).restricted).toBe(false);
    expect(pepFormStatusOf(form, torontoNoon('2026-12-15')).restricted).toBe(true);
    const received = { ...form, receivedAt: torontoNoon('2026-12-01') };
    expect(pepFormStatusOf(received, torontoNoon('2026-12-20'))).toMatchObject({
      restricted: false,
      receivedAt: '2026-12-01T17:00:00.000Z',
    });
  });
});
