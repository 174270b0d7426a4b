/**
 * Wall-clock time in the brokerage's time zone, read with Intl (the IANA rules), never a fixed
 * offset: the bureau's maintenance and the support hours are said in Pacific time, and both
 * must stay right across daylight-saving changes.
 */
export const PACIFIC_TIME_ZONE = 'America/Vancouver';

export interface WallClock {
  year: number;
  /** 1-12 */
  month: number;
  day: number;
  /** 0 = Sunday ... 6 = Saturday */
  weekday: number;
  hour: number;
  minute: number;
}

const weekdays = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      weekday: 'short',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The wall clock of `instant` in `timeZone`. */
export function wallClockAt(instant: Date, timeZone: string = PACIFIC_TIME_ZONE): WallClock {
  const parts = Object.fromEntries(
    formatterFor(timeZone)
      .formatToParts(instant)
      .map((part) => [part.type, part.value]),
  );
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    weekday: weekdays.indexOf(String(parts.weekday)),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
  };
}

/** Milliseconds `timeZone` is ahead of UTC at `instant` (negative in the Americas). */
function offsetMsAt(instant: Date, timeZone: string): number {
  const clock = wallClockAt(instant, timeZone);
  const seconds = instant.getUTCSeconds() * 1000 + instant.getUTCMilliseconds();
  const asUtc = Date.UTC(clock.year, clock.month - 1, clock.day, clock.hour, clock.minute);
  return asUtc - (instant.getTime() - seconds);
}

/**
 * The instant a wall-clock time happens in `timeZone` (day may overflow the month: Date.UTC
 * carries it). A time skipped by a spring change resolves to the instant after the gap.
 */
export function instantOfWallClock(
  clock: Pick<WallClock, 'year' | 'month' | 'day' | 'hour' | 'minute'>,
  timeZone: string = PACIFIC_TIME_ZONE,
): Date {
  const asUtc = Date.UTC(clock.year, clock.month - 1, clock.day, clock.hour, clock.minute);
  let guess = asUtc - offsetMsAt(new Date(asUtc), timeZone);
  guess = asUtc - offsetMsAt(new Date(guess), timeZone);
  return new Date(guess);
}
