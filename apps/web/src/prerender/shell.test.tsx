import { cleanup, render, waitFor } from '@testing-library/react';
import { TranslationProvider } from '../lib/i18n.ts';
import { createHashRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { Language } from '@portal/domain';
import { routes } from '../app/routes.tsx';
import { createTestI18n } from '../test/i18n.ts';
import { clearAccessToken } from '../lib/session-token.ts';
import { UserInfoProvider } from '../lib/user-info.tsx';
import {
  createShellI18n,
  ORIGIN_PLACEHOLDER,
  prerenderedScreens,
  renderScreen,
  renderSkeleton,
  signInRedirect,
} from './shell.tsx';

/**
 * The markup as the DOM writes it, so that only what the browser would show differs: a server
 * string and the DOM escape quotes and write style attributes (`border:0` for `border: 0px;`)
 * each their own way, and React marks text boundaries with comments.
 */
function normalise(html: string): string {
  const box = document.createElement('div');
  box.innerHTML = html.replaceAll(/<!--[^>]*-->/g, '');
  for (const element of box.querySelectorAll<HTMLElement>('[style]')) {
    element.setAttribute('style', element.style.cssText);
  }
  return box.innerHTML;
}

/** The client as main.tsx starts it, at an address, signed out. */
async function clientMarkup(language: Language, path: string): Promise<string> {
  clearAccessToken();
  window.location.hash = `#${path}`;
  const i18n = await createTestI18n(language);
  const { container } = render(
    <TranslationProvider i18n={i18n}>
      <UserInfoProvider>
        <RouterProvider router={createHashRouter(routes)} />
      </UserInfoProvider>
    </TranslationProvider>,
  );
  return normalise(container.innerHTML);
}

afterEach(() => {
  cleanup();
  window.location.hash = '';
});

describe('the page the server sends before any script (ADR 0027)', () => {
  for (const language of ['en', 'fr'] as const) {
    for (const path of prerenderedScreens) {
      it(`is, at ${path} in ${language}, the markup the client renders there`, async () => {
        const screen = renderScreen(await createShellI18n(language), path);
        const prerendered = normalise(screen.html);
        expect(prerendered).toContain('<h1>');
        expect(prerendered).toContain('<footer');
        expect(await clientMarkup(language, path)).toBe(prerendered);
        // The title the page shows before the bundle is the one the client sets.
        await waitFor(() => expect(document.title).toBe(screen.title));
        expect(screen.title).toMatch(
          language === 'en' ? /^Online Applications/ : /^Demandes en ligne/,
        );
      });
    }
  }

  it('shows, until a lazy screen loads, the shell around the skeleton the page has', async () => {
    for (const language of ['en', 'fr'] as const) {
      const prerendered = normalise(renderSkeleton(await createShellI18n(language)));
      // #/action loads its code on demand: the router shows its hydrate fallback first.
      expect(await clientMarkup(language, '/action')).toBe(prerendered);
      cleanup();
    }
  });

  it('has a busy main area in the skeleton, with no text to read but the loading word', async () => {
    const page = document.createElement('div');
    page.innerHTML = renderSkeleton(await createShellI18n('fr'));
    expect(page.querySelectorAll('main')).toHaveLength(1);
    expect(page.querySelectorAll('header')).toHaveLength(1);
    expect(page.querySelectorAll('footer')).toHaveLength(1);
    expect(page.querySelector('.skip-link')?.textContent).toBe('Passer au contenu principal');
    const main = page.querySelector('main');
    expect(main?.getAttribute('aria-busy')).toBe('true');
    expect(main?.textContent).toBe('Chargement…');
    expect(main?.querySelector('.visually-hidden')?.textContent).toBe('Chargement…');
    expect(main?.querySelector('[aria-hidden="true"]')?.textContent).toBe('');
    expect(page.querySelector('h1')).toBeNull();
  });

  it('knows the guarded addresses from the route table, and where sign-in starts', () => {
    const redirect = signInRedirect();
    expect(redirect.guardedSegments).toEqual(
      expect.arrayContaining(['application', 'auth-code', 'home', 'operations', 'qadvisor']),
    );
    for (const open of ['version', 'error', 'action', 'oauth', 'logout', 'not-found', 'verify']) {
      expect(redirect.guardedSegments).not.toContain(open);
    }
    expect(redirect.authorizeUrl).toContain(encodeURIComponent(`${ORIGIN_PLACEHOLDER}/#/oauth`));
    expect(redirect.defaultLanding).toBe('/home/dashboard');
  });
});
