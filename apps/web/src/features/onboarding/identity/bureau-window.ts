/**
 * The credit bureau's maintenance windows (spec section 8), in Pacific time: Monday 21:30 to
 * Tuesday 01:30, Tuesday to Saturday 00:30 to 01:00, Sunday 23:30 to Monday 01:30. Computed in
 * `America/Vancouver` with the platform's time zone data, never a fixed offset.
 *
 * The client checks its own clock so the offline message shows before any call; the server's
 * 503 `bureauOffline` stays the authority (and covers the sandbox's offline input).
 */
const PACIFIC = 'America/Vancouver';
type Weekday = 'Sun' | 'Mon' | 'Tue' | 'Wed' | 'Thu' | 'Fri' | 'Sat';
const minutes = (hours: number, mins: number) => hours * 60 + mins;
const DAY = minutes(24, 0);

interface PacificClock {
  weekday: Weekday;
  /** Minutes since midnight, with the seconds as a fraction. */
  minute: number;
}

function pacificClock(instant: Date): PacificClock {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: PACIFIC,
    weekday: 'short',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(instant);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '0';
  const weekday = part('weekday') as Weekday;
  const minute =
    minutes(Number(part('hour')), Number(part('minute'))) + Number(part('second')) / 60;
  return { weekday, minute };
}

/** When the window around `instant` ends, as minutes after local midnight (may pass 24 h). */
function windowEnd({ weekday, minute }: PacificClock): number | null {
  if (weekday === 'Mon' && minute >= minutes(21, 30)) return DAY + minutes(1, 30);
  if (weekday === 'Sun' && minute >= minutes(23, 30)) return DAY + minutes(1, 30);
  // The early hours of Monday and Tuesday close the windows opened the evening before.
  if ((weekday === 'Mon' || weekday === 'Tue') && minute < minutes(1, 30)) return minutes(1, 30);
  const tuesdayToSaturday = weekday !== 'Sun' && weekday !== 'Mon';
  if (tuesdayToSaturday && minute >= minutes(0, 30) && minute < minutes(1, 0)) return minutes(1, 0);
  return null;
}

/** The maintenance window at `instant`: when it ends, or null when the bureau is open. */
export function bureauMaintenanceEnd(instant: Date): Date | null {
  const clock = pacificClock(instant);
  const end = windowEnd(clock);
  if (end === null) return null;
  // No window spans a daylight-saving change (those happen at 02:00 on Sundays).
  return new Date(instant.getTime() + (end - clock.minute) * 60_000);
}
