import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeAccountApi } from '../../test/fake-account-api.ts';
import { renderApp } from '../../test/render-app.tsx';
import { openSettings, signedIn } from './settings-test-helpers.tsx';

describe('settings page', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows every section once the settings load', async () => {
    fakeAccountApi();
    await openSettings();
    expect(document.title).toBe('Online Applications | Account settings');
    expect(
      screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent),
    ).toEqual([
      'Name',
      'Preferred language',
      'Email address',
      'Password',
      'Two-step verification',
      'Devices signed in',
    ]);
  });

  it('says it is loading, then that it failed, and loads again on request, in French', async () => {
    const api = fakeAccountApi();
    api.answerNext('GET', '/account', 503);
    const user = userEvent.setup();
    await renderApp({ path: '/home/settings', user: signedIn, language: 'fr' });
    expect(await screen.findByText('Chargement de vos paramètres…')).toBeInTheDocument();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent("Nous n'avons pas pu charger vos paramètres.");
    await user.click(within(alert).getByRole('button', { name: 'Réessayer' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Nom' })).toBeInTheDocument();
  });
});
