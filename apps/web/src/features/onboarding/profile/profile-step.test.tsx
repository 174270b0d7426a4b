import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { savedProfile } from '@portal/domain/rules/profile.fixtures';
import { client, renderApp } from '../../../test/render-app.tsx';
import { fakeApplicationsApi } from '../../../test/fake-applications-api.ts';

const signedIn = { status: 'signedIn', user: client } as const;
const ready = {
  ownership: { ownershipTypeId: 1 },
  doyouknow: { knowsAccount: true },
  allaccounts: { accounts: ['tfsa'] },
  account: {},
};

/** The reference lists the profile asks for, answered from memory. */
function referenceLists(fetchSpy: ReturnType<typeof fakeApplicationsApi>['fetchSpy']) {
  const lists: Record<string, unknown[]> = {
    citizenships: [{ id: 1, description: 'Canadian', descriptionFr: 'Canadienne' }],
    countries: [
      { id: 1, description: 'Canada', descriptionFr: 'Canada' },
      { id: 2, description: 'United States', descriptionFr: 'États-Unis' },
    ],
    provinceStates: [
      { id: 5, description: 'Ontario', descriptionFr: 'Ontario', parentId: 1 },
      { id: 11, description: 'Quebec', descriptionFr: 'Québec', parentId: 1 },
    ],
    businessTypes: [
      { id: 52, description: 'Finance and insurance', descriptionFr: 'Finance et assurances' },
    ],
    occupationTypes: [
      { id: 1, description: 'Business, finance', descriptionFr: 'Affaires, finance' },
    ],
  };
  const original = fetchSpy.getMockImplementation();
  fetchSpy.mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const list = /\/references\/(\w+)$/.exec(url.pathname)?.[1];
    if (list && lists[list]) return new Response(JSON.stringify(lists[list]), { status: 200 });
    return original!(input, init);
  });
}

async function openProfile(language: 'en' | 'fr' = 'en') {
  const api = fakeApplicationsApi([{ status: 'continue', steps: ready }]);
  referenceLists(api.fetchSpy);
  const id = api.first().id;
  const rendered = await renderApp({
    path: `/application/${id}/profile`,
    user: signedIn,
    language,
  });
  await screen.findByRole('heading', { level: 1 });
  return { api, id, ...rendered };
}

const save = () =>
  userEvent.click(screen.getByRole('button', { name: /Save and continue|Enregistrer/ }));

