import type { ReactNode } from 'react';
import { useTranslation } from '../../lib/i18n.ts';
import type { Page as QueuePage } from '../../lib/operations-api.ts';
import type { Resource } from '../../lib/use-resource.ts';
import { Paging } from './paging.tsx';

/** A queue's designed states: loading, failed (with Try again), empty, and its rows with paging. */
export function QueueStates<T>({
  resource,
  retry,
  goTo,
  failedText,
  emptyText,
  children,
}: {
  resource: Resource<QueuePage<T>>;
  retry(): void;
  goTo(page: number): void;
  failedText: string;
  emptyText: string;
  children(items: T[]): ReactNode;
}) {
  const { t } = useTranslation('operations');
  if (resource.state === 'loading') return <p role="status">{t('common.loading')}</p>;
  if (resource.state === 'failed') {
    return (
      <div role="alert" className="notice notice-warning">
        <p>{failedText}</p>
        <button type="button" className="button button-secondary" onClick={retry}>
          {t('common.retry')}
        </button>
      </div>
    );
  }
  if (resource.data.items.length === 0) return <p className="empty-state">{emptyText}</p>;
  return (
    <>
      {children(resource.data.items)}
      <Paging
        page={resource.data.page}
        pageSize={resource.data.pageSize}
        total={resource.data.total}
        onPage={goTo}
      />
    </>
  );
}
