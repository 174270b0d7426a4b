import { PACIFIC_TIME_ZONE, wallClockAt } from './pacific-time.ts';

/**
 * Client support's telephone hours (spec section 8): Monday to Friday 5:30 to 17:00 Pacific,
 * which is 8:30 to 20:00 Eastern. Statutory holidays are not known here (the messages say
 * the hours, as the spec does).
 */
export const supportHours = {
  timeZone: PACIFIC_TIME_ZONE,
  /** 1 = Monday ... 5 = Friday */
  weekdays: [1, 2, 3, 4, 5],
  opens: '05:30',
  closes: '17:00',
  eastern: { timeZone: 'America/Toronto', opens: '08:30', closes: '20:00' },
} as const;

const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** Whether support answers the telephone at `instant`. */
export function supportOpenAt(instant: Date): boolean {
  const clock = wallClockAt(instant, supportHours.timeZone);
  const minute = clock.hour * 60 + clock.minute;
  return (
    (supportHours.weekdays as readonly number[]).includes(clock.weekday) &&
    minute >= minutesOf(supportHours.opens) &&
    minute < minutesOf(supportHours.closes)
  );
}
