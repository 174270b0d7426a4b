import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { client, renderApp } from '../../test/render-app.tsx';

const ID = '7d0c8a8e-2f4b-4c55-9a39-1b2c3d4e5f60';
const setCookie = (name: string, value: string) => {
  document.cookie = `${name}=${encodeURIComponent(value)}; path=/`;
};
const clearCookie = (name: string) => {
  document.cookie = `${name}=; path=/; max-age=0`;
};

function fakeApi() {
  const calls: string[] = [];
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  vi.spyOn(window, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    calls.push(`${method} ${url.pathname.replace('/service/jaxrs', '')}`);
    if (method === 'POST' && url.pathname.endsWith('/applications')) {
      return json(201, { id: ID, status: 'inProgress', version: 1, steps: {} });
    }
    if (method === 'PUT' && url.pathname.endsWith('/partnerAgreement')) {
      return json(200, {
        partnerAgreement: {
          skin: 'harbour',
          name: 'Harbour Credit Union',
          nameFr: 'Caisse Harbour',
          acceptedAt: '2026-11-27T02:00:00.000Z',
        },
      });
    }
    return json(404, { errorCode: 'notFound' });
  });
  return { calls };
}

const open = (language: 'en' | 'fr' = 'en') =>
  renderApp({
    path: '/home/partner-agreement',
    user: { status: 'signedIn', user: client },
    language,
  });

describe('partner agreement page', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    for (const name of ['partnerSkin', 'partnerName', 'partnerNameFr', 'partnerUrl']) {
      clearCookie(name);
    }
  });

  it('names the partner in French with its link; accepting starts the application and records it', async () => {
    setCookie('partnerSkin', 'harbour');
    setCookie('partnerName', 'Harbour Credit Union');
    setCookie('partnerNameFr', 'Caisse Harbour');
    setCookie('partnerUrl', 'https://harbour.example.ca/');
    const api = fakeApi();
    const user = userEvent.setup();
    const { router } = await open('fr');
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: 'Entente de partenariat avec Caisse Harbour',
      }),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: /En savoir plus sur Caisse Harbour/ })).toHaveAttribute(
      'href',
      'https://harbour.example.ca/',
    );
    await user.click(screen.getByRole('button', { name: "J'accepte et je commence ma demande" }));
    // The application's screens load on demand, so the move takes a moment.
    await vi.waitFor(
      () => expect(router.state.location.pathname).toBe(`/application/${ID}/ownership`),
      { timeout: 5000 },
    );
    expect(api.calls).toEqual(
      expect.arrayContaining(['POST /applications', `PUT /applications/${ID}/partnerAgreement`]),
    );
  });

  it('declining goes back to the dashboard and starts nothing', async () => {
    setCookie('partnerSkin', 'harbour');
    setCookie('partnerName', 'Harbour Credit Union');
    const api = fakeApi();
    const user = userEvent.setup();
    const { router } = await open();
    await user.click(await screen.findByRole('button', { name: 'Decline and go back' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/home/dashboard'));
    expect(api.calls.filter((call) => call.startsWith('POST'))).toEqual([]);
  });

  it('says there is nothing to accept without a partner', async () => {
    fakeApi();
    await open();
    expect(
      await screen.findByText('No partner referred you, so there is no agreement to accept.'),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: 'I accept and start my application' })).toBeNull();
  });
});
