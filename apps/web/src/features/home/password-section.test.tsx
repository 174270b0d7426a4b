import { within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CURRENT_PASSWORD, fakeAccountApi } from '../../test/fake-account-api.ts';
import { openSection, openSettings, section, summaryLinks } from './settings-test-helpers.tsx';

const NEW_PASSWORD = 'a quiet harbour at dawn';

describe('settings: password', () => {
  afterEach(() => vi.restoreAllMocks());

  it('offers password boxes that managers fill and people may paste into, with the rule as hint', async () => {
    fakeAccountApi();
    await openSettings();
    const password = section('Password');
    const current = within(password).getByLabelText('Current password');
    const next = within(password).getByLabelText('New password');
    expect(current).toHaveAttribute('type', 'password');
    expect(current).toHaveAttribute('autocomplete', 'current-password');
    expect(next).toHaveAttribute('type', 'password');
    expect(next).toHaveAttribute('autocomplete', 'new-password');
    expect(next).toHaveAccessibleDescription(
      /At least 12 characters, and no other rule.*Common passwords are refused\./,
    );
    const user = userEvent.setup();
    await user.click(next);
    await user.paste(NEW_PASSWORD);
    expect(next).toHaveValue(NEW_PASSWORD);
  });

  it('asks for both passwords before sending, in French', async () => {
    const api = fakeAccountApi({ language: 'fr' });
    const { user, region: password } = await openSection('Mot de passe', 'fr');
    await user.click(within(password).getByRole('button', { name: 'Changer le mot de passe' }));
    expect(await summaryLinks(password)).toEqual([
      'Mot de passe actuel : Obligatoire.',
      'Nouveau mot de passe : Obligatoire.',
    ]);
    expect(api.apiCalls()).not.toContain('PUT /account/password');
  });

  it('says the current password is wrong without signing the person out, and keeps what was typed', async () => {
    const api = fakeAccountApi();
    const { user, region: password } = await openSection('Password');
    await user.type(within(password).getByLabelText('Current password'), 'not it at all');
    await user.type(within(password).getByLabelText('New password'), NEW_PASSWORD);
    await user.click(within(password).getByRole('button', { name: 'Change password' }));
    expect(
      await within(password).findByRole('link', {
        name: 'Current password: The password is not right. Enter your current password.',
      }),
    ).toBeVisible();
    expect(within(password).getByLabelText('New password')).toHaveValue(NEW_PASSWORD);
    expect(api.calls.some((call) => call.path.startsWith('/security/oauth'))).toBe(false);
  });

  it('shows the rule the server refused beside the new password, in French', async () => {
    const api = fakeAccountApi({ language: 'fr' });
    api.answerNext('PUT', '/account/password', 400, {
      errorCode: 'invalidInput',
      fields: { newPassword: 'passwordCommon' },
    });
    const { user, region: password } = await openSection('Mot de passe', 'fr');
    await user.type(within(password).getByLabelText('Mot de passe actuel'), CURRENT_PASSWORD);
    await user.type(within(password).getByLabelText('Nouveau mot de passe'), 'password1234');
    await user.click(within(password).getByRole('button', { name: 'Changer le mot de passe' }));
    expect(
      await within(password).findByRole('link', {
        name: /^Nouveau mot de passe : Ce mot de passe est trop courant/,
      }),
    ).toBeVisible();
  });

  it('changes the password, says the other devices were signed out, and lists the devices again', async () => {
    const api = fakeAccountApi();
    const { user, region: password } = await openSection('Password');
    await user.type(within(password).getByLabelText('Current password'), CURRENT_PASSWORD);
    await user.type(within(password).getByLabelText('New password'), NEW_PASSWORD);
    await user.click(within(password).getByRole('button', { name: 'Change password' }));
    expect(
      await within(password).findByText(
        'Your password is changed. We signed you out on your other devices.',
      ),
    ).toBeInTheDocument();
    expect(within(password).getByLabelText('Current password')).toHaveValue('');
    expect(api.calls.find((call) => call.path.endsWith('/account/password'))?.body).toEqual({
      currentPassword: CURRENT_PASSWORD,
      newPassword: NEW_PASSWORD,
    });
    await vi.waitFor(() =>
      expect(api.apiCalls().filter((call) => call === 'GET /account/sessions')).toHaveLength(2),
    );
  });
});
