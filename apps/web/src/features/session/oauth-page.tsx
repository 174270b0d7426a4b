import { useTranslation } from '../../lib/i18n.ts';
import { Link, redirect } from 'react-router';
import { readAccessToken, storeAccessToken } from '../../lib/session-token.ts';
import { authorizeUrl, takeReturnUrl, takeTokenFromCookie } from '../../lib/sign-in.ts';
import { Page } from '../../ui/page.tsx';

/**
 * Runs before `#/oauth` renders: takes the token the server left in a cookie, signs in with
 * it and goes to the saved page. Without a token the page explains and offers to retry.
 */
export function oauthLoader() {
  const token = takeTokenFromCookie();
  if (token) storeAccessToken(token);
  else if (!readAccessToken()) return null;
  return redirect(takeReturnUrl());
}

export function OAuthPage() {
  const { t } = useTranslation('pages');
  return (
    <Page title={t('oauth.title')} heading={t('oauth.failed')}>
      <div className="actions">
        <Link
          className="button button-primary"
          to={`/externalRedirect?href=${encodeURIComponent(authorizeUrl())}`}
        >
          {t('oauth.retry')}
        </Link>
      </div>
    </Page>
  );
}
