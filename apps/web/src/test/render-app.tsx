import { render, type RenderResult } from '@testing-library/react';
import { TranslationProvider, type Translator } from '../lib/i18n.ts';
import {
  createHashRouter,
  createMemoryRouter,
  RouterProvider,
  type RouteObject,
} from 'react-router';
import type { Language } from '@portal/domain';
import { routes } from '../app/routes.tsx';
import { createTestI18n } from './i18n.ts';
import { storeAccessToken } from '../lib/session-token.ts';
import { UserInfoProvider, type UserInfo, type UserInfoState } from '../lib/user-info.tsx';

export const client: UserInfo = {
  firstName: 'Camille',
  lastName: 'Tremblay',
  email: 'camille@example.com',
  onboardingComplete: false,
  ibId: null,
  adminLogin: false,
  trialUser: false,
  advisor: false,
};

export interface RenderAppOptions {
  path?: string;
  /** The router state the path is entered with (what a screen is told by the one before). */
  state?: unknown;
  language?: Language;
  user?: UserInfoState;
  routeTable?: RouteObject[];
  /** The access token in session storage; null renders a visitor who is not signed in. */
  token?: string | null;
  /**
   * The browser's own address holds the route, as in the product (`#/...`): for journeys where
   * the address changes outside the router (a link to a bare `#id`, the browser's Back).
   */
  hashRouter?: boolean;
}

export interface RenderedApp extends RenderResult {
  router: ReturnType<typeof createMemoryRouter> | ReturnType<typeof createHashRouter>;
  i18n: Translator;
}

/** Renders the real route table at a path, in a language, for a given signed-in state. */
export async function renderApp({
  path = '/',
  state,
  language = 'en',
  user = { status: 'signedOut' },
  routeTable = routes,
  token = 'test-token',
  hashRouter = false,
}: RenderAppOptions = {}): Promise<RenderedApp> {
  if (token) storeAccessToken(token);
  const i18n = await createTestI18n(language);
  if (hashRouter) window.location.hash = `#${path}`;
  const router = hashRouter
    ? createHashRouter(routeTable)
    : createMemoryRouter(routeTable, {
        initialEntries: [state === undefined ? path : { pathname: path, state }],
      });
  const result = render(
    <TranslationProvider i18n={i18n}>
      <UserInfoProvider initial={user} load={() => Promise.reject(new Error('not in tests'))}>
        <RouterProvider router={router} />
      </UserInfoProvider>
    </TranslationProvider>,
  );
  return { ...result, router, i18n };
}
