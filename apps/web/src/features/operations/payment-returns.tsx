import { useCallback } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../lib/i18n.ts';
import { operationsApi } from '../../lib/operations-api.ts';
import { useResource } from '../../lib/use-resource.ts';
import { Page } from '../../ui/page.tsx';
import { BackLink, CaseNotLoaded } from './case-not-loaded.tsx';
import { CaseTable } from './case/case-table.tsx';
import { formatDate, formatDateTime, languageOf } from './operations-format.ts';
import { formatAmount, returnReasonText } from './payment-words.ts';
import { QueueStates } from './queue-states.tsx';
import { useQueue } from './use-queue.ts';
import styles from './operations.module.css';

/**
 * `#/operations/payment-returns`: the return files read from the bank (issue 35), latest first,
 * each with how many payments it returned; an unreadable one is flagged with the reader's error.
 */
export function PaymentReturnsQueue() {
  const { t, i18n } = useTranslation('operations');
  const language = languageOf(i18n.language);
  const { resource, retry, goTo } = useQueue(operationsApi.paymentReturns);
  const money = (cents: number) => formatAmount(cents, language);

  return (
    <Page title={t('paymentReturns.title')} heading={t('paymentReturns.heading')}>
      <p>{t('paymentReturns.intro')}</p>
      <QueueStates
        resource={resource}
        retry={retry}
        goTo={goTo}
        failedText={t('paymentReturns.loadFailed')}
        emptyText={t('paymentReturns.empty')}
      >
        {(files) => (
          <CaseTable
            caption={t('paymentReturns.caption')}
            columns={[
              t('paymentReturns.file'),
              t('paymentReturns.readAt'),
              t('paymentReturns.status'),
              t('paymentReturns.items'),
              t('paymentReturns.debits'),
              t('paymentReturns.credits'),
            ]}
            rows={files.map((file) => ({
              key: file.id,
              cells: [
                <Link key="file" to={`/operations/payment-returns/${file.id}`}>
                  {file.name}
                </Link>,
                formatDateTime(file.readAt, language),
                <span
                  key="status"
                  className={
                    file.status === 'unreadable'
                      ? `${styles.flag} ${styles.flagAlert}`
                      : styles.flag
                  }
                >
                  {t(`paymentReturns.statuses.${file.status}`)}
                </span>,
                file.itemCount,
                money(file.debitTotalCents),
                money(file.creditTotalCents),
              ],
            }))}
          />
        )}
      </QueueStates>
    </Page>
  );
}

/**
 * `#/operations/payment-returns/:returnFileId`: one return file, each returned payment with the
 * bank's reason in words and what the reader did with it; one matching no payment is flagged,
 * as operations must find where its money belongs.
 */
export function PaymentReturnDetailPage({ returnFileId }: { returnFileId: string }) {
  const { t, i18n } = useTranslation('operations');
  const language = languageOf(i18n.language);
  const load = useCallback(
    (signal: AbortSignal) => operationsApi.paymentReturn(returnFileId, signal),
    [returnFileId],
  );
  const { resource, retry } = useResource(load);
  const back = { to: '/operations/payment-returns', label: t('paymentReturn.back') };

  if (resource.state !== 'ready') {
    return (
      <CaseNotLoaded
        title={t('paymentReturn.untitled')}
        back={back}
        resource={resource}
        loadFailed={t('paymentReturn.loadFailed')}
        retry={retry}
      />
    );
  }

  const file = resource.data;
  const title = t('paymentReturn.title', { name: file.name });
  return (
    <Page title={title} heading={title}>
      <BackLink {...back} />
      <dl className="summary-list">
        <div>
          <dt>{t('paymentReturns.readAt')}</dt>
          <dd>{formatDateTime(file.readAt, language)}</dd>
        </div>
        <div>
          <dt>{t('paymentReturns.status')}</dt>
          <dd>{t(`paymentReturns.statuses.${file.status}`)}</dd>
        </div>
        <div>
          <dt>{t('paymentReturns.items')}</dt>
          <dd>{file.itemCount}</dd>
        </div>
      </dl>
      {file.error && (
        <p className="notice notice-warning">
          {t('paymentReturn.readerError', { error: file.error })}
        </p>
      )}
      {file.returns.length === 0 ? (
        <p className="empty-state">{t('paymentReturn.empty')}</p>
      ) : (
        <CaseTable
          caption={t('paymentReturn.caption')}
          columns={[
            t('paymentReturn.crossReference'),
            t('paymentReturn.direction'),
            t('paymentReturn.reason'),
            t('paymentReturn.amount'),
            t('paymentReturn.dueOn'),
            t('paymentReturn.outcome'),
          ]}
          rows={file.returns.map((returned) => ({
            key: returned.id,
            cells: [
              returned.crossReference,
              t(`payments.directions.${returned.direction}`),
              returnReasonText(t, returned.reasonCode),
              formatAmount(returned.amountCents, language),
              formatDate(returned.dueOn, language),
              <span
                key="outcome"
                className={
                  returned.outcome === 'applied'
                    ? styles.flag
                    : `${styles.flag} ${styles.flagAlert}`
                }
              >
                {t(`paymentReturn.outcomes.${returned.outcome}`)}
              </span>,
            ],
          }))}
        />
      )}
    </Page>
  );
}
