import { useTranslation } from 'react-i18next';
import styles from './advisor.module.css';

/** Previous and next page of a list, with where the advisor stands. */
export function AdvisorPaging({
  page,
  pageSize,
  total,
  onPage,
}: {
  page: number;
  pageSize: number;
  total: number;
  onPage(page: number): void;
}) {
  const { t } = useTranslation('advisor');
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1) return null;
  const where = t('common.pageOf', { page, pages, total });
  return (
    <nav className={styles.paging} aria-label={where}>
      <button
        type="button"
        className="button button-secondary"
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
      >
        {t('common.previous')}
      </button>
      <span>{where}</span>
      <button
        type="button"
        className="button button-secondary"
        disabled={page >= pages}
        onClick={() => onPage(page + 1)}
      >
        {t('common.next')}
      </button>
    </nav>
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
