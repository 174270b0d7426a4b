import { useTranslation } from 'react-i18next';
import { Page } from '../../ui/page.tsx';

/** The joint applicant confirms the emailed four-digit code (spec sections 2 and 4). */
export function AuthCodePage() {
  const { t } = useTranslation('pages');
  return (
    <Page title={t('authCode.title')} heading={t('authCode.heading')}>
      <p className="lead">{t('authCode.intro')}</p>
    </Page>
  );
}
