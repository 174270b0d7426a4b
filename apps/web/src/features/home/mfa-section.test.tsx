import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  CURRENT_PASSWORD,
  fakeAccountApi,
  GOOD_APP_CODE,
  GOOD_SMS_CODE,
  RECOVERY_CODES,
  TOTP_SECRET,
} from '../../test/fake-account-api.ts';
import { client } from '../../test/render-app.tsx';
import { openSection, openSettings, section, summaryLinks } from './settings-test-helpers.tsx';
import { TEXT_DELIVERY_POLL_MS } from './sms-setup.tsx';

const advisor = { status: 'signedIn', user: { ...client, advisor: true } } as const;

/** Opens the setup of an authenticator app and gives the right password. */
async function passAppPasswordStep(user: UserEvent, mfa: HTMLElement) {
  await user.click(within(mfa).getByRole('button', { name: 'Set up an authenticator app' }));
  await user.type(await within(mfa).findByLabelText('Current password'), CURRENT_PASSWORD);
  await user.click(within(mfa).getByRole('button', { name: 'Continue' }));
}

describe('settings: two-step verification', () => {
  afterEach(() => vi.restoreAllMocks());

  it('recommends it to a client who has none, then sets up an authenticator app after the password', async () => {
    const api = fakeAccountApi();
    const { user, region: mfa } = await openSection('Two-step verification');
    expect(within(mfa).getByText('Off')).toBeInTheDocument();
    expect(within(mfa).getByRole('heading', { name: 'We recommend it' })).toBeInTheDocument();

    // The password first: no secret leaves the server before it.
    await user.click(within(mfa).getByRole('button', { name: 'Set up an authenticator app' }));
    const passwordStep = await within(mfa).findByRole('heading', {
      name: 'Set up an authenticator app',
    });
    expect(passwordStep).toHaveFocus();
    expect(within(mfa).queryByRole('img')).not.toBeInTheDocument();
    expect(api.apiCalls()).not.toContain('POST /account/mfa/totp');
    const password = within(mfa).getByLabelText('Current password');
    expect(password).toHaveAttribute('type', 'password');
    expect(password).toHaveAttribute('autocomplete', 'current-password');
    await user.type(password, 'not my password');
    await user.click(within(mfa).getByRole('button', { name: 'Continue' }));
    expect(
      await within(mfa).findByRole('link', {
        name: 'Current password: The password is not right. Enter your current password.',
      }),
    ).toBeVisible();
    expect(within(mfa).queryByRole('img')).not.toBeInTheDocument();
    await user.clear(password);
    await user.type(password, CURRENT_PASSWORD);
    await user.click(within(mfa).getByRole('button', { name: 'Continue' }));

    const qr = await within(mfa).findByRole('img', {
      name: 'QR code to scan with your authenticator app',
    });
    expect(
      api.calls.filter((call) => call.path.endsWith('/mfa/totp')).map((call) => call.body),
    ).toEqual([{ password: 'not my password' }, { password: CURRENT_PASSWORD }]);
    const heading = within(mfa).getByRole('heading', { name: 'Set up an authenticator app' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(within(mfa).queryByLabelText('Current password')).not.toBeInTheDocument();
    expect(qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml;utf8,%3Csvg/);
    expect(within(mfa).getByText(TOTP_SECRET)).toBeInTheDocument();

    const code = within(mfa).getByLabelText('Code from the app');
    await user.type(code, '12');
    await user.click(within(mfa).getByRole('button', { name: 'Turn on two-step verification' }));
    expect(
      await within(mfa).findByRole('link', {
        name: 'Code from the app: Enter the 6-digit code your authenticator app shows, like 123456.',
      }),
    ).toBeVisible();
    await user.clear(code);
    await user.type(code, '000000');
    await user.click(within(mfa).getByRole('button', { name: 'Turn on two-step verification' }));
    expect(
      await within(mfa).findByRole('link', {
        name: 'Code from the app: The code is not right. Check it and try again.',
      }),
    ).toBeVisible();
    expect(api.calls.some((call) => call.path.startsWith('/security/oauth'))).toBe(false);

    await user.clear(code);
    await user.type(code, GOOD_APP_CODE);
    await user.click(within(mfa).getByRole('button', { name: 'Turn on two-step verification' }));
    const codesHeading = await within(mfa).findByRole('heading', {
      name: 'Save your recovery codes',
    });
    await waitFor(() => expect(codesHeading).toHaveFocus());
    const list = within(mfa).getByRole('list', { name: 'Recovery codes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(RECOVERY_CODES);

    await user.click(within(mfa).getByRole('button', { name: 'Continue' }));
    expect(
      await within(mfa).findByRole('link', {
        name: /Select that you have saved your recovery codes/,
      }),
    ).toBeVisible();
    await user.click(within(mfa).getByLabelText('I have saved my recovery codes'));
    await user.click(within(mfa).getByRole('button', { name: 'Continue' }));
    expect(
      await within(mfa).findByText(/Two-step verification is on: you'll enter a code/),
    ).toBeVisible();
    expect(within(mfa).queryByText(RECOVERY_CODES[0]!)).not.toBeInTheDocument();
    await waitFor(() => expect(within(mfa).getByText('On')).toBeInTheDocument());
    expect(within(mfa).getByText('10 codes left')).toBeInTheDocument();
  });

  it('copies and downloads the recovery codes, in French', async () => {
    fakeAccountApi({
      language: 'fr',
      mfa: { required: false, totp: true, sms: null, recoveryCodesLeft: 3 },
    });
    const createObjectURL = vi.fn(() => 'blob:codes');
    URL.createObjectURL = createObjectURL;
    URL.revokeObjectURL = vi.fn();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const user = userEvent.setup();
    // After setup, which puts a clipboard of its own on the navigator.
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await openSettings('fr');
    const mfa = section('Vérification en deux étapes');
    expect(within(mfa).getByText('3 codes restants')).toBeInTheDocument();
    await user.click(
      within(mfa).getByRole('button', { name: 'Obtenir de nouveaux codes de récupération' }),
    );
    await user.click(within(mfa).getByRole('button', { name: 'Obtenir de nouveaux codes' }));
    expect(
      await within(mfa).findByRole('link', { name: 'Mot de passe actuel : Obligatoire.' }),
    ).toBeVisible();
    await user.type(within(mfa).getByLabelText('Mot de passe actuel'), CURRENT_PASSWORD);
    await user.click(within(mfa).getByRole('button', { name: 'Obtenir de nouveaux codes' }));
    await within(mfa).findByRole('heading', { name: 'Conservez vos codes de récupération' });

    await user.click(within(mfa).getByRole('button', { name: 'Copier les codes' }));
    expect(writeText).toHaveBeenCalledWith(expect.stringContaining(RECOVERY_CODES.join('\n')));
    expect(
      await within(mfa).findByText('Les codes sont copiés. Collez-les en lieu sûr.'),
    ).toBeVisible();
    await user.click(within(mfa).getByRole('button', { name: 'Télécharger un fichier texte' }));
    expect(createObjectURL).toHaveBeenCalled();
    expect(click).toHaveBeenCalled();
    expect(
      await within(mfa).findByText(
        /Les codes sont téléchargés dans le fichier laurentide-recovery-codes\.txt/,
      ),
    ).toBeVisible();
  });

  it('asks for the password before an authenticator app, in French: required, wrong, locked', async () => {
    const api = fakeAccountApi({ language: 'fr' });
    const { user, region: mfa } = await openSection('Vérification en deux étapes', 'fr');
    await user.click(
      within(mfa).getByRole('button', { name: "Configurer une application d'authentification" }),
    );
    expect(
      await within(mfa).findByRole('heading', {
        name: "Configurer une application d'authentification",
      }),
    ).toHaveFocus();
    expect(
      within(mfa).getByText(/Pour protéger votre compte, entrez le mot de passe/),
    ).toBeVisible();
    await user.click(within(mfa).getByRole('button', { name: 'Continuer' }));
    expect(
      await within(mfa).findByRole('link', { name: 'Mot de passe actuel : Obligatoire.' }),
    ).toBeVisible();
    await waitFor(() => expect(document.title).toMatch(/^Erreur : /));
    expect(api.apiCalls()).not.toContain('POST /account/mfa/totp');

    const password = within(mfa).getByLabelText('Mot de passe actuel');
    await user.type(password, 'pas le bon');
    await user.click(within(mfa).getByRole('button', { name: 'Continuer' }));
    expect(
      await within(mfa).findByRole('link', {
        name: "Mot de passe actuel : Le mot de passe n'est pas le bon. Entrez votre mot de passe actuel.",
      }),
    ).toBeVisible();
    expect(password).toHaveValue('pas le bon');
    expect(api.calls.findLast((call) => call.path.endsWith('/mfa/totp'))?.body).toEqual({
      password: 'pas le bon',
    });

    api.answerNext('POST', '/account/mfa/totp', 429, { errorCode: 'signInLocked' });
    await user.click(within(mfa).getByRole('button', { name: 'Continuer' }));
    expect(
      await within(mfa).findByText(
        'Trop de mots de passe erronés. Pour votre sécurité, attendez quelques minutes, puis réessayez.',
      ),
    ).toBeVisible();
    expect(within(mfa).queryByRole('img')).not.toBeInTheDocument();

    await user.clear(password);
    await user.type(password, CURRENT_PASSWORD);
    await user.click(within(mfa).getByRole('button', { name: 'Continuer' }));
    expect(
      await within(mfa).findByRole('img', {
        name: "Code QR à balayer avec votre application d'authentification",
      }),
    ).toBeVisible();
    expect(api.calls.findLast((call) => call.path.endsWith('/mfa/totp'))?.body).toEqual({
      password: CURRENT_PASSWORD,
    });
  });

  it('says an app set up meanwhile is already on, after the password', async () => {
    const api = fakeAccountApi();
    api.answerNext('POST', '/account/mfa/totp', 409, { errorCode: 'alreadyEnabled' });
    const { user, region: mfa } = await openSection('Two-step verification');
    await passAppPasswordStep(user, mfa);
    const said = await within(mfa).findByText(
      'An authenticator app is already set up on your account.',
    );
    await waitFor(() => expect(said).toHaveFocus());
    expect(within(mfa).queryByLabelText('Current password')).not.toBeInTheDocument();
    expect(api.apiCalls().at(-1)).toBe('GET /account');
  });

  it('cancels the password step of an authenticator app', async () => {
    fakeAccountApi();
    const { user, region: mfa } = await openSection('Two-step verification');
    await user.click(within(mfa).getByRole('button', { name: 'Set up an authenticator app' }));
    await user.click(await within(mfa).findByRole('button', { name: 'Cancel' }));
    expect(within(mfa).queryByLabelText('Current password')).not.toBeInTheDocument();
    expect(
      within(mfa).getByRole('button', { name: 'Set up an authenticator app' }),
    ).toBeInTheDocument();
  });

  it('falls back to text messages: a phone and the password, then its code', async () => {
    const api = fakeAccountApi();
    const { user, region: mfa } = await openSection('Two-step verification');
    await user.click(within(mfa).getByRole('button', { name: 'Use text messages instead' }));
    const phone = within(mfa).getByLabelText('Mobile phone number');
    expect(phone).toHaveAttribute('type', 'tel');
    const password = within(mfa).getByLabelText('Current password');
    expect(password).toHaveAttribute('type', 'password');
    expect(password).toHaveAttribute('autocomplete', 'current-password');
    await user.click(within(mfa).getByRole('button', { name: 'Text me a code' }));
    expect(await summaryLinks(mfa)).toEqual([
      'Mobile phone number: Required.',
      'Current password: Required.',
    ]);

    await user.type(phone, '555 1234');
    await user.type(password, 'not my password');
    await user.click(within(mfa).getByRole('button', { name: 'Text me a code' }));
    expect(
      await within(mfa).findByRole('link', {
        name: /Mobile phone number: Enter a Canadian or U\.S\. mobile number/,
      }),
    ).toBeVisible();
    expect(api.apiCalls()).not.toContain('POST /account/mfa/sms');
    await user.clear(phone);
    await user.type(phone, '(514) 555-0123');
    await user.click(within(mfa).getByRole('button', { name: 'Text me a code' }));
    expect(
      await within(mfa).findByRole('link', {
        name: 'Current password: The password is not right. Enter your current password.',
      }),
    ).toBeVisible();
    expect(phone).toHaveValue('(514) 555-0123');
    await user.clear(password);
    await user.type(password, CURRENT_PASSWORD);
    await user.click(within(mfa).getByRole('button', { name: 'Text me a code' }));
    expect(await within(mfa).findByText('We texted a code to (514) 555-0123.')).toBeVisible();
    expect(
      api.calls.filter((call) => call.path.endsWith('/mfa/sms')).map((call) => call.body),
    ).toEqual([
      { phone: '5145550123', password: 'not my password' },
      { phone: '5145550123', password: CURRENT_PASSWORD },
    ]);
    const code = within(mfa).getByLabelText('Code from the text message');
    await waitFor(() => expect(code).toHaveFocus());
    await user.type(code, GOOD_SMS_CODE);
    await user.click(within(mfa).getByRole('button', { name: 'Turn on text messages' }));
    expect(
      await within(mfa).findByRole('heading', { name: 'Save your recovery codes' }),
    ).toBeInTheDocument();
  });

  it('says in French why the code did not reach the number once the vendor reports it, and stops asking', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const api = fakeAccountApi({
        language: 'fr',
        mfa: { required: false, totp: true, sms: null, recoveryCodesLeft: 10 },
      });
      const { region: mfa } = await openSection('Vérification en deux étapes', 'fr');
      const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
      await user.click(
        within(mfa).getByRole('button', { name: 'Ajouter les textos comme solution de rechange' }),
      );
      await user.type(within(mfa).getByLabelText('Numéro de cellulaire'), '514 555 0123');
      await user.type(within(mfa).getByLabelText('Mot de passe actuel'), CURRENT_PASSWORD);
      await user.click(within(mfa).getByRole('button', { name: "M'envoyer un code par texto" }));
      await within(mfa).findByLabelText('Code reçu par texto');
      const polls = () =>
        api.apiCalls().filter((call) => call === 'GET /account/mfa/sms/delivery').length;

      // On its way: nothing to say.
      await vi.advanceTimersByTimeAsync(TEXT_DELIVERY_POLL_MS);
      await waitFor(() => expect(polls()).toBeGreaterThanOrEqual(1));
      expect(within(mfa).queryByText(/STOP/)).not.toBeInTheDocument();

      // Twilio refused it: the person replied STOP to us once.
      api.answerNext('GET', '/account/mfa/sms/delivery', 200, { problem: 'smsOptedOut' });
      await vi.advanceTimersByTimeAsync(TEXT_DELIVERY_POLL_MS);
      const said = await within(mfa).findByText(/Les textos vers ce numéro sont bloqués/);
      expect(said.closest('[role="alert"]')).toBeInTheDocument();
      expect(within(mfa).getByText(/Vous pouvez utiliser un autre numéro/)).toBeVisible();
      const asked = polls();
      await vi.advanceTimersByTimeAsync(TEXT_DELIVERY_POLL_MS * 3);
      expect(polls()).toBe(asked);
    } finally {
      vi.useRealTimers();
    }
  });

  it('asks for the password with the number in French, and sends it again with a new code', async () => {
    const api = fakeAccountApi({
      language: 'fr',
      mfa: { required: false, totp: true, sms: null, recoveryCodesLeft: 10 },
    });
    const { user, region: mfa } = await openSection('Vérification en deux étapes', 'fr');
    await user.click(
      within(mfa).getByRole('button', { name: 'Ajouter les textos comme solution de rechange' }),
    );
    await user.type(within(mfa).getByLabelText('Numéro de cellulaire'), '514 555 0123');
    const password = within(mfa).getByLabelText('Mot de passe actuel');
    expect(password).toHaveAccessibleDescription(
      'Pour protéger votre compte, entrez le mot de passe avec lequel vous ouvrez une session.',
    );
    await user.type(password, 'pas le bon');
    await user.click(within(mfa).getByRole('button', { name: "M'envoyer un code par texto" }));
    expect(
      await within(mfa).findByRole('link', {
        name: "Mot de passe actuel : Le mot de passe n'est pas le bon. Entrez votre mot de passe actuel.",
      }),
    ).toBeVisible();
    await user.clear(password);
    await user.type(password, CURRENT_PASSWORD);
    await user.click(within(mfa).getByRole('button', { name: "M'envoyer un code par texto" }));
    expect(
      await within(mfa).findByText('Nous avons envoyé un code par texto au (514) 555-0123.'),
    ).toBeVisible();

    // A new code asks the server again, with the same password.
    await user.click(within(mfa).getByRole('button', { name: "M'envoyer un nouveau code" }));
    await waitFor(() =>
      expect(api.apiCalls().filter((call) => call === 'POST /account/mfa/sms')).toHaveLength(3),
    );
    expect(api.calls.findLast((call) => call.path.endsWith('/mfa/sms'))?.body).toEqual({
      phone: '5145550123',
      password: CURRENT_PASSWORD,
    });

    // The password changed elsewhere meanwhile: back to the number and the password.
    api.answerNext('POST', '/account/mfa/sms', 401, { errorCode: 'wrongPassword' });
    await user.click(within(mfa).getByRole('button', { name: "M'envoyer un nouveau code" }));
    expect(
      await within(mfa).findByRole('link', {
        name: /Le mot de passe n'est pas le bon\. Entrez votre mot de passe actuel\./,
      }),
    ).toBeVisible();
    expect(within(mfa).getByLabelText('Numéro de cellulaire')).toHaveValue('5145550123');
    expect(within(mfa).getByLabelText('Mot de passe actuel')).toBeInTheDocument();
  });

  it('turns one factor off after the password, in French', async () => {
    const api = fakeAccountApi({
      language: 'fr',
      mfa: {
        required: false,
        totp: true,
        sms: { phoneMasked: '•••-•••-0123' },
        recoveryCodesLeft: 8,
      },
    });
    const { user, region: mfa } = await openSection('Vérification en deux étapes', 'fr');
    expect(within(mfa).getByText('Au •••-•••-0123')).toBeInTheDocument();
    await user.click(
      within(mfa).getByRole('button', { name: 'Désactiver la vérification en deux étapes' }),
    );
    await user.click(within(mfa).getByRole('button', { name: 'Désactiver' }));
    expect(await summaryLinks(mfa)).toEqual([
      'Que voulez-vous désactiver : Obligatoire.',
      'Mot de passe actuel : Obligatoire.',
    ]);
    await user.click(within(mfa).getByLabelText('Les textos seulement'));
    await user.type(within(mfa).getByLabelText('Mot de passe actuel'), 'wrong one');
    await user.click(within(mfa).getByRole('button', { name: 'Désactiver' }));
    expect(
      await within(mfa).findByRole('link', {
        name: "Mot de passe actuel : Le mot de passe n'est pas le bon. Entrez votre mot de passe actuel.",
      }),
    ).toBeVisible();
    await user.clear(within(mfa).getByLabelText('Mot de passe actuel'));
    await user.type(within(mfa).getByLabelText('Mot de passe actuel'), CURRENT_PASSWORD);
    await user.click(within(mfa).getByRole('button', { name: 'Désactiver' }));
    expect(
      await within(mfa).findByText(
        "Cette deuxième étape est désactivée. L'autre protège toujours votre compte.",
      ),
    ).toBeVisible();
    expect(api.calls.findLast((call) => call.path.endsWith('/mfa/disable'))?.body).toEqual({
      password: CURRENT_PASSWORD,
      factor: 'sms',
    });
    expect(within(mfa).getAllByText('Non configurée')).toHaveLength(1);
  });

  it('never offers advisors to turn it off, and says why', async () => {
    fakeAccountApi({ mfa: { required: true, totp: true, sms: null, recoveryCodesLeft: 10 } });
    await openSettings('en', advisor);
    const mfa = section('Two-step verification');
    expect(
      within(mfa).getByText("Your role requires two-step verification, so it can't be turned off."),
    ).toBeInTheDocument();
    expect(
      within(mfa).queryByRole('button', { name: 'Turn off two-step verification' }),
    ).not.toBeInTheDocument();
    expect(within(mfa).queryByText('We recommend it')).not.toBeInTheDocument();
    // Advisors keep the settings link though they have no logout button.
    expect(screen.getByRole('link', { name: 'Settings' })).toHaveAttribute('aria-current', 'page');
  });

  it('starts again when the setup has expired', async () => {
    const api = fakeAccountApi();
    api.answerNext('PUT', '/account/mfa/totp', 404, { errorCode: 'noEnrollment' });
    Element.prototype.scrollIntoView = vi.fn();
    const { user, region: mfa } = await openSection('Two-step verification');
    await passAppPasswordStep(user, mfa);
    await user.type(await within(mfa).findByLabelText('Code from the app'), GOOD_APP_CODE);
    await user.click(within(mfa).getByRole('button', { name: 'Turn on two-step verification' }));
    await user.click(
      await within(mfa).findByRole('link', {
        name: 'Your setup has expired. Start again to get a new QR code.',
      }),
    );
    const again = within(mfa).getByRole('button', { name: 'Start again' });
    expect(again).toHaveFocus();
    await user.click(again);
    // A new secret needs the password again: it is not kept in memory meanwhile.
    const heading = await within(mfa).findByRole('heading', {
      name: 'Set up an authenticator app',
    });
    await waitFor(() => expect(heading).toHaveFocus());
    await user.type(within(mfa).getByLabelText('Current password'), CURRENT_PASSWORD);
    await user.click(within(mfa).getByRole('button', { name: 'Continue' }));
    expect(await within(mfa).findByLabelText('Code from the app')).toHaveValue('');
    expect(api.apiCalls().filter((call) => call === 'POST /account/mfa/totp')).toHaveLength(2);
  });
});
