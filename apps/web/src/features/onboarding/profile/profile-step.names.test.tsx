import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { savedProfile } from '@portal/domain/rules/profile.fixtures';
import { lastSaved, openProfileStep, saveAndContinue } from './profile-test-support.tsx';

/** Issue 12 item 1: the applicant's name is corrected on the profile, under the one name rule. */

const earlier = {
  ownership: { ownershipTypeId: 1 },
  doyouknow: { knowsAccount: true },
  allaccounts: { accounts: ['tfsa'] },
  account: {},
};

describe('profile step: names', () => {
  afterEach(() => vi.restoreAllMocks());

  it('saves a corrected name, which the header then shows as the account’s', async () => {
    const { api } = await openProfileStep({ steps: { ...earlier, profile: savedProfile } });
    const last = screen.getByRole('textbox', { name: 'Last name' });
    await userEvent.clear(last);
    await userEvent.type(last, 'O’Brien, Jr.');
    await saveAndContinue();
    await waitFor(() => expect(api.calls.some((call) => call.method === 'PUT')).toBe(true));
    expect(lastSaved(api)).toMatchObject({ firstName: 'Camille', lastName: 'O’Brien, Jr.' });
    expect(await screen.findByText('Signed in as Camille O’Brien, Jr.')).toBeInTheDocument();
  });

  it('says which characters a name cannot have, in French, and sends nothing', async () => {
    const { api } = await openProfileStep({
      steps: { ...earlier, profile: savedProfile },
      language: 'fr',
    });
    const first = screen.getByRole('textbox', { name: 'Prénom' });
    await userEvent.clear(first);
    await userEvent.type(first, 'Anne (Annie)');
    await saveAndContinue();
    const summary = await screen.findByRole('alert');
    expect(within(summary).getByRole('link', { name: /Caractères non permis/ })).toHaveTextContent(
      /Caractères non permis dans un nom\s: \( \)\. Un nom peut contenir des lettres/,
    );
    expect(within(summary).queryByText(/^Non valide\.$/)).not.toBeInTheDocument();
    expect(api.calls.some((call) => call.method === 'PUT')).toBe(false);
  });
});
