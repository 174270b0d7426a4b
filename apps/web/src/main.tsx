import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { TranslationProvider, createI18n } from './lib/i18n.ts';
import { createHashRouter, RouterProvider } from 'react-router';
import { appScreen } from './app/app-screen.ts';
import { installGlobalErrorHandler } from './app/global-error-handler.ts';
import { routes } from './app/routes.tsx';
import { navigateInAppThrough } from './lib/app-navigation.ts';
import { configureHttp, http } from './lib/http/http.ts';
import { languageFromCookie } from './lib/language.ts';
import { UserInfoProvider } from './lib/user-info.tsx';
import './styles/global.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
const screen = appScreen(container);
installGlobalErrorHandler({
  report: (errorField) => http.report(errorField),
  screenIsEmpty: screen.screenIsEmpty,
  showErrorPage: screen.showErrorPage,
});
const i18n = await createI18n(languageFromCookie());
configureHttp({ language: () => i18n.language });
// The in-memory mode (spec section 7; ADR 0028): a build-time switch, so the normal build
// holds none of its code; its service worker answers every call before the app renders.
const inMemory =
  import.meta.env.VITE_IN_MEMORY_API === 'true' ? await import('./in-memory/start.ts') : undefined;
await inMemory?.startInMemoryMode();
const router = createHashRouter(inMemory ? inMemory.withStandInRoutes(routes) : routes);
navigateInAppThrough((path) => void router.navigate(path));

const root = createRoot(container);
const app = (
  <StrictMode>
    <TranslationProvider i18n={i18n}>
      <UserInfoProvider>
        <RouterProvider router={router} />
      </UserInfoProvider>
    </TranslationProvider>
  </StrictMode>
);
// The first render as a transition: React renders it in slices, yielding between them, so
// the page stays responsive while a long screen mounts (issue 31: total blocking time).
startTransition(() => root.render(app));
screen.rendered(() => root.render(app));
