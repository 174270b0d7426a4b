import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { savedProfile } from '@portal/domain/rules/profile.fixtures';
import { lastSaved, openProfileStep, saveAndContinue } from './profile-test-support.tsx';

/** A joint application whose primary applicant (Camille, single) has saved their profile. */
const jointSteps = {
  ownership: { ownershipTypeId: 2, jointRelationship: 'other' },
  doyouknow: { knowsAccount: true },
  allaccounts: { accounts: ['cash'] },
  account: {},
  profile: savedProfile,
};

const openJoint = (language: 'en' | 'fr' = 'en', steps: object = jointSteps) =>
  openProfileStep({ steps, step: 'profilejoint', language });

describe('joint applicant’s profile', () => {
  afterEach(() => vi.restoreAllMocks());

  it('asks the joint applicant’s preferred language for mail and documents, and saves it', async () => {
    // Saved before the question existed: everything else is answered.
    const { api } = await openJoint('en', {
      ...jointSteps,
      profilejoint: {
        ...savedProfile,
        firstName: 'Alex',
        email: 'alex@example.com',
        confirmEmail: 'alex@example.com',
      },
    });
    const question = screen.getByRole('group', {
      name: 'Their preferred language for mail and documents',
    });
    await saveAndContinue();
    const summary = await screen.findByRole('alert');
    expect(
      within(summary).getByRole('link', {
        name: /Their preferred language for mail and documents/,
      }),
    ).toHaveAttribute('href', '#preferredLanguage');
    await userEvent.click(within(question).getByLabelText('French'));
    await saveAndContinue();
    await waitFor(() => expect(api.calls.some((call) => call.method === 'PUT')).toBe(true));
    expect(lastSaved(api).preferredLanguage).toBe('fr');
  });

  it('asks it in French too', async () => {
    await openJoint('fr');
    const question = screen.getByRole('group', {
      name: 'Sa langue de préférence pour la correspondance et les documents',
    });
    expect(within(question).getByLabelText('Anglais')).toBeInTheDocument();
    expect(within(question).getByLabelText('Français')).toBeInTheDocument();
  });
});
