import { useTranslation } from '../../lib/i18n.ts';
import { Link } from 'react-router';
import { Page } from '../../ui/page.tsx';

/** The advisor search of the client (spec section 7), where the saved draft is offered again. */
const ADVISOR_SEARCH_ROUTE = '/qadvisor/search/investor/express';

/**
 * An advisor reloaded the add-investor form mid-entry (spec section 8): what was typed is kept
 * in the tab, and the search offers it again.
 */
export function AdvisorErrorPage() {
  const { t } = useTranslation('errors');
  return (
    <Page title={t('advisor.title')} heading={t('advisor.heading')}>
      <p className="lead">{t('advisor.message')}</p>
      <div className="actions">
        <Link className="button button-primary" to={ADVISOR_SEARCH_ROUTE}>
          {t('advisor.search')}
        </Link>
      </div>
    </Page>
  );
}
