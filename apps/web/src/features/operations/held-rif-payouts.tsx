import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../lib/i18n.ts';
import {
  operationsApi,
  operationsRefusalOf,
  type HeldRifPayout,
} from '../../lib/operations-api.ts';
import { useResource } from '../../lib/use-resource.ts';
import { Page } from '../../ui/page.tsx';
import { ActionDialog } from './action-dialog.tsx';
import { CaseTable } from './case/case-table.tsx';
import { formatDate, formatDateTime, languageOf } from './operations-format.ts';
import { refusalText } from './operations-refusal.ts';
import { OutcomeRegion, useOutcome } from './outcome.tsx';
import { formatAmount } from './payment-words.ts';
import { ReasonField, textProblem } from './reason-field.tsx';
import styles from './operations.module.css';

/**
 * `#/operations/rif-payouts`: RRIF payments the cut-off held for a person (issue 35), soonest
 * due first, with why. Releasing one, with a reason for the audit trail, lets the next cut-off
 * file it. Amounts go without a currency: the answer does not say the fund's.
 */
export function HeldRifPayouts() {
  const { t, i18n } = useTranslation('operations');
  const language = languageOf(i18n.language);
  const { resource, retry } = useResource(operationsApi.heldRifPayouts);
  const { outcome, done, failed } = useOutcome();
  const [acting, setActing] = useState<HeldRifPayout | null>(null);
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<'tooShort' | 'tooLong' | null>(null);
  const [busy, setBusy] = useState(false);
  const money = (cents: number) => formatAmount(cents, language);
  const named = (payout: HeldRifPayout) => ({
    date: formatDate(payout.paidOn, language),
    amount: money(payout.netCents),
  });

  async function send() {
    if (!acting) return;
    const found = textProblem(reason);
    setProblem(found);
    if (found) return;
    setBusy(true);
    try {
      await operationsApi.releaseRifPayout(acting.id, { reason: reason.trim() });
      done(t('heldPayouts.done', named(acting)));
    } catch (error) {
      failed(refusalText(t, operationsRefusalOf(error), language));
    } finally {
      setBusy(false);
      setActing(null);
      retry();
    }
  }

  return (
    <Page title={t('heldPayouts.title')} heading={t('heldPayouts.heading')}>
      <p>{t('heldPayouts.intro')}</p>
      <OutcomeRegion outcome={outcome} />
      {resource.state === 'loading' && <p role="status">{t('common.loading')}</p>}
      {resource.state === 'failed' && (
        <div role="alert" className="notice notice-warning">
          <p>{t('heldPayouts.loadFailed')}</p>
          <button type="button" className="button button-secondary" onClick={retry}>
            {t('common.retry')}
          </button>
        </div>
      )}
      {resource.state === 'ready' && resource.data.length === 0 && (
        <p className="empty-state">{t('heldPayouts.empty')}</p>
      )}
      {resource.state === 'ready' && resource.data.length > 0 && (
        <CaseTable
          caption={t('heldPayouts.caption')}
          columns={[
            t('heldPayouts.paidOn'),
            t('heldPayouts.application'),
            t('heldPayouts.gross'),
            t('heldPayouts.withholding'),
            t('heldPayouts.net'),
            t('heldPayouts.why'),
            t('heldPayouts.releasedBefore'),
            t('heldPayouts.actions'),
          ]}
          rows={resource.data.map((payout) => ({
            key: payout.id,
            cells: [
              formatDate(payout.paidOn, language),
              <Link key="application" to={`/operations/applications/${payout.applicationId}`}>
                {t('payments.openApplication')}
              </Link>,
              money(payout.grossCents),
              money(payout.withholdingCents),
              money(payout.netCents),
              <span key="why" className={`${styles.flag} ${styles.flagAlert}`}>
                {t(`heldPayouts.holdReasons.${payout.holdReason}`)}
              </span>,
              payout.releasedAt ? formatDateTime(payout.releasedAt, language) : t('common.no'),
              <button
                key="release"
                type="button"
                className={`button button-secondary ${styles.small}`}
                aria-label={t('heldPayouts.releaseItem', named(payout))}
                onClick={() => {
                  setActing(payout);
                  setReason('');
                  setProblem(null);
                }}
              >
                {t('heldPayouts.release')}
              </button>,
            ],
          }))}
        />
      )}
      <ActionDialog
        isOpen={acting !== null}
        title={acting ? t('heldPayouts.dialogTitle', named(acting)) : ''}
        text={<p>{t('heldPayouts.dialogText')}</p>}
        confirmLabel={t('heldPayouts.confirm')}
        busy={busy}
        onSubmit={() => void send()}
        onCancel={() => setActing(null)}
      >
        <ReasonField
          id="rif-payout-release"
          value={reason}
          onChange={setReason}
          problem={problem}
        />
      </ActionDialog>
    </Page>
  );
}
