import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { savedProfile } from '@portal/domain/rules/profile.fixtures';
import { client, renderApp } from '../../../test/render-app.tsx';
import { fakeApplicationsApi } from '../../../test/fake-applications-api.ts';

const individual = {
  ownership: { ownershipTypeId: 1 },
  doyouknow: { knowsAccount: true },
  allaccounts: { accounts: ['tfsa'] },
  account: {},
};
const joint = {
  ownership: { ownershipTypeId: 2, jointRelationship: 'other' },
  doyouknow: { knowsAccount: true },
  allaccounts: { accounts: ['cash'] },
  account: {},
  profile: savedProfile,
};

async function open(step: 'profile' | 'profilejoint', language: 'en' | 'fr' = 'en') {
  const api = fakeApplicationsApi([
    { status: 'continue', steps: step === 'profile' ? individual : joint },
  ]);
  await renderApp({
    path: `/application/${api.first().id}/${step}`,
    user: { status: 'signedIn', user: client },
    language,
  });
  await screen.findByRole('heading', { level: 1 });
}

const save = () =>
  userEvent.click(screen.getByRole('button', { name: /Save and continue|Enregistrer/ }));
const summary = () => screen.findByRole('alert', { name: /There is a problem|Il y a un problème/ });
const summaryLinks = async () =>
  within(await summary())
    .getAllByRole('link')
    .map((link) => link.textContent);

async function marry(label: string) {
  await userEvent.selectOptions(screen.getByLabelText(label), '2');
}

describe('the profile’s error summary says whose answer each problem is', () => {
  afterEach(() => vi.restoreAllMocks());

  it('names the spouse before the spouse’s fields, and nobody before the applicant’s', async () => {
    await open('profile');
    await marry('Marital status');
    await save();
    const links = await summaryLinks();
    expect(links).toContain('Date of birth: Required.');
    expect(links).toContain('Spouse - Date of birth: Required.');
    expect(links).toContain('Spouse - Title: Required.');
    // Spec line 132: the spouse's SIN, net assets and employer are required too.
    expect(links).toContain('Spouse - Social insurance number (SIN): Required.');
    expect(links).toContain('Spouse - Net fixed assets: Required.');
    expect(links).toContain('Spouse - Net liquid assets: Required.');
    expect(links).toContain('Spouse - Employer name: Required.');
    expect(screen.getByRole('link', { name: 'Spouse - Date of birth: Required.' })).toHaveAttribute(
      'href',
      '#spouse-birthDate',
    );
  });

  it('says it in French', async () => {
    await open('profile', 'fr');
    await marry('État civil');
    await save();
    const links = await summaryLinks();
    expect(links).toContain('Date de naissance : Obligatoire.');
    expect(links).toContain('Conjoint ou conjointe - Date de naissance : Obligatoire.');
  });

  it('names the joint applicant on their profile, and their spouse in its section', async () => {
    await open('profilejoint');
    await marry('Marital status');
    await save();
    const links = await summaryLinks();
    expect(links).toContain('Joint applicant - Date of birth: Required.');
    expect(links).toContain('Joint applicant - Social insurance number (SIN): Required.');
    expect(links).toContain("Joint applicant's spouse - Date of birth: Required.");
    expect(links.every((text) => text?.startsWith('Joint applicant'))).toBe(true);
  });

  it('in French too', async () => {
    await open('profilejoint', 'fr');
    await marry('État civil');
    await save();
    const links = await summaryLinks();
    expect(links).toContain('Codemandeur - Date de naissance : Obligatoire.');
    expect(links).toContain(
      'Conjoint ou conjointe du codemandeur - Date de naissance : Obligatoire.',
    );
  });

  it('says a 31 February does not exist, beside the field and in the summary', async () => {
    await open('profile');
    const birthDate = screen.getByRole('group', { name: 'Date of birth' });
    await userEvent.type(within(birthDate).getByLabelText('Day'), '31');
    await userEvent.type(within(birthDate).getByLabelText('Month'), '2');
    await userEvent.type(within(birthDate).getByLabelText('Year'), '1980');
    await save();
    const message = 'This date does not exist. Check the day and the month.';
    expect(await screen.findByRole('link', { name: `Date of birth: ${message}` })).toHaveAttribute(
      'href',
      '#birthDate',
    );
    expect(birthDate).toHaveAccessibleDescription(new RegExp(`${message}$`));
  });

  it('names the part to fix: a year of 2 digits, a month typed in letters', async () => {
    await open('profile');
    const birthDate = screen.getByRole('group', { name: 'Date of birth' });
    await userEvent.type(within(birthDate).getByLabelText('Day'), '27');
    // Letters do not go in: "Mar" leaves the month empty.
    await userEvent.type(within(birthDate).getByLabelText('Month'), 'Mar');
    await userEvent.type(within(birthDate).getByLabelText('Year'), '85');
    await save();
    expect(
      await screen.findByRole('link', {
        name: 'Date of birth: Enter the month as a number from 1 to 12, for example 3 for March.',
      }),
    ).toBeInTheDocument();
    await userEvent.type(within(birthDate).getByLabelText('Month'), '3');
    await save();
    expect(
      await screen.findByRole('link', {
        name: 'Date of birth: Enter the year with 4 digits, for example 1985.',
      }),
    ).toBeInTheDocument();
  });

  it('keeps the bare "Invalid." beside the field, and asks to check its format in the summary', async () => {
    await open('profile');
    const birthDate = screen.getByRole('group', { name: 'Date of birth' });
    await userEvent.type(within(birthDate).getByLabelText('Day'), '1');
    await userEvent.type(within(birthDate).getByLabelText('Month'), '2');
    await userEvent.type(within(birthDate).getByLabelText('Year'), '2090');
    await save();
    expect(
      await screen.findByRole('link', {
        name: 'Date of birth: Check the format of this answer. For example, 27 3 1985',
      }),
    ).toHaveAttribute('href', '#birthDate');
    expect(birthDate).toHaveAccessibleDescription(/Invalid\.$/);
  });
});

