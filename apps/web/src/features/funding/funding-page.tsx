import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../lib/i18n.ts';
import type { IsoDate } from '@portal/domain/calendar/iso-date';
import { toAccountLabel, type FundingItem } from '@portal/domain/funding/funding-item';
import { messageFor } from '@portal/domain/messages/messages';
import { formatCents } from '@portal/domain/money/cents';
import { refusalOf } from '../../lib/applications-api.ts';
import { fundingApi, type FundingSubmitted } from '../../lib/funding-api.ts';
import { useResource } from '../../lib/use-resource.ts';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { currencyOf, formatIsoDate, fundingLanguageOf } from '../../ui/funding/funding-format.ts';
import { Page } from '../../ui/page.tsx';
import { AccountMovements } from './account-movements.tsx';
import { deleteEffectiveDatePreview } from './delete-effective-date.ts';
import { FundingItemsSection } from './funding-items-section.tsx';
import { fundingItemHeadingId } from '../../ui/funding/funding-item-list.tsx';
import { NewEftRequest } from './new-eft-request.tsx';
import { TransfersSection } from './transfers-section.tsx';
import { recurringWithPending } from './recurring-contributions.ts';

type Items = { items: FundingItem[] };
type Outcome = { kind: 'done' | 'failed'; text: string };

const withItem = (list: Items, item: FundingItem): Items => ({
  items: list.items.map((each) => (each.id === item.id ? item : each)),
});
const withoutItem = (list: Items, id: string): Items => ({
  items: list.items.filter((each) => each.id !== id),
});

export interface FundingPageProps {
  /** The clock of the last-7-days window (tests fix it). */
  now?(): Date;
  /** How often a bank connection's (and a transfer's signature's) status is asked (tests shorten it). */
  pollIntervalMs?: number;
  /** Where an income fund's payments are set up (the router gives the RRIF payout screen's). */
  rifPayoutPathOf?(applicationId: string): string;
}

const realNow = () => new Date();

/**
 * The client's funding page (`#/home/funding`, spec section 2 "client-site funding page"):
 * requests not yet with the bank, each of which can be cancelled; active recurring
 * contributions (PACs), each of which can be deleted with the bank's 10 business days' notice
 * stated before and after; the history with the statuses a person understands; and a new EFT
 * or PAC request. Every change is confirmed first, its outcome takes the focus and is announced,
 * and a refusal says the spec's message and keeps the list as it was.
 */
