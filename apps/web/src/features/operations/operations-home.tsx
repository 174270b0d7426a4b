import { useTranslation } from '../../lib/i18n.ts';
import { Link } from 'react-router';
import { operationsApi, type QueueCounts } from '../../lib/operations-api.ts';
import { useResource } from '../../lib/use-resource.ts';
import { Page } from '../../ui/page.tsx';
import styles from './operations.module.css';

interface QueueLine {
  key: 'underReview' | 'requiresReview' | 'identity' | 'funding' | 'pepForms' | 'vendorEvents';
  to: string;
  count(counts: QueueCounts): number;
  overdue?(counts: QueueCounts): number;
}

/** The payment screens (issue 35): no count of their own, each a link from the home. */
const paymentScreens = [
  { key: 'paymentFiles', to: '/operations/payment-files' },
  { key: 'paymentReturns', to: '/operations/payment-returns' },
  { key: 'heldPayouts', to: '/operations/rif-payouts' },
  { key: 'reconciliation', to: '/operations/reconciliation' },
] as const;

const lines: QueueLine[] = [
  {
    key: 'underReview',
    to: '/operations/applications?status=underReview',
    count: (c) => c.underReview,
    overdue: (c) => c.overdue,
  },
  {
    key: 'requiresReview',
    to: '/operations/applications?status=requiresReview',
    count: (c) => c.requiresReview,
  },
  { key: 'identity', to: '/operations/identity', count: (c) => c.identity },
  { key: 'funding', to: '/operations/funding', count: (c) => c.funding },
  {
    key: 'pepForms',
    to: '/operations/pep-forms',
    count: (c) => c.pepForms,
    overdue: (c) => c.pepFormsOverdue,
  },
  { key: 'vendorEvents', to: '/operations/vendor-events', count: (c) => c.vendorEvents },
];

/** `#/operations`: how many items wait in each queue, each leading to its queue. */
export function OperationsHome() {
  const { t } = useTranslation('operations');
  const { resource, retry } = useResource(operationsApi.queues);
  return (
    <Page title={t('home.title')} heading={t('home.heading')}>
      <p>{t('home.intro')}</p>
      {resource.state === 'loading' && <p role="status">{t('common.loading')}</p>}
      {resource.state === 'failed' && (
        <div role="alert" className="notice notice-warning">
          <p>{t('home.loadFailed')}</p>
          <button type="button" className="button button-secondary" onClick={retry}>
            {t('common.retry')}
          </button>
        </div>
      )}
      {resource.state === 'ready' && (
        <div className={styles.tableWrap}>
          <table className={styles.table}>
            <caption>{t('home.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('home.queue')}</th>
                <th scope="col">{t('home.count')}</th>
                <th scope="col">{t('home.overdueCount')}</th>
              </tr>
            </thead>
            <tbody>
              {lines.map((line) => {
                const overdue = line.overdue?.(resource.data) ?? 0;
                return (
                  <tr key={line.key}>
                    <th scope="row">
                      <Link to={line.to}>{t(`home.${line.key}`)}</Link>
                    </th>
                    <td>{line.count(resource.data)}</td>
                    <td>
                      {overdue > 0 ? (
                        <span className={`${styles.flag} ${styles.flagAlert}`}>
                          {t('home.overdueNote', { count: overdue })}
                        </span>
                      ) : line.overdue ? (
                        0
                      ) : null}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      <section aria-labelledby="operations-payments">
        <h2 id="operations-payments">{t('home.paymentsHeading')}</h2>
        <p>{t('home.paymentsIntro')}</p>
        <ul>
          {paymentScreens.map((screen) => (
            <li key={screen.key}>
              <Link to={screen.to}>{t(`nav.${screen.key}`)}</Link>
            </li>
          ))}
        </ul>
      </section>
    </Page>
  );
}
