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

  it('says "their", not "your", in every question about the joint applicant', async () => {
    const { container } = await openJoint('en', {
      ...jointSteps,
      profilejoint: { ...savedProfile, maritalStatus: 2, movedWithinTwoYears: true },
    });
    expect(screen.getByLabelText('Confirm their email address')).toBeInTheDocument();
    expect(
      screen.getByRole('group', {
        name: 'Is their mailing address the same as their home address?',
      }),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('group', { name: 'Have they moved in the last 2 years?' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Their spouse or partner' })).toBeInTheDocument();
    expect(screen.getAllByLabelText('Net fixed assets')[0]).toHaveAccessibleDescription(
      'What their home, property and other fixed assets are worth, less what they owe on them.',
    );
    expect(screen.getByText(/^Where they live\./)).toBeInTheDocument();
    expect(screen.getByText('Where they lived before their current address.')).toBeInTheDocument();
    // No question, legend or heading asks the primary about themselves: instructions on using
    // the form still speak to the person filling it in.
    const form = container.querySelector('form')!;
    const questions = [...form.querySelectorAll('label, legend, h2')].map(
      (element) => element.textContent ?? '',
    );
    expect(questions.filter((question) => /\byour?\b/i.test(question))).toEqual([]);
  });

  it('says it in French too', async () => {
    await openJoint('fr', {
      ...jointSteps,
      profilejoint: { ...savedProfile, maritalStatus: 2 },
    });
    expect(screen.getByLabelText('Confirmez son adresse courriel')).toBeInTheDocument();
    expect(
      screen.getByRole('group', {
        name: 'Son adresse postale est-elle la même que celle de son domicile?',
      }),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('group', {
        name: 'Cette personne a-t-elle déménagé au cours des 2 dernières années?',
      }),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('heading', { name: 'Son conjoint ou sa conjointe' }),
    ).toBeInTheDocument();
  });

  it('copies the primary applicant’s home address with "Same home address as me"', async () => {
    await openJoint();
    const home = screen.getByRole('group', { name: 'Home address' });
    const same = within(home).getByRole('checkbox', { name: 'Same home address as me' });
    expect(same).not.toBeChecked();
    await userEvent.click(same);
    expect(same).toBeChecked();
    expect(within(home).getByLabelText('Street number')).toHaveValue('1200');
    expect(within(home).getByLabelText('Street name')).toHaveValue('rue Sainte-Catherine Ouest');
    expect(within(home).getByLabelText('City')).toHaveValue('Montréal');
    expect(within(home).getByLabelText('Postal code')).toHaveValue('H3B 1K9');
    await waitFor(() =>
      expect(within(home).getByLabelText('Province or territory')).toHaveValue('11'),
    );
    // Their own change makes it their own address.
    await userEvent.type(within(home).getByLabelText('Apartment or suite (optional)'), '4');
    expect(same).not.toBeChecked();
    expect(within(home).getByLabelText('City')).toHaveValue('Montréal');
    await userEvent.click(same);
    await userEvent.click(same);
    expect(within(home).getByLabelText('Street number')).toHaveValue('');
  });

  it('starts the spouse’s profile from the spouse details the primary gave', async () => {
    await openJoint('en', {
      ...jointSteps,
      ownership: { ownershipTypeId: 2, jointRelationship: 'spouse' },
      profile: {
        ...savedProfile,
        maritalStatus: 2,
        spouse: {
          title: 1,
          firstName: 'Alex',
          lastName: 'Gagnon',
          birthDate: '1983-06-02',
          employmentStatus: 4,
          annualIncome: 52000,
          incomeSourceType: 4,
        },
      },
    });
    expect(screen.getByLabelText('First name', { selector: '#firstName' })).toHaveValue('Alex');
    expect(screen.getByLabelText('Last name', { selector: '#lastName' })).toHaveValue('Gagnon');
    expect(screen.getByLabelText('Marital status')).toHaveValue('2');
    expect(
      screen.getByLabelText('Annual income before tax', { selector: '#annualIncome' }),
    ).toHaveValue('52000');
    const spouse = screen.getByRole('heading', { name: 'Their spouse or partner' });
    expect(spouse).toBeInTheDocument();
    expect(screen.getByLabelText('First name', { selector: '#spouse-firstName' })).toHaveValue(
      'Camille',
    );
    expect(screen.getByLabelText('Last name', { selector: '#spouse-lastName' })).toHaveValue(
      'Tremblay',
    );
  });
});
