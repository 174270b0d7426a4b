import { describe, expect, it } from 'vitest';
import { addCalendarDays } from '../calendar/iso-date.ts';
import * as constants from '../constants.ts';
import { nonProcessingDays, paymentsCalendar } from '../calendar/payments-calendar.ts';
import {
  businessCalendarOf,
  cashInvestedOn,
  deleteEffectiveDate,
  earliestStartDate,
  lastBusinessDayOfQuarter,
  rollToBusinessDay,
  startDateProblem,
} from './funding-rules.ts';

const calendar = paymentsCalendar();

describe('earliestStartDate', () => {
  it('is 7 business days ahead, past Good Friday', () => {
    expect(earliestStartDate('2026-03-30', { preNotificationWaived: true }, calendar)).toBe(
      '2026-04-09',
    );
  });

  it('waits for the 10 calendar days of pre-notification unless it is waived', () => {
    // Monday June 1: 7 business days is Wednesday June 10; 10 calendar days is Thursday June 11.
    expect(earliestStartDate('2026-06-01', { preNotificationWaived: true }, calendar)).toBe(
      '2026-06-10',
    );
    expect(earliestStartDate('2026-06-01', { preNotificationWaived: false }, calendar)).toBe(
      '2026-06-11',
    );
  });

  it('rolls the tenth calendar day forward to a business day', () => {
    // Wednesday April 1: the 11th is a Saturday, so Monday 13 (also 7 business days).
    expect(earliestStartDate('2026-04-01', { preNotificationWaived: false }, calendar)).toBe(
      '2026-04-13',
    );
    // Sunday November 1: 7 business days is Tuesday 10; the 11th is Remembrance Day: Thursday 12.
    expect(earliestStartDate('2026-11-01', { preNotificationWaived: true }, calendar)).toBe(
      '2026-11-10',
    );
    expect(earliestStartDate('2026-11-01', { preNotificationWaived: false }, calendar)).toBe(
      '2026-11-12',
    );
  });

  it('keeps the 7 business days when they come later than the 10 calendar days', () => {
    // Friday June 5: 7 business days is Tuesday June 16; 10 calendar days is Monday June 15.
    expect(earliestStartDate('2026-06-05', { preNotificationWaived: false }, calendar)).toBe(
      '2026-06-16',
    );
  });
});

describe('startDateProblem', () => {
  const options = { preNotificationWaived: true };

  it('accepts the earliest date and later business days', () => {
    expect(startDateProblem('2026-04-09', '2026-03-30', options, calendar)).toBeUndefined();
    expect(startDateProblem('2026-04-14', '2026-03-30', options, calendar)).toBeUndefined();
  });

  it('refuses a day before the earliest, a holiday, a weekend and a non-date', () => {
    expect(startDateProblem('2026-04-08', '2026-03-30', options, calendar)).toBe(
      'startDateTooSoon',
    );
    expect(startDateProblem('2026-05-18', '2026-03-30', options, calendar)).toBe('notBusinessDay');
    expect(startDateProblem('2026-04-11', '2026-03-30', options, calendar)).toBe('notBusinessDay');
    expect(startDateProblem('2026-02-30', '2026-01-05', options, calendar)).toBe('invalidDate');
  });
});

describe('deleteEffectiveDate', () => {
  it('is 10 business days after the request, over the holidays', () => {
    expect(deleteEffectiveDate('2026-12-21', calendar)).toBe('2027-01-07');
    expect(deleteEffectiveDate('2026-06-01', calendar)).toBe('2026-06-15');
  });
});

describe('rollToBusinessDay', () => {
  it('moves a debit off a weekend or holiday, and leaves a business day alone', () => {
    expect(rollToBusinessDay('2026-04-03', calendar)).toBe('2026-04-06');
    expect(rollToBusinessDay('2026-04-07', calendar)).toBe('2026-04-07');
  });
});

describe('cashInvestedOn', () => {
  it('invests the next business day once the balance reaches $2,000', () => {
    expect(
      cashInvestedOn(
        { depositDate: '2026-04-02', cashBalanceCents: 150_000, depositCents: 50_000 },
        calendar,
      ),
    ).toEqual({ reason: 'threshold', date: '2026-04-06' });
  });

  it('waits for the quarter’s last business day below $2,000', () => {
    expect(
      cashInvestedOn(
        { depositDate: '2026-04-02', cashBalanceCents: 150_000, depositCents: 49_999 },
        calendar,
      ),
    ).toEqual({ reason: 'quarterEnd', date: '2026-06-30' });
  });

  it('skips a holiday at the quarter’s end (September 30 is Truth and Reconciliation day)', () => {
    expect(lastBusinessDayOfQuarter('2026-08-14', calendar)).toBe('2026-09-29');
  });

  it('takes the next quarter when the deposit lands after the quarter’s last business day', () => {
    expect(
      cashInvestedOn(
        { depositDate: '2026-09-30', cashBalanceCents: 0, depositCents: 5_000 },
        calendar,
      ),
    ).toEqual({ reason: 'quarterEnd', date: '2026-12-31' });
  });
});

describe('businessCalendarOf', () => {
  it('agrees with the payments calendar when given its non-processing days', () => {
    const days = [...nonProcessingDays(2026), ...nonProcessingDays(2027)].map((day) => day.date);
    const fromDays = businessCalendarOf(days);
    for (let date = '2026-01-01'; date < '2027-12-01'; date = addCalendarDays(date, 1)) {
      expect(fromDays.isBusinessDay(date), date).toBe(calendar.isBusinessDay(date));
      expect(fromDays.addBusinessDays(date, 7), date).toBe(calendar.addBusinessDays(date, 7));
      expect(fromDays.addBusinessDays(date, 0), date).toBe(calendar.addBusinessDays(date, 0));
    }
  });
});

describe('the funding constants', () => {
  it('hold the spec’s and Rule H1’s numbers, money in cents', () => {
    expect(constants).toMatchObject({
      EFT_MINIMUM_CENTS: constants.EFT_MINIMUM_AMOUNT * 100,
      EFT_MAXIMUM_CENTS: 100_000_000,
      CASH_INVESTED_THRESHOLD_CENTS: constants.CASH_INVESTED_AT_BALANCE * 100,
      PAD_PRE_NOTIFICATION_CALENDAR_DAYS: 10,
      PAD_CANCELLATION_MAX_NOTICE_DAYS: 30,
      PAD_REIMBURSEMENT_CLAIM_DAYS: 90,
      BANK_CONNECTION_PENDING_LIMIT_MS: 30 * 60_000,
    });
    // The client polls a little longer than a connection may stay pending (spec section 4).
    expect(constants.BANK_CONNECTION_POLL_LIMIT_MS).toBeGreaterThan(
      constants.BANK_CONNECTION_PENDING_LIMIT_MS,
    );
  });
});
