import {
  OAUTH_CLIENT_ID,
  RETURN_URL_COOKIE_MAX_AGE_SECONDS,
  TOKEN_HANDOVER_COOKIE,
} from '@portal/domain/constants';
import { deleteCookie, readCookie, writeCookie } from './cookies.ts';

/** The short-lived cookie in which the server hands over a fresh access token. */
export const TOKEN_COOKIE = TOKEN_HANDOVER_COOKIE;
/** Where to go back after signing in (spec section 2: kept 2 minutes). */
export const RETURN_URL_COOKIE = 'portalReturnUrl';
export const DEFAULT_LANDING = '/home/dashboard';

export function authorizeUrl(origin = window.location.origin): string {
  const params = new URLSearchParams({
    client_id: OAUTH_CLIENT_ID,
    response_type: 'token',
    redirect_uri: `${origin}/#/oauth`,
  });
  return `/security/oauth/authorize?${params.toString()}`;
}

/** Takes the token out of its cookie: it is read once and never left behind. */
export function takeTokenFromCookie(): string | undefined {
  const token = readCookie(TOKEN_COOKIE);
  deleteCookie(TOKEN_COOKIE);
  return token || undefined;
}

export function saveReturnUrl(path: string): void {
  writeCookie(RETURN_URL_COOKIE, path, { maxAgeSeconds: RETURN_URL_COOKIE_MAX_AGE_SECONDS });
}

/** The saved in-app path, cleared once read; only app paths are honoured. */
export function takeReturnUrl(): string {
  const saved = readCookie(RETURN_URL_COOKIE);
  deleteCookie(RETURN_URL_COOKIE);
  return saved && saved.startsWith('/') && !saved.startsWith('//') ? saved : DEFAULT_LANDING;
}
