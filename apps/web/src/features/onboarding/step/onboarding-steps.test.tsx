import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SavedSteps } from '@portal/domain/rules/onboarding-flow';
import { client, renderApp } from '../../../test/render-app.tsx';
import { fakeApplicationsApi } from '../../../test/fake-applications-api.ts';

const signedIn = { status: 'signedIn', user: client } as const;
const individual = { ownership: { ownershipTypeId: 1 } };
const save = (name: RegExp | string = /Save and continue/) =>
  userEvent.click(screen.getByRole('button', { name }));

async function openStep(step: string, steps: SavedSteps = {}, language: 'en' | 'fr' = 'en') {
  const api = fakeApplicationsApi([
    { status: Object.keys(steps).length ? 'continue' : 'new', steps },
  ]);
  const id = api.first().id;
  const rendered = await renderApp({
    path: `/application/${id}/${step}`,
    user: signedIn,
    language,
  });
  return { api, id, ...rendered };
}

describe('onboarding steps', () => {
  afterEach(() => vi.restoreAllMocks());

  it('ownership: Save with no answer shows the error summary, focused, and "Error:" in the title', async () => {
    await openStep('ownership');
    await screen.findByRole('heading', { name: 'Who will own the account?' });
    await save();
    const summary = await screen.findByRole('alert');
    expect(within(summary).getByRole('heading', { name: 'There is a problem' })).toBeVisible();
    expect(within(summary).getByRole('link', { name: /Required\.$/ })).toHaveAttribute(
      'href',
      '#owner',
    );
    expect(summary).toHaveFocus();
    expect(document.title).toBe('Error: Online Applications | Who will own the account');
  });

  it('ownership in French: "Obligatoire." and "Erreur :"', async () => {
    await openStep('ownership', {}, 'fr');
    await screen.findByRole('heading', { name: 'Qui sera titulaire du compte?' });
    await save(/Enregistrer et continuer/);
    expect(await screen.findByRole('link', { name: /Obligatoire\.$/ })).toBeVisible();
    expect(document.title).toBe('Erreur : Demandes en ligne | Titulaire du compte');
  });

  it('ownership: a joint application asks how the owners are related', async () => {
    const { api, router, id } = await openStep('ownership');
    await userEvent.click(await screen.findByLabelText('Me and another person (a joint account)'));
    await save();
    expect(await screen.findByRole('link', { name: /Required\.$/ })).toHaveAttribute(
      'href',
      '#jointRelationship',
    );
    await userEvent.click(screen.getByLabelText('We are married'));
    await save();
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/application/${id}/doyouknow`),
    );
    expect(api.calls.find((call) => call.method === 'PUT')?.body).toEqual({
      version: 1,
      data: { ownershipTypeId: 2, jointRelationship: 'spouse' },
    });
  });

  it('ownership: companies, organisations and trusts are sent to the paper application', async () => {
    await openStep('ownership');
    await userEvent.click(await screen.findByLabelText('A company, organisation or trust'));
    expect(screen.getByRole('link', { name: 'Download the paper application' })).toHaveAttribute(
      'href',
      'https://www.laurentide-investing.ca/en/open-an-account/paper-application',
    );
    expect(screen.queryByRole('button', { name: /Save and continue/ })).not.toBeInTheDocument();
  });

  it('related accounts: recommends accounts for the goals, with reasons, and enforces the rules', async () => {
    const { api } = await openStep('relatedaccounts', {
      ...individual,
      doyouknow: { knowsAccount: false },
      goals: { goals: [1, 6] },
    });
    const rrsp = await screen.findByLabelText('RRSP');
    expect(
      screen.getByText(/Your contributions reduce the income tax you pay/),
    ).toBeInTheDocument();
    expect(screen.getByText(/converted to a RRIF .* the year you turn 71/)).toBeInTheDocument();
    await userEvent.click(rrsp);
    await userEvent.click(screen.getByLabelText('TFSA'));
    await save();
    expect(
      await screen.findByRole('link', {
        name: /You can open one registered account per application\.$/,
      }),
    ).toBeVisible();
    expect(api.calls.some((call) => call.method === 'PUT')).toBe(false);
  });

  it('all accounts: an individual-only account is not offered to a joint application', async () => {
    await openStep('allaccounts', {
      ownership: { ownershipTypeId: 2, jointRelationship: 'other' },
      doyouknow: { knowsAccount: true },
    });
    expect(await screen.findByLabelText('FHSA')).toBeDisabled();
    expect(
      screen.getAllByText(/Under Canadian law, held in one person's name only/),
    ).not.toHaveLength(0);
    expect(screen.getByText(/up to \$8,000 a year, and \$40,000 in your lifetime/)).toBeVisible();
    await userEvent.click(screen.getByLabelText('Family RESP'));
    await save();
    expect(
      await screen.findByRole('link', {
        name: /A joint education savings plan is only for spouses or common-law partners\.$/,
      }),
    ).toBeVisible();
  });

  it('all accounts: a joint application may choose no registered plan but an RESP, and is told why', async () => {
    await openStep('allaccounts', {
      ownership: { ownershipTypeId: 2, jointRelationship: 'spouse' },
      doyouknow: { knowsAccount: true },
    });
    for (const plan of ['TFSA', 'TFSA (USD)', 'RRSP', 'Spousal RRSP', 'RRIF', 'LIRA', 'FHSA']) {
      expect(await screen.findByLabelText(plan)).toBeDisabled();
    }
    expect(screen.getByLabelText('Family RESP')).toBeEnabled();
    expect(screen.getByLabelText('Cash account')).toBeEnabled();
    expect(screen.getByRole('group', { name: 'Registered plans' })).toHaveAccessibleDescription(
      /only an RESP can be chosen: under Canadian law.*start an individual application in your own name/,
    );
  });

  it('all accounts: a TFSA saved before the application became joint is refused, saying why', async () => {
    const { api } = await openStep('allaccounts', {
      ownership: { ownershipTypeId: 2, jointRelationship: 'spouse' },
      doyouknow: { knowsAccount: true },
      allaccounts: { accounts: ['tfsa'] },
    });
    expect(await screen.findByLabelText('TFSA')).toBeChecked();
    await save();
    expect(
      await screen.findByRole('link', {
        name: /held in one person’s name under Canadian law.*Open it in your own name/,
      }),
    ).toBeVisible();
    expect(api.calls.some((call) => call.method === 'PUT')).toBe(false);
  });

  it('related accounts: a joint application is offered a joint account and told which plans to open alone', async () => {
    await openStep(
      'relatedaccounts',
      {
        ownership: { ownershipTypeId: 2, jointRelationship: 'spouse' },
        doyouknow: { knowsAccount: false },
        goals: { goals: [1] },
      },
      'fr',
    );
    expect(await screen.findByLabelText('Compte au comptant')).toBeEnabled();
    expect(screen.queryByLabelText('CELI')).not.toBeInTheDocument();
    expect(
      screen.getByText(/mais seulement au nom d'une personne : REER, CELI\. La loi canadienne/),
    ).toBeVisible();
  });

  it('related accounts: the margin account says once what options and short selling need', async () => {
    await openStep('relatedaccounts', {
      ...individual,
      doyouknow: { knowsAccount: false },
      goals: { goals: [6] },
    });
    const margin = await screen.findByLabelText('Margin account');
    expect(margin).toHaveAccessibleDescription(/Lets you borrow to invest\./);
    const description = margin.getAttribute('aria-describedby') ?? '';
    const hint = document.getElementById(description)?.textContent ?? '';
    expect(hint.match(/options/g)).toHaveLength(1);
  });

  it('options: strategies are asked only when trading options', async () => {
    const { api } = await openStep('options', {
      ...individual,
      doyouknow: { knowsAccount: true },
      allaccounts: { accounts: ['tfsa', 'margin'] },
    });
    await screen.findByRole('heading', { name: 'Options trading and short selling' });
    expect(screen.queryByLabelText('Covered writing')).not.toBeInTheDocument();
    await userEvent.click(screen.getAllByLabelText('Yes')[0]!);
    await userEvent.click(screen.getAllByLabelText('No')[1]!);
    await save();
    expect(await screen.findByRole('link', { name: /Required\.$/ })).toHaveAttribute(
      'href',
      '#strategies',
    );
    await userEvent.click(screen.getByLabelText('Covered writing'));
    await save();
    await waitFor(() =>
      expect(api.calls.find((call) => call.method === 'PUT')?.body).toEqual({
        version: 1,
        data: { optionsTrading: true, strategies: [3], shortSelling: false },
      }),
    );
  });

  it('account: asks the pension law of a locked-in plan among those its plan allows', async () => {
    await openStep('account', {
      ...individual,
      doyouknow: { knowsAccount: true },
      allaccounts: { accounts: ['lira'] },
    });
    await screen.findByRole('heading', { name: 'Check your accounts' });
    const jurisdictions = within(
      screen.getByRole('group', { name: 'Under which pension law was this money earned?' }),
    ).getAllByRole('radio');
    expect(jurisdictions).toHaveLength(9);
    expect(screen.queryByLabelText('Federal')).not.toBeInTheDocument();
    await save();
    expect(await screen.findByRole('link', { name: /Required\.$/ })).toHaveAttribute(
      'href',
      '#pensionJurisdiction',
    );
  });

  it('a stale save says the application changed elsewhere, keeps the answer, and saves next time', async () => {
    const { api, id, router } = await openStep('doyouknow', individual);
    await userEvent.click(await screen.findByLabelText('No, help me choose'));
    api.changeElsewhere(id);
    await save();
    expect(await screen.findByText(/changed in another window or tab/)).toBeInTheDocument();
    expect(screen.getByLabelText('No, help me choose')).toBeChecked();
    await save();
    await waitFor(() => expect(router.state.location.pathname).toBe(`/application/${id}/goals`));
    expect(api.applications.get(id)?.steps.doyouknow).toEqual({ knowsAccount: false });
  });

  it('a locked application says it can no longer change', async () => {
    const { api } = await openStep('doyouknow', individual);
    await userEvent.click(await screen.findByLabelText('No, help me choose'));
    api.failNext(409, { errorCode: 'applicationLocked' });
    await save();
    expect(await screen.findByText(/submitted for review/)).toBeInTheDocument();
  });

  it('a failed save loses nothing and says to try again', async () => {
    const { api } = await openStep('doyouknow', individual);
    await userEvent.click(await screen.findByLabelText('Yes, show me all the accounts'));
    api.failNext(500);
    await save();
    expect(await screen.findByText(/We couldn't save your answers/)).toBeInTheDocument();
    expect(screen.getByLabelText('Yes, show me all the accounts')).toBeChecked();
  });

  it('Back keeps what was typed, and leaving the application with unsaved answers asks first', async () => {
    const { id, router } = await openStep('doyouknow', individual);
    await userEvent.click(await screen.findByLabelText('No, help me choose'));
    await userEvent.click(screen.getByRole('link', { name: 'Back' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/application/${id}/ownership`),
    );
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    await router.navigate(`/application/${id}/doyouknow`);
    expect(await screen.findByLabelText('No, help me choose')).toBeChecked();

    await router.navigate('/home/dashboard');
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText(/changes that are not saved/)).toBeVisible();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Stay on this page' }));
    expect(router.state.location.pathname).toBe(`/application/${id}/doyouknow`);
  });

  it('Continue resumes at the first step still to answer, and a step not open yet redirects there', async () => {
    const { id, router } = await openStep('options', {
      ...individual,
      doyouknow: { knowsAccount: true },
    });
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/application/${id}/allaccounts`),
    );
  });

  it('an application that does not exist has its own page', async () => {
    fakeApplicationsApi();
    await renderApp({
      path: '/application/99999999-0000-4000-8000-000000000000/ownership',
      user: signedIn,
    });
    expect(
      await screen.findByRole('heading', { name: "We can't find this application" }),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Go to your applications' })).toBeVisible();
  });
});
