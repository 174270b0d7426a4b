import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SUPPORT_PHONE } from '@portal/domain/brand';
import { savedProfile } from '@portal/domain/rules/profile.fixtures';
import { client } from '../../../test/render-app.tsx';
import { lastSaved, openProfileStep, saveAndContinue } from './profile-test-support.tsx';

const before = {
  ownership: { ownershipTypeId: 1 },
  doyouknow: { knowsAccount: true },
  allaccounts: { accounts: ['tfsa'] },
  account: {},
};
const jointSteps = {
  ownership: { ownershipTypeId: 2, jointRelationship: 'other' },
  doyouknow: { knowsAccount: true },
  allaccounts: { accounts: ['cash'] },
  account: {},
  profile: savedProfile,
};
const existingClient = { ...client, onboardingComplete: true, ibId: '99000010' };

/** The server's refusal of a profile, as the identity check answers it. */
const refusal = (field: string, code: string) => ({
  errorCode: 'invalidInput',
  message: 'Invalid input.',
  fields: { [`data.${field}`]: code },
});

describe('existing clients on the profile steps', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows an existing client their carried-over profile to confirm, who they are read-only', async () => {
    const { api } = await openProfileStep({
      steps: { ...before, profile: savedProfile },
      user: existingClient,
    });
    expect(screen.getByRole('heading', { name: 'Welcome back' })).toBeInTheDocument();
    expect(screen.getByText(new RegExp(SUPPORT_PHONE.display))).toBeInTheDocument();
    // Name, birth date and SIN are shown, not asked.
    expect(screen.queryByRole('textbox', { name: /Social insurance number/ })).toBeNull();
    expect(screen.queryByRole('textbox', { name: 'First name' })).toBeNull();
    expect(screen.getByText('*** *** 544')).toBeInTheDocument();
    expect(screen.getByText('March 27, 1985')).toBeInTheDocument();
    // The rest stays editable, and confirming sends the SIN blank (the one on file is kept).
    expect(screen.getByRole('textbox', { name: /Net liquid assets/ })).toBeInTheDocument();
    await saveAndContinue();
    await waitFor(() => expect(api.calls.some((call) => call.method === 'PUT')).toBe(true));
    expect(lastSaved(api)).toMatchObject({ birthDate: '1985-03-27', sin: '' });
  });

  it('asks a new client everything, as before', async () => {
    await openProfileStep({ steps: before });
    expect(screen.queryByRole('heading', { name: 'Welcome back' })).toBeNull();
    expect(screen.getByRole('textbox', { name: /Social insurance number/ })).toBeInTheDocument();
  });

  it.each([
    [
      'en',
      'existingAccount',
      'Our records indicate that you have an existing account. Please log in with your existing username to begin a new application.',
    ],
    [
      'fr',
      'existingAccount',
      "Nos dossiers indiquent que vous avez déjà un compte. Veuillez ouvrir une session avec votre nom d'utilisateur existant pour commencer une nouvelle demande.",
    ],
    [
      'en',
      'identityMismatch',
      'Please check application Email, SIN or Date of Birth. For assistance contact our client support team.',
    ],
    [
      'fr',
      'identityMismatch',
      "Veuillez vérifier le courriel, le NAS ou la date de naissance de la demande. Pour obtenir de l'aide, communiquez avec notre équipe du service à la clientèle.",
    ],
  ] as const)(
    'says the server’s %s refusal (%s) at the SIN and in the summary',
    async (language, code, text) => {
      const { api } = await openProfileStep({
        steps: { ...before, profile: savedProfile },
        language,
      });
      api.failNext(400, refusal('sin', code));
      await saveAndContinue();
      const summary = await screen.findByRole('alert');
      expect(within(summary).getByRole('link', { name: new RegExp(escape(text)) })).toHaveAttribute(
        'href',
        '#sin',
      );
      expect(document.getElementById('sin-error')).toHaveTextContent(text);
    },
  );

  it('says at the SIN when the identity check rests after too many refusals, keeping the answers', async () => {
    const { api } = await openProfileStep({ steps: { ...before, profile: savedProfile } });
    api.failNext(429, {
      errorCode: 'tooManyIdentityChecks',
      message: 'Too many profiles were refused by the identity check.',
      retryAfterSeconds: 3600,
    });
    await saveAndContinue();
    await screen.findByRole('alert');
    expect(document.getElementById('sin-error')).toHaveTextContent(
      `We can't check these details again for now. Try again in an hour, or call our client support team at ${SUPPORT_PHONE.display}.`,
    );
    expect(screen.getByRole('textbox', { name: /Social insurance number/ })).toBeInTheDocument();
  });

  it('says the joint mismatch, and the shareholder ID refusal with the support phone', async () => {
    const { api } = await openProfileStep({
      steps: {
        ...jointSteps,
        profilejoint: {
          ...savedProfile,
          sinMasked: '*** *** 787',
          email: 'alex@example.com',
          confirmEmail: 'alex@example.com',
          preferredLanguage: 'en',
        },
      },
      step: 'profilejoint',
    });
    api.failNext(400, refusal('sin', 'identityMismatchJoint'));
    await saveAndContinue();
    expect(
      await screen.findByText(/Please check the joint applicant's Email, SIN or Date of Birth/, {
        selector: '#sin-error',
      }),
    ).toBeInTheDocument();
    api.failNext(400, refusal('shareholderId', 'shareholderIdNotValidated'));
    await saveAndContinue();
    const error = await screen.findByText(/We were not able to validate your information/, {
      selector: '#shareholderId-error',
    });
    expect(error).toHaveTextContent(SUPPORT_PHONE.display);
  });

  it('asks the joint applicant’s client number and share, half by default, and saves them', async () => {
    const { api } = await openProfileStep({
      steps: {
        ...jointSteps,
        profilejoint: {
          ...savedProfile,
          sinMasked: '*** *** 787',
          email: 'alex@example.com',
          confirmEmail: 'alex@example.com',
          preferredLanguage: 'fr',
        },
      },
      step: 'profilejoint',
      language: 'fr',
    });
    const share = screen.getByRole('textbox', {
      name: /Part des comptes conjoints détenue par le codemandeur/,
    });
    expect(share).toHaveValue('50');
    await userEvent.clear(share);
    await userEvent.type(share, '40');
    expect(screen.getByText(/Le demandeur principal détient le reste : 60/)).toBeInTheDocument();
    await userEvent.type(
      screen.getByRole('textbox', { name: /Identifiant d'actionnaire/ }),
      '1234 5678',
    );
    await saveAndContinue();
    // Not a client number (its check digit is wrong): said before anything is sent.
    expect(
      await screen.findByText(/Un numéro de client compte 8 chiffres/, {
        selector: '#shareholderId-error',
      }),
    ).toBeInTheDocument();
    const id = screen.getByRole('textbox', { name: /Identifiant d'actionnaire/ });
    await userEvent.clear(id);
    await userEvent.type(id, '99000010');
    await saveAndContinue();
    await waitFor(() => expect(api.calls.some((call) => call.method === 'PUT')).toBe(true));
    expect(lastSaved(api)).toMatchObject({ shareholderId: '99000010', shareholderPercent: '40' });
  });
});

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
