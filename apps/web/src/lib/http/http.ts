import { navigateInApp } from '../app-navigation.ts';
import { forgetSessionDeadline, isSessionTimes, recordSessionTimes } from '../session-clock.ts';
import { endSession } from '../session-end.ts';
import { showRateLimitNotice } from '../rate-limit-notice.ts';
import { authorizeUrl, saveReturnUrl } from '../sign-in.ts';
import { clearAccessToken, readAccessToken, storeAccessToken } from '../session-token.ts';
import { createHttpClient } from './http-client.ts';

let currentLanguage = () => document.documentElement.lang.slice(0, 2) || 'en';
let currentUsername = () => '';

/** The app tells the client where the language and the user's name come from. */
export function configureHttp(sources: { language?: () => string; username?: () => string }) {
  if (sources.language) currentLanguage = sources.language;
  if (sources.username) currentUsername = sources.username;
}

/** The current in-app path, from the hash (`#/home/dashboard?x=1` -> `/home/dashboard?x=1`). */
export function currentAppPath(): string {
  return window.location.hash.replace(/^#/, '') || '/';
}

/**
 * The sign-in expired: screens keep what was typed (session-end handlers), the page where the
 * person was is remembered, then the sign-in page opens, which brings them back through
 * authorize and `#/oauth`.
 */
export function goToSignIn(): void {
  endSession();
  forgetSessionDeadline();
  saveReturnUrl(currentAppPath());
  window.location.assign(`/security/login?returnTo=${encodeURIComponent(authorizeUrl())}`);
}

/** The session's time ran out on this page (the expiry dialog's clock). */
export function sessionExpired(): void {
  endSession();
  clearAccessToken();
  goToSignIn();
}

/** The one HTTP client every feature uses (spec sections 7 and 8). */
export const http = createHttpClient({
  fetch: (input, init) => window.fetch(input, init),
  readToken: readAccessToken,
  storeToken: storeAccessToken,
  clearToken: clearAccessToken,
  language: () => currentLanguage(),
  navigate: navigateInApp,
  expiredSignIn: goToSignIn,
  username: () => currentUsername(),
  sessionTimes: (times) => recordSessionTimes(times),
  isSessionTimes,
  now: () => Date.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  rateLimited: showRateLimitNotice,
});
