import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { everyAnswer } from '@portal/domain/answers/answers.fixtures';
import { normalizePostalCode } from '@portal/domain/rules/address';
import { savedProfile } from '@portal/domain/rules/profile.fixtures';
import type { SavedSteps } from '@portal/domain/rules/onboarding-flow';
import { client, renderApp } from '../../../test/render-app.tsx';
import { fakeApplicationsApi } from '../../../test/fake-applications-api.ts';
import { preloadScreens } from '../../../test/preload-screens.ts';

// The review, and the steps its Change link and its agreement lead to, load on demand: loaded
// once here, so each test waits for what the person sees rather than for a module's first load.
await preloadScreens(
  '/application/any/review',
  '/application/any/profile',
  '/application/any/funding',
);

const signedIn = { status: 'signedIn', user: client } as const;
const answered = (ownershipTypeId = 1): SavedSteps => ({
  ownership: { ownershipTypeId },
  doyouknow: { knowsAccount: true },
  allaccounts: { accounts: ['tfsa'] },
  account: {},
  profile: savedProfile,
  ...(ownershipTypeId === 2
    ? { profilejoint: { firstName: 'Sam', lastName: 'Roy', sinMasked: '*** *** 787' } }
    : {}),
  otherinterests: {
    businessRelationshipPurpose: 1,
    intendedUse: { tfsa: 1 },
    investmentExperience: { primary: 3 },
    investmentKnowledge: { primary: 2 },
    affiliations: {
      primary: { isPep: false, taxResidences: [{ countryId: 1, tinMasked: '******286' }] },
    },
    beneficiaries: [{ firstName: 'Léa', lastName: 'Roy', relationship: 3, percent: 100 }],
  },
});

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
    { id: 3, description: 'Manufacturing', descriptionFr: 'Fabrication' },
    { id: 7, description: 'Utilities', descriptionFr: 'Services publics' },
  ],
  occupationTypes: [
    { id: 4, description: 'Machinist', descriptionFr: 'Machiniste' },
    { id: 9, description: 'Engineer', descriptionFr: 'Ingénieure' },
  ],
};

/** The reference lists and the documents API, answered from memory beside the applications. */
function withListsAndDocuments(api: ReturnType<typeof fakeApplicationsApi>) {
  const original = api.fetchSpy.getMockImplementation();
  api.fetchSpy.mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const list = /\/references\/(\w+)$/.exec(url.pathname)?.[1];
    if (list && lists[list]) return new Response(JSON.stringify(lists[list]), { status: 200 });
    if (/\/documents$/.test(url.pathname)) {
      const documents = [
        {
          id: 'd1',
          documentType: 'utilityBill',
          reason: null,
          fileName: 'hydro-bill.pdf',
          size: 1000,
          contentType: 'application/pdf',
          uploadedAt: '2026-11-20T12:00:00Z',
        },
      ];
      return new Response(JSON.stringify(documents), { status: 200 });
    }
    return original!(input, init);
  });
}

/** What the server keeps of a saved profile: the postal code normalized, the SIN masked. */
function savedAsServer(step: string, data: unknown) {
  if (step !== 'profile') return data;
  const { sin, ...profile } = data as Record<string, unknown> & {
    homeAddress: Record<string, unknown>;
  };
  return {
    ...profile,
    homeAddress: {
      ...profile.homeAddress,
      postalCode: normalizePostalCode(String(profile.homeAddress.postalCode)),
    },
    sinMasked: sin ? `*** *** ${String(sin).replace(/\D/g, '').slice(-3)}` : '*** *** 544',
  };
}

