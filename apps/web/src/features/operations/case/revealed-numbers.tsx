import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';
import type { RevealField } from '@portal/domain/operations/operations-api';
import {
  operationsApi,
  operationsRefusalOf,
  type ApplicationCase,
} from '../../../lib/operations-api.ts';
import { ActionDialog } from '../action-dialog.tsx';
import { languageOf } from '../operations-format.ts';
import { refusalText } from '../operations-refusal.ts';
import { ReasonField, textProblem } from '../reason-field.tsx';
import { useRevealCountdown } from '../use-reveal-countdown.ts';
import styles from '../operations.module.css';
import { CaseTable } from './case-table.tsx';

interface Shown {
  field: RevealField;
  value: string;
  /** Seconds left on screen. */
  left: number;
}

/**
 * SINs and TINs, masked (need-to-know; OPC guidance on SINs). Reveal asks for a reason (the
 * server audits the field and the reason, never the value), then shows the value for the
 * seconds the server allows, with a visible countdown; it hides again when they run out, when
 * another is revealed, or when the screen leaves (the value lives only in this state).
 */
export function RevealedNumbers({
  data,
  canReveal,
  onDone,
  onFailed,
}: {
  data: ApplicationCase;
  canReveal: boolean;
  onDone(text: string): void;
  onFailed(text: string): void;
}) {
  const { t, i18n } = useTranslation('operations');
  const language = languageOf(i18n.language);
  const [asking, setAsking] = useState<RevealField | null>(null);
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<'tooShort' | 'tooLong' | null>(null);
  const [busy, setBusy] = useState(false);
  const [shown, setShown] = useRevealCountdown<Shown>();

  const fieldName = (field: RevealField) => t(`case.numbers.fields.${field}`);

  function ask(field: RevealField) {
    setAsking(field);
    setReason('');
    setProblem(null);
  }

  async function reveal() {
    if (!asking) return;
    const found = textProblem(reason);
    setProblem(found);
    if (found) return;
    setBusy(true);
    try {
      const answer = await operationsApi.reveal(data.id, { field: asking, reason: reason.trim() });
      setShown({ field: answer.field, value: answer.value, left: answer.seconds });
      onDone(t('case.numbers.revealed', { field: fieldName(answer.field), count: answer.seconds }));
    } catch (error) {
      onFailed(refusalText(t, operationsRefusalOf(error), language));
    } finally {
      setBusy(false);
      setAsking(null);
    }
  }

  if (data.revealable.length === 0) return null;
  return (
    <section aria-labelledby="case-numbers">
      <h2 id="case-numbers">{t('case.numbers.heading')}</h2>
      <p>{t('case.numbers.intro')}</p>
      <CaseTable
        caption={t('case.numbers.caption')}
        columns={[t('case.numbers.field'), t('case.numbers.value'), '']}
        rows={data.revealable.map((item) => {
          const open = shown?.field === item.field ? shown : null;
          return {
            key: item.field,
            cells: [
              fieldName(item.field),
              open ? (
                <span key="value">
                  <span className={styles.revealed}>{open.value}</span>
                  <br />
                  <span>{t('case.numbers.hidesIn', { count: open.left })}</span>
                </span>
              ) : (
                <span key="value" className={styles.revealed}>
                  {item.masked}
                </span>
              ),
              // One button that turns from Reveal into Hide, so the focus the dialog gives
              // back stays on it.
              open ? (
                <button
                  key="action"
                  type="button"
                  className="button button-secondary"
                  onClick={() => {
                    setShown(null);
                    onDone(t('case.numbers.hidden'));
                  }}
                >
                  {t('case.numbers.hide')}
                </button>
              ) : (
                <button
                  key="action"
                  type="button"
                  className="button button-secondary"
                  disabled={!canReveal}
                  aria-label={t('case.numbers.revealItem', { field: fieldName(item.field) })}
                  onClick={() => ask(item.field)}
                >
                  {t('case.numbers.reveal')}
                </button>
              ),
            ],
          };
        })}
      />
      <ActionDialog
        isOpen={asking !== null}
        title={asking ? t('case.numbers.dialogTitle', { field: fieldName(asking) }) : ''}
        text={<p>{t('case.numbers.dialogText')}</p>}
        confirmLabel={t('case.numbers.confirm')}
        busy={busy}
        onSubmit={() => void reveal()}
        onCancel={() => setAsking(null)}
      >
        <ReasonField id="reveal-reason" value={reason} onChange={setReason} problem={problem} />
      </ActionDialog>
    </section>
  );
}
