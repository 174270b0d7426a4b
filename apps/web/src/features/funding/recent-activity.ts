import { EFT_ACTIVITY_WINDOW_DAYS } from '@portal/domain/constants';
import type { FundingItem } from '@portal/domain/funding/funding-item';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The requests that changed in the last `days` days (spec: the EFT request screen shows the
 * last 7 days of activity), newest first, so a person about to send money sees what is already
 * on its way and does not send it twice. Measured on `lastModifiedDate`, an instant, so the
 * window is the same whatever the time zone.
 */
export function recentActivity(
  items: readonly FundingItem[],
  now: Date,
  days: number = EFT_ACTIVITY_WINDOW_DAYS,
): FundingItem[] {
  const since = now.getTime() - days * DAY_MS;
  return items
    .filter((item) => {
      const changed = Date.parse(item.lastModifiedDate);
      return Number.isFinite(changed) && changed >= since;
    })
    .sort((a, b) => Date.parse(b.lastModifiedDate) - Date.parse(a.lastModifiedDate));
}
