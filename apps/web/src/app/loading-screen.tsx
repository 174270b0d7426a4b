import { useTranslation } from '../lib/i18n.ts';

/** Shown for the moment a lazily loaded screen arrives on the first visit. */
export function LoadingScreen() {
  const { t } = useTranslation('common');
  return (
    <p role="status" className="loading-screen">
      {t('loading')}
    </p>
  );
}
