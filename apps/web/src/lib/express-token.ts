/**
 * The express invitation's token while its invitee signs in or registers (issue 17): the
 * return-address cookie lasts 2 minutes, a registration may take longer, so the tab keeps the
 * token until the application is created.
 */
const KEY = 'portal.express.token';
/** Set when the invitee leaves for the sign-in or registration pages, cleared on the way back. */
const AWAY_KEY = 'portal.express.signingIn';

export function keepExpressToken(token: string): void {
  try {
    window.sessionStorage.setItem(KEY, token);
  } catch {
    // Without storage the link in the mail still works.
  }
}

export function pendingExpressToken(): string | null {
  try {
    return window.sessionStorage.getItem(KEY);
  } catch {
    return null;
  }
}

/**
 * Whether the invitee is back from signing in or registering with an invitation to accept:
 * the landing page then sends them to it. Only once: an invitee who leaves the action screen
 * afterwards reaches their dashboard.
 */
export function hasPendingExpressToken(): boolean {
  try {
    return pendingExpressToken() !== null && window.sessionStorage.getItem(AWAY_KEY) === '1';
  } catch {
    return false;
  }
}

export function markLeftToSignIn(away: boolean): void {
  try {
    if (away) window.sessionStorage.setItem(AWAY_KEY, '1');
    else window.sessionStorage.removeItem(AWAY_KEY);
  } catch {
    // Without storage the return cookie still brings them back within its 2 minutes.
  }
}

export function forgetExpressToken(): void {
  try {
    window.sessionStorage.removeItem(KEY);
    window.sessionStorage.removeItem(AWAY_KEY);
  } catch {
    // Nothing was kept.
  }
}
