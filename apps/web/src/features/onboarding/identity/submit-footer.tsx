import { useTranslation } from '../../../lib/i18n.ts';

/**
 * The end of an identity form: what is being sent (announced politely), the failed request
 * (an alert), and the submit button, which stays focusable while sending.
 */
export function SubmitFooter({
  sending,
  failed,
  sendingText,
  submitText,
}: {
  sending: boolean;
  failed: boolean;
  sendingText: string;
  submitText: string;
}) {
  const { t } = useTranslation('identity');
  return (
    <>
      <div role="status" aria-live="polite">
        {sending && <p className="loading-inline">{sendingText}</p>}
      </div>
      {failed && (
        <div className="notice-warning" role="alert">
          <p>{t('failedRequest')}</p>
        </div>
      )}
      <div className="actions">
        <button type="submit" className="button button-primary" aria-disabled={sending}>
          {submitText}
        </button>
      </div>
    </>
  );
}
