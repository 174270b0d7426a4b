import {
  addCalendarDays,
  compareIsoDates,
  isIsoDate,
  isoDateOf,
  partsOf,
  weekdayOf,
  type IsoDate,
} from '../calendar/iso-date.ts';
import {
  CASH_INVESTED_THRESHOLD_CENTS,
  EFT_START_OFFSET_BUSINESS_DAYS,
  PAC_CANCELLATION_NOTICE_BUSINESS_DAYS,
  PAD_PRE_NOTIFICATION_CALENDAR_DAYS,
} from '../constants.ts';
import type { Cents } from '../money/cents.ts';

/**
 * The dates of funding (spec sections 5 and 9, Rule H1). Pure: the payments calendar is passed
 * in, so the server uses the real one (calendar/payments-calendar.ts, with date-holidays) and
 * the web may use one built from dates the server sent (`businessCalendarOf`).
 */
export interface BusinessCalendar {
  isBusinessDay(date: IsoDate): boolean;
  /** The n-th business day after `date`; for 0, `date` when a business day, else the next. */
  addBusinessDays(date: IsoDate, n: number): IsoDate;
}

/** A calendar of weekdays less the given non-processing days. */
export function businessCalendarOf(nonProcessingDays: Iterable<IsoDate>): BusinessCalendar {
  const closed = new Set(nonProcessingDays);
  const isBusinessDay = (date: IsoDate) =>
    weekdayOf(date) !== 0 && weekdayOf(date) !== 6 && !closed.has(date);
  return {
    isBusinessDay,
    addBusinessDays(date, n) {
      let day = date;
      if (n === 0) {
        while (!isBusinessDay(day)) day = addCalendarDays(day, 1);
        return day;
      }
      for (let left = n; left > 0;) {
        day = addCalendarDays(day, 1);
        if (isBusinessDay(day)) left -= 1;
      }
      return day;
    },
  };
}

const later = (a: IsoDate, b: IsoDate) => (compareIsoDates(a, b) >= 0 ? a : b);

/**
 * The earliest debit date a request made `today` may ask for: 7 business days ahead (spec
 * section 5), and, unless the person waived the pre-notification, no earlier than the first
 * business day at least 10 calendar days ahead, so the written notice of amount and date
 * reaches them 10 days before the first debit (Rule H1).
 */
export function earliestStartDate(
  today: IsoDate,
  options: { preNotificationWaived: boolean },
  calendar: BusinessCalendar,
): IsoDate {
  const businessDays = calendar.addBusinessDays(today, EFT_START_OFFSET_BUSINESS_DAYS);
  if (options.preNotificationWaived) return businessDays;
  const notice = calendar.addBusinessDays(
    addCalendarDays(today, PAD_PRE_NOTIFICATION_CALENDAR_DAYS),
    0,
  );
  return later(businessDays, notice);
}

/** The message key for a requested start date, or undefined when it may be asked for. */
export function startDateProblem(
  startDate: IsoDate,
  today: IsoDate,
  options: { preNotificationWaived: boolean },
  calendar: BusinessCalendar,
): 'invalidDate' | 'notBusinessDay' | 'startDateTooSoon' | undefined {
  if (!isIsoDate(startDate)) return 'invalidDate';
  if (compareIsoDates(startDate, earliestStartDate(today, options, calendar)) < 0) {
    return 'startDateTooSoon';
  }
  return calendar.isBusinessDay(startDate) ? undefined : 'notBusinessDay';
}

/**
 * When a PAC deleted `today` stops: after the notice of 10 business days (spec section 9);
 * debits falling before it still run.
 */
export function deleteEffectiveDate(today: IsoDate, calendar: BusinessCalendar): IsoDate {
  return calendar.addBusinessDays(today, PAC_CANCELLATION_NOTICE_BUSINESS_DAYS);
}

/** Where a scheduled debit falls when its date is not a business day: the next one. */
export function rollToBusinessDay(date: IsoDate, calendar: BusinessCalendar): IsoDate {
  return calendar.addBusinessDays(date, 0);
}

/** The last business day of the calendar quarter holding `date`. */
export function lastBusinessDayOfQuarter(date: IsoDate, calendar: BusinessCalendar): IsoDate {
  const { year, month } = partsOf(date);
  let day = isoDateOf(year, Math.ceil(month / 3) * 3, 31);
  while (!calendar.isBusinessDay(day)) day = addCalendarDays(day, -1);
  return day;
}

export interface CashInvested {
  reason: 'threshold' | 'quarterEnd';
  date: IsoDate;
}

/**
 * When deposited cash is invested (spec section 9): once the cash balance reaches $2,000, on
 * the business day after the deposit settles; otherwise at the end of the quarter, on its
 * last business day (the next quarter's when the deposit lands after it).
 */
export function cashInvestedOn(
  deposit: { depositDate: IsoDate; cashBalanceCents: Cents; depositCents: Cents },
  calendar: BusinessCalendar,
): CashInvested {
  if (deposit.cashBalanceCents + deposit.depositCents >= CASH_INVESTED_THRESHOLD_CENTS) {
    return { reason: 'threshold', date: calendar.addBusinessDays(deposit.depositDate, 1) };
  }
  let quarterEnd = lastBusinessDayOfQuarter(deposit.depositDate, calendar);
  if (compareIsoDates(quarterEnd, deposit.depositDate) < 0) {
    const { year, month } = partsOf(deposit.depositDate);
    quarterEnd = lastBusinessDayOfQuarter(
      isoDateOf(year, Math.ceil(month / 3) * 3 + 1, 1),
      calendar,
    );
  }
  return { reason: 'quarterEnd', date: quarterEnd };
}
