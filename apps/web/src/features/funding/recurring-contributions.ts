import { eftFrequencies } from '@portal/domain/enums/funding';
import type { FundingItem } from '@portal/domain/funding/funding-item';
import type { Resource } from '../../lib/use-resource.ts';

type Items = { items: FundingItem[] };

/** A contribution set up to repeat (a PAC), not one of its debits. */
const isPac = (item: FundingItem) =>
  item.frequency !== eftFrequencies.onetime && item.parentId === null;

/**
 * The recurring contributions a person has (findings A-minor 15): the active ones, then those
 * set up and not yet with the bank, so a monthly contribution just requested shows here rather
 * than "no recurring contribution". While the pending list loads or fails, the active ones show.
 */
export function recurringWithPending(
  active: Resource<Items>,
  pending: Resource<Items>,
): Resource<Items> {
  if (active.state !== 'ready' || pending.state !== 'ready') return active;
  const shown = new Set(active.data.items.map((item) => item.id));
  return {
    state: 'ready',
    data: {
      items: [
        ...active.data.items,
        ...pending.data.items.filter((item) => isPac(item) && !shown.has(item.id)),
      ],
    },
  };
}
