import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { clearAccessToken, readAccessToken } from '../../lib/session-token.ts';
import { serverPaths } from '../../lib/site-links.ts';
import { Page } from '../../ui/page.tsx';

/** Clears the token, tells the server, then leaves for the site root (spec section 4). */
const leaveToSiteRoot = () => window.location.assign('/');

export function LogoutPage({ leave = leaveToSiteRoot }: { leave?: () => void }) {
  const { t } = useTranslation('pages');

  useEffect(() => {
    const token = readAccessToken();
    clearAccessToken();
    const headers: HeadersInit = token ? { authorization: `Bearer ${token}` } : {};
    fetch(serverPaths.logout, { credentials: 'include', headers })
      // A failed logout is only logged: the person is leaving either way.
      .catch((error: unknown) => console.warn('logout call failed', error))
      .finally(leave);
  }, [leave]);

  return (
    <Page title={t('logout.title')} heading={t('logout.loggingOut')}>
      <p role="status">{t('logout.loggingOut')}</p>
    </Page>
  );
}