describe('profile step', () => {
  afterEach(() => vi.restoreAllMocks());

  it('prefills the name of the signed-in person, to correct, and their email, read-only', async () => {
    await openProfile();
    expect(screen.getByRole('textbox', { name: 'First name' })).toHaveValue('Camille');
    expect(screen.getByRole('textbox', { name: 'First name' })).toHaveAccessibleDescription(
      'This is also your account’s name: correcting it here corrects it there too.',
    );
    expect(screen.getByText('camille@example.com')).toBeVisible();
    expect(screen.queryByRole('textbox', { name: 'Email' })).not.toBeInTheDocument();
    expect(screen.getAllByText('From your sign-in account').length).toBeGreaterThan(0);
  });

  it('lists every missing answer in the summary, in page order', async () => {
    await openProfile();
    await save();
    const summary = await screen.findByRole('alert');
    const links = within(summary).getAllByRole('link');
    expect(links[0]).toHaveAttribute('href', '#title');
    expect(links.map((link) => link.getAttribute('href'))).toEqual(
      expect.arrayContaining(['#birthDate', '#sin', '#maritalStatus', '#homeAddress-streetNumber']),
    );
    expect(within(summary).getAllByRole('link', { name: /Required\.$/ }).length).toBeGreaterThan(5);
  });

  it('says a SIN is not valid, a minor cannot open an account, and a PO box is not a home', async () => {
    await openProfile();
    await userEvent.type(screen.getByLabelText(/Social insurance number/), '123 456 789');
    await userEvent.type(screen.getByLabelText('Day'), '1');
    await userEvent.type(screen.getByLabelText('Month'), '1');
    await userEvent.type(screen.getByLabelText('Year'), String(new Date().getFullYear() - 10));
    const home = screen.getByRole('group', { name: 'Home address' });
    await userEvent.type(within(home).getByLabelText('Street name'), 'PO Box 123');
    await save();
    expect(
      await screen.findByRole('link', {
        name: 'Date of birth: You must be at least 18 to open an account.',
      }),
    ).toBeVisible();
    expect(
      screen.getByRole('link', {
        name: 'Social insurance number (SIN): This is not a valid SIN: its last digit does not match the others. Check for a typo.',
      }),
    ).toHaveAttribute('href', '#sin');
    expect(
      screen.getByRole('link', {
        name: 'Home address, Street name: PO Box, rural route and general delivery addresses are not accepted. Enter where you live.',
      }),
    ).toBeVisible();
  });

  it('asks about the spouse only for married, common-law or separated people', async () => {
    await openProfile();
    expect(
      screen.queryByRole('heading', { name: 'Your spouse or partner' }),
    ).not.toBeInTheDocument();
    await userEvent.selectOptions(screen.getByLabelText('Marital status'), 'Common-law');
    expect(screen.getByRole('heading', { name: 'Your spouse or partner' })).toBeVisible();
    await userEvent.selectOptions(screen.getByLabelText('Marital status'), 'Single');
    expect(
      screen.queryByRole('heading', { name: 'Your spouse or partner' }),
    ).not.toBeInTheDocument();
  });

  it('asks everyone about an employer (spec line 132), and adds up the net worth', async () => {
    await openProfile();
    expect(screen.getByLabelText('Employer name')).toBeVisible();
    await userEvent.selectOptions(screen.getByLabelText('Employment status'), 'Retired');
    expect(screen.getByLabelText('Employer name')).toHaveAccessibleDescription(
      'Not working now: give the most recent employer.',
    );
    await userEvent.selectOptions(screen.getByLabelText('Employment status'), 'Employed full time');
    expect(screen.getByLabelText('Employer name')).not.toHaveAccessibleDescription();
    await userEvent.type(screen.getByLabelText('Net fixed assets'), '250 000');
    await userEvent.type(screen.getByLabelText('Net liquid assets'), '12,500.50');
    expect(screen.getByText('Total net worth: $262,500.50')).toBeVisible();
  });

  it('saves a complete profile, normalized, and moves on', async () => {
    const { api, id, router } = await openProfile('fr');
    const select = (label: string | RegExp, option: string) =>
      userEvent.selectOptions(screen.getByLabelText(label), option);
    await select('Titre', 'Mme');
    await userEvent.type(screen.getByLabelText('Jour'), '27');
    await userEvent.type(screen.getByLabelText('Mois'), '3');
    await userEvent.type(screen.getByLabelText('Année'), '1985');
    await userEvent.type(screen.getByLabelText(/Numéro d'assurance sociale/), '130 692 544');
    await select('État civil', 'Célibataire');
    await waitFor(() => expect(screen.getByLabelText('Citoyenneté')).toBeEnabled());
    await select('Citoyenneté', 'Canadienne');
    await select('Type', 'Cellulaire');
    await userEvent.type(screen.getByLabelText('Numéro'), '(514) 555-0199');
    const home = screen.getByRole('group', { name: 'Adresse du domicile' });
    await userEvent.type(within(home).getByLabelText('Numéro civique'), '1200');
    await userEvent.type(
      within(home).getByLabelText('Nom de la rue'),
      'rue Sainte-Catherine Ouest',
    );
    await userEvent.type(within(home).getByLabelText('Ville'), 'Montréal');
    await waitFor(() =>
      expect(within(home).getByLabelText('Province ou territoire')).toBeEnabled(),
    );
    await userEvent.selectOptions(within(home).getByLabelText('Province ou territoire'), 'Québec');
    await userEvent.type(within(home).getByLabelText('Code postal'), 'h3b1k9');
    const [mailingYes, movedNo] = [
      within(
        screen.getByRole('group', { name: /adresse postale est-elle la même/ }),
      ).getByLabelText('Oui'),
      within(screen.getByRole('group', { name: /Avez-vous déménagé/ })).getByLabelText('Non'),
    ];
    await userEvent.click(mailingYes!);
    await userEvent.click(movedNo!);
    await select("Situation d'emploi", 'À la retraite');
    // Retired: the most recent employer, asked of everyone (spec line 132).
    await userEvent.type(screen.getByLabelText("Nom de l'employeur"), 'Hydro-Québec');
    await waitFor(() => expect(screen.getByLabelText("Secteur d'activité")).toBeEnabled());
    await select("Secteur d'activité", 'Finance et assurances');
    const occupation = screen.getByRole('combobox', { name: 'Profession' });
    await waitFor(() => expect(occupation).toBeEnabled());
    await userEvent.type(occupation, 'affaires');
    await userEvent.click(await screen.findByRole('option', { name: 'Affaires, finance' }));
    await select("Pays de l'employeur", 'Canada');
    await select("Province ou État de l'employeur", 'Québec');
    await userEvent.type(screen.getByLabelText("Ville de l'employeur"), 'Montréal');
    await userEvent.type(screen.getByLabelText('Revenu annuel avant impôt'), '48 000');
    await select(
      "Principale source de revenu autre que l'emploi".replace('’', "'"),
      'Rente de retraite',
    );
    await userEvent.type(screen.getByLabelText('Actifs immobilisés nets'), '350 000');
    await userEvent.type(screen.getByLabelText('Actifs liquides nets'), '90 000');
    await save();
    const problems = screen.queryByRole('alert');
    expect(problems?.textContent ?? '').toBe('');
    await waitFor(() => expect(router.state.location.pathname).not.toContain('/profile'));
    const saved = api.calls.find((call) => call.method === 'PUT')?.body as {
      data: Record<string, unknown>;
    };
    expect(saved.data).toMatchObject({
      title: 2,
      birthDate: '1985-03-27',
      firstName: 'Camille',
      email: 'camille@example.com',
      annualIncome: 48000,
      netFixedAssets: 350000,
      homeAddress: { postalCode: 'h3b1k9', provinceId: 11, countryId: 1 },
    });
    // On to the financial background, the next step.
    expect(router.state.location.pathname).toBe(`/application/${id}/otherinterests`);
  }, 30_000);
});

describe('profile step with a SIN on file', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows the SIN masked and saves with the SIN left blank', async () => {
    const api = fakeApplicationsApi([
      {
        status: 'continue',
        steps: {
          ...ready,
          profile: savedProfile,
        },
      },
    ]);
    referenceLists(api.fetchSpy);
    const id = api.first().id;
    const { router } = await renderApp({ path: `/application/${id}/profile`, user: signedIn });
    expect(
      await screen.findByText('Saved: *** *** 544. Enter it again only to change it.'),
    ).toBeVisible();
    expect(screen.getByLabelText(/Social insurance number/)).toHaveValue('');
    await save();
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/application/${id}/otherinterests`),
    );
    const body = api.calls.find((call) => call.method === 'PUT')?.body as {
      data: Record<string, unknown>;
    };
    expect(body.data.sin).toBe('');
  }, 20_000);

  it('says it is searching, not that nothing matches, while the address search has not answered', async () => {
    const { api } = await openProfile();
    // The search never answers here: the list must say it is still searching.
    const original = api.fetchSpy.getMockImplementation();
    api.fetchSpy.mockImplementation(async (input, init) => {
      const url = new URL(String(input), 'http://localhost');
      if (url.pathname.endsWith('/addressLookup/key')) {
        return new Response(JSON.stringify({ key: 'k', expiresAt: '2099-01-01T00:00:00Z' }), {
          headers: { 'content-type': 'application/json' },
        });
      }
      if (url.pathname.endsWith('/addressLookup/find')) {
        return new Promise<Response>(() => undefined);
      }
      return original!(input, init);
    });
    const home = screen.getByRole('group', { name: 'Home address' });
    await userEvent.type(
      within(home).getByRole('combobox', { name: 'Find an address' }),
      '327 bank',
    );
    expect(await screen.findByText('Searching…')).toBeVisible();
    expect(screen.queryByText('No address matches. Fill in the fields below yourself.')).toBeNull();
  });
});
