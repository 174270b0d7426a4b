import { instantOfWallClock, PACIFIC_TIME_ZONE, wallClockAt } from './pacific-time.ts';

const MINUTES_PER_DAY = 24 * 60;

/** A weekly window in Pacific wall-clock minutes from Sunday 00:00 (end may pass midnight). */
interface WeeklyWindow {
  startMinute: number;
  endMinute: number;
}

const at = (weekday: number, hour: number, minute: number) =>
  weekday * MINUTES_PER_DAY + hour * 60 + minute;

/**
 * The credit bureau's maintenance (spec section 8), Pacific time: Monday 21:30 to Tuesday
 * 01:30; Tuesday to Saturday 00:30 to 01:00 (Tuesday's lies inside Monday's); Sunday 23:30 to
 * Monday 01:30. No window reaches 02:00 on a Sunday, so none spans a daylight-saving change.
 */
export const bureauMaintenanceWindows: readonly WeeklyWindow[] = [
  { startMinute: at(0, 23, 30), endMinute: at(1, 1, 30) },
  { startMinute: at(1, 21, 30), endMinute: at(2, 1, 30) },
  ...[2, 3, 4, 5, 6].map((day) => ({ startMinute: at(day, 0, 30), endMinute: at(day, 1, 0) })),
];

export interface BureauAvailability {
  offline: boolean;
  /** When offline: the instant the bureau is back (the latest end of the windows it is in). */
  endsAt?: Date;
}

/** Whether the credit bureau is in maintenance at `instant`, and until when. */
export function bureauMaintenanceAt(instant: Date): BureauAvailability {
  const clock = wallClockAt(instant, PACIFIC_TIME_ZONE);
  const now = at(clock.weekday, clock.hour, clock.minute);
  const ends = bureauMaintenanceWindows
    .filter((window) => window.startMinute <= now && now < window.endMinute)
    .map((window) => window.endMinute);
  if (ends.length === 0) return { offline: false };
  const end = Math.max(...ends);
  const endsAt = instantOfWallClock(
    {
      year: clock.year,
      month: clock.month,
      day: clock.day + Math.floor(end / MINUTES_PER_DAY) - clock.weekday,
      hour: Math.floor((end % MINUTES_PER_DAY) / 60),
      minute: end % 60,
    },
    PACIFIC_TIME_ZONE,
  );
  return { offline: true, endsAt };
}
