import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { savedProfile } from '@portal/domain/rules/profile.fixtures';
import { openProfileStep } from './profile-test-support.tsx';

const steps = {
  ownership: { ownershipTypeId: 1 },
  doyouknow: { knowsAccount: true },
  allaccounts: { accounts: ['tfsa'] },
  account: {},
};

const entries = (sidebar: HTMLElement) =>
  within(sidebar)
    .getAllByRole('listitem')
    .map((item) => item.textContent?.replace(/\s+/g, ' ').trim());

describe('profile sidebar', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows the profile’s sections in French, "Remplir votre profil", none done yet', async () => {
    await openProfileStep({ steps, language: 'fr' });
    const sidebar = screen.getByRole('navigation', { name: 'Remplir votre profil' });
    expect(entries(sidebar)).toEqual([
      'À propos de vous À faire',
      'Coordonnées À faire',
      'Adresses À faire',
      'Emploi À faire',
      'Revenus et actifs À faire',
    ]);
    expect(within(sidebar).getByText('Sections terminées : 0 sur 5')).toBeInTheDocument();
    expect(within(sidebar).getByRole('link', { name: 'Emploi' })).toHaveAttribute(
      'href',
      '#section-employment',
    );
  });

  it('says which sections are done, and adds the spouse when there is one', async () => {
    await openProfileStep({ steps: { ...steps, profile: savedProfile } });
    const sidebar = screen.getByRole('navigation', { name: 'Fill in your profile' });
    expect(entries(sidebar)).toEqual([
      'About you ✓ Done',
      'Contact details ✓ Done',
      'Addresses ✓ Done',
      'Employment ✓ Done',
      'Income and assets ✓ Done',
    ]);
    await userEvent.selectOptions(screen.getByLabelText('Marital status'), 'Married');
    expect(entries(sidebar)).toEqual([
      'About you ✓ Done',
      'Contact details ✓ Done',
      'Addresses ✓ Done',
      'Employment ✓ Done',
      'Income and assets ✓ Done',
      'Your spouse or partner To do',
    ]);
    await userEvent.clear(screen.getByLabelText('Net fixed assets'));
    expect(within(sidebar).getByText('Sections done: 4 of 6')).toBeInTheDocument();
  });

  it('names the joint applicant’s profile on theirs', async () => {
    await openProfileStep({
      steps: {
        ...steps,
        ownership: { ownershipTypeId: 2, jointRelationship: 'other' },
        profile: savedProfile,
      },
      step: 'profilejoint',
      language: 'fr',
    });
    expect(
      screen.getByRole('navigation', { name: 'Remplir le profil du codemandeur' }),
    ).toBeInTheDocument();
  });
});
