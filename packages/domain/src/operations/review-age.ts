import { addCalendarDays, compareIsoDates, todayIn, type IsoDate } from '../calendar/iso-date.ts';
import { isBusinessDay } from '../calendar/payments-calendar.ts';
import { PEP_FORM_DUE_DAYS } from '../constants.ts';
import { REVIEW_PROMISE_BUSINESS_DAYS, type PepFormStatus } from './operations-api.ts';

/** Operations work on Toronto's business days (the payments calendar, ADR 0019). */
export const OPERATIONS_TIME_ZONE = 'America/Toronto';

/**
 * Business days from submission to now (issue 16): the business days after the submission date,
 * up to and including today. Submitted today: 0; submitted on Friday, seen on Monday: 1.
 */
export function businessDaysSince(submittedAt: Date, now: Date): number {
  const from = todayIn(OPERATIONS_TIME_ZONE, submittedAt);
  const today = todayIn(OPERATIONS_TIME_ZONE, now);
  let count = 0;
  for (let date = addCalendarDays(from, 1); compareIsoDates(date, today) <= 0;) {
    if (isBusinessDay(date)) count += 1;
    date = addCalendarDays(date, 1);
  }
  return count;
}

/**
 * Where a "submitted at least `minAge` business days ago" filter cuts, as a date the database
 * can compare: an application is that old exactly when its submission date (in Toronto) is
 * before the answer, the `minAge`-th business day counting back from today (today included).
 * Undefined when every application qualifies (`minAge` 0 or less).
 */
export function submittedBeforeForAge(minAge: number, now: Date): IsoDate | undefined {
  if (minAge <= 0) return undefined;
  let date = todayIn(OPERATIONS_TIME_ZONE, now);
  let found = 0;
  for (;;) {
    if (isBusinessDay(date)) found += 1;
    if (found === minAge) return date;
    date = addCalendarDays(date, -1);
  }
}

/** Past the promise of 1 to 3 business days (spec section 4). */
export function isReviewOverdue(ageBusinessDays: number): boolean {
  return ageBusinessDays > REVIEW_PROMISE_BUSINESS_DAYS;
}

/** The PEP/HIO form's last day: PEP_FORM_DUE_DAYS after the submission date, in Toronto. */
export function pepFormDueOn(submittedAt: Date): IsoDate {
  return addCalendarDays(todayIn(OPERATIONS_TIME_ZONE, submittedAt), PEP_FORM_DUE_DAYS);
}

/** Where a PEP/HIO form stands: restricted once its due date has passed without it. */
export function pepFormStatusOf(
  form: { dueOn: IsoDate; receivedAt: Date | null; remindersSent: number },
  now: Date,
): PepFormStatus {
  const today = todayIn(OPERATIONS_TIME_ZONE, now);
  return {
    dueOn: form.dueOn,
    receivedAt: form.receivedAt ? form.receivedAt.toISOString() : null,
    remindersSent: form.remindersSent,
    restricted: form.receivedAt === null && compareIsoDates(today, form.dueOn) > 0,
  };
}