/** The promo code the application holds, and no partner agreement, answered from memory. */
function withPromoCode(api: ReturnType<typeof fakeApplicationsApi>, promoCode: unknown) {
  const original = api.fetchSpy.getMockImplementation();
  api.fetchSpy.mockImplementation(async (input, init) => {
    const { pathname } = new URL(String(input), 'http://localhost');
    const json = (body: unknown) =>
      new Response(JSON.stringify(body), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    if (pathname.endsWith('/promoCode')) return json({ promoCode });
    if (pathname.endsWith('/partnerAgreement')) return json({ partnerAgreement: null });
    return original!(input, init);
  });
}

async function openReview(
  language: 'en' | 'fr' = 'en',
  steps: SavedSteps = answered(),
  promoCode?: unknown,
) {
  const api = fakeApplicationsApi([{ status: 'continue', steps }], { savedAs: savedAsServer });
  withListsAndDocuments(api);
  if (promoCode !== undefined) withPromoCode(api, promoCode);
  const id = api.first().id;
  const rendered = await renderApp({ path: `/application/${id}/review`, user: signedIn, language });
  await screen.findByRole('heading', { level: 1 });
  // The answers show once the reference lists have answered.
  await screen.findByRole('region', { name: language === 'en' ? 'Your accounts' : 'Vos comptes' });
  return { api, id, ...rendered };
}

describe('review step', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows every section of the answers with a Change link that comes back to the review', async () => {
    const { id } = await openReview();
    const profile = screen.getByRole('region', { name: 'Your profile' });
    expect(within(profile).getByText('*** *** 544')).toBeVisible();
    expect(within(profile).getByText('Ms. Camille Tremblay')).toBeVisible();
    expect(within(profile).getByRole('link', { name: /^Change\s+Your profile$/ })).toHaveAttribute(
      'href',
      expect.stringMatching(new RegExp(`/application/${id}/profile\\?return=review$`)),
    );
    expect(screen.getByRole('region', { name: 'Your accounts' })).toHaveTextContent('TFSA');
    expect(screen.getByRole('region', { name: 'Beneficiaries' })).toHaveTextContent(
      'Léa Roy (Child): 100%',
    );
    expect(
      screen.getByRole('region', { name: 'Your affiliations and tax residence' }),
    ).toHaveTextContent('******286');
    expect(screen.queryByText('130 692 544')).not.toBeInTheDocument();
  });

  it('shows the answers the review used to leave out, formatted', async () => {
    await openReview('en', everyAnswer);
    const region = (name: string) => screen.getByRole('region', { name });
    expect(region('Options and short selling')).toHaveTextContent(
      /Buying calls and puts.*Covered writing/,
    );
    const profile = region('Your profile');
    // The reference lists' names: every answer of a full application shows, none missing.
    expect(profile).toHaveTextContent('Canadian');
    expect(screen.queryByText('Not answered')).not.toBeInTheDocument();
    expect(profile).toHaveTextContent('Mobile: (416) 555-0199');
    expect(profile).toHaveTextContent('C.P. 123, Succursale B, Montréal, Quebec H3B 3J5, Canada');
    expect(profile).toHaveTextContent('1204-55 Bloor Street West, Toronto, Ontario M4W 1A5');
    expect(profile).toHaveTextContent('H2L 1S5');
    expect(region('Your employment')).toHaveTextContent(/Hydro-Québec.*Utilities.*Engineer/);
    const finances = region('Your income and assets');
    expect(finances).toHaveTextContent('$350,000');
    expect(finances).toHaveTextContent('$90,000.50');
    expect(finances).toHaveTextContent('$1,234.56');
    expect(region('Your spouse')).toHaveTextContent('Mr. Luc Gagnon');
    expect(region('The joint applicant’s spouse')).toHaveTextContent('*** *** 787');
    expect(region('Your affiliations and tax residence')).toHaveTextContent(
      /Marie Roy.*Brother or sister.*marie\.roy@example\.com.*\(514\) 555-0100/,
    );
    // The documents arrive with their own request, rendered as a transition.
    expect(await screen.findByRole('region', { name: 'Supporting documents' })).toHaveTextContent(
      'hydro-bill.pdf (Utility bill)',
    );
  });

  it('writes amounts the French way in French', async () => {
    await openReview('fr', everyAnswer);
    // With the no-break spaces of French typography.
    expect(screen.getByRole('region', { name: 'Vos revenus et actifs' }).textContent).toContain(
      '1\u00a0234,56\u00a0$',
    );
    await waitFor(() =>
      expect(screen.getByRole('region', { name: 'Pièces justificatives' })).toHaveTextContent(
        'hydro-bill.pdf (Facture de services publics)',
      ),
    );
  });

  it('shows what the server saved right after a change, and comes back to the review', async () => {
    const { api, id, router } = await openReview();
    await userEvent.click(screen.getByRole('link', { name: /^Change\s+Your profile$/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/application/${id}/profile`));
    const home = await screen.findByRole('group', { name: 'Home address' });
    // Back goes to the review too.
    expect(screen.getByRole('link', { name: /Back/ })).toHaveAttribute(
      'href',
      `/application/${id}/review`,
    );
    const postalCode = within(home).getByLabelText('Postal code');
    await userEvent.clear(postalCode);
    await userEvent.type(postalCode, 'h2l1s5');
    await userEvent.type(screen.getByLabelText(/Social insurance number/), '130 692 544');
    await userEvent.click(screen.getByRole('button', { name: 'Save and continue' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/application/${id}/review`));
    const profile = await screen.findByRole('region', { name: 'Your profile' });
    expect(profile).toHaveTextContent('H2L 1S5');
    expect(profile).not.toHaveTextContent('h2l1s5');
    expect(within(profile).getByText('*** *** 544')).toBeVisible();
    // Without loading the application again: the save's answer is what shows.
    const put = api.calls.findIndex((call) => call.method === 'PUT');
    expect(api.calls.slice(put + 1).some((call) => /applications\/[^/]+$/.test(call.path))).toBe(
      false,
    );
  }, 30_000);

  it('asks for consent before agreeing, then saves the agreement and goes on to funding', async () => {
    const { api, id, router } = await openReview();
    await userEvent.click(screen.getByRole('button', { name: 'Agree and continue' }));
    const summary = await screen.findByRole('alert');
    expect(
      within(summary).getByRole('link', {
        name: /You must agree to the customer agreements to continue\.$/,
      }),
    ).toHaveAttribute('href', '#hasConsent');
    await userEvent.click(screen.getByLabelText(/I have read the customer agreements/));
    await userEvent.click(screen.getByRole('button', { name: 'Agree and continue' }));
    await waitFor(() => expect(api.calls.some((call) => call.method === 'PUT')).toBe(true));
    const put = api.calls.find((call) => call.method === 'PUT');
    expect(put?.path).toMatch(/\/steps\/review$/);
    expect(put?.body).toMatchObject({
      data: { agreementId: 'customer-agreements-2026-11', hasConsent: true },
    });
    // The primary applicant funds the accounts next (issue 14).
    await waitFor(() => expect(router.state.location.pathname).toBe(`/application/${id}/funding`));
  });

  it.each(['en', 'fr'] as const)(
    'says when the promo code no longer fits the accounts, and links the refusal to the promo screen (%s)',
    async (language) => {
      const rrspOnly = {
        code: 'RRSP2026',
        offerEn: 'No fees for a year.',
        offerFr: 'Aucuns frais pendant un an.',
        validUntil: '2026-12-31',
        accountTypes: ['rrsp'],
      };
      const { api, id } = await openReview(language, answered(), rrspOnly);
      const warning =
        language === 'en'
          ? 'Your promo code no longer applies to the accounts you chose. Change it or remove it, then agree.'
          : 'Votre code promotionnel ne s’applique plus aux comptes que vous avez choisis. Changez-le ou retirez-le, puis acceptez.';
      expect(await screen.findByText(warning)).toBeVisible();

      await userEvent.click(
        screen.getByLabelText(
          language === 'en' ? /I have read the customer agreements/ : /J.ai lu les conventions/,
        ),
      );
      api.failNext(400, {
        errorCode: 'invalidInput',
        message: 'invalid',
        fields: { 'data.promoCode': 'promoNoLongerEligible' },
      });
      await userEvent.click(
        screen.getByRole('button', {
          name: language === 'en' ? 'Agree and continue' : /Accepter et continuer/,
        }),
      );
      const summary = await screen.findByRole('alert');
      const link = within(summary).getByRole('link', { name: new RegExp(warning.slice(0, 30)) });
      expect(link).toHaveAttribute('href', '#review-promo-code');
      expect(document.getElementById('review-promo-code')).toHaveAttribute(
        'href',
        `/application/${id}/promo`,
      );
    },
  );

  it('shows no warning while the promo code fits the accounts', async () => {
    await openReview('en', answered(), {
      code: 'SAVE2026',
      offerEn: 'Offer.',
      offerFr: 'Offre.',
      validUntil: '2026-12-31',
      accountTypes: ['tfsa', 'rrsp'],
    });
    expect(await screen.findByText('SAVE2026')).toBeVisible();
    expect(screen.queryByText(/no longer applies/)).toBeNull();
  });

  it('shows the joint applicant and speaks French', async () => {
    await openReview('fr', answered(2));
    expect(
      screen.getByRole('heading', { level: 1, name: "Vérifiez vos réponses avant d'accepter" }),
    ).toBeVisible();
    expect(screen.getByRole('region', { name: 'Le profil du codemandeur' })).toHaveTextContent(
      '*** *** 787',
    );
    // The fixture's applicant lives in Montreal: the French version comes first.
    expect(
      screen.getByRole('link', { name: /^Conventions du client, version française/ }),
    ).toHaveAttribute('href', '/documents/customer-agreements-2026-11.fr.html');
  });
});

