import { useTranslation } from 'react-i18next';
import { serverPaths } from '../../lib/site-links.ts';
import { Page } from '../../ui/page.tsx';

/** An advisor refreshed a page of the express flow: nothing is lost (spec section 8). */
export function AdvisorErrorPage() {
  const { t } = useTranslation('errors');
  return (
    <Page title={t('advisor.title')} heading={t('advisor.heading')}>
      <p className="lead">{t('advisor.message')}</p>
      <div className="actions">
        <a className="button button-primary" href={serverPaths.advisorSearch}>
          {t('advisor.search')}
        </a>
      </div>
    </Page>
  );
}
