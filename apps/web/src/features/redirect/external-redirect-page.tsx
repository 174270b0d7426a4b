import { useEffect, useState } from 'react';
import { useTranslation } from '../../lib/i18n.ts';
import { Navigate, useSearchParams } from 'react-router';
import {
  allowedRedirectUrl,
  EXTERNAL_REDIRECT_ORIGINS_PATH,
  isOwnOrigin,
} from '@portal/domain/rules/external-redirect';
import { Page } from '../../ui/page.tsx';

/**
 * Leaves the app for `href` with `location.replace`, so Back does not land on this page again
 * (spec section 2). Our own origin leaves at once (the sign-in's authorize step); another origin
 * only when the server's configuration lists it (a vendor's authorize page, issue 17), anything
 * else is refused as an error.
 */
const leaveWithReplace = (url: string) => window.location.replace(url);

/** The listed origins; a failed or garbled answer lists none, so only our own origin is followed. */
export async function loadAllowedOrigins(): Promise<string[]> {
  try {
    const response = await fetch(`/service/jaxrs/${EXTERNAL_REDIRECT_ORIGINS_PATH}`);
    if (!response.ok) return [];
    const body = (await response.json()) as { origins?: unknown };
    return Array.isArray(body.origins)
      ? body.origins.filter((origin): origin is string => typeof origin === 'string')
      : [];
  } catch {
    return [];
  }
}

type Decision = { state: 'checking' } | { state: 'leave'; url: string } | { state: 'refused' };

export function ExternalRedirectPage({
  replace = leaveWithReplace,
  allowedOrigins = loadAllowedOrigins,
}: {
  replace?: (url: string) => void;
  allowedOrigins?: () => Promise<string[]>;
}) {
  const { t } = useTranslation('pages');
  const [params] = useSearchParams();
  const href = params.get('href');
  const ownOrigin = window.location.origin;
  const own = isOwnOrigin(href, ownOrigin);
  const [decision, setDecision] = useState<Decision>(() =>
    own
      ? { state: 'leave', url: allowedRedirectUrl(href, ownOrigin)?.toString() ?? '' }
      : { state: 'checking' },
  );

  useEffect(() => {
    if (own) return;
    let current = true;
    void allowedOrigins().then((origins) => {
      if (!current) return;
      const url = allowedRedirectUrl(href, ownOrigin, origins);
      setDecision(url ? { state: 'leave', url: url.toString() } : { state: 'refused' });
    });
    return () => {
      current = false;
    };
  }, [own, href, ownOrigin, allowedOrigins]);

  useEffect(() => {
    if (decision.state === 'leave') replace(decision.url);
  }, [decision, replace]);

  if (decision.state === 'refused') return <Navigate to="/error" replace />;
  return (
    <Page title={t('redirect.title')} heading={t('redirect.leaving')}>
      {decision.state === 'leave' ? (
        <p>
          <a href={decision.url}>{t('redirect.fallback')}</a>
        </p>
      ) : (
        <p className="loading-inline" role="status">
          {t('redirect.leaving')}
        </p>
      )}
    </Page>
  );
}
