import type { RouteObject } from 'react-router';
import { readAccessToken, storeAccessToken } from '../lib/session-token.ts';
import { inMemoryHandlers } from './handlers.ts';
import { inMemoryApi } from './runtime.ts';

/** Where the service worker script is served (emitted by the in-memory build only). */
export const WORKER_URL = '/mockServiceWorker.js';

/** The stand-in pages, inside the shell (header and footer) like every other screen. */
const standInRoutes: RouteObject[] = [
  {
    path: 'in-memory/sign-in',
    lazy: async () => ({ Component: (await import('./sign-in-page.tsx')).InMemorySignInPage }),
  },
  {
    path: 'in-memory/esign/:envelopeId',
    lazy: async () => ({ Component: (await import('./ceremony-page.tsx')).InMemoryCeremonyPage }),
  },
];

/** The route table with the stand-in pages added under the shell's error layer. */
export function withStandInRoutes(routes: RouteObject[]): RouteObject[] {
  const [root, ...rest] = routes;
  const [layer, ...siblings] = root?.children ?? [];
  if (!root || root.index || !layer || layer.index || !layer.children) {
    return [...routes, ...standInRoutes];
  }
  const withStandIns: RouteObject = { ...layer, children: [...standInRoutes, ...layer.children] };
  return [{ ...root, children: [withStandIns, ...siblings] }, ...rest];
}

/**
 * Starts the in-memory mode before the app renders: the Mock Service Worker answers every call
 * from the in-memory API, and the sample applicant is signed in, as if they had just come back
 * from the server's sign-in page.
 */
export async function startInMemoryMode(): Promise<void> {
  const api = inMemoryApi();
  const { setupWorker } = await import('msw/browser');
  await setupWorker(...inMemoryHandlers(api)).start({
    serviceWorker: { url: WORKER_URL },
    onUnhandledRequest: 'bypass',
    quiet: true,
  });
  if (!readAccessToken()) {
    const token = api.issueToken();
    if (token) storeAccessToken(token);
  }
}
