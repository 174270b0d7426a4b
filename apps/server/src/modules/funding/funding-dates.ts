import { fromSpecDate, toSpecDate, type IsoDate } from '@portal/domain/calendar/iso-date';
import { nextBusinessDay } from '@portal/domain/calendar/payments-calendar';
import { earliestStartDate } from '@portal/domain/funding/funding-rules';
import { businessCalendarOf, businessDaysFrom, regionOfInstitution } from './business-calendar.ts';
import type { FundingDeps } from './funding-deps.ts';
import { invalid } from './funding-refusal.ts';

/** The bank's dates a request may start on, on the payments calendar of the payer's bank. */

/** The start dates offered: the earliest allowed, then the 30 business days from it. */
export const OFFERED_START_DATES = 30;

export async function startDatesFor(
  deps: FundingDeps,
  { preNotificationWaived, institution }: { preNotificationWaived: boolean; institution?: string },
): Promise<{ today: IsoDate; earliest: IsoDate; dates: IsoDate[] }> {
  const today = await deps.clock.today();
  const region = regionOfInstitution(institution);
  const earliest = earliestStartDate(today, { preNotificationWaived }, businessCalendarOf(region));
  return { today, earliest, dates: businessDaysFrom(earliest, OFFERED_START_DATES, region) };
}

/** The spec's `nextBusinessDay?daysFrom=7&fromDate=MM-DD-YYYY` (national calendar). */
export function nextBusinessDayOf(
  fromDate: string,
  daysFrom: number,
): { nextBusinessDay: string; date: IsoDate } {
  const from = fromSpecDate(fromDate);
  if (!from) throw invalid({ fromDate: 'invalidDate' });
  if (!Number.isInteger(daysFrom) || daysFrom < 0 || daysFrom > 60) {
    throw invalid({ daysFrom: 'invalid' });
  }
  const date = nextBusinessDay(from, daysFrom);
  return { nextBusinessDay: toSpecDate(date), date };
}
