import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeAccountApi } from '../../test/fake-account-api.ts';
import { openSettings, section } from './settings-test-helpers.tsx';

describe('settings: devices signed in', () => {
  afterEach(() => vi.restoreAllMocks());

  it('lists the devices, this one first and marked, with dates in English', async () => {
    fakeAccountApi();
    await openSettings();
    const devices = await within(section('Devices signed in')).findAllByRole('listitem');
    expect(devices.map((device) => within(device).getByRole('heading').textContent)).toEqual([
      'Firefox on Windows',
      'Safari on iPhone',
    ]);
    expect(within(devices[0]!).getByText('This device')).toBeInTheDocument();
    expect(within(devices[0]!).queryByRole('button')).not.toBeInTheDocument();
    expect(within(devices[1]!).getByText(/November 18, 2026/)).toBeInTheDocument();
  });

  it('signs out another device and says so', async () => {
    const api = fakeAccountApi();
    const user = userEvent.setup();
    await openSettings();
    const sessions = section('Devices signed in');
    await user.click(
      await within(sessions).findByRole('button', { name: 'Sign out Safari on iPhone' }),
    );
    expect(await within(sessions).findByText('Safari on iPhone is signed out.')).toBeVisible();
    expect(within(sessions).getAllByRole('listitem')).toHaveLength(1);
    expect(api.apiCalls()).toContain('DELETE /account/sessions/session-phone');
  });

  it('asks before signing out everywhere, then ends every session and logs out, in French', async () => {
    const api = fakeAccountApi({ language: 'fr' });
    const user = userEvent.setup();
    const { router } = await openSettings('fr');
    const sessions = section('Appareils connectés');
    expect((await within(sessions).findAllByRole('listitem'))[1]).toHaveTextContent(
      /18 novembre 2026/,
    );
    expect(within(sessions).getByText('Cet appareil')).toBeInTheDocument();
    await user.click(within(sessions).getByRole('button', { name: 'Fermer toutes les sessions' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Fermer toutes les sessions?' });
    await user.click(within(dialog).getByRole('button', { name: 'Non, rester connecté' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(api.apiCalls()).not.toContain('DELETE /account/sessions');

    await user.click(within(sessions).getByRole('button', { name: 'Fermer toutes les sessions' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', {
        name: 'Oui, fermer toutes les sessions',
      }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/logout'));
    expect(api.apiCalls()).toContain('DELETE /account/sessions');
  });

  it('says when the devices could not be loaded, and loads them again on request', async () => {
    const api = fakeAccountApi();
    api.answerNext('GET', '/account/sessions', 500);
    const user = userEvent.setup();
    await openSettings();
    const sessions = section('Devices signed in');
    const alert = await within(sessions).findByRole('alert');
    expect(alert).toHaveTextContent("We couldn't load your devices.");
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await within(sessions).findAllByRole('listitem')).toHaveLength(2);
  });
});
