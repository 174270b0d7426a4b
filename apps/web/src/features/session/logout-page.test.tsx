import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test/render-app.tsx';
import { destinationAfterLogout, LogoutPage } from './logout-page.tsx';

describe('logout (spec section 4; issue 17 for trial users)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('leads to registration only for the named destination, never to a given address', () => {
    expect(destinationAfterLogout('openAccount', 'fr')).toBe('/security/register?lang=fr');
    expect(destinationAfterLogout('openAccount', 'en')).toBe('/security/register?lang=en');
    expect(destinationAfterLogout('https://evil.example', 'en')).toBe('/');
    expect(destinationAfterLogout(null, 'en')).toBe('/');
  });

  it('tells the server, then leaves for the open-account page in the person’s language', async () => {
    const calls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        calls.push(String(input));
        return new Response('', { status: 200 });
      }),
    );
    const leave = vi.fn();
    await renderApp({
      path: '/logout?then=openAccount',
      language: 'fr',
      routeTable: [{ path: '/logout', element: <LogoutPage leave={leave} /> }],
    });
    expect(await screen.findByRole('status')).toHaveTextContent('Déconnexion');
    await waitFor(() => expect(leave).toHaveBeenCalledWith('/security/register?lang=fr'));
    expect(calls.some((url) => url.includes('/security/logout'))).toBe(true);
  });
});
