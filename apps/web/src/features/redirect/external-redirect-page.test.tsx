import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test/render-app.tsx';
import { ExternalRedirectPage } from './external-redirect-page.tsx';

const withReplace = (replace: (url: string) => void) => [
  {
    path: '/',
    children: [
      { path: 'externalRedirect', element: <ExternalRedirectPage replace={replace} /> },
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
