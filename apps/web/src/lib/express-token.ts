/**
 * The express invitation's token while its invitee signs in or registers (issue 17): the
 * return-address cookie lasts 2 minutes, a registration may take longer, so the tab keeps the
 * token until the application is created.
 */
const KEY = 'portal.express.token';

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

export function hasPendingExpressToken(): boolean {
  return pendingExpressToken() !== null;
}

export function forgetExpressToken(): void {
  try {
    window.sessionStorage.removeItem(KEY);
  } catch {
    // Nothing was kept.
  }
}
