import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useSearchParams } from 'react-router';
import { sameOriginUrl } from '../../lib/sign-in.ts';
import { Page } from '../../ui/page.tsx';

/**
 * Leaves the app for `href` with `location.replace`, so Back does not land on this page again.
 * Only our own origin is accepted; anything else is refused as an error.
 */
const leaveWithReplace = (url: string) => window.location.replace(url);

export function ExternalRedirectPage({
  replace = leaveWithReplace,
}: {
  replace?: (url: string) => void;
}) {
  const { t } = useTranslation('pages');
  const [params] = useSearchParams();
  const target = sameOriginUrl(params.get('href'))?.toString();

  useEffect(() => {
    if (target) replace(target);
  }, [target, replace]);

  if (!target) return <Navigate to="/error" replace />;
  return (
    <Page title={t('redirect.title')} heading={t('redirect.leaving')}>
      <p>
        <a href={target}>{t('redirect.fallback')}</a>
      </p>
    </Page>
  );
}
