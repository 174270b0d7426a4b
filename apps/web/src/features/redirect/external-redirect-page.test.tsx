import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test/render-app.tsx';
import { ExternalRedirectPage } from './external-redirect-page.tsx';

const vendor = 'https://auth.bankvendor.example';
const listing =
  (...origins: string[]) =>
  async () =>
    origins;

const withReplace = (
  replace: (url: string) => void,
  allowedOrigins: () => Promise<string[]> = listing(),
) => [
  {
    path: '/',
    children: [
      {
        path: 'externalRedirect',
        element: <ExternalRedirectPage replace={replace} allowedOrigins={allowedOrigins} />,
      },
      { path: 'error', element: <p>error page</p> },
    ],
  },
];

describe('externalRedirect', () => {
  it('leaves with location.replace for an address of our own origin', async () => {
    const replace = vi.fn();
    const href = '/security/oauth/authorize?client_id=clientOnlineApp&response_type=token';
    await renderApp({
      path: `/externalRedirect?href=${encodeURIComponent(href)}`,
      routeTable: withReplace(replace),
    });
    await waitFor(() => expect(replace).toHaveBeenCalledTimes(1));
    expect(replace).toHaveBeenCalledWith(`${window.location.origin}${href}`);
  });

  it('refuses another origin and shows the error page instead', async () => {
    const replace = vi.fn();
    const { router } = await renderApp({
      path: `/externalRedirect?href=${encodeURIComponent('https://evil.example/steal')}`,
      routeTable: withReplace(replace),
    });
    expect(await screen.findByText('error page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/error');
    expect(replace).not.toHaveBeenCalled();
  });

  it('leaves for a vendor origin the configuration lists (issue 17)', async () => {
    const replace = vi.fn();
    const href = `${vendor}/oauth/authorize?client_id=portal&state=abc`;
    await renderApp({
      path: `/externalRedirect?href=${encodeURIComponent(href)}`,
      routeTable: withReplace(replace, listing(vendor)),
    });
    await waitFor(() => expect(replace).toHaveBeenCalledWith(href));
  });

  it.each([
    ['an origin the list does not hold', 'https://evil.example/oauth'],
    ['a look-alike of a listed one', `${vendor}.evil.example/oauth`],
    ['a listed one behind a user name', `https://auth.bankvendor.example@evil.example/`],
    ['javascript', 'javascript:alert(document.cookie)'],
  ])('refuses %s even with a list', async (_what, href) => {
    const replace = vi.fn();
    const { router } = await renderApp({
      path: `/externalRedirect?href=${encodeURIComponent(href)}`,
      routeTable: withReplace(replace, listing(vendor)),
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/error'));
    expect(replace).not.toHaveBeenCalled();
  });

  it('follows only our own origin when the list cannot be read', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('', { status: 503 })),
    );
    try {
      const { loadAllowedOrigins } = await import('./external-redirect-page.tsx');
      expect(await loadAllowedOrigins()).toEqual([]);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('uses location.replace by default so the page is not kept in history', async () => {
    const replace = vi.fn();
    vi.stubGlobal('location', { ...window.location, replace, origin: window.location.origin });
    try {
      await renderApp({ path: `/externalRedirect?href=${encodeURIComponent('/security/login')}` });
      await waitFor(() =>
        expect(replace).toHaveBeenCalledWith(`${window.location.origin}/security/login`),
      );
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
