import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { createHashRouter, RouterProvider } from 'react-router';
import { installGlobalErrorHandler } from './app/global-error-handler.ts';
import { routes } from './app/routes.tsx';
import { configureHttp } from './lib/http/http.ts';
import { createI18n } from './lib/i18n.ts';
import { languageFromCookie } from './lib/language.ts';
import { UserInfoProvider } from './lib/user-info.tsx';
import './styles/global.css';

installGlobalErrorHandler();
const i18n = await createI18n(languageFromCookie());
configureHttp({ language: () => i18n.language });
const router = createHashRouter(routes);

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
createRoot(container).render(
  <StrictMode>
    <I18nextProvider i18n={i18n}>
      <UserInfoProvider>
        <RouterProvider router={router} />
      </UserInfoProvider>
    </I18nextProvider>
  </StrictMode>,
);
