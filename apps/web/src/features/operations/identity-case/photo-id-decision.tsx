import { useState } from 'react';
import {
  type IdentityCase,
  type IdentityRefusalReason,
} from '@portal/domain/operations/operations-api';
import { useTranslation } from '../../../lib/i18n.ts';
import {
  operationsApi,
  operationsRefusalOf,
  type OperationsRefusal,
} from '../../../lib/operations-api.ts';
import { IdentityRefusalSelect } from '../identity-refusal-select.tsx';
import { ActionDialog } from '../action-dialog.tsx';
import { ReasonField, textProblem } from '../reason-field.tsx';
import styles from '../operations.module.css';

type Action = 'verify' | 'refuse';

/**
 * Approve or refuse a photo ID the verification service left to us, once claimed. Approving
 * records the photo-ID method from the document the service read (the server refuses it when
 * the service read none, or the document has expired, so the button is not offered then);
 * refusing says why with the refusal's code. Both ask for the reason the audit trail keeps.
 */
export function PhotoIdDecision({
  data,
  holds,
  onDecided,
  onRefused,
}: {
  data: IdentityCase;
  holds: boolean;
  onDecided(text: string): void;
  onRefused(refusal: OperationsRefusal): void;
}) {
  const { t } = useTranslation('operations');
  const [action, setAction] = useState<Action | null>(null);
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<'tooShort' | 'tooLong' | null>(null);
  const [refusal, setRefusal] = useState<IdentityRefusalReason | ''>('');
  const [refusalMissing, setRefusalMissing] = useState(false);
  const [busy, setBusy] = useState(false);

  const document = data.photoIdCheck?.document ?? null;
  const approvable = document !== null && !document.expired;
  const name = data.personName;

  function start(next: Action) {
    setAction(next);
    setReason('');
    setProblem(null);
    setRefusal('');
    setRefusalMissing(false);
  }

  async function send() {
    if (!action) return;
    const found = textProblem(reason);
    const missing = action === 'refuse' && refusal === '';
    setProblem(found);
    setRefusalMissing(missing);
    // The first field in error takes the focus, so its message is read at once.
    const first = missing ? 'identity-case-refusal' : found ? 'identity-case-reason' : null;
    if (first) {
      requestAnimationFrame(() => window.document.getElementById(first)?.focus());
      return;
    }
    setBusy(true);
    try {
      if (action === 'verify') {
        await operationsApi.verifyIdentity(data.attemptId, { reason: reason.trim() });
        onDecided(t('identity.verified', { name }));
      } else {
        await operationsApi.refuseIdentity(data.attemptId, {
          reason: reason.trim(),
          refusal: refusal as IdentityRefusalReason,
        });
        onDecided(t('identity.refused', { name }));
      }
    } catch (error) {
      onRefused(operationsRefusalOf(error));
    } finally {
      setBusy(false);
      setAction(null);
    }
  }

  return (
    <section aria-labelledby="identity-decision">
      <h2 id="identity-decision">{t('identityCase.decision.heading')}</h2>
      {holds ? (
        <div className={styles.rowActions}>
          {approvable && (
            <button
              type="button"
              className="button button-primary"
              aria-label={t('identityCase.decision.verifyItem', { name })}
              onClick={() => start('verify')}
            >
              {t('identityCase.decision.verify')}
            </button>
          )}
          <button
            type="button"
            className="button button-secondary"
            aria-label={t('identityCase.decision.refuseItem', { name })}
            onClick={() => start('refuse')}
          >
            {t('identityCase.decision.refuse')}
          </button>
        </div>
      ) : (
        <p>{t('identityCase.decision.needClaim')}</p>
      )}
      <ActionDialog
        isOpen={action !== null}
        title={
          action === 'refuse'
            ? t('identity.refuseTitle', { name })
            : t('identityCase.decision.verifyTitle', { name })
        }
        text={
          <p>
            {action === 'refuse' ? t('identity.refuseText') : t('identityCase.decision.verifyText')}
          </p>
        }
        confirmLabel={
          action === 'refuse'
            ? t('identityCase.decision.refuse')
            : t('identityCase.decision.verify')
        }
        busy={busy}
        onSubmit={() => void send()}
        onCancel={() => setAction(null)}
      >
        {action === 'refuse' && (
          <IdentityRefusalSelect
            id="identity-case-refusal"
            value={refusal}
            missing={refusalMissing}
            onChange={setRefusal}
          />
        )}
        <ReasonField
          id="identity-case-reason"
          value={reason}
          onChange={setReason}
          problem={problem}
        />
      </ActionDialog>
    </section>
  );
}
