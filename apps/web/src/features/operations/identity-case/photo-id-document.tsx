import { useState } from 'react';
import type { Language } from '@portal/domain/enums/define-enum';
import { identityDocumentTypeLabels } from '@portal/domain/enums/documents';
import type { ProvinceCode } from '@portal/domain/enums/provinces';
import type { PhotoIdDocumentView } from '@portal/domain/operations/operations-api';
import { useTranslation } from '../../../lib/i18n.ts';
import { operationsApi, operationsRefusalOf } from '../../../lib/operations-api.ts';
import { ActionDialog } from '../action-dialog.tsx';
import { formatDate, languageOf, provinceLabel } from '../operations-format.ts';
import { refusalText } from '../operations-refusal.ts';
import { ReasonField, textProblem } from '../reason-field.tsx';
import { useRevealCountdown } from '../use-reveal-countdown.ts';
import styles from '../operations.module.css';

/** Who issued the document: the province (in words, in Canada) or state, and the country. */
function issuerOf(document: PhotoIdDocumentView, language: Language): string {
  const country =
    new Intl.DisplayNames([language === 'fr' ? 'fr-CA' : 'en-CA'], { type: 'region' }).of(
      document.country,
    ) ?? document.country;
  if (!document.jurisdiction) return country;
  const region =
    document.country === 'CA'
      ? provinceLabel(document.jurisdiction as ProvinceCode, language) || document.jurisdiction
      : document.jurisdiction;
  return `${region}, ${country}`;
}

/**
 * The document as the verification service read it, to compare with the application: its
 * number masked until the reviewer holding the claim reveals it with a reason (audited on the
 * server), shown for the seconds the server allows with a countdown, as SINs are.
 */
export function PhotoIdDocument({
  attemptId,
  document,
  canReveal,
  onDone,
  onFailed,
}: {
  attemptId: string;
  document: PhotoIdDocumentView | null;
  canReveal: boolean;
  onDone(text: string): void;
  onFailed(text: string): void;
}) {
  const { t, i18n } = useTranslation('operations');
  const language = languageOf(i18n.language);
  const [asking, setAsking] = useState(false);
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<'tooShort' | 'tooLong' | null>(null);
  const [busy, setBusy] = useState(false);
  const [shown, setShown] = useRevealCountdown<{ value: string; left: number }>();

  async function reveal() {
    const found = textProblem(reason);
    setProblem(found);
    if (found) return;
    setBusy(true);
    try {
      const answer = await operationsApi.revealIdentity(attemptId, {
        field: 'documentNumber',
        reason: reason.trim(),
      });
      setShown({ value: answer.value, left: answer.seconds });
      onDone(t('identityCase.number.revealed', { count: answer.seconds }));
    } catch (error) {
      onFailed(refusalText(t, operationsRefusalOf(error), language));
    } finally {
      setBusy(false);
      setAsking(false);
    }
  }

  return (
    <section aria-labelledby="identity-document">
      <h2 id="identity-document">{t('identityCase.document.heading')}</h2>
      {document === null ? (
        <div className="notice notice-warning">
          <p>{t('identityCase.document.unread')}</p>
        </div>
      ) : (
        <dl className="summary-list">
          <div>
            <dt>{t('identityCase.document.type')}</dt>
            <dd>{identityDocumentTypeLabels[document.documentType][language]}</dd>
          </div>
          <div>
            <dt>{t('identityCase.document.number')}</dt>
            <dd>
              <span className={styles.revealed}>{shown ? shown.value : document.numberMasked}</span>
              {shown && (
                <>
                  <br />
                  <span>{t('identityCase.number.hidesIn', { count: shown.left })}</span>
                </>
              )}
              <br />
              {/* One button that turns from Reveal into Hide, so the focus the dialog gives
                  back stays on it. */}
              {shown ? (
                <button
                  type="button"
                  className={`button button-secondary ${styles.small}`}
                  onClick={() => {
                    setShown(null);
                    onDone(t('identityCase.number.hidden'));
                  }}
                >
                  {t('identityCase.number.hide')}
                </button>
              ) : (
                <button
                  type="button"
                  className={`button button-secondary ${styles.small}`}
                  disabled={!canReveal}
                  aria-label={t('identityCase.number.revealItem')}
                  onClick={() => {
                    setReason('');
                    setProblem(null);
                    setAsking(true);
                  }}
                >
                  {t('identityCase.number.reveal')}
                </button>
              )}
            </dd>
          </div>
          <div>
            <dt>{t('identityCase.document.issuer')}</dt>
            <dd>{issuerOf(document, language)}</dd>
          </div>
          <div>
            <dt>{t('identityCase.document.expiry')}</dt>
            <dd>
              {formatDate(document.expiryDate, language)}
              {document.expired && (
                <>
                  {' '}
                  <span className={`${styles.flag} ${styles.flagAlert}`}>
                    {t('identityCase.document.expired')}
                  </span>
                </>
              )}
            </dd>
          </div>
          <div>
            <dt>{t('identityCase.document.name')}</dt>
            <dd>{document.name}</dd>
          </div>
          <div>
            <dt>{t('identityCase.document.dateOfBirth')}</dt>
            <dd>
              {document.dateOfBirth
                ? formatDate(document.dateOfBirth, language)
                : t('identityCase.document.notRead')}
            </dd>
          </div>
        </dl>
      )}
      <ActionDialog
        isOpen={asking}
        title={t('identityCase.number.dialogTitle')}
        text={<p>{t('identityCase.number.dialogText')}</p>}
        confirmLabel={t('identityCase.number.confirm')}
        busy={busy}
        onSubmit={() => void reveal()}
        onCancel={() => setAsking(false)}
      >
        <ReasonField
          id="identity-reveal-reason"
          value={reason}
          onChange={setReason}
          problem={problem}
        />
      </ActionDialog>
    </section>
  );
}
