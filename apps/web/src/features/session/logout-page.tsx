import { useEffect } from 'react';
import { useTranslation } from '../../lib/i18n.ts';
import { useSearchParams } from 'react-router';
import { http } from '../../lib/http/http.ts';
import { serverPaths } from '../../lib/site-links.ts';
import { Page } from '../../ui/page.tsx';

/**
 * Where the person goes once logged out: the site root (spec section 4), or, for a trial user
 * who chose to leave the trial, the open-account page (sections 2 and 6). Only these named
 * destinations exist, so the query cannot send anyone elsewhere.
 */
const destinations = {
  siteRoot: () => '/',
  openAccount: (language: string) =>
    `${serverPaths.register}?lang=${language === 'fr' ? 'fr' : 'en'}`,
} as const;

export function destinationAfterLogout(then: string | null, language: string): string {
  return then === 'openAccount' ? destinations.openAccount(language) : destinations.siteRoot();
}

const leaveFor = (url: string) => window.location.assign(url);

export function LogoutPage({ leave = leaveFor }: { leave?: (url: string) => void }) {
  const { t, i18n } = useTranslation('pages');
  const [params] = useSearchParams();
  const destination = destinationAfterLogout(params.get('then'), i18n.language);

  useEffect(() => {
    // The client clears the token and only logs a failed call: the person leaves either way.
    void http.logout().finally(() => leave(destination));
  }, [leave, destination]);

  return (
    <Page title={t('logout.title')} heading={t('logout.loggingOut')}>
      <p role="status">{t('logout.loggingOut')}</p>
    </Page>
  );
}
