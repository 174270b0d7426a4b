import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CURRENT_PASSWORD, fakeAccountApi, GOOD_EMAIL_CODE } from '../../test/fake-account-api.ts';
import { openSection, openSettings, section, summaryLinks } from './settings-test-helpers.tsx';

/** Any call that would renew the token or leave for the sign-in page. */
const signInCalls = (api: ReturnType<typeof fakeAccountApi>) =>
  api.calls.filter((call) => call.path.startsWith('/security/oauth'));

describe('settings: email address', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows a verified address with no code to enter', async () => {
    fakeAccountApi();
    await openSettings();
    const email = section('Email address');
    expect(within(email).getByText('camille@example.com')).toBeInTheDocument();
    expect(within(email).getByText('Verified')).toBeInTheDocument();
    expect(within(email).queryByLabelText('Code from the email')).not.toBeInTheDocument();
  });

  it('verifies the address with its code: a wrong code says the attempts left, the right one verifies', async () => {
    const api = fakeAccountApi({ emailVerified: false });
    const { user, region: email } = await openSection('Email address');
    expect(within(email).getByText('Not verified')).toBeInTheDocument();
    const field = within(email).getByLabelText('Code from the email');
    expect(field).toHaveAttribute('autocomplete', 'one-time-code');
    expect(field).toHaveAttribute('inputmode', 'numeric');
    expect(field).toHaveAccessibleDescription(/6 digits\. A code works for 30 minutes\./);

    await user.type(field, '12ab');
    await user.click(within(email).getByRole('button', { name: 'Verify email address' }));
    expect(
      await within(email).findByRole('link', {
        name: 'Code from the email: Enter the 6-digit code from the email, like 123456.',
      }),
    ).toBeVisible();
    expect(api.apiCalls()).not.toContain('PUT /account/email-verification');

    await user.clear(field);
    await user.type(field, '999999');
    await user.click(within(email).getByRole('button', { name: 'Verify email address' }));
    expect(
      await within(email).findByRole('link', {
        name: 'Code from the email: The code is not right. Check it and try again. You have 4 attempts left.',
      }),
    ).toBeVisible();
    expect(field).toHaveValue('999999');
    // A wrong code is the form's refusal (401), not an expired sign-in.
    expect(signInCalls(api)).toEqual([]);

    await user.clear(field);
    await user.type(field, GOOD_EMAIL_CODE);
    await user.click(within(email).getByRole('button', { name: 'Verify email address' }));
    const done = await within(email).findByText(
      'Your email address camille@example.com is verified.',
    );
    await waitFor(() => expect(done).toHaveFocus());
    expect(within(email).getByText('Verified')).toBeInTheDocument();
  });

  it('points to a new code when the code expired or was tried too often, and sends one', async () => {
    const api = fakeAccountApi({ emailVerified: false });
    api.answerNext('PUT', '/account/email-verification', 409, { errorCode: 'codeExpired' });
    api.answerNext('PUT', '/account/email-verification', 403, { errorCode: 'tooManyAttempts' });
    const { user, region: email } = await openSection('Email address');
    const field = within(email).getByLabelText('Code from the email');
    await user.type(field, '111111');
    await user.click(within(email).getByRole('button', { name: 'Verify email address' }));
    const expired = await within(email).findByRole('link', {
      name: 'This code has expired. Send a new code, then enter it.',
    });
    // jsdom does not scroll.
    Element.prototype.scrollIntoView = vi.fn();
    await user.click(expired);
    expect(within(email).getByRole('button', { name: 'Send a new code' })).toHaveFocus();

    await user.click(within(email).getByRole('button', { name: 'Verify email address' }));
    expect(
      await within(email).findByRole('link', {
        name: 'You entered a wrong code too many times. Send a new code, then enter it.',
      }),
    ).toBeVisible();
    // 403 here is the form's own refusal: the person stays signed in.
    expect(signInCalls(api)).toEqual([]);

    await user.click(within(email).getByRole('button', { name: 'Send a new code' }));
    expect(
      await within(email).findByText(/We sent a new code to camille@example\.com\./),
    ).toBeInTheDocument();
    expect(within(email).getByText(/You can ask for another code at/)).toBeInTheDocument();
    expect(field).toHaveValue('');
    expect(field).toHaveFocus();
  });

  it('says when a new code can be asked for after asking too often, in French', async () => {
    const api = fakeAccountApi({ emailVerified: false, language: 'fr' });
    api.answerNext(
      'POST',
      '/account/email-verification',
      429,
      { errorCode: 'tooManyCodes' },
      {
        'retry-after': '120',
      },
    );
    const { user, region: email } = await openSection('Adresse courriel', 'fr');
    expect(within(email).getByText('Non vérifiée')).toBeInTheDocument();
    await user.click(within(email).getByRole('button', { name: 'Envoyer un nouveau code' }));
    expect(await within(email).findByRole('alert')).toHaveTextContent(
      /Vous avez demandé un code trop récemment ou trop de fois\. Vous pourrez demander un autre code à \d/,
    );
  });

  it('changes the address: a password check, a code to the new address, and a way back, in French', async () => {
    const api = fakeAccountApi({ language: 'fr' });
    api.answerNext('PUT', '/account/email', 409, { errorCode: 'emailTaken' });
    const { user, region: email } = await openSection('Adresse courriel', 'fr');
    await user.click(within(email).getByRole('button', { name: "Changer d'adresse courriel" }));
    const address = within(email).getByLabelText('Nouvelle adresse courriel');
    expect(address).toHaveFocus();
    expect(address).toHaveAttribute('type', 'email');
    const password = within(email).getByLabelText('Mot de passe actuel');
    expect(password).toHaveAttribute('type', 'password');
    expect(password).toHaveAttribute('autocomplete', 'current-password');

    const send = () =>
      user.click(
        within(email).getByRole('button', { name: 'Envoyer un code à la nouvelle adresse' }),
      );
    await send();
    expect(await summaryLinks(email)).toEqual([
      'Nouvelle adresse courriel : Obligatoire.',
      'Mot de passe actuel : Obligatoire.',
    ]);

    await user.type(address, 'camille.t@example.com');
    await user.type(password, 'not my password');
    await send();
    expect(
      await within(email).findByRole('link', {
        name: 'Nouvelle adresse courriel : Un autre compte utilise cette adresse courriel. Entrez-en une autre.',
      }),
    ).toBeVisible();
    await send();
    expect(
      await within(email).findByRole('link', {
        name: "Mot de passe actuel : Le mot de passe n'est pas le bon. Entrez votre mot de passe actuel.",
      }),
    ).toBeVisible();
    expect(address).toHaveValue('camille.t@example.com');

    await user.clear(password);
    await user.type(password, CURRENT_PASSWORD);
    await send();
    expect(
      await within(email).findByText(
        'Nous avons envoyé un code à camille.t@example.com. Entrez-le ci-dessous pour confirmer votre nouvelle adresse.',
      ),
    ).toBeInTheDocument();
    expect(within(email).getByText('En attente de son code')).toBeInTheDocument();
    expect(within(email).getByLabelText('Code reçu par courriel')).toBeInTheDocument();

    await user.click(
      within(email).getByRole('button', { name: "Annuler le changement d'adresse" }),
    );
    expect(
      await within(email).findByText(
        'Le changement est annulé. Votre adresse courriel est toujours camille@example.com.',
      ),
    ).toBeInTheDocument();
    expect(api.apiCalls()).toContain('DELETE /account/email');
  });

  it('proves a new address with the code sent to it', async () => {
    fakeAccountApi({ pendingEmail: 'camille.t@example.com' });
    const { user, region: email } = await openSection('Email address');
    expect(
      within(email).getByText(
        'We sent a code to camille.t@example.com. Enter it to confirm your new address.',
      ),
    ).toBeInTheDocument();
    await user.type(within(email).getByLabelText('Code from the email'), GOOD_EMAIL_CODE);
    await user.click(within(email).getByRole('button', { name: 'Confirm new address' }));
    expect(
      await within(email).findByText('Your email address camille.t@example.com is verified.'),
    ).toBeInTheDocument();
    expect(screen.queryByText('Waiting for its code')).not.toBeInTheDocument();
  });
});
