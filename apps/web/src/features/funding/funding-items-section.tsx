import type { ReactNode } from 'react';
import { useTranslation } from '../../lib/i18n.ts';
import type { FundingItem } from '@portal/domain/funding/funding-item';
import type { Resource } from '../../lib/use-resource.ts';
import { FundingItemList } from '../../ui/funding/funding-item-list.tsx';

export interface FundingItemsSectionProps {
  /**
   * Names the section's heading (`${id}-heading`), which names the section and its list, and
   * prefixes its items' heading ids (`${id}-item-${itemId}`, see fundingItemHeadingId).
   */
  id: string;
  heading: string;
  resource: Resource<{ items: FundingItem[] }>;
  onRetry(): void;
  texts: { loading: string; loadFailed: string; empty: string };
  actions?(item: FundingItem): ReactNode;
}

/**
 * One list of the funding page (pending, recurring, history) with its own designed states:
 * loading says what loads, a failure says which list failed and offers to load it again, an
 * empty list says there is nothing rather than showing nothing.
 */
export function FundingItemsSection({
  id,
  heading,
  resource,
  onRetry,
  texts,
  actions,
}: FundingItemsSectionProps) {
  const { t } = useTranslation('fundingPage');
  const headingId = `${id}-heading`;
  return (
    <section aria-labelledby={headingId} aria-busy={resource.state === 'loading'}>
      <h2 id={headingId}>{heading}</h2>
      {resource.state === 'loading' && (
        <p className="loading-inline" role="status">
          {texts.loading}
        </p>
      )}
      {resource.state === 'failed' && (
        <div className="notice-warning" role="alert">
          <p>{texts.loadFailed}</p>
          <button type="button" className="button button-secondary" onClick={onRetry}>
            {t('retry')}
          </button>
        </div>
      )}
      {resource.state === 'ready' && resource.data.items.length === 0 && (
        <div className="empty-state">
          <p>{texts.empty}</p>
        </div>
      )}
      {resource.state === 'ready' && resource.data.items.length > 0 && (
        <FundingItemList
          labelledBy={headingId}
          idPrefix={`${id}-item`}
          items={resource.data.items}
          emptyText={texts.empty}
          actions={actions}
        />
      )}
    </section>
  );
}
