import { useTranslation } from '../../lib/i18n.ts';
import type { ComponentProps } from 'react';
import { Paging } from '../../ui/paging.tsx';

/** Previous and next page of a list, in the advisor pages' words. */
export function AdvisorPaging(props: Omit<ComponentProps<typeof Paging>, 'words'>) {
  const { t } = useTranslation('advisor');
  return (
    <Paging
      {...props}
      words={{
        previous: t('common.previous'),
        next: t('common.next'),
        where: (at) => t('common.pageOf', at),
      }}
    />
  );
}

/** The designed states of a load that failed: what happened, and Try again. */
export function LoadFailed({ retry }: { retry(): void }) {
  const { t } = useTranslation('advisor');
  return (
    <div role="alert" className="notice notice-warning">
      <p>{t('common.failed')}</p>
      <button type="button" className="button button-secondary" onClick={retry}>
        {t('common.retry')}
      </button>
    </div>
  );
}
