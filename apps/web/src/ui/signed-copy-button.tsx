import { useTranslation } from '../lib/i18n.ts';
import { esignApi } from '../lib/esign-api.ts';
import { DownloadButton } from './download-button.tsx';

/** "Download your signed application": the person's own copy of what they signed (issue 12). */
export function SignedCopyButton({
  applicationId,
  reference,
}: {
  applicationId: string;
  /** The application's short reference, in the file name and the button's accessible name. */
  reference: string;
}) {
  const { t } = useTranslation('signedIn');
  return (
    <DownloadButton
      fetchFile={() => esignApi.signedDocument(applicationId)}
      fileName={t('signedCopy.fileName', { reference })}
      label={t('signedCopy.download')}
      downloadingLabel={t('signedCopy.downloading')}
      failedText={t('signedCopy.failed')}
      context={t('signedCopy.reference', { reference })}
    />
  );
}
