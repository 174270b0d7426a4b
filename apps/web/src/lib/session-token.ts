/**
 * The access token lives in session storage: it dies with the tab and is never sent by the
 * browser on its own, so it cannot be used in a cross-site request. Subscribers (the user-info
 * provider) hear every change.
 */
export const TOKEN_KEY = 'portal.accessToken';
const listeners = new Set<() => void>();

export function readAccessToken(): string | null {
  try {
    return window.sessionStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}

export function storeAccessToken(token: string): void {
  window.sessionStorage.setItem(TOKEN_KEY, token);
  listeners.forEach((listener) => listener());
}

export function clearAccessToken(): void {
  window.sessionStorage.removeItem(TOKEN_KEY);
  listeners.forEach((listener) => listener());
}

export function subscribeToAccessToken(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
