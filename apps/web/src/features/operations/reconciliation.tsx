import { useCallback, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { isIsoDate, PAYMENTS_TIME_ZONE, todayIn } from '@portal/domain/calendar/iso-date';
import { useTranslation } from '../../lib/i18n.ts';
import { operationsApi, type ReconciliationReport } from '../../lib/operations-api.ts';
import { useResource } from '../../lib/use-resource.ts';
import { DateField } from '../../ui/date-field.tsx';
import { Page } from '../../ui/page.tsx';
import { CaseTable } from './case/case-table.tsx';
import { formatDate, formatMoney, languageOf } from './operations-format.ts';
import { countFor, formatAmount } from './payment-words.ts';
import styles from './operations.module.css';

/**
 * `#/operations/reconciliation?day=YYYY-MM-DD`: one business day's reconciliation (issue 35).
 * Each file's trailer against the payments it holds and what the ledger recorded as sent, with
 * how many settled, came back or are still out; the return files read that day; and every
 * disagreement in words, under a plain balanced or not balanced. The day is in the address, so
 * a reload or a link shows the same day; without one, today in Toronto (the bank's day).
 */
export function Reconciliation() {
  const { t, i18n } = useTranslation('operations');
  const language = languageOf(i18n.language);
  const [query, setQuery] = useSearchParams();
  const asked = query.get('day');
  const day = asked && isIsoDate(asked) ? asked : todayIn(PAYMENTS_TIME_ZONE, new Date());
  const [draft, setDraft] = useState(day);
  const [invalid, setInvalid] = useState(false);

  function show(event: FormEvent) {
    event.preventDefault();
    const valid = isIsoDate(draft);
    setInvalid(!valid);
    if (valid) setQuery({ day: draft });
  }

  return (
    <Page
      title={t('reconciliation.title')}
      heading={t('reconciliation.heading')}
      hasErrors={invalid}
    >
      <p>{t('reconciliation.intro')}</p>
      <form noValidate onSubmit={show}>
        <DateField
          key={day}
          id="reconciliation-day"
          legend={t('reconciliation.dayLegend')}
          hint={t('reconciliation.dayHint')}
          error={invalid ? t('reconciliation.invalidDay') : undefined}
          value={day}
          onChange={setDraft}
        />
        <div className="actions">
          <button type="submit" className="button button-primary">
            {t('reconciliation.show')}
          </button>
        </div>
      </form>
      {/* The server words the problems in the language asked: another language asks again. */}
      <DayReport key={language} day={day} />
    </Page>
  );
}

function DayReport({ day }: { day: string }) {
  const { t } = useTranslation('operations');
  const load = useCallback(
    (signal: AbortSignal) => operationsApi.reconciliation(day, signal),
    [day],
  );
  const { resource, retry } = useResource(load);
  if (resource.state === 'loading') return <p role="status">{t('reconciliation.loading')}</p>;
  if (resource.state === 'failed') {
    return (
      <div role="alert" className="notice notice-warning">
        <p>{t('reconciliation.loadFailed')}</p>
        <button type="button" className="button button-secondary" onClick={retry}>
          {t('common.retry')}
        </button>
      </div>
    );
  }
  return <ReportView report={resource.data} />;
}

function ReportView({ report }: { report: ReconciliationReport }) {
  const { t, i18n } = useTranslation('operations');
  const language = languageOf(i18n.language);
  return (
    <>
      <div
        role="status"
        className={report.balanced ? 'notice notice-success' : 'notice notice-warning'}
      >
        <p>
          <strong>
            {report.balanced
              ? t('reconciliation.balanced')
              : t('reconciliation.unbalanced', { count: Math.max(report.problems.length, 1) })}
          </strong>
        </p>
      </div>

      {report.files.length === 0 ? (
        <p className="empty-state">{t('reconciliation.noFiles')}</p>
      ) : (
        <CaseTable
          caption={t('reconciliation.filesCaption', { day: formatDate(report.day, language) })}
          columns={[
            t('reconciliation.file'),
            t('reconciliation.currency'),
            t('reconciliation.trailerDebits'),
            t('reconciliation.itemDebits'),
            t('reconciliation.ledgerDebits'),
            t('reconciliation.trailerCredits'),
            t('reconciliation.itemCredits'),
            t('reconciliation.ledgerCredits'),
            t('reconciliation.settled'),
            t('reconciliation.returned'),
            t('reconciliation.outstanding'),
            t('reconciliation.agrees'),
          ]}
          rows={report.files.map((line) => {
            const count = (n: number, cents: number) =>
              countFor(t, n, cents, line.currency, language);
            const money = (cents: number) => formatMoney(cents, line.currency, language);
            return {
              key: line.fileId,
              cells: [
                <Link key="file" to={`/operations/payment-files/${line.fileId}`}>
                  {line.name}
                </Link>,
                line.currency,
                count(line.trailer.debitCount, line.trailer.debitTotalCents),
                count(line.items.debitCount, line.items.debitTotalCents),
                money(line.ledgerSentCents.debits),
                count(line.trailer.creditCount, line.trailer.creditTotalCents),
                count(line.items.creditCount, line.items.creditTotalCents),
                money(line.ledgerSentCents.credits),
                count(line.settled.count, line.settled.totalCents),
                count(line.returned.count, line.returned.totalCents),
                count(line.outstanding.count, line.outstanding.totalCents),
                <span
                  key="agrees"
                  className={line.balanced ? styles.flag : `${styles.flag} ${styles.flagAlert}`}
                >
                  {line.balanced
                    ? t('reconciliation.lineBalanced')
                    : t('reconciliation.lineUnbalanced')}
                </span>,
              ],
            };
          })}
        />
      )}

      <section aria-labelledby="reconciliation-returns">
        <h2 id="reconciliation-returns">{t('reconciliation.returnsHeading')}</h2>
        <p>
          {t('reconciliation.returnsRead', {
            count: report.returnsRead.count,
            debits: formatAmount(report.returnsRead.debitTotalCents, language),
            credits: formatAmount(report.returnsRead.creditTotalCents, language),
          })}
        </p>
      </section>

      <section aria-labelledby="reconciliation-problems">
        <h2 id="reconciliation-problems">{t('reconciliation.problemsHeading')}</h2>
        {report.problems.length === 0 ? (
          <p>{t('reconciliation.noProblems')}</p>
        ) : (
          <ul>
            {report.problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
