import { useTranslation } from '../../lib/i18n.ts';
import { APP_VERSION, inMemoryApi } from '../../lib/app-config.ts';
import { Page } from '../../ui/page.tsx';

export function VersionPage({ inMemory = inMemoryApi }: { inMemory?: boolean }) {
  const { t } = useTranslation('pages');
  return (
    <Page title={t('version.title')} heading={t('version.heading')}>
      <p className="lead">{t('version.version', { version: APP_VERSION })}</p>
      {inMemory && (
        <p className="notice-warning" role="note">
          {t('version.inMemoryWarning')}
        </p>
      )}
    </Page>
  );
}
