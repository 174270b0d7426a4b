import { TranslationProvider, createBundledI18n, type Translator } from '../lib/i18n.ts';
import { renderToString } from 'react-dom/server';
import {
  createMemoryRouter,
  createPath,
  RouterProvider,
  type RouteObject,
  type To,
} from 'react-router';
import { RootLayoutLoading } from '../app/root-layout.tsx';
import { routes } from '../app/routes.tsx';
import { SandboxBanner } from '../app/sandbox-banner.tsx';
import { RETURN_URL_COOKIE_MAX_AGE_SECONDS } from '@portal/domain/constants';
import { PageTitleCollector } from '../lib/page-title.ts';
import { requireSignIn } from '../lib/require-sign-in.ts';
import { TOKEN_KEY } from '../lib/session-token.ts';
import { authorizeUrl, DEFAULT_LANDING, RETURN_URL_COOKIE } from '../lib/sign-in.ts';
import { UserInfoProvider } from '../lib/user-info.tsx';

/**
 * The public screens whose whole page is in the HTML the server sends (ADR 0027): they need
 * nobody signed in and no call, so the client's first render is exactly this markup. Any
 * other address shows the shell around a skeleton until the client takes over.
 */
export const prerenderedScreens = [
  '/version',
  '/error',
  '/express-error',
  '/not-found',
  '/trial-error',
  '/advisor-error',
] as const;

/** The client's catalogues and options, without the document (Node renders the shell). */
export const createShellI18n = createBundledI18n;

/** The catalogues loaded before the first render, which the page preloads in its language. */
export { FIRST_NAMESPACES } from '../lib/i18n.ts';

/** The router's hydrate fallback, as the client shows it while a lazy screen loads. */
const skeletonRoutes: RouteObject[] = [{ path: '*', Component: RootLayoutLoading }];

/**
 * The hash router writes links as `#/path`; a memory router at the same path writes `/path`.
 * Rendering through a memory router whose links are written the hash router's way gives the
 * markup the client renders first.
 */
function hashRouterAt(routeTable: RouteObject[], path: string) {
  const router = createMemoryRouter(routeTable, { initialEntries: [path] });
  router.createHref = (to: To) => `#${typeof to === 'string' ? to : createPath(to)}`;
  return router;
}

/**
 * The page (shell and screen) as the client's first render at `path` makes it, signed out, and
 * the document title the screen sets (undefined for one that sets none, such as the skeleton).
 */
export function renderScreen(
  instance: Translator,
  path: string,
  routeTable: RouteObject[] = routes,
): { html: string; title: string | undefined } {
  let title: string | undefined;
  const html = renderToString(
    <PageTitleCollector.Provider value={(full) => (title = full)}>
      <TranslationProvider i18n={instance}>
        <UserInfoProvider>
          <RouterProvider router={hashRouterAt(routeTable, path)} />
        </UserInfoProvider>
      </TranslationProvider>
    </PageTitleCollector.Provider>,
  );
  return { html, title };
}

/** The shell around the skeleton, for every address that is not a prerendered screen. */
export function renderSkeleton(instance: Translator): string {
  return renderScreen(instance, '/', skeletonRoutes).html;
}

/** The demonstration banner, which the page shows only while the server marks it sandboxed. */
export function renderSandboxBanner(instance: Translator): string {
  return renderToString(
    <TranslationProvider i18n={instance}>
      <SandboxBanner />
    </TranslationProvider>,
  );
}

/** Stands for the page's own origin in `authorizeUrl`, which the page puts back in. */
export const ORIGIN_PLACEHOLDER = 'https://origin.invalid';

/**
 * What the page needs to send a visitor who is not signed in straight to sign-in, as the
 * route guard (`requireSignIn`) would once the client had loaded: the first segments of the
 * guarded addresses (read from the route table), where the token would be, and where to go.
 */
export interface SignInRedirect {
  guardedSegments: string[];
  /** The landing page (`#/` goes there), which is guarded too. */
  defaultLanding: string;
  tokenKey: string;
  returnUrlCookie: string;
  returnUrlMaxAgeSeconds: number;
  /** `authorizeUrl` with `ORIGIN_PLACEHOLDER` as the origin. */
  authorizeUrl: string;
}

function guardedSegments(routeTable: RouteObject[], guarded = false): string[] {
  return routeTable.flatMap((route) => {
    const isGuard = route.loader === requireSignIn;
    const own = guarded && route.path ? [route.path.split('/')[0]?.replace(/\*$/, '') ?? ''] : [];
    const below = route.children ? guardedSegments(route.children, guarded || isGuard) : [];
    // Below a guarded segment, deeper paths add nothing: the first segment decides.
    return guarded && route.path ? own : [...own, ...below];
  });
}

export function signInRedirect(routeTable: RouteObject[] = routes): SignInRedirect {
  return {
    guardedSegments: [...new Set(guardedSegments(routeTable))].filter(Boolean).sort(),
    defaultLanding: DEFAULT_LANDING,
    tokenKey: TOKEN_KEY,
    returnUrlCookie: RETURN_URL_COOKIE,
    returnUrlMaxAgeSeconds: RETURN_URL_COOKIE_MAX_AGE_SECONDS,
    authorizeUrl: authorizeUrl(ORIGIN_PLACEHOLDER),
  };
}
