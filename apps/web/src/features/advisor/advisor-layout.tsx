import type { ReactNode } from 'react';
import { useTranslation } from '../../lib/i18n.ts';
import { matchPath, NavLink, useLocation } from 'react-router';
import { AddInvestorPage } from './add-investor-page.tsx';
import { AdvisorSearchPage } from './advisor-search-page.tsx';
import { ADD_INVESTOR_PATH, ADVISOR_SEARCH_PATH, INVITATIONS_PATH } from './advisor-paths.ts';
import { InvestorPage } from './investor-page.tsx';
import { InvitationsPage } from './invitations-page.tsx';
import styles from './advisor.module.css';

/** The advisor page for a path below `#/qadvisor` (matched here, as the console does). */
function screenOf(pathname: string): ReactNode {
  const path = pathname.replace(/\/+$/, '') || '/';
  if (path === ADVISOR_SEARCH_PATH) return <AdvisorSearchPage />;
  if (path === ADD_INVESTOR_PATH) return <AddInvestorPage />;
  if (path === INVITATIONS_PATH) return <InvitationsPage />;
  const investorId = matchPath('/qadvisor/investors/:investorId', path)?.params.investorId;
  return investorId ? <InvestorPage key={investorId} investorId={investorId} /> : null;
}

/**
 * The advisor pages (issue 17): their catalogue, brought with them, and their menu. The header
 * has no logout button for advisors (spec sections 2 and 6), so the menu ends with a visible
 * "End session" for a shared computer. The router lets only advisors in and hands over the
 * not-found page for unknown paths here.
 */
export function AdvisorLayout({ notFound }: { notFound: ReactNode }) {
  const { t } = useTranslation('advisor');
  return (
    <div className={styles.layout}>
      <nav className={styles.nav} aria-label={t('nav.label')}>
        <ul>
          <li>
            <NavLink to={ADVISOR_SEARCH_PATH}>{t('nav.search')}</NavLink>
          </li>
          <li>
            <NavLink to={ADD_INVESTOR_PATH}>{t('nav.add')}</NavLink>
          </li>
          <li>
            <NavLink to={INVITATIONS_PATH}>{t('nav.invitations')}</NavLink>
          </li>
          <li className={styles.endSession}>
            <NavLink to="/logout">{t('nav.endSession')}</NavLink>
          </li>
        </ul>
      </nav>
      {screenOf(useLocation().pathname) ?? notFound}
    </div>
  );
}
