import {
  closureDateProblem,
  closureInstantOf,
  type ClosureDateProblem,
  type RetentionStateView,
} from '@portal/domain/retention/retention-rules';
import { dealerDate } from '@portal/domain/rules/person';
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';
import { operationsRefusalOf, type OperationsRefusal } from '../../../lib/operations-api.ts';
import { DateField } from '../../../ui/date-field.tsx';
import { ActionDialog } from '../action-dialog.tsx';
import { ReasonField, textProblem } from '../reason-field.tsx';
import { retentionApi } from './retention-api.ts';

const DATE_ID = 'account-closure-date';
const REASON_ID = 'account-closure-reason';

/** The server's code for a closure after its now: the date field's problem, not the page's. */
const CLOSURE_IN_FUTURE = 'closureInFuture';

/**
 * The account's closure on the retention page (issue 36, ADR 0044): staff record the day the
 * dealer's back office closed an approved application's account, with a reason, after saying
 * that this starts the retention clock. The date is checked before sending (a day in Toronto,
 * today or before); what the server still refuses goes back to the page in words.
 */
export function AccountClosureSection({
  applicationId,
  state,
  onRecorded,
  onRefused,
}: {
  applicationId: string;
  state: RetentionStateView;
  onRecorded(next: RetentionStateView): void;
  onRefused(refusal: OperationsRefusal): void;
}) {
  const { t } = useTranslation('operations');
  const [open, setOpen] = useState(false);
  const [date, setDate] = useState('');
  const [reason, setReason] = useState('');
  const [dateProblem, setDateProblem] = useState<ClosureDateProblem | null>(null);
  const [reasonProblem, setReasonProblem] = useState<'tooShort' | 'tooLong' | null>(null);
  const [busy, setBusy] = useState(false);

  // The first box of the date, or the reason: where the person fixes the first problem.
  const focusField = (id: string) => document.getElementById(id)?.focus();

  async function send() {
    const foundDate = closureDateProblem(date, dealerDate(new Date()));
    const foundReason = textProblem(reason);
    setDateProblem(foundDate);
    setReasonProblem(foundReason);
    if (foundDate || foundReason) {
      focusField(foundDate ? `${DATE_ID}-day` : REASON_ID);
      return;
    }
    setBusy(true);
    try {
      const next = await retentionApi.recordClosure(applicationId, {
        closedAt: closureInstantOf(date),
        reason: reason.trim(),
      });
      setOpen(false);
      onRecorded(next);
    } catch (error) {
      const refusal = operationsRefusalOf(error);
      if (refusal.errorCode === CLOSURE_IN_FUTURE) {
        // The server's day turned later than the console's: the date is what to fix.
        setDateProblem('inFuture');
        focusField(`${DATE_ID}-day`);
      } else {
        setOpen(false);
        onRefused(refusal);
      }
    } finally {
      setBusy(false);
    }
  }

  const approved = state.status === 'approved';
  const recorded = state.accountClosedAt !== null;
  const action = recorded ? t('retention.closure.correct') : t('retention.closure.record');
  return (
    <section aria-labelledby="retention-closure">
      <h2 id="retention-closure">{t('retention.closure.heading')}</h2>
      {approved ? (
        <>
          <p>{t(recorded ? 'retention.closure.introRecorded' : 'retention.closure.intro')}</p>
          <button
            type="button"
            className="button button-secondary"
            onClick={() => {
              setDate('');
              setReason('');
              setDateProblem(null);
              setReasonProblem(null);
              setOpen(true);
            }}
          >
            {action}
          </button>
        </>
      ) : (
        <p>{t('retention.closure.notApproved')}</p>
      )}
      <ActionDialog
        isOpen={open}
        title={action}
        text={
          <>
            <p>{t('retention.closure.clock')}</p>
            <p>{t('retention.closure.text')}</p>
          </>
        }
        confirmLabel={t('retention.closure.confirm')}
        busy={busy}
        onSubmit={() => void send()}
        onCancel={() => setOpen(false)}
      >
        <DateField
          id={DATE_ID}
          legend={t('retention.closure.date')}
          hint={t('retention.closure.dateHint')}
          error={dateProblem ? t(`retention.closure.errors.${dateProblem}`) : undefined}
          value={date}
          onChange={setDate}
        />
        <ReasonField id={REASON_ID} value={reason} onChange={setReason} problem={reasonProblem} />
      </ActionDialog>
    </section>
  );
}
