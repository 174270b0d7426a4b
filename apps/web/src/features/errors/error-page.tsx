import { useTranslation } from '../../lib/i18n.ts';
import { Link } from 'react-router';
import { Page } from '../../ui/page.tsx';

/** The technical-glitch page every unhandled error ends on (spec sections 2 and 8). */
export function ErrorPage() {
  const { t } = useTranslation('errors');
  return (
    <Page title={t('glitch.title')} heading={t('glitch.heading')}>
      <p className="lead">{t('glitch.message')}</p>
      <p>{t('glitch.hint')}</p>
      <div className="actions">
        <Link className="button button-primary" to="/home/dashboard">
          {t('glitch.home')}
        </Link>
      </div>
    </Page>
  );
}
