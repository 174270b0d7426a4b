import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeAccountApi, GOOD_EMAIL_CODE } from '../../test/fake-account-api.ts';
import { client, renderApp } from '../../test/render-app.tsx';

const unverified = { status: 'signedIn', user: { ...client, emailVerified: false } } as const;

const open = (language: 'en' | 'fr' = 'en') =>
  renderApp({ path: '/home/verify-email', user: unverified, language });

describe('verify-email page (where the mail and the dashboard lead)', () => {
  afterEach(() => vi.restoreAllMocks());

  it('takes the code from the mail and leads back to the applications', async () => {
    const api = fakeAccountApi({ emailVerified: false });
    const user = userEvent.setup();
    await open();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Verify your email address' }),
    ).toBeInTheDocument();
    expect(
      await screen.findByText(/Enter the code we sent to camille@example\.com\./),
    ).toBeInTheDocument();
    await user.type(screen.getByLabelText('Code from the email'), ` ${GOOD_EMAIL_CODE} `);
    await user.click(screen.getByRole('button', { name: 'Verify email address' }));
    const done = await screen.findByRole('heading', { name: 'Your email address is verified' });
    await waitFor(() => expect(done).toHaveFocus());
    expect(screen.getByRole('link', { name: 'Go to your applications' })).toHaveAttribute(
      'href',
      '/home/dashboard',
    );
    expect(api.calls.find((call) => call.method === 'PUT')?.body).toEqual({
      code: GOOD_EMAIL_CODE,
    });
  });

  it('says what went wrong in French, with "Erreur :" in the title, and keeps the code typed', async () => {
    fakeAccountApi({ emailVerified: false, language: 'fr' });
    const user = userEvent.setup();
    await open('fr');
    const field = await screen.findByLabelText('Code reçu par courriel');
    await user.type(field, '000000');
    await user.click(screen.getByRole('button', { name: "Vérifier l'adresse courriel" }));
    const summary = await screen.findByRole('alert');
    expect(within(summary).getByRole('link')).toHaveTextContent(
      "Code reçu par courriel : Le code n'est pas le bon. Vérifiez-le et réessayez. Il vous reste 4 tentatives.",
    );
    await waitFor(() =>
      expect(document.title).toBe('Erreur : Demandes en ligne | Vérifiez votre adresse courriel'),
    );
    expect(field).toHaveValue('000000');
  });

  it('takes the person back to the screen that sent them, the invitation code (A-M3)', async () => {
    fakeAccountApi({ emailVerified: false });
    const user = userEvent.setup();
    const { router } = await renderApp({
      path: '/home/verify-email?next=%2Fauth-code',
      user: unverified,
    });
    await user.type(await screen.findByLabelText('Code from the email'), GOOD_EMAIL_CODE);
    await user.click(screen.getByRole('button', { name: 'Verify email address' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth-code'));
    expect(router.state.location.state).toEqual({ emailVerified: true });
  });

  it('offers the way back to signing once verified, and never to another site (A minor 31)', async () => {
    fakeAccountApi({ emailVerified: true, language: 'fr' });
    await renderApp({
      path: '/home/verify-email?next=%2Fapplication%2Fabc-123%2Fesign',
      user: unverified,
      language: 'fr',
    });
    expect(await screen.findByRole('link', { name: 'Revenir à votre demande' })).toHaveAttribute(
      'href',
      '/application/abc-123/esign',
    );
    vi.restoreAllMocks();
    fakeAccountApi({ emailVerified: true });
    await renderApp({ path: '/home/verify-email?next=%2F%2Fevil.example', user: unverified });
    await screen.findByRole('heading', { name: 'Your email address is already verified' });
    expect(screen.queryByRole('link', { name: /Go back/ })).not.toBeInTheDocument();
  });

  it('says when the address is already verified', async () => {
    fakeAccountApi({ emailVerified: true });
    await open();
    expect(
      await screen.findByRole('heading', { name: 'Your email address is already verified' }),
    ).toBeInTheDocument();
    expect(screen.queryByLabelText('Code from the email')).not.toBeInTheDocument();
  });
});
