import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeAccountApi } from '../../test/fake-account-api.ts';
import { openSection } from './settings-test-helpers.tsx';

describe('settings: name', () => {
  afterEach(() => vi.restoreAllMocks());

  it('saves the new name, says so, and the header greets the person by it', async () => {
    const api = fakeAccountApi();
    const { user, region: name } = await openSection('Name');
    const first = within(name).getByLabelText('First name');
    expect(first).toHaveValue('Camille');
    expect(first).toHaveAttribute('autocomplete', 'given-name');
    await user.clear(first);
    await user.type(first, 'Camila');
    await user.click(within(name).getByRole('button', { name: 'Save name' }));
    expect(await within(name).findByText(/Your name is saved/)).toBeInTheDocument();
    expect(screen.getByText('Signed in as Camila Tremblay')).toBeInTheDocument();
    expect(api.calls.find((call) => call.path.endsWith('/account/name'))?.body).toEqual({
      firstName: 'Camila',
      lastName: 'Tremblay',
    });
  });

  it('refuses a blank name before sending, keeps what was typed, in French', async () => {
    const api = fakeAccountApi();
    const { user, region: name } = await openSection('Nom', 'fr');
    await user.clear(within(name).getByLabelText('Nom de famille'));
    await user.clear(within(name).getByLabelText('Prénom'));
    await user.type(within(name).getByLabelText('Prénom'), 'Ana');
    await user.click(within(name).getByRole('button', { name: 'Enregistrer le nom' }));
    const summary = await within(name).findByRole('alert');
    expect(summary).toHaveTextContent('Il y a un problème');
    expect(within(summary).getByRole('link')).toHaveTextContent('Nom de famille : Obligatoire.');
    await waitFor(() => expect(summary).toHaveFocus());
    await waitFor(() => expect(document.title).toMatch(/^Erreur : /));
    expect(within(name).getByLabelText('Nom de famille')).toHaveAccessibleDescription(
      /^Erreur :\s?Obligatoire\.$/,
    );
    expect(within(name).getByLabelText('Prénom')).toHaveValue('Ana');
    expect(api.apiCalls()).not.toContain('PUT /account/name');
  });

  it('refuses the characters a name cannot have before sending, naming them', async () => {
    const api = fakeAccountApi();
    const { user, region: name } = await openSection('Name');
    const last = within(name).getByLabelText('Last name');
    await user.clear(last);
    await user.type(last, 'Tremblay (Roy)');
    await user.click(within(name).getByRole('button', { name: 'Save name' }));
    expect(
      await within(name).findByRole('link', {
        name: 'Last name: Not allowed in a name: ( ). A name may contain letters, spaces, hyphens, apostrophes and periods, and a comma before a suffix such as Jr.',
      }),
    ).toBeVisible();
    expect(api.apiCalls()).not.toContain('PUT /account/name');
    await user.clear(last);
    await user.type(last, 'Tremblay, Jr.');
    await user.click(within(name).getByRole('button', { name: 'Save name' }));
    expect(await within(name).findByText(/Your name is saved/)).toBeInTheDocument();
  });

  it('shows the server’s field codes beside the fields', async () => {
    const api = fakeAccountApi();
    api.answerNext('PUT', '/account/name', 400, {
      errorCode: 'invalidInput',
      fields: { lastName: 'invalid' },
    });
    const { user, region: name } = await openSection('Name');
    await user.click(within(name).getByRole('button', { name: 'Save name' }));
    expect(await within(name).findByRole('link', { name: 'Last name: Invalid.' })).toBeVisible();
    expect(within(name).getByLabelText('Last name')).toHaveValue('Tremblay');
    await waitFor(() =>
      expect(document.title).toBe('Error: Online Applications | Account settings'),
    );
  });
});
