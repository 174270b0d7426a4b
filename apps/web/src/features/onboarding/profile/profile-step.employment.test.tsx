import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { savedProfile } from '@portal/domain/rules/profile.fixtures';
import { lastSaved, openProfileStep, saveAndContinue } from './profile-test-support.tsx';

const steps = {
  ownership: { ownershipTypeId: 1 },
  doyouknow: { knowsAccount: true },
  allaccounts: { accounts: ['tfsa'] },
  account: {},
};

describe('profile step: employment', () => {
  afterEach(() => vi.restoreAllMocks());

  it('offers self-employed, and asks about the business instead of an employer', async () => {
    await openProfileStep({ steps });
    await userEvent.selectOptions(screen.getByLabelText('Employment status'), 'Self-employed');
    expect(screen.getByLabelText('Business name')).toBeVisible();
    expect(screen.getByLabelText("Business's country")).toBeInTheDocument();
    expect(screen.getByLabelText("Business's city")).toBeInTheDocument();
    expect(screen.queryByLabelText('Employer name')).not.toBeInTheDocument();
  });

  it('offers "None" as the main source of income other than employment', async () => {
    await openProfileStep({ steps, language: 'fr' });
    const source = screen.getByLabelText("Principale source de revenu autre que l'emploi");
    expect(within(source).getByRole('option', { name: 'Aucune' })).toBeInTheDocument();
  });

  it('finds the occupation by typing plain words, and never offers student or retired', async () => {
    const { api } = await openProfileStep({
      steps: { ...steps, profile: { ...savedProfile, employmentStatus: 1 } },
      language: 'fr',
    });
    const occupation = await screen.findByRole('combobox', { name: 'Profession' });
    await waitFor(() => expect(occupation).toBeEnabled());
    await userEvent.click(occupation);
    const listbox = await screen.findByRole('listbox');
    // In the page's alphabetical order, the situations outside work left out.
    expect(
      within(listbox)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Comptable', 'Développeur de logiciels', 'Infirmier ou infirmière']);
    // Accents and case do not matter.
    await userEvent.type(occupation, 'INFIRMIERE');
    await waitFor(() =>
      expect(
        within(screen.getByRole('listbox'))
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual(['Infirmier ou infirmière']),
    );
    await userEvent.keyboard('{ArrowDown}{Enter}');
    expect(occupation).toHaveValue('Infirmier ou infirmière');

    await saveAndContinue();
    await waitFor(() => expect(api.calls.some((call) => call.method === 'PUT')).toBe(true));
    expect(lastSaved(api)).toMatchObject({ occupationId: 102 });
  });

  it('says when no occupation matches, and which to choose, to screen readers too', async () => {
    await openProfileStep({ steps, language: 'fr' });
    const occupation = await screen.findByRole('combobox', { name: 'Profession' });
    await waitFor(() => expect(occupation).toBeEnabled());
    await userEvent.type(occupation, 'Graphiste');
    const message =
      "Aucune profession ne correspond. Si la vôtre n'est pas dans la liste, choisissez Autre profession ou Autre métier.";
    expect(await screen.findByRole('status')).toHaveTextContent(message);
    expect(within(screen.getByRole('listbox')).getByText(message)).toBeVisible();
    await userEvent.clear(occupation);
    await userEvent.type(occupation, 'infirm');
    expect(screen.getByRole('status')).toHaveTextContent('');
  });

  it('lists a missing occupation in the summary, linked to the search box', async () => {
    await openProfileStep({
      steps: {
        ...steps,
        profile: { ...savedProfile, employmentStatus: 7, occupationId: undefined },
      },
    });
    await saveAndContinue();
    const summary = await screen.findByRole('alert');
    const link = within(summary).getByRole('link', { name: /^Occupation/ });
    expect(link).toHaveAttribute('href', '#occupationId');
    expect(screen.getByRole('combobox', { name: 'Occupation' })).toHaveAttribute(
      'id',
      'occupationId',
    );
  });

  it('saves the chosen occupation id', async () => {
    const { api } = await openProfileStep({
      steps: {
        ...steps,
        profile: {
          ...savedProfile,
          employmentStatus: 7,
          employerName: 'Atelier Camille',
          industryId: 52,
          employerCountryId: 1,
          employerProvinceId: 11,
          employerCity: 'Montréal',
        },
      },
    });
    const occupation = await screen.findByRole('combobox', { name: 'Occupation' });
    await waitFor(() => expect(occupation).toBeEnabled());
    await userEvent.type(occupation, 'account');
    await userEvent.click(await screen.findByRole('option', { name: 'Accountant' }));
    await saveAndContinue();
    await waitFor(() => expect(api.calls.some((call) => call.method === 'PUT')).toBe(true));
    expect(lastSaved(api)).toMatchObject({ employmentStatus: 7, occupationId: 101 });
  });
});
