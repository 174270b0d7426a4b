import { describe, expect, it } from 'vitest';
import type { FundingItem } from '@portal/domain/funding/funding-item';
import { recentActivity } from './recent-activity.ts';

const NOW = new Date('2026-03-10T12:00:00Z');
const changedAt = (id: string, lastModifiedDate: string) =>
  ({ id, lastModifiedDate }) as FundingItem;

describe('recentActivity (the last 7 days above the EFT request)', () => {
  it('keeps what changed within 7 days of now, newest first', () => {
    const items = [
      changedAt('older', '2026-03-03T11:59:59Z'),
      changedAt('edge', '2026-03-03T12:00:00Z'),
      changedAt('yesterday', '2026-03-09T08:00:00Z'),
      changedAt('today', '2026-03-10T09:00:00-05:00'),
    ];
    expect(recentActivity(items, NOW).map((item) => item.id)).toEqual([
      'today',
      'yesterday',
      'edge',
    ]);
  });

  it('takes another window when asked, and leaves out an item without a readable date', () => {
    const items = [changedAt('two days', '2026-03-08T12:00:00Z'), changedAt('bad', 'soon')];
    expect(recentActivity(items, NOW, 1)).toEqual([]);
    expect(recentActivity(items, NOW, 3).map((item) => item.id)).toEqual(['two days']);
  });
});
