import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ApplicationDetail } from '../../lib/applications-api.ts';
import { client, renderApp } from '../../test/render-app.tsx';
import { fakeApplicationsApi } from '../../test/fake-applications-api.ts';
import { preloadScreens } from '../../test/preload-screens.ts';

// The dashboard and the identity step its card links to load on demand: loaded once here, so
// each test waits for what the person sees rather than for a module's first load.
await preloadScreens('/home/dashboard', '/application/any/qualid');

const signedIn = { status: 'signedIn', user: client } as const;

describe('dashboard', () => {
  afterEach(() => vi.restoreAllMocks());

  it('says when there is no application yet and offers to start one', async () => {
    fakeApplicationsApi();
    await renderApp({ path: '/home/dashboard', user: signedIn });
    expect(await screen.findByText(/You have no applications in progress/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Start a new application' })).toBeInTheDocument();
    expect(
      screen.getByRole('heading', { name: 'U.S. citizens and residents: form W-9' }),
    ).toBeVisible();
  });

  it('lists applications with their status, ownership and accounts, in French', async () => {
    fakeApplicationsApi([
      {
        status: 'continue',
        ownershipTypeId: 1,
        steps: {
          ownership: { ownershipTypeId: 1 },
          doyouknow: { knowsAccount: true },
          allaccounts: { accounts: ['tfsa', 'margin'] },
        },
      },
      { status: 'underReview', ownershipTypeId: 2 },
    ]);
    await renderApp({ path: '/home/dashboard', user: signedIn, language: 'fr' });
    const first = await screen.findByRole('listitem', { name: /Demande AAAAAAA1/ });
    expect(within(first).getByText('Poursuivez votre demande')).toBeInTheDocument();
    expect(within(first).getByText('CELI, Compte sur marge')).toBeInTheDocument();
    expect(within(first).getByRole('link', { name: /Continuer/ })).toHaveAttribute(
      'href',
      expect.stringMatching(/^\/application\/[0-9a-f-]{36}$/),
    );
    const second = screen.getByRole('listitem', { name: /Demande AAAAAAA2/ });
    expect(within(second).getByText('La demande est en cours de vérification')).toBeInTheDocument();
    // Under review: nothing left to continue or delete.
    expect(within(second).queryByRole('link', { name: /Continuer/ })).not.toBeInTheDocument();
    expect(within(second).queryByRole('button', { name: /Supprimer/ })).not.toBeInTheDocument();
    expect(within(second).getByText(/de 1 à 3 jours ouvrables/)).toBeInTheDocument();
  });

  it("shows the signed-in person's own identity beside each application's status", async () => {
    // The server adds `identity` for the caller (issue 13); the fake passes it through.
    const withIdentity = (state: string, status: 'esignatureRequired' | 'jointEidUndetermined') =>
      ({ status, ownershipTypeId: 1, identity: { state } }) as Partial<ApplicationDetail>;
    fakeApplicationsApi([
      withIdentity('verified', 'esignatureRequired'),
      withIdentity('notStarted', 'esignatureRequired'),
      withIdentity('needsReview', 'jointEidUndetermined'),
      { status: 'continue', ownershipTypeId: 1 },
    ]);
    await renderApp({ path: '/home/dashboard', user: signedIn });
    const identityOf = async (name: RegExp) => {
      const card = await screen.findByRole('listitem', { name });
      return within(card).queryByText('Identity')?.nextElementSibling?.textContent;
    };
    expect(await identityOf(/Application AAAAAAA1/)).toBe('Verified');
    expect(await identityOf(/Application AAAAAAA2/)).toBe('To verify');
    expect(await identityOf(/Application AAAAAAA3/)).toBe('In review');
    // A server that does not verify identity (bypass) sends none: no line.
    expect(await identityOf(/Application AAAAAAA4/)).toBeUndefined();
    // Who still has to verify is asked to, before signing; who is verified signs.
    const toVerify = screen.getByRole('listitem', { name: /Application AAAAAAA2/ });
    expect(within(toVerify).getByText('Confirm your identity: then you can sign.')).toBeVisible();
    expect(within(toVerify).getByRole('link', { name: /Confirm your identity/ })).toHaveClass(
      'button-primary',
    );
    const verified = screen.getByRole('listitem', { name: /Application AAAAAAA1/ });
    expect(within(verified).getByRole('link', { name: /Sign your application/ })).toBeVisible();
  });

  it('says the identity in French', async () => {
    fakeApplicationsApi([
      {
        status: 'esignatureRequired',
        ownershipTypeId: 1,
        identity: { state: 'notStarted' },
      } as Partial<ApplicationDetail>,
    ]);
    await renderApp({ path: '/home/dashboard', user: signedIn, language: 'fr' });
    const card = await screen.findByRole('listitem', { name: /Demande AAAAAAA1/ });
    expect(within(card).getByText('Identité').nextElementSibling).toHaveTextContent('À confirmer');
  });

  it('asks a person whose address is not verified to verify it, with a link (not an error)', async () => {
    fakeApplicationsApi();
    await renderApp({
      path: '/home/dashboard',
      user: { status: 'signedIn', user: { ...client, emailVerified: false } },
    });
    const notice = await screen.findByRole('region', { name: 'Verify your email address' });
    expect(notice).toHaveTextContent('We sent a code to camille@example.com.');
    expect(notice).not.toHaveAttribute('role', 'alert');
    expect(within(notice).getByRole('link', { name: 'Verify your email address' })).toHaveAttribute(
      'href',
      '/home/verify-email',
    );
  });

  it('says the same in French, and nothing once the address is verified', async () => {
    fakeApplicationsApi();
    await renderApp({
      path: '/home/dashboard',
      language: 'fr',
      user: { status: 'signedIn', user: { ...client, emailVerified: false } },
    });
    const notice = await screen.findByRole('region', { name: 'Vérifiez votre adresse courriel' });
    expect(notice).toHaveTextContent('Nous avons envoyé un code à camille@example.com.');
    expect(
      within(notice).getByRole('link', { name: 'Vérifier votre adresse courriel' }),
    ).toBeInTheDocument();
  });

  it('shows no verification notice to a verified person', async () => {
    fakeApplicationsApi();
    await renderApp({
      path: '/home/dashboard',
      user: { status: 'signedIn', user: { ...client, emailVerified: true } },
    });
    await screen.findByText(/You have no applications in progress/);
    expect(
      screen.queryByRole('region', { name: 'Verify your email address' }),
    ).not.toBeInTheDocument();
  });

  it('shows a designed error when the list fails, and loads again on request', async () => {
    const api = fakeApplicationsApi([{ status: 'new' }]);
    api.failNext(500);
    await renderApp({ path: '/home/dashboard', user: signedIn });
    expect(await screen.findByText(/We couldn't load your applications/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(
      await screen.findByRole('listitem', { name: /Application AAAAAAA1/ }),
    ).toBeInTheDocument();
  });

  it('asks before deleting, keeps the application on No, deletes it on Yes', async () => {
    const api = fakeApplicationsApi([{ status: 'new' }, { status: 'continue' }]);
    const user = userEvent.setup();
    await renderApp({ path: '/home/dashboard', user: signedIn });
    const card = await screen.findByRole('listitem', { name: /Application AAAAAAA1/ });
    await user.click(within(card).getByRole('button', { name: /Delete/ }));
    const dialog = await screen.findByRole('alertdialog');
    // The spec's question first (spec line 45), then which application it is.
    expect(
      within(dialog).getByText(
        /^Are you sure you want to delete this account application\? It is application AAAAAAA1, started .+; its answers will be gone for good\.$/,
      ),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'No, keep it' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(api.calls.some((call) => call.method === 'DELETE')).toBe(false);

    await user.click(within(card).getByRole('button', { name: /Delete/ }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', {
        name: 'Yes, delete it',
      }),
    );
    expect(await screen.findByText('The application was deleted.')).toBeInTheDocument();
    expect(
      screen.queryByRole('listitem', { name: /Application AAAAAAA1/ }),
    ).not.toBeInTheDocument();
    expect(screen.getByRole('listitem', { name: /Application AAAAAAA2/ })).toBeInTheDocument();
    expect(api.applications.size).toBe(1);
  });

  it("asks the spec's question in French before deleting", async () => {
    fakeApplicationsApi([{ status: 'new' }]);
    const user = userEvent.setup();
    await renderApp({ path: '/home/dashboard', user: signedIn, language: 'fr' });
    const card = await screen.findByRole('listitem', { name: /Demande AAAAAAA1/ });
    await user.click(within(card).getByRole('button', { name: /Supprimer/ }));
    const dialog = await screen.findByRole('alertdialog');
    expect(
      within(dialog).getByText(
        /^Voulez-vous vraiment supprimer cette demande d'ouverture de compte\? Il s'agit de la demande AAAAAAA1, commencée le .+; ses réponses seront perdues pour de bon\.$/,
      ),
    ).toBeInTheDocument();
  });

  it('keeps the application and says so when the delete fails', async () => {
    const api = fakeApplicationsApi([{ status: 'new' }]);
    const user = userEvent.setup();
    await renderApp({ path: '/home/dashboard', user: signedIn });
    const card = await screen.findByRole('listitem', { name: /Application AAAAAAA1/ });
    api.failNext(500);
    await user.click(within(card).getByRole('button', { name: /Delete/ }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', {
        name: 'Yes, delete it',
      }),
    );
    expect(await screen.findByText(/We couldn't delete the application/)).toBeInTheDocument();
    expect(screen.getByRole('listitem', { name: /Application AAAAAAA1/ })).toBeInTheDocument();
  });

  it('tells the joint applicant what they are waiting for', async () => {
    fakeApplicationsApi([
      { status: 'esignatureRequired', ownershipTypeId: 2, role: 'joint' },
      { status: 'jointEsignatureRequired', ownershipTypeId: 2, role: 'joint' },
    ]);
    await renderApp({ path: '/home/dashboard', user: signedIn });
    const waiting = await screen.findByRole('listitem', { name: /Application AAAAAAA1/ });
    expect(
      within(waiting).getByText(/You're waiting for the primary applicant to sign\./),
    ).toBeVisible();
    const turn = screen.getByRole('listitem', { name: /Application AAAAAAA2/ });
    expect(within(turn).getByText(/it's your turn to sign the application/)).toBeVisible();
  });

  it('leads the primary of a joint application to confirm their identity while the joint applicant joins (C-4)', async () => {
    fakeApplicationsApi([
      {
        status: 'jointActionRequired',
        ownershipTypeId: 2,
        identity: { state: 'notStarted' },
      } as Partial<ApplicationDetail>,
    ]);
    const user = userEvent.setup();
    await renderApp({ path: '/home/dashboard', user: signedIn });
    const card = await screen.findByRole('listitem', { name: /Application AAAAAAA1/ });
    expect(
      within(card).getByText(
        /Confirm your identity now: you sign once the joint applicant has joined and confirmed theirs\./,
      ),
    ).toBeVisible();
    await user.click(within(card).getByRole('link', { name: /Confirm your identity/ }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Confirm your identity' }),
    ).toBeVisible();
  });

  it('tells the primary applicant of a joint application who it waits for, in French', async () => {
    fakeApplicationsApi([{ status: 'jointEsignatureRequired', ownershipTypeId: 2 }]);
    await renderApp({ path: '/home/dashboard', user: signedIn, language: 'fr' });
    const card = await screen.findByRole('listitem', { name: /Demande AAAAAAA1/ });
    expect(within(card).getByText(/Nous attendons la signature du codemandeur/)).toBeVisible();
  });

  it('downloads the signed application of a signed application, and not before', async () => {
    const api = fakeApplicationsApi([
      { status: 'underReview', ownershipTypeId: 1 },
      { status: 'esignatureRequired', ownershipTypeId: 1 },
    ]);
    const answerApplications = api.fetchSpy.getMockImplementation()!;
    const asked: string[] = [];
    api.fetchSpy.mockImplementation(async (input, init) => {
      const path = new URL(String(input), 'http://localhost').pathname;
      if (!path.endsWith('/esign/document')) return answerApplications(input, init);
      asked.push(path);
      return new Response(new Blob(['%PDF-1.7'], { type: 'application/pdf' }), { status: 200 });
    });
    const createObjectURL = vi.fn(() => 'blob:signed-copy');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push(this.download);
    });
    await renderApp({ path: '/home/dashboard', user: signedIn });
    const signed = await screen.findByRole('listitem', { name: /Application AAAAAAA1/ });
    const unsigned = screen.getByRole('listitem', { name: /Application AAAAAAA2/ });
    expect(
      within(unsigned).queryByRole('button', { name: /Download your signed application/ }),
    ).not.toBeInTheDocument();
    await userEvent.click(
      within(signed).getByRole('button', {
        name: /^Download your signed application \(PDF\) ?\(application AAAAAAA1\)$/,
      }),
    );
    await waitFor(() => expect(saved).toEqual(['signed-application-AAAAAAA1.pdf']));
    expect(asked).toEqual([`/service/jaxrs/applications/${api.first().id}/esign/document`]);
    expect(createObjectURL).toHaveBeenCalledTimes(1);
  });

  it('says so beside the button when the signed copy cannot be downloaded', async () => {
    const api = fakeApplicationsApi([{ status: 'underReview', ownershipTypeId: 1 }]);
    const answerApplications = api.fetchSpy.getMockImplementation()!;
    api.fetchSpy.mockImplementation(async (input, init) =>
      String(input).endsWith('/esign/document')
        ? new Response('{"errorCode":"notSigned"}', { status: 404 })
        : answerApplications(input, init),
    );
    await renderApp({ path: '/home/dashboard', user: signedIn });
    await userEvent.click(
      await screen.findByRole('button', { name: /Download your signed application/ }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(
      /We couldn't download your signed application/,
    );
  });

  it('starts a new application at the ownership step', async () => {
    const api = fakeApplicationsApi();
    const { router } = await renderApp({ path: '/home/dashboard', user: signedIn });
    await userEvent.click(await screen.findByRole('button', { name: 'Start a new application' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/application/${api.first().id}/ownership`),
    );
    expect(await screen.findByRole('heading', { name: 'Who will own the account?' })).toBeVisible();
  });
  it('links a primary applicant whose review is agreed to the funding page', async () => {
    fakeApplicationsApi([{ status: 'esignatureRequired', ownershipTypeId: 1 }]);
    await renderApp({ path: '/home/dashboard', user: signedIn });
    const funding = await screen.findByRole('region', { name: 'Fund your accounts' });
    expect(within(funding).getByRole('link', { name: 'Go to your funding page' })).toHaveAttribute(
      'href',
      '/home/funding',
    );
  });

  it('never says the application is agreed or accepted before it is approved, in both languages (A minor 20)', async () => {
    for (const language of ['en', 'fr'] as const) {
      fakeApplicationsApi([{ status: 'esignatureRequired', ownershipTypeId: 1 }]);
      const { unmount } = await renderApp({ path: '/home/dashboard', user: signedIn, language });
      const funding = await screen.findByRole('region', {
        name: language === 'en' ? 'Fund your accounts' : 'Approvisionnez vos comptes',
      });
      expect(funding.textContent).not.toMatch(/agreed|accepté/i);
      expect(funding).toHaveTextContent(
        language === 'en'
          ? 'The accounts open once we approve your application.'
          : 'Les comptes sont ouverts une fois votre demande approuvée.',
      );
      unmount();
      vi.restoreAllMocks();
    }
  });

  it('offers no funding before the review is agreed, to the joint applicant, or once declined', async () => {
    fakeApplicationsApi([
      { status: 'continue', ownershipTypeId: 1 },
      { status: 'esignatureRequired', ownershipTypeId: 2, role: 'joint' },
      { status: 'declined', ownershipTypeId: 1 },
    ]);
    await renderApp({ path: '/home/dashboard', user: signedIn, language: 'fr' });
    await screen.findByRole('listitem', { name: /Demande AAAAAAA1/ });
    expect(
      screen.queryByRole('link', { name: "Aller à votre page d'approvisionnement" }),
    ).not.toBeInTheDocument();
  });
});
