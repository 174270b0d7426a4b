import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TranslationProvider } from '../lib/i18n.ts';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { createTestI18n } from '../test/i18n.ts';
import { readAccessToken } from '../lib/session-token.ts';
import { InMemoryCeremonyPage } from './ceremony-page.tsx';
import { InMemorySignInPage } from './sign-in-page.tsx';
import { inMemoryApi } from './runtime.ts';
import { withStandInRoutes } from './start.ts';

/** An application of the sample applicant waiting for their signature, with its envelope. */
function envelopeWaitingForSignature(): string {
  const api = inMemoryApi();
  api.state.tokens = [];
  api.signIn();
  const headers = new Headers({ authorization: `Bearer ${api.issueToken()}` });
  const call = (method: string, url: string, body?: unknown) =>
    api.answer({ method, url: `/service/jaxrs${url}`, headers, body });
  const created = call('POST', '/applications').body as { id: string; version: number };
  let version = created.version;
  const save = (step: string, data: unknown) => {
    const answer = call('PUT', `/applications/${created.id}/steps/${step}`, { version, data });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    version = (answer.body as { version: number }).version;
  };
  save('ownership', { ownershipTypeId: 1 });
  save('doyouknow', { knowsAccount: true });
  save('allaccounts', { accounts: ['cash'] });
  save('account', {});
  // Straight to the review's status: the steps between have their own tests (handlers.test.ts).
  const row = api.state.applications.find((a) => a.id === created.id)!;
  row.status = 'esignatureRequired';
  row.steps = { ...row.steps, profile: { firstName: 'Alex', lastName: 'Martin' } };
  const started = call('POST', `/applications/${created.id}/esign`).body as { signingUrl: string };
  return started.signingUrl.split('/').pop()!;
}

async function renderAt(path: string, routes: RouteObject[], language: 'en' | 'fr' = 'en') {
  const i18n = await createTestI18n(language);
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <TranslationProvider i18n={i18n}>
      <RouterProvider router={router} />
    </TranslationProvider>,
  );
  return router;
}

describe('the stand-in signing ceremony', () => {
  it('refuses a name that is not the signer’s, then signs and goes back to the signing step', async () => {
    const envelopeId = envelopeWaitingForSignature();
    const leave = vi.fn();
    await renderAt(`/in-memory/esign/${envelopeId}`, [
      { path: '/in-memory/esign/:envelopeId', element: <InMemoryCeremonyPage leave={leave} /> },
    ]);
    const name = screen.getByLabelText('Your full name');
    await userEvent.type(name, 'Sam Roy');
    await userEvent.click(screen.getByRole('button', { name: 'Sign the document' }));
    expect(name).toHaveAccessibleDescription(
      expect.stringContaining('The name you typed does not match the name on the document.'),
    );
    expect(leave).not.toHaveBeenCalled();
    await userEvent.clear(name);
    await userEvent.type(name, 'Alex Martin');
    await userEvent.click(screen.getByRole('button', { name: 'Sign the document' }));
    expect(leave).toHaveBeenCalledWith(
      expect.stringMatching(/^\/#\/application\/.+\/esign\?returned=1$/),
    );
    const application = inMemoryApi().state.applications.at(-1)!;
    expect(application.status).toBe('underReview');
  });

  it('declines in French: nothing is signed and the way back is offered', async () => {
    const envelopeId = envelopeWaitingForSignature();
    await renderAt(
      `/in-memory/esign/${envelopeId}`,
      [{ path: '/in-memory/esign/:envelopeId', element: <InMemoryCeremonyPage leave={vi.fn()} /> }],
      'fr',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Refuser' }));
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(
      'Vous avez refusé de signer',
    );
    expect(screen.getByRole('link', { name: 'Retourner à votre demande' })).toBeInTheDocument();
    expect(inMemoryApi().state.applications.at(-1)!.status).toBe('esignatureRequired');
  });

  it('says so for an envelope that does not exist', async () => {
    await renderAt('/in-memory/esign/nothing', [
      { path: '/in-memory/esign/:envelopeId', element: <InMemoryCeremonyPage leave={vi.fn()} /> },
    ]);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(
      'We can’t find this document',
    );
  });
});

describe('the stand-in sign-in page', () => {
  it('signs the sample applicant in again after logging out and returns to the dashboard', async () => {
    const api = inMemoryApi();
    api.answer({
      method: 'GET',
      url: '/security/logout?skipredirect=true',
      headers: new Headers(),
    });
    expect(api.state.signedIn).toBe(false);
    const router = await renderAt('/in-memory/sign-in', [
      { path: '/in-memory/sign-in', element: <InMemorySignInPage /> },
      { path: '/home/dashboard', element: <p>dashboard</p> },
    ]);
    await userEvent.click(
      screen.getByRole('button', { name: 'Sign in as Alex Martin, the sample applicant' }),
    );
    expect(api.state.signedIn).toBe(true);
    expect(api.state.tokens).toContain(readAccessToken());
    expect(router.state.location.pathname).toBe('/home/dashboard');
  });
});

describe('the stand-in routes', () => {
  it('go under the shell’s error layer, before the other screens', () => {
    const routes: RouteObject[] = [
      { path: '/', children: [{ children: [{ path: 'version' }] }, { path: 'other' }] },
    ];
    const [root] = withStandInRoutes(routes);
    const paths = root?.children?.[0]?.children?.map((route) => route.path);
    expect(paths).toEqual(['in-memory/sign-in', 'in-memory/esign/:envelopeId', 'version']);
    expect(root?.children?.[1]?.path).toBe('other');
  });
});
