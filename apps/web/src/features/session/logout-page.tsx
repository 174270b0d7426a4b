import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { http } from '../../lib/http/http.ts';
import { Page } from '../../ui/page.tsx';

/** Clears the token, tells the server, then leaves for the site root (spec section 4). */
const leaveToSiteRoot = () => window.location.assign('/');

export function LogoutPage({ leave = leaveToSiteRoot }: { leave?: () => void }) {
  const { t } = useTranslation('pages');

  useEffect(() => {
    // The client clears the token and only logs a failed call: the person leaves either way.
    void http.logout().finally(leave);
  }, [leave]);

  return (
    <Page title={t('logout.title')} heading={t('logout.loggingOut')}>
      <p role="status">{t('logout.loggingOut')}</p>
    </Page>
  );
}