describe('a corrected answer’s message goes at once', () => {
  afterEach(() => vi.restoreAllMocks());

  it('from the summary and beside the field, leaving the others and the focus', async () => {
    await open('profile');
    const sin = screen.getByLabelText(/Social insurance number/);
    await userEvent.type(sin, '046 454 286');
    await save();
    expect(
      await screen.findByRole('link', {
        name: 'Social insurance number (SIN): A SIN never starts with 0 or 8. Check the first digit.',
      }),
    ).toBeVisible();
    expect(sin).toHaveAccessibleDescription(/A SIN never starts with 0 or 8/);
    await userEvent.clear(sin);
    // Still wrong while it is typed: the message stays until it is right or saved again.
    await userEvent.type(sin, '130 692 54');
    expect(screen.getByRole('link', { name: /^Social insurance number/ })).toBeVisible();
    await userEvent.type(sin, '4');
    expect(screen.queryByRole('link', { name: /^Social insurance number/ })).toBeNull();
    expect(sin).not.toHaveAccessibleDescription(/SIN/);
    expect(sin).toHaveFocus();
    expect(screen.getByRole('link', { name: 'Title: Required.' })).toBeVisible();
  });

  it('and the next save lists only what is still wrong', async () => {
    await open('profile');
    await save();
    expect(await screen.findByRole('link', { name: 'Title: Required.' })).toBeVisible();
    await userEvent.selectOptions(screen.getByLabelText('Title'), '1');
    expect(screen.queryByRole('link', { name: 'Title: Required.' })).toBeNull();
    await save();
    expect(await summary()).toHaveFocus();
    expect(screen.queryByRole('link', { name: 'Title: Required.' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Date of birth: Required.' })).toBeVisible();
  });
});
