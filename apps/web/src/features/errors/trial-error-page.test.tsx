import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerFetch } from '../../test/answer-fetch.ts';
import { client, renderApp } from '../../test/render-app.tsx';
import { fakeApplicationsApi } from '../../test/fake-applications-api.ts';

const trial = { status: 'signedIn', user: { ...client, trialUser: true } } as const;

describe('a trial user (spec sections 2 and 6)', () => {
  afterEach(() => {
    sessionStorage.clear();
    vi.restoreAllMocks();
  });

  it('answering No reaches the client home, which offers no new application, and stays there', async () => {
    fakeApplicationsApi();
    const { router, unmount } = await renderApp({ path: '/home/dashboard', user: trial });
    await waitFor(() => expect(router.state.location.pathname).toBe('/trial-error'));
    await userEvent.click(await screen.findByRole('button', { name: 'No, go to my home page' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/home/dashboard'));
    expect(await screen.findByText(/can't open an investment account/)).toBeInTheDocument();
    expect(
      screen.queryByRole('button', { name: 'Start a new application' }),
    ).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log out and open an account' })).toHaveAttribute(
      'href',
      '/logout?then=openAccount',
    );
    unmount();

    // Coming back in the same browser session does not ask again.
    const again = await renderApp({ path: '/home/dashboard', user: trial });
    expect(await screen.findByText(/You're using a trial account/)).toBeInTheDocument();
    expect(again.router.state.location.pathname).toBe('/home/dashboard');
  });

  it('answering Yes logs out towards the open-account page, in French too', async () => {
    const logout = answerFetch({ 'GET /security/logout': { status: 200 } });
    const { router } = await renderApp({ path: '/trial-error', user: trial, language: 'fr' });
    await userEvent.click(await screen.findByRole('button', { name: 'Oui, me déconnecter' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/logout'));
    expect(router.state.location.search).toBe('?then=openAccount');
    await waitFor(() =>
      expect(logout).toHaveBeenCalledWith('/security/logout?skipredirect=true', expect.anything()),
    );
  });
});
