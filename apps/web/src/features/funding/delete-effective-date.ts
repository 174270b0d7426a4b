import { PAC_CANCELLATION_NOTICE_BUSINESS_DAYS } from '@portal/domain/constants';
import { toSpecDate, type IsoDate } from '@portal/domain/calendar/iso-date';
import { fundingApi } from '../../lib/funding-api.ts';

/**
 * The day a PAC deleted now would stop: 10 business days ahead (spec section 9), shown in the
 * confirmation before the person decides. The calendar is the server's (the web never bundles
 * the holiday library), and "today" is the bank's today as the start dates answer it, which is
 * the day the server counts from when it deletes. The server's answer to the delete itself is
 * the one the page keeps.
 */
export async function deleteEffectiveDatePreview(signal?: AbortSignal): Promise<IsoDate> {
  const { today } = await fundingApi.startDates({ preNotificationWaived: true }, signal);
  const { date } = await fundingApi.nextBusinessDay(
    PAC_CANCELLATION_NOTICE_BUSINESS_DAYS,
    toSpecDate(today),
    signal,
  );
  return date;
}
