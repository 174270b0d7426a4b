import { Link } from 'react-router';
import { useTranslation } from '../../lib/i18n.ts';
import { operationsApi } from '../../lib/operations-api.ts';
import { Page } from '../../ui/page.tsx';
import { CaseTable } from './case/case-table.tsx';
import { formatDate, formatDateTime, languageOf } from './operations-format.ts';
import { countFor } from './payment-words.ts';
import { QueueStates } from './queue-states.tsx';
import { useQueue } from './use-queue.ts';
import styles from './operations.module.css';

/**
 * `#/operations/payment-files`: the CPA 005 files each day's cut-off wrote for the bank (issue
 * 35), newest business day first, with their trailer's counts and totals and how many of their
 * payments came back; each opens its items.
 */
export function PaymentFilesQueue() {
  const { t, i18n } = useTranslation('operations');
  const language = languageOf(i18n.language);
  const { resource, retry, goTo } = useQueue(operationsApi.paymentFiles);

  return (
    <Page title={t('paymentFiles.title')} heading={t('paymentFiles.heading')}>
      <p>{t('paymentFiles.intro')}</p>
      <QueueStates
        resource={resource}
        retry={retry}
        goTo={goTo}
        failedText={t('paymentFiles.loadFailed')}
        emptyText={t('paymentFiles.empty')}
      >
        {(files) => (
          <CaseTable
            caption={t('paymentFiles.caption')}
            columns={[
              t('paymentFiles.file'),
              t('paymentFiles.day'),
              t('paymentFiles.currency'),
              t('paymentFiles.number'),
              t('paymentFiles.status'),
              t('paymentFiles.debits'),
              t('paymentFiles.credits'),
              t('paymentFiles.returned'),
              t('paymentFiles.delivered'),
            ]}
            rows={files.map((file) => ({
              key: file.id,
              cells: [
                <Link key="file" to={`/operations/payment-files/${file.id}`}>
                  {file.name}
                </Link>,
                formatDate(file.fileDay, language),
                file.currency,
                file.fileCreationNumber,
                <span
                  key="status"
                  className={
                    file.status === 'refused' ? `${styles.flag} ${styles.flagAlert}` : styles.flag
                  }
                >
                  {t(`payments.fileStatuses.${file.status}`)}
                </span>,
                countFor(t, file.debitCount, file.debitTotalCents, file.currency, language),
                countFor(t, file.creditCount, file.creditTotalCents, file.currency, language),
                file.returnedCount,
                file.deliveredAt
                  ? formatDateTime(file.deliveredAt, language)
                  : t('paymentFiles.notDelivered'),
              ],
            }))}
          />
        )}
      </QueueStates>
    </Page>
  );
}
