import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeAccountApi } from '../test/fake-account-api.ts';
import { client, renderApp } from '../test/render-app.tsx';

const french = { status: 'signedIn' as const, user: { ...client, language: 'fr' as const } };

describe("the account's language", () => {
  afterEach(() => vi.restoreAllMocks());

  it('wins over an English browser once a French account is signed in', async () => {
    document.cookie = 'lang=en; path=/';
    const { i18n } = await renderApp({ path: '/version', language: 'en', user: french });
    expect(
      await screen.findByRole('heading', { name: 'À propos de cette application' }),
    ).toBeInTheDocument();
    expect(i18n.language).toBe('fr');
    expect(document.documentElement.lang).toBe('fr-CA');
    expect(document.cookie).toContain('lang=fr');
  });

  it('is saved to the account when the signed-in person uses the language switch', async () => {
    const api = fakeAccountApi({ language: 'fr' });
    await renderApp({ path: '/version', language: 'fr', user: french });
    await screen.findByRole('heading', { name: 'À propos de cette application' });
    await userEvent.click(screen.getByRole('button', { name: 'View this page in English' }));
    expect(
      await screen.findByRole('heading', { name: 'About this application' }),
    ).toBeInTheDocument();
    await waitFor(() => expect(api.apiCalls()).toContain('PUT /account/language'));
    expect(api.settings.language).toBe('en');
    // The account's former language does not take the page back.
    expect(screen.getByRole('heading', { name: 'About this application' })).toBeInTheDocument();
    expect(document.cookie).toContain('lang=en');
  });

  it('is not saved for a visitor who is not signed in', async () => {
    const api = fakeAccountApi();
    await renderApp({ path: '/version', token: null });
    await userEvent.click(
      await screen.findByRole('button', { name: 'Afficher cette page en français' }),
    );
    await screen.findByRole('heading', { name: 'À propos de cette application' });
    expect(api.apiCalls()).toEqual([]);
  });
});
