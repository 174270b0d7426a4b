import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { savedProfile } from '@portal/domain/rules/profile.fixtures';
import { client, renderApp } from '../../test/render-app.tsx';
import { fakeApplicationsApi } from '../../test/fake-applications-api.ts';

const signedIn = { status: 'signedIn', user: client } as const;
const answered = (ownershipTypeId = 1) => ({
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

async function openReview(language: 'en' | 'fr' = 'en', ownershipTypeId = 1) {
  const api = fakeApplicationsApi([{ status: 'continue', steps: answered(ownershipTypeId) }]);
  const id = api.first().id;
  const rendered = await renderApp({ path: `/application/${id}/review`, user: signedIn, language });
  await screen.findByRole('heading', { level: 1 });
  return { api, id, ...rendered };
}

describe('review step', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows every section of the answers with a Change link back to its step', async () => {
    const { id } = await openReview();
    const profile = screen.getByRole('region', { name: 'Your profile' });
    expect(within(profile).getByText('*** *** 544')).toBeVisible();
    expect(within(profile).getByText('Ms. Camille Tremblay')).toBeVisible();
    expect(within(profile).getByRole('link', { name: /^Change\s+Your profile$/ })).toHaveAttribute(
      'href',
      expect.stringMatching(new RegExp(`/application/${id}/profile$`)),
    );
    expect(screen.getByRole('region', { name: 'Your accounts' })).toHaveTextContent('TFSA');
    expect(screen.getByRole('region', { name: 'Beneficiaries' })).toHaveTextContent(
      'Léa Roy: 100%',
    );
    expect(screen.getByRole('region', { name: 'Affiliations' })).toHaveTextContent('******286');
    expect(screen.queryByText('130 692 544')).not.toBeInTheDocument();
  });

  it('asks for consent before agreeing, then saves the agreement', async () => {
    const { api } = await openReview();
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
  });

  it('shows the joint applicant and speaks French', async () => {
    await openReview('fr', 2);
    expect(
      screen.getByRole('heading', { level: 1, name: "Vérifiez vos réponses avant d'accepter" }),
    ).toBeVisible();
    expect(screen.getByRole('region', { name: 'Le profil du codemandeur' })).toHaveTextContent(
      '*** *** 787',
    );
    expect(screen.getByRole('link', { name: /Livret des conventions du client/ })).toBeVisible();
  });
});
