import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerFetch } from '../test/answer-fetch.ts';
import { fakeApplicationsApi } from '../test/fake-applications-api.ts';
import { renderApp } from '../test/render-app.tsx';

describe('top-level routes (spec section 2)', () => {
  afterEach(() => vi.restoreAllMocks());

  it('redirects the empty path to /home/dashboard', async () => {
    // The dashboard asks for the person's applications.
    fakeApplicationsApi();
    const { router } = await renderApp({ path: '/' });
    expect(
      await screen.findByRole('heading', { name: 'Your account applications' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/home/dashboard');
  });

  it('loads home on demand and sends /home to the dashboard', async () => {
    fakeApplicationsApi();
    const { router } = await renderApp({ path: '/home', language: 'fr' });
    expect(
      await screen.findByRole('heading', { name: "Vos demandes d'ouverture de compte" }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/home/dashboard');
  });

  it('shows the not-found page, with its 500px frame, for any other path', async () => {
    const { router } = await renderApp({ path: '/no/such/page' });
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    const frame = screen.getByTitle('Page not found details');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame).toHaveAttribute('height', '500');
    expect(frame).toHaveAttribute('src', '/not-found-frame.html?lang=en');
    expect(router.state.location.pathname).toBe('/no/such/page');
  });

  it('shows not-found for unknown steps below home and application', async () => {
    await renderApp({ path: '/home/elsewhere' });
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    await renderApp({ path: '/application/unknown-step', language: 'fr' });
    expect(await screen.findAllByRole('heading', { name: 'Page introuvable' })).not.toHaveLength(0);
  });

  it('shows the technical-glitch page with a link home', async () => {
    await renderApp({ path: '/error', language: 'fr' });
    expect(
      await screen.findByText(
        "Oh non! En raison d'un problème technique, nous ne pouvons pas afficher la page Web que vous cherchiez.",
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Aller à vos demandes' })).toHaveAttribute(
      'href',
      '/home/dashboard',
    );
  });

  it('tells an advisor the information is saved, with a link to advisor search', async () => {
    await renderApp({ path: '/advisor-error' });
    expect(
      await screen.findByText(
        'It appears you have refreshed the page. The information has been saved.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Return to advisor search' })).toHaveAttribute(
      'href',
      '/qadvisor/search/investor/express',
    );
  });

  it.each([
    ['', 'Your application link has expired.', true],
    [
      '?applicationError=true',
      'You already have an account with us. Please use the client login.',
      true,
    ],
    [
      '?notFound=true',
      'Please use the most recent email invitation sent from your Advisor.',
      false,
    ],
  ])('express-error%s chooses its message', async (query, message, offersLogin) => {
    await renderApp({ path: `/express-error${query}` });
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Client login' }) !== null).toBe(offersLogin);
  });

  it('sends the expired-link Client login button to the server login page', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    try {
      await renderApp({ path: '/express-error', language: 'fr' });
      expect(await screen.findByText('Le lien de votre demande a expiré.')).toBeInTheDocument();
      await userEvent.click(screen.getByRole('button', { name: 'Ouverture de session client' }));
      expect(assign).toHaveBeenCalledWith('/security/login');
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('trial-error: Yes goes to logout', async () => {
    const { router } = await renderApp({ path: '/trial-error' });
    expect(
      await screen.findByText('Do you want to log out of your trial account?'),
    ).toBeInTheDocument();
    const fetchMock = vi.fn(() => Promise.resolve(new Response(null, { status: 200 })));
    const assign = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    vi.stubGlobal('location', { ...window.location, assign });
    try {
      await userEvent.click(screen.getByRole('button', { name: 'Yes, log me out' }));
      await waitFor(() => expect(router.state.location.pathname).toBe('/logout'));
      // Logged out to the open-account page (spec sections 2 and 6).
      await waitFor(() => expect(assign).toHaveBeenCalledWith('/security/register?lang=en'));
      expect(fetchMock).toHaveBeenCalledWith(
        '/security/logout?skipredirect=true',
        expect.anything(),
      );
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('trial-error: No goes to the client home', async () => {
    fakeApplicationsApi();
    const { router } = await renderApp({ path: '/trial-error', language: 'fr' });
    await userEvent.click(
      await screen.findByRole('button', { name: "Non, aller à ma page d'accueil" }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/home/dashboard'));
    expect(
      await screen.findByRole('heading', { name: "Vos demandes d'ouverture de compte" }),
    ).toBeInTheDocument();
    sessionStorage.clear();
  });

  it('shows version 1.45', async () => {
    await renderApp({ path: '/version', language: 'fr' });
    expect(await screen.findByText('Version 1.45')).toBeInTheDocument();
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
  });

  it('sends the express action link without an invitation to the outdated-invitation message', async () => {
    // The screen asks for the invitation of no token before its redirect takes effect.
    answerFetch({ 'GET /service/jaxrs/express/invitations/': { status: 404 } });
    const { router } = await renderApp({ path: '/action' });
    expect(
      await screen.findByText(
        'Please use the most recent email invitation sent from your Advisor.',
      ),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/express-error');
  });

  it('loads the authentication-code page on demand', async () => {
    // No invitation for this address: the page still shows.
    answerFetch({ 'GET /service/jaxrs/coAuthCode': { status: 404 } });
    await renderApp({ path: '/auth-code', language: 'fr' });
    expect(
      await screen.findByRole('heading', { name: 'Confirmez votre identité' }),
    ).toBeInTheDocument();
  });

  it('sends /application without a step to the dashboard', async () => {
    fakeApplicationsApi();
    const { router } = await renderApp({ path: '/application' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/home/dashboard'));
    expect(
      await screen.findByRole('heading', { name: 'Your account applications' }),
    ).toBeInTheDocument();
  });
});

describe('page titles of nested routes', () => {
  it('let the innermost screen name the page', async () => {
    await renderApp({ path: '/application/unknown-step' });
    await screen.findByRole('heading', { name: 'Page not found' });
    await waitFor(() => expect(document.title).toBe('Online Applications | Page not found'));
  });
});
