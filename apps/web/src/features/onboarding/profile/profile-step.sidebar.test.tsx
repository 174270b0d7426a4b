import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { savedProfile } from '@portal/domain/rules/profile.fixtures';
import { navigateInApp, navigateInAppThrough } from '../../../lib/app-navigation.ts';
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
  afterEach(() => {
    vi.restoreAllMocks();
    window.sessionStorage.clear();
    window.location.hash = '';
  });

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
  });

  it('moves to a section without leaving the step, and keeps what was typed', async () => {
    const { router, id } = await openProfileStep({ steps });
    const firstName = screen.getByLabelText('First name');
    await userEvent.clear(firstName);
    await userEvent.type(firstName, 'Camila');
    const sidebar = screen.getByRole('navigation', { name: 'Fill in your profile' });
    const link = within(sidebar).getByRole('link', { name: 'Employment' });
    // The step's own address, so the link opened elsewhere is still the profile, never not-found.
    expect(link).toHaveAttribute('href', `/application/${id}/profile#section-employment`);
    await userEvent.click(link);
    expect(screen.getByRole('heading', { level: 2, name: 'Employment' })).toHaveFocus();
    expect(router.state.location.pathname).toBe(`/application/${id}/profile`);
    expect(screen.queryByRole('heading', { name: 'Page not found' })).not.toBeInTheDocument();
    expect(screen.getByLabelText('First name')).toHaveValue('Camila');
  });

  it('keeps what was typed when the address changed outside the router and Back returns', async () => {
    const { id } = await openProfileStep({ steps, hashRouter: true });
    const firstName = screen.getByLabelText('First name');
    await userEvent.clear(firstName);
    await userEvent.type(firstName, 'Camila');
    // What the sidebar's bare "#section-employment" did: the router cannot hold that move back.
    window.location.hash = '#section-employment';
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    window.history.back();
    await waitFor(() => expect(window.location.hash).toBe(`#/application/${id}/profile`));
    expect(await screen.findByLabelText('First name')).toHaveValue('Camila');
    // Said as it happened: the page was left, nobody was signed out.
    expect(screen.getByRole('heading', { name: 'We kept what you typed' })).toBeInTheDocument();
    expect(screen.queryByText(/You were signed out/)).not.toBeInTheDocument();
    // Still unsaved: leaving asks first.
    await userEvent.click(screen.getByRole('link', { name: /go to the start/ }));
    expect(
      await screen.findByRole('alertdialog', { name: 'Leave this page?' }),
    ).toBeInTheDocument();
  });

  it('lets the answers go when the person chose to leave without saving', async () => {
    const { id, router } = await openProfileStep({ steps });
    const firstName = screen.getByLabelText('First name');
    await userEvent.clear(firstName);
    await userEvent.type(firstName, 'Camila');
    await userEvent.click(screen.getByRole('link', { name: /go to the start/ }));
    await userEvent.click(await screen.findByRole('button', { name: 'Leave without saving' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/home/dashboard'));
    await router.navigate(`/application/${id}/profile`);
    expect(await screen.findByLabelText('First name')).toHaveValue('Camille');
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
    await userEvent.clear(screen.getAllByLabelText('Net fixed assets')[0]!);
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

describe('the glitch page, asked for from outside React (issue 30, A-B1)', () => {
  afterEach(() => {
    navigateInAppThrough(undefined);
    vi.restoreAllMocks();
  });

  it('goes through the router, so the leave guard asks first and Stay keeps the answers', async () => {
    const { router, id } = await openProfileStep({ steps });
    navigateInAppThrough((path) => void router.navigate(path));
    const firstName = screen.getByLabelText('First name');
    await userEvent.clear(firstName);
    await userEvent.type(firstName, 'Camila');
    navigateInApp('/error');
    expect(
      await screen.findByRole('alertdialog', { name: 'Leave this page?' }),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Stay on this page' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe(`/application/${id}/profile`);
    expect(screen.getByLabelText('First name')).toHaveValue('Camila');
  });
});
