import { useTranslation } from 'react-i18next';
import { NavLink, Outlet } from 'react-router';
import { addOperationsCatalogue } from '../../locales/operations.ts';
import styles from './operations.module.css';

/**
 * The console's frame (issue 16): its catalogue, brought with it, and the queues' navigation.
 * The router lets only staff in (anyone else sees the not-found page).
 */
export function OperationsLayout() {
  const { i18n } = useTranslation();
  addOperationsCatalogue(i18n);
  const { t } = useTranslation('operations');
  return (
    <div className={styles.layout}>
      <nav className={styles.nav} aria-label={t('nav.label')}>
        <ul>
          <li>
            <NavLink to="/operations" end>
              {t('nav.home')}
            </NavLink>
          </li>
          <li>
            <NavLink to="/operations/applications">{t('nav.applications')}</NavLink>
          </li>
          <li>
            <NavLink to="/operations/identity">{t('nav.identity')}</NavLink>
          </li>
          <li>
            <NavLink to="/operations/funding">{t('nav.funding')}</NavLink>
          </li>
          <li>
            <NavLink to="/operations/pep-forms">{t('nav.pepForms')}</NavLink>
          </li>
        </ul>
      </nav>
      <Outlet />
    </div>
  );
}
