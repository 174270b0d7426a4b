import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { esignApi } from '../lib/esign-api.ts';

/**
 * "Download your signed application": the person's own copy of what they signed (issue 12).
 * A plain link would not carry the bearer token, so the PDF is fetched with it and saved from
 * a blob URL under a name in the person's language. A failure is said beside the button.
 */
export function SignedCopyButton({
  applicationId,
  reference,
}: {
  applicationId: string;
  /** The application's short reference, in the file name and the button's accessible name. */
  reference: string;
}) {
  const { t } = useTranslation('common');
  const [state, setState] = useState<'idle' | 'downloading' | 'failed'>('idle');

  async function download() {
    if (state === 'downloading') return;
    setState('downloading');
    try {
      const blob = await esignApi.signedDocument(applicationId);
      const url = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = t('signedCopy.fileName', { reference });
      document.body.append(link);
      link.click();
      link.remove();
      // Revoked once the browser has started saving it.
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
      setState('idle');
    } catch {
      setState('failed');
    }
  }

  return (
    <>
      <button
        type="button"
        className="button button-secondary"
        onClick={download}
        aria-disabled={state === 'downloading'}
      >
        {state === 'downloading' ? t('signedCopy.downloading') : t('signedCopy.download')}
        <span className="visually-hidden"> {t('signedCopy.reference', { reference })}</span>
      </button>
      {state === 'failed' && (
        <p className="error-message" role="alert">
          {t('signedCopy.failed')}
        </p>
      )}
    </>
  );
}
