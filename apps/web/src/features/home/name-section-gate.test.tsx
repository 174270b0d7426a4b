import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeAccountApi } from '../../test/fake-account-api.ts';
import { client, renderApp } from '../../test/render-app.tsx';

/** Issue 12 item 1: an account whose name the rule refuses corrects it before anything else. */
describe('a name to correct on sign-in', () => {
  afterEach(() => vi.restoreAllMocks());

  const legacy = {
    status: 'signedIn',
    user: { ...client, firstName: 'Anne (Annie)', nameNeedsCorrection: true },
  } as const;

  it('asks for the name first, says which characters, then goes on to the page asked for', async () => {
    const api = fakeAccountApi({ firstName: 'Anne (Annie)' });
    const user = userEvent.setup();
    await renderApp({ path: '/home/settings', user: legacy });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Check your name before you continue' }),
    ).toBeInTheDocument();
    expect(
      await screen.findByText(
        'Your name as we have it, Anne (Annie) Tremblay, has characters a name cannot have on an account application: ( )',
      ),
    ).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Online Applications | Check your name'));
    const first = await screen.findByLabelText('First name');
    await user.clear(first);
    await user.type(first, 'Anne');
    await user.click(screen.getByRole('button', { name: 'Save name' }));
    // The settings page asked for, now: the name saved, the heading focused.
    const heading = await screen.findByRole('heading', { level: 1, name: 'Account settings' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(api.calls.find((call) => call.path.endsWith('/account/name'))?.body).toEqual({
      firstName: 'Anne',
      lastName: 'Tremblay',
    });
    expect(screen.getByText('Signed in as Anne Tremblay')).toBeInTheDocument();
  });

  it('keeps asking while the new name is refused too, naming the characters, in French', async () => {
    const api = fakeAccountApi({ firstName: 'Anne (Annie)' });
    const user = userEvent.setup();
    await renderApp({ path: '/home/settings', user: legacy, language: 'fr' });
    await screen.findByRole('heading', { level: 1, name: 'Vérifiez votre nom avant de continuer' });
    const first = await screen.findByLabelText('Prénom');
    await user.clear(first);
    await user.type(first, 'Anne 2');
    await user.click(screen.getByRole('button', { name: 'Enregistrer le nom' }));
    const summary = await screen.findByRole('alert');
    expect(within(summary).getByRole('link')).toHaveTextContent(
      /^Prénom\s:\sCaractères non permis dans un nom\s: 2\. Un nom peut contenir des lettres/,
    );
    expect(api.apiCalls()).not.toContain('PUT /account/name');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Vérifiez votre nom');
  });

  it('lets an account whose name the rule accepts straight through', async () => {
    fakeAccountApi();
    await renderApp({ path: '/home/settings', user: { status: 'signedIn', user: client } });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Account settings' }),
    ).toBeInTheDocument();
  });
});
