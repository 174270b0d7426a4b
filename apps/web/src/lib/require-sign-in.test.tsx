import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApplicationsApi } from '../test/fake-applications-api.ts';
import { client, renderApp } from '../test/render-app.tsx';
import { readCookie } from './cookies.ts';
import { RETURN_URL_COOKIE } from './sign-in.ts';

describe('route guard', () => {
  afterEach(() => vi.restoreAllMocks());

  it.each(['/home/dashboard', '/application/profile', '/auth-code?x=1'])(
    'sends a visitor who is not signed in from %s to authorize, saving the address',
    async (path) => {
      const { router } = await renderApp({ path, token: null });
      await waitFor(() => expect(router.state.location.pathname).toBe('/externalRedirect'));
      const href = new URLSearchParams(router.state.location.search).get('href') ?? '';
      expect(href).toContain('/security/oauth/authorize?client_id=clientOnlineApp');
      expect(href).toContain(encodeURIComponent('/#/oauth'));
      expect(readCookie(RETURN_URL_COOKIE)).toBe(path);
    },
  );

  it('leaves error pages and the version page open to visitors', async () => {
    for (const path of ['/error', '/version', '/not-found', '/trial-error', '/express-error']) {
      const { router, unmount } = await renderApp({ path, token: null });
      await screen.findByRole('heading', { level: 1 });
      expect(router.state.location.pathname).toBe(path);
      unmount();
    }
  });

  it('lets a signed-in person through', async () => {
    fakeApplicationsApi();
    await renderApp({ path: '/home/dashboard' });
    expect(
      await screen.findByRole('heading', { name: 'Your account applications' }),
    ).toBeInTheDocument();
  });

  it('sends a trial user reaching the client home to the trial question', async () => {
    const trial = { status: 'signedIn' as const, user: { ...client, trialUser: true } };
    const { router } = await renderApp({ path: '/home/dashboard', user: trial });
    await waitFor(() => expect(router.state.location.pathname).toBe('/trial-error'));
    expect(
      await screen.findByText('Do you want to log out of your trial account?'),
    ).toBeInTheDocument();
  });
});
