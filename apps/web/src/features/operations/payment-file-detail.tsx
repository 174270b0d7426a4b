import { useCallback, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../lib/i18n.ts';
import {
  operationsApi,
  operationsRefusalOf,
  type PaymentFileDetail,
} from '../../lib/operations-api.ts';
import { useResource } from '../../lib/use-resource.ts';
import { Page } from '../../ui/page.tsx';
import { BackLink, CaseNotLoaded } from './case-not-loaded.tsx';
import { ActionDialog } from './action-dialog.tsx';
import { CaseTable } from './case/case-table.tsx';
import { DetailsList } from './details-list.tsx';
import { formatDate, formatDateTime, formatMoney, languageOf } from './operations-format.ts';
import { refusalText } from './operations-refusal.ts';
import { OutcomeRegion, useOutcome } from './outcome.tsx';
import { countFor, returnReasonText } from './payment-words.ts';
import { ReasonField, textProblem } from './reason-field.tsx';

/** Whether operations may record the bank's refusal: nothing of the file has moved yet. */
function refusable(file: PaymentFileDetail): boolean {
  return (
    (file.status === 'written' || file.status === 'delivered') &&
    !file.items.some((item) => item.status === 'settled' || item.status === 'returned')
  );
}

/**
 * `#/operations/payment-files/:fileId`: one payment file (issue 35), its trailer and delivery,
 * and every payment it carried with its status and, once returned, the bank's reason in words.
 * When the bank refused the whole file, operations record it here with what the bank said.
 */
export function PaymentFileDetailPage({ fileId }: { fileId: string }) {
  const { t, i18n } = useTranslation('operations');
  const language = languageOf(i18n.language);
  const load = useCallback(
    (signal: AbortSignal) => operationsApi.paymentFile(fileId, signal),
    [fileId],
  );
  const { resource, retry } = useResource(load);
  // What was shown stays while the file loads again after an action, its outcome region with it.
  const [last, setLast] = useState<PaymentFileDetail | null>(null);
  if (resource.state === 'ready' && resource.data !== last) setLast(resource.data);
  const file = resource.state === 'ready' ? resource.data : last?.id === fileId ? last : null;
  const { outcome, done, failed } = useOutcome();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<'tooShort' | 'tooLong' | null>(null);
  const [busy, setBusy] = useState(false);

  const back = { to: '/operations/payment-files', label: t('paymentFile.back') };

  if (!file) {
    return (
      <CaseNotLoaded
        title={t('paymentFile.untitled')}
        back={back}
        resource={resource}
        loadFailed={t('paymentFile.loadFailed')}
        retry={retry}
      />
    );
  }

  const money = (cents: number) => formatMoney(cents, file.currency, language);

  const send = async () => {
    const found = textProblem(reason);
    setProblem(found);
    if (found) return;
    setBusy(true);
    try {
      await operationsApi.refusePaymentFile(file.id, { reason: reason.trim() });
      // The action is gone once recorded: the focus goes to what happened.
      done(t('paymentFile.refuse.done', { name: file.name }), { focus: true });
    } catch (error) {
      failed(refusalText(t, operationsRefusalOf(error), language));
    } finally {
      setBusy(false);
      setOpen(false);
      retry();
    }
  };

  const summary: [string, string | number][] = [
    [t('paymentFile.name'), file.name],
    [t('paymentFile.day'), formatDate(file.fileDay, language)],
    [t('paymentFile.number'), file.fileCreationNumber],
    [t('paymentFile.status'), t(`payments.fileStatuses.${file.status}`)],
    [
      t('paymentFile.debits'),
      countFor(t, file.debitCount, file.debitTotalCents, file.currency, language),
    ],
    [
      t('paymentFile.credits'),
      countFor(t, file.creditCount, file.creditTotalCents, file.currency, language),
    ],
    [
      t('paymentFile.delivered'),
      file.deliveredAt
        ? formatDateTime(file.deliveredAt, language)
        : t('paymentFiles.notDelivered'),
    ],
    [t('paymentFile.attempts'), file.deliveryAttempts],
    ...(file.lastDeliveryError
      ? [[t('paymentFile.lastError'), file.lastDeliveryError] as [string, string]]
      : []),
    ...(file.refusedAt
      ? [
          [t('paymentFile.refusedAt'), formatDateTime(file.refusedAt, language)] as [
            string,
            string,
          ],
          [t('paymentFile.refusedReason'), file.refusedReason ?? ''] as [string, string],
        ]
      : []),
    [t('paymentFile.sha256'), file.sha256],
  ];

  const title = t('paymentFile.title', { name: file.name });
  return (
    <Page title={title} heading={title}>
      <BackLink {...back} />
      <OutcomeRegion outcome={outcome} />
      <section aria-labelledby="payment-file-summary">
        <h2 id="payment-file-summary">{t('paymentFile.summaryHeading')}</h2>
        <DetailsList rows={summary} />
      </section>

      <section aria-labelledby="payment-file-items">
        <h2 id="payment-file-items">{t('paymentFile.itemsHeading')}</h2>
        {file.items.length === 0 ? (
          <p className="empty-state">{t('paymentFile.noItems')}</p>
        ) : (
          <CaseTable
            caption={t('paymentFile.itemsCaption')}
            columns={[
              t('paymentFile.crossReference'),
              t('paymentFile.direction'),
              t('paymentFile.pays'),
              t('paymentFile.amount'),
              t('paymentFile.dueOn'),
              t('paymentFile.transactionCode'),
              t('paymentFile.status'),
              t('paymentFile.returnReason'),
            ]}
            rows={file.items.map((item) => ({
              key: item.id,
              cells: [
                item.crossReference,
                t(`payments.directions.${item.direction}`),
                item.applicationId ? (
                  <Link key="pays" to={`/operations/applications/${item.applicationId}`}>
                    {t(`payments.sources.${item.source.type}`)}
                  </Link>
                ) : (
                  t(`payments.sources.${item.source.type}`)
                ),
                money(item.amountCents),
                formatDate(item.dueOn, language),
                item.transactionCode,
                t(`payments.itemStatuses.${item.status}`),
                item.returnReasonCode === null ? '' : returnReasonText(t, item.returnReasonCode),
              ],
            }))}
          />
        )}
      </section>

      {(file.status === 'written' || file.status === 'delivered') && (
        <section aria-labelledby="payment-file-refuse">
          <h2 id="payment-file-refuse">{t('paymentFile.refuse.heading')}</h2>
          {refusable(file) ? (
            <>
              <p>{t('paymentFile.refuse.text')}</p>
              <button
                type="button"
                className="button button-secondary"
                onClick={() => {
                  setReason('');
                  setProblem(null);
                  setOpen(true);
                }}
              >
                {t('paymentFile.refuse.button')}
              </button>
            </>
          ) : (
            <p>{t('paymentFile.refuse.notAllowed')}</p>
          )}
        </section>
      )}
      <ActionDialog
        isOpen={open}
        title={t('paymentFile.refuse.dialogTitle', { name: file.name })}
        text={<p>{t('paymentFile.refuse.dialogText')}</p>}
        confirmLabel={t('paymentFile.refuse.confirm')}
        busy={busy}
        onSubmit={() => void send()}
        onCancel={() => setOpen(false)}
      >
        <ReasonField
          id="payment-file-refusal"
          label={t('paymentFile.refuse.reasonLabel')}
          value={reason}
          onChange={setReason}
          problem={problem}
        />
      </ActionDialog>
    </Page>
  );
}