export function FundingPage({ now = realNow, pollIntervalMs, rifPayoutPathOf }: FundingPageProps) {
  const { i18n } = useTranslation();
  const { t } = useTranslation('fundingPage');
  const { t: tf } = useTranslation('funding');
  const language = fundingLanguageOf(i18n.language);

  const pending = useResource(fundingApi.pending);
  const recurring = useResource(fundingApi.activePacs);
  const history = useResource(fundingApi.history);

  const [cancelling, setCancelling] = useState<FundingItem | null>(null);
  const [deleting, setDeleting] = useState<{ item: FundingItem; date: IsoDate | null } | null>(
    null,
  );
  /** What is under way, for the live region. */
  const [working, setWorking] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const outcomeRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (outcome) outcomeRef.current?.focus();
  }, [outcome]);

  const nameOf = (item: FundingItem) =>
    tf('items.heading', {
      amount: formatCents(item.amountCents, language, currencyOf(item.toAccount.currencyTypeId)),
      account: toAccountLabel(item.toAccount, language),
    });
  const dateOf = (date: IsoDate) => formatIsoDate(date, language);

  /** The history follows a change the server answered, without loading it again. */
  const historyShows = (item: FundingItem) => {
    if (history.resource.state === 'ready') history.set(withItem(history.resource.data, item));
  };

  async function confirmCancel() {
    const item = cancelling;
    setCancelling(null);
    if (!item) return;
    setOutcome(null);
    setWorking(t('pending.cancelling'));
    try {
      const { item: cancelled } = await fundingApi.cancelPending(item.id);
      if (pending.resource.state === 'ready') {
        pending.set(withoutItem(pending.resource.data, item.id));
      }
      historyShows(cancelled);
      setOutcome({ kind: 'done', text: t('pending.cancelled', { item: nameOf(item) }) });
    } catch (error) {
      const refusal = refusalOf(error);
      if (refusal?.status === 409 && refusal.body.errorCode === 'notPending') {
        // The bank has it already: the lists are out of date, so they load again.
        setOutcome({ kind: 'failed', text: messageFor('notPending', language) });
        pending.retry();
        history.retry();
      } else {
        setOutcome({ kind: 'failed', text: messageFor('cancelPacFailed', language) });
      }
    } finally {
      setWorking(null);
    }
  }

  async function askDelete(item: FundingItem) {
    if (working) return;
    setOutcome(null);
    setWorking(t('recurring.checkingDate'));
    let date: IsoDate | null = null;
    try {
      date = await deleteEffectiveDatePreview();
    } catch {
      // The question still goes: it then states the notice rather than the day.
    }
    setWorking(null);
    setDeleting({ item, date });
  }

  async function confirmDelete() {
    const item = deleting?.item;
    setDeleting(null);
    if (!item) return;
    setWorking(t('recurring.deleting'));
    try {
      const answer = await fundingApi.deleteActivePac(item.id);
      const deleted = { ...answer.item, effectiveDate: answer.effectiveDate };
      if (recurring.resource.state === 'ready') {
        recurring.set(withItem(recurring.resource.data, deleted));
      }
      historyShows(deleted);
      setOutcome({
        kind: 'done',
        text: t('recurring.deleted', { item: nameOf(item), date: dateOf(answer.effectiveDate) }),
      });
    } catch (error) {
      const refusal = refusalOf(error);
      if (refusal?.status === 409 && refusal.body.errorCode === 'notActive') {
        setOutcome({ kind: 'failed', text: messageFor('notActive', language) });
        recurring.retry();
        history.retry();
      } else {
        setOutcome({ kind: 'failed', text: messageFor('deletePacFailed', language) });
      }
    } finally {
      setWorking(null);
    }
  }

  const pendingIds = new Set(
    pending.resource.state === 'ready' ? pending.resource.data.items.map((item) => item.id) : [],
  );

  /** A new request is pending at once, and the newest of the history. */
  function submitted({ item }: FundingSubmitted) {
    if (pending.resource.state === 'ready') {
      pending.set({ items: [item, ...pending.resource.data.items] });
    }
    if (history.resource.state === 'ready') {
      history.set({ items: [item, ...history.resource.data.items] });
    }
  }

  return (
    <Page title={t('title')} heading={t('heading')}>
      <p className="lead">{t('intro')}</p>
      <div role="status" aria-live="polite" className="announcement">
        {working && <p className="loading-inline">{working}</p>}
        {outcome && (
          <div
            ref={outcomeRef}
            tabIndex={-1}
            className={outcome.kind === 'done' ? 'notice-success' : 'notice-warning'}
          >
            <p>{outcome.text}</p>
          </div>
        )}
      </div>

      <NewEftRequest
        history={history.resource}
        now={now}
        onSubmitted={submitted}
        pollIntervalMs={pollIntervalMs}
      />

      <TransfersSection pollIntervalMs={pollIntervalMs} rifPayoutPathOf={rifPayoutPathOf} />

      <FundingItemsSection
        id="pending"
        heading={t('pending.heading')}
        resource={pending.resource}
        onRetry={pending.retry}
        texts={{
          loading: t('pending.loading'),
          loadFailed: t('pending.loadFailed'),
          empty: t('pending.empty'),
        }}
        actions={(item) =>
          item.canCancel && (
            <div className="actions">
              <button
                type="button"
                className="button button-secondary"
                aria-describedby={fundingItemHeadingId('pending-item', item.id)}
                aria-disabled={working !== null}
                onClick={() => !working && setCancelling(item)}
              >
                {t('pending.cancel')}
              </button>
            </div>
          )
        }
      />

      <FundingItemsSection
        id="recurring"
        heading={t('recurring.heading')}
        resource={recurringWithPending(recurring.resource, pending.resource)}
        onRetry={recurring.retry}
        texts={{
          loading: t('recurring.loading'),
          loadFailed: t('recurring.loadFailed'),
          empty: t('recurring.empty'),
        }}
        actions={(item) =>
          pendingIds.has(item.id) ? (
            <p>{t('recurring.notYetActive', { date: dateOf(item.startDate) })}</p>
          ) : item.effectiveDate ? (
            <p>
              <strong>{t('recurring.endsOn', { date: dateOf(item.effectiveDate) })}</strong>
            </p>
          ) : (
            item.canDelete && (
              <div className="actions">
                <button
                  type="button"
                  className="button button-secondary"
                  aria-describedby={fundingItemHeadingId('recurring-item', item.id)}
                  aria-disabled={working !== null}
                  onClick={() => void askDelete(item)}
                >
                  {t('recurring.delete')}
                </button>
              </div>
            )
          )
        }
      />

      <FundingItemsSection
        id="history"
        heading={t('history.heading')}
        resource={history.resource}
        onRetry={history.retry}
        texts={{
          loading: t('history.loading'),
          loadFailed: t('history.loadFailed'),
          empty: t('history.empty'),
        }}
      />

      <AccountMovements />

      {cancelling && (
        <ConfirmDialog
          isOpen
          title={t('pending.confirmTitle')}
          message={t('pending.confirmMessage', {
            item: nameOf(cancelling),
            date: dateOf(cancelling.startDate),
          })}
          confirmLabel={t('pending.confirmYes')}
          cancelLabel={t('pending.confirmNo')}
          onConfirm={() => void confirmCancel()}
          onCancel={() => setCancelling(null)}
        />
      )}
      {deleting && (
        <ConfirmDialog
          isOpen
          title={t('recurring.confirmTitle')}
          message={
            deleting.date
              ? t('recurring.confirmMessage', {
                  item: nameOf(deleting.item),
                  date: dateOf(deleting.date),
                })
              : t('recurring.confirmMessageNoDate', { item: nameOf(deleting.item) })
          }
          confirmLabel={t('recurring.confirmYes')}
          cancelLabel={t('recurring.confirmNo')}
          onConfirm={() => void confirmDelete()}
          onCancel={() => setDeleting(null)}
        />
      )}
    </Page>
  );
}
