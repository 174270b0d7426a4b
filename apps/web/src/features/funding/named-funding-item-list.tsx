import { useLayoutEffect, useRef } from 'react';
import { FundingItemList, type FundingItemListProps } from '../../ui/funding/funding-item-list.tsx';

const LIST_ITEM_ID_PREFIX = 'funding-item-';

/** The id of an item's heading in the list `idPrefix`: what its buttons are described by. */
export const itemHeadingId = (idPrefix: string, itemId: string) => `${idPrefix}-${itemId}`;

/**
 * FundingItemList with the two things the funding page needs of it: the list named by its
 * section's heading (a screen reader says "Pending requests, list, 2 items"), and heading ids
 * of its own, since one request shows in two lists (pending and history) and ids must be
 * unique in a page. FundingItemList takes neither yet (asked for in the team's deviations), so
 * they are set on its rendered list, before paint, after every render; React leaves them be, as
 * the props it set them from do not change.
 */
export function NamedFundingItemList({
  labelledBy,
  idPrefix,
  ...props
}: FundingItemListProps & { labelledBy: string; idPrefix: string }) {
  const container = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const list = container.current?.querySelector('ul');
    if (!list) return;
    list.setAttribute('aria-labelledby', labelledBy);
    for (const entry of list.querySelectorAll(':scope > li[aria-labelledby]')) {
      const headingId = entry.getAttribute('aria-labelledby') ?? '';
      if (!headingId.startsWith(LIST_ITEM_ID_PREFIX)) continue;
      const ownId = itemHeadingId(idPrefix, headingId.slice(LIST_ITEM_ID_PREFIX.length));
      entry.querySelector(`[id="${headingId}"]`)?.setAttribute('id', ownId);
      entry.setAttribute('aria-labelledby', ownId);
    }
  });
  return (
    <div ref={container}>
      <FundingItemList {...props} />
    </div>
  );
}
