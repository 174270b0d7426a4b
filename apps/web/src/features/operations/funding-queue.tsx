import { useState } from 'react';
import { useTranslation } from '../../lib/i18n.ts';
import { Link } from 'react-router';
import {
  fundingActions,
  transferActions,
  type FundingAction,
  type TransferAction,
} from '@portal/domain/operations/operations-api';
import {
  operationsApi,
  operationsRefusalOf,
  type FundingQueueItem,
} from '../../lib/operations-api.ts';
import { Page } from '../../ui/page.tsx';
import { ActionDialog } from './action-dialog.tsx';
import { CaseTable } from './case/case-table.tsx';
import { ClaimControls, ClaimStatus } from './claim-controls.tsx';
import { DocumentViewer, useDocumentViewer, ViewDocumentButton } from './document-viewer.tsx';
import { formatDateTime, formatMoney, languageOf } from './operations-format.ts';
import { refusalText } from './operations-refusal.ts';
import { OutcomeRegion, useOutcome } from './outcome.tsx';
import { QueueStates } from './queue-states.tsx';
import { ReasonField, textProblem } from './reason-field.tsx';
import { useQueue } from './use-queue.ts';
import styles from './operations.module.css';

type Acting = { item: FundingQueueItem; action: FundingAction | TransferAction };

/**
 * `#/operations/funding`: funding requests and transfers in that were rejected or set aside by
 * a job. Once claimed, a funding request can be retried or declined, a transfer resubmitted or
 * closed; one a job is moving right now answers 409 `movingNow`, said as such.
 */
export function FundingQueue() {
  const { t, i18n } = useTranslation('operations');
  const language = languageOf(i18n.language);
  const { resource, retry, goTo } = useQueue(operationsApi.funding);
  const { outcome, done, failed } = useOutcome();
  const viewer = useDocumentViewer();
  const [acting, setActing] = useState<Acting | null>(null);
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<'tooShort' | 'tooLong' | null>(null);
  const [busy, setBusy] = useState(false);

  function start(item: FundingQueueItem, action: Acting['action']) {
    setActing({ item, action });
    setReason('');
    setProblem(null);
  }

  async function send() {
    if (!acting) return;
    const found = textProblem(reason);
    setProblem(found);
    if (found) return;
    const { item, action } = acting;
    setBusy(true);
    try {
      const body = { reason: reason.trim() };
      if (item.kind === 'funding') {
        await operationsApi.fundingAction(item.id, action as FundingAction, body);
      } else {
        await operationsApi.transferAction(item.id, action as TransferAction, body);
      }
      done(
        t('funding.done', { action: t(`funding.actionNames.${action}`), name: item.clientName }),
      );
    } catch (error) {
      failed(refusalText(t, operationsRefusalOf(error), language));
    } finally {
      setBusy(false);
      setActing(null);
      retry();
    }
  }

  const amountOf = (item: FundingQueueItem) =>
    item.amountCents !== null && item.currency
      ? formatMoney(item.amountCents, item.currency, language)
      : t('funding.noAmount');
  const dialogValues = acting && {
    action: t(`funding.actionNames.${acting.action}`),
    name: acting.item.clientName,
  };

  return (
    <Page title={t('funding.title')} heading={t('funding.heading')}>
      <p>{t('funding.intro')}</p>
      <OutcomeRegion outcome={outcome} />
      <DocumentViewer viewer={viewer} />
      <QueueStates
        resource={resource}
        retry={retry}
        goTo={goTo}
        failedText={t('funding.loadFailed')}
        emptyText={t('funding.empty')}
      >
        {(items) => (
          <CaseTable
            caption={t('funding.caption')}
            columns={[
              t('funding.client'),
              t('funding.kind'),
              t('funding.amount'),
              t('funding.status'),
              t('funding.why'),
              t('funding.since'),
              t('funding.claim'),
              t('funding.actions'),
            ]}
            rows={items.map((item) => {
              const actions: readonly Acting['action'][] =
                item.kind === 'funding' ? fundingActions : transferActions;
              return {
                key: `${item.kind}-${item.id}`,
                cells: [
                  <Link key="client" to={`/operations/applications/${item.applicationId}`}>
                    {item.clientName}
                  </Link>,
                  t(`funding.kinds.${item.kind}`),
                  amountOf(item),
                  t('funding.statusId', { id: item.status }),
                  <span
                    key="why"
                    className={
                      item.why === 'rejected' ? `${styles.flag} ${styles.flagAlert}` : styles.flag
                    }
                  >
                    {t(`funding.whys.${item.why}`)}
                  </span>,
                  formatDateTime(item.since, language),
                  <div key="claim">
                    <p>
                      <ClaimStatus claim={item.claim} />
                    </p>
                    <ClaimControls
                      kind={item.kind}
                      id={item.id}
                      claim={item.claim}
                      name={item.clientName}
                      onDone={done}
                      onFailed={failed}
                      onChanged={retry}
                    />
                  </div>,
                  item.claim?.mine ? (
                    <div key="actions" className={styles.rowActions}>
                      {item.documentIds.map((documentId) => (
                        <ViewDocumentButton
                          key={documentId}
                          viewer={viewer}
                          documentId={documentId}
                          name={t(`funding.documents.${item.kind}`, { name: item.clientName })}
                          access={{ kind: item.kind, itemId: item.id }}
                        />
                      ))}
                      {actions.map((action) => (
                        <button
                          key={action}
                          type="button"
                          className={`button button-secondary ${styles.small}`}
                          aria-label={t('funding.actionItem', {
                            action: t(`funding.actionNames.${action}`),
                            name: item.clientName,
                          })}
                          onClick={() => start(item, action)}
                        >
                          {t(`funding.actionNames.${action}`)}
                        </button>
                      ))}
                    </div>
                  ) : (
                    t('claim.needed')
                  ),
                ],
              };
            })}
          />
        )}
      </QueueStates>
      <ActionDialog
        isOpen={acting !== null}
        title={dialogValues ? t('funding.dialogTitle', dialogValues) : ''}
        text={<p>{t('funding.dialogText')}</p>}
        confirmLabel={dialogValues?.action ?? ''}
        busy={busy}
        onSubmit={() => void send()}
        onCancel={() => setActing(null)}
      >
        <ReasonField id="funding-reason" value={reason} onChange={setReason} problem={problem} />
      </ActionDialog>
    </Page>
  );
}
