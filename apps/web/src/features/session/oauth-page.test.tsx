import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readCookie } from '../../lib/cookies.ts';
import { readAccessToken } from '../../lib/session-token.ts';
import { RETURN_URL_COOKIE, TOKEN_COOKIE } from '../../lib/sign-in.ts';
import { fakeApplicationsApi } from '../../test/fake-applications-api.ts';
import { renderApp } from '../../test/render-app.tsx';

describe('#/oauth', () => {
  afterEach(() => vi.restoreAllMocks());

  it('takes the token from its cookie, deletes the cookie and returns to the saved page', async () => {
    document.cookie = `${TOKEN_COOKIE}=abc123; path=/`;
    document.cookie = `${RETURN_URL_COOKIE}=${encodeURIComponent('/version')}; path=/`;
    const { router } = await renderApp({ path: '/oauth' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/version'));
    expect(readAccessToken()).toBe('abc123');
    expect(readCookie(TOKEN_COOKIE)).toBeUndefined();
    expect(readCookie(RETURN_URL_COOKIE)).toBeUndefined();
  });

  it('goes to the dashboard when no page was saved', async () => {
    document.cookie = `${TOKEN_COOKIE}=abc123; path=/`;
    fakeApplicationsApi();
    const { router } = await renderApp({ path: '/oauth' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/home/dashboard'));
    expect(
      await screen.findByRole('heading', { name: 'Your account applications' }),
    ).toBeInTheDocument();
  });

  it('never returns to another site', async () => {
    document.cookie = `${TOKEN_COOKIE}=abc123; path=/`;
    document.cookie = `${RETURN_URL_COOKIE}=${encodeURIComponent('//evil.example')}; path=/`;
    fakeApplicationsApi();
    const { router } = await renderApp({ path: '/oauth' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/home/dashboard'));
    expect(
      await screen.findByRole('heading', { name: 'Your account applications' }),
    ).toBeInTheDocument();
  });

  it('goes on to the saved page when the person is already signed in', async () => {
    fakeApplicationsApi();
    const { router } = await renderApp({ path: '/oauth' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/home/dashboard'));
    expect(
      await screen.findByRole('heading', { name: 'Your account applications' }),
    ).toBeInTheDocument();
  });

  it('says so and offers to sign in again when there is no token', async () => {
    await renderApp({ path: '/oauth', language: 'fr', token: null });
    expect(
      await screen.findByRole('heading', { name: "Nous n'avons pas pu ouvrir votre session." }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ouvrir une session de nouveau' })).toHaveAttribute(
      'href',
      expect.stringContaining('/externalRedirect?href='),
    );
    expect(readAccessToken()).toBeNull();
  });
});