describe('review step: the language of the agreement', () => {
  afterEach(() => vi.restoreAllMocks());

  // The shared fixture's applicant lives in Montreal.
  const inQuebec = answered;
  const inOntario = (): SavedSteps => {
    const steps = answered();
    const profile = steps.profile as typeof savedProfile;
    return {
      ...steps,
      profile: { ...profile, homeAddress: { ...profile.homeAddress, provinceId: 5 } },
    };
  };

  it('links the real agreements in the reader’s language, opening a new tab said aloud', async () => {
    const { api } = await openReview('en', inOntario());
    const link = screen.getByRole('link', {
      name: /^Customer agreements \(version 2026-11\) ?\(opens in a new tab\)$/,
    });
    expect(link).toHaveAttribute('href', '/documents/customer-agreements-2026-11.en.html');
    expect(link).toHaveAttribute('target', '_blank');
    expect(screen.queryByRole('group', { name: 'Language of your agreement' })).toBeNull();
    await userEvent.click(screen.getByLabelText(/I have read the customer agreements/));
    await userEvent.click(screen.getByRole('button', { name: 'Agree and continue' }));
    await waitFor(() => expect(api.calls.some((call) => call.method === 'PUT')).toBe(true));
    expect(api.calls.find((call) => call.method === 'PUT')?.body).toMatchObject({
      data: { boundLanguage: 'en' },
    });
  });

  it('gives a Quebec applicant the French version first, and binds in French by default', async () => {
    const { api } = await openReview('en', inQuebec());
    const links = screen
      .getAllByRole('link', { name: /^Customer agreements, (French|English) version/ })
      .map((link) => link.getAttribute('href'));
    expect(links).toEqual([
      '/documents/customer-agreements-2026-11.fr.html',
      '/documents/customer-agreements-2026-11.en.html',
    ]);
    const choice = screen.getByRole('checkbox', {
      name: /^Je souhaite expressément être lié\(e\) par la version anglaise/,
    });
    expect(choice).not.toBeChecked();
    expect(
      screen.getByText(/^I expressly wish to be bound by the English version/),
    ).toHaveAttribute('lang', 'en-CA');
    await userEvent.click(screen.getByLabelText(/I have read the customer agreements/));
    await userEvent.click(screen.getByRole('button', { name: 'Agree and continue' }));
    await waitFor(() => expect(api.calls.some((call) => call.method === 'PUT')).toBe(true));
    expect(api.calls.find((call) => call.method === 'PUT')?.body).toMatchObject({
      data: { boundLanguage: 'fr', expressEnglishChoice: false },
    });
  });

  it('binds a Quebec applicant in English only with the express choice ticked', async () => {
    const { api } = await openReview('fr', inQuebec());
    await userEvent.click(
      screen.getByRole('checkbox', { name: /^Je souhaite expressément être lié/ }),
    );
    await userEvent.click(screen.getByLabelText(/J'ai lu les conventions du client/));
    await userEvent.click(screen.getByRole('button', { name: 'Accepter et continuer' }));
    await waitFor(() => expect(api.calls.some((call) => call.method === 'PUT')).toBe(true));
    expect(api.calls.find((call) => call.method === 'PUT')?.body).toMatchObject({
      data: { boundLanguage: 'en', expressEnglishChoice: true },
    });
  });

  it('shows the recorded language of the agreement, with no Change link', async () => {
    await openReview('en', {
      ...inQuebec(),
      review: {
        agreementId: 'customer-agreements-2026-11',
        hasConsent: true,
        agreement: {
          language: 'en',
          englishChoice: { chosenAt: '2026-11-23T15:00:00.000Z', wording: {} },
        },
      },
    });
    const agreements = await screen.findByRole('region', { name: 'Agreements' });
    expect(agreements).toHaveTextContent(
      'English, expressly chosen on November 23, 2026, after the French version was given',
    );
    expect(within(agreements).queryByRole('link')).toBeNull();
  });
});
