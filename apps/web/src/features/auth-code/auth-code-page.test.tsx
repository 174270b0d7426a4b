import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CUSTOMER_AGREEMENTS } from '@portal/domain/rules/agreement-documents';
import { ENGLISH_CHOICE_WORDING } from '@portal/domain/rules/agreement-language';
import type { CoAuthCodeInvitation } from '@portal/domain/rules/co-auth-code';
import { coAuthCodeApi } from '../../lib/co-auth-code-api.ts';
import { fakeApplicationsApi } from '../../test/fake-applications-api.ts';
import { client, renderApp } from '../../test/render-app.tsx';

// The screen is tested against the API module's outcomes (the spec's status numbers); the
// module's own mapping of HTTP answers is tested beside it in lib/.
vi.mock('../../lib/co-auth-code-api.ts', () => ({
  coAuthCodeApi: { read: vi.fn(), resend: vi.fn(), verify: vi.fn() },
}));
const api = vi.mocked(coAuthCodeApi);

const signedIn = { status: 'signedIn', user: { ...client, email: 'alex@example.com' } } as const;
const APPLICATION_ID = 'aaaaaaa1-0000-4000-8000-000000000000';

function invitation(values: Partial<CoAuthCodeInvitation> = {}): CoAuthCodeInvitation {
  return {
    status: 200,
    state: 'waiting',
    applicationId: APPLICATION_ID,
    inviterName: 'Camille Tremblay',
    expiresAt: '2026-12-02T15:30:00Z',
    attemptsLeft: 5,
    resendAvailableAt: '2026-12-01T15:31:00Z',
    ...values,
  };
}

const open = (language: 'en' | 'fr' = 'en') =>
  renderApp({ path: '/auth-code', user: signedIn, language });

describe('auth-code: the joint applicant enters the emailed code', () => {
  beforeEach(() => {
    api.read.mockResolvedValue({ status: 200, kind: 'invitation', invitation: invitation() });
  });
  afterEach(() => vi.resetAllMocks());

  it('takes the four digits, spaces allowed, and goes to the applications with a notice', async () => {
    fakeApplicationsApi();
    api.verify.mockResolvedValue({
      status: 200,
      kind: 'verified',
      invitation: invitation({ state: 'verified', applicationStatus: 'esignatureRequired' }),
    });
    const user = userEvent.setup();
    const { router } = await open();
    expect(
      await screen.findByText(
        'Camille Tremblay invited you to join their joint account application.',
      ),
    ).toBeInTheDocument();
    const field = screen.getByLabelText('Authentication code');
    expect(field).toHaveAttribute('inputmode', 'numeric');
    expect(field).toHaveAttribute('autocomplete', 'one-time-code');
    expect(field).toHaveAccessibleDescription(
      /The 4 digits from the email sent to alex@example\.com/,
    );
    await user.type(field, '04 27');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    // Continuing accepts the customer agreements, linked above the button, in the reader's
    // language outside Quebec.
    expect(screen.getByRole('link', { name: /^Customer agreements \(version / })).toHaveAttribute(
      'href',
      expect.stringContaining(`${CUSTOMER_AGREEMENTS.id}.en.html`),
    );
    expect(api.verify).toHaveBeenCalledWith('0427', {
      agreementId: CUSTOMER_AGREEMENTS.id,
      hasConsent: true,
      boundLanguage: 'en',
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/home/dashboard'));
    expect(router.state.location.state).toEqual({ jointApplicationJoined: APPLICATION_ID });
  });

  it('says the code does not match, with the attempts left, in the summary and at the field', async () => {
    api.verify.mockResolvedValue({ status: 401, kind: 'mismatch', attemptsLeft: 4 });
    const user = userEvent.setup();
    await open();
    await user.type(await screen.findByLabelText('Authentication code'), '1111');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    const message = 'Oops, looks like the code does not match. You have 4 attempts left.';
    const summary = await screen.findByRole('alert');
    expect(
      within(summary).getByRole('heading', { name: 'There is a problem' }),
    ).toBeInTheDocument();
    expect(
      within(summary).getByRole('link', { name: `Authentication code: ${message}` }),
    ).toBeInTheDocument();
    await waitFor(() => expect(summary).toHaveFocus());
    const field = screen.getByLabelText('Authentication code');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription(expect.stringContaining(message));
  });

  it('checks what was typed before sending anything', async () => {
    const user = userEvent.setup();
    await open();
    await user.click(await screen.findByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Enter the code from your email.');
    await user.type(screen.getByLabelText('Authentication code'), '123');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Enter the 4-digit code from your email, like 1234.',
    );
    expect(api.verify).not.toHaveBeenCalled();
  });

  it('says the code expired and sends a new one on request, announcing it', async () => {
    api.read.mockResolvedValue({
      status: 409,
      kind: 'invitation',
      invitation: invitation({ status: 409, state: 'expired' }),
    });
    api.resend.mockResolvedValue({
      status: 201,
      kind: 'sent',
      invitation: invitation({ status: 201 }),
    });
    const user = userEvent.setup();
    await open();
    const summary = await screen.findByRole('alert');
    expect(within(summary).getByRole('link', { name: 'Code expired.' })).toBeInTheDocument();
    expect(
      screen.getByText("Ask for a new code: we'll email it to alex@example.com."),
    ).toBeInTheDocument();
    expect(screen.queryByLabelText('Authentication code')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Send me a new code' }));
    expect(api.resend).toHaveBeenCalledTimes(1);
    const status = await screen.findByText(
      "We sent a new code to alex@example.com. It's valid for 24 hours.",
    );
    expect(status.closest('[role="status"]')).not.toBeNull();
    await waitFor(() => expect(screen.getByLabelText('Authentication code')).toHaveFocus());
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('stops at the maximum number of attempts and offers a new code', async () => {
    api.verify.mockResolvedValue({ status: 403, kind: 'locked' });
    const user = userEvent.setup();
    await open();
    await user.type(await screen.findByLabelText('Authentication code'), '9999');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    const summary = await screen.findByRole('alert');
    expect(
      within(summary).getByRole('link', { name: 'Failed maximum number of attempts.' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/For your security, this code no longer works/)).toBeInTheDocument();
    expect(screen.queryByLabelText('Authentication code')).not.toBeInTheDocument();
    // jsdom lays nothing out, so it cannot scroll; the summary's link scrolls to its target.
    Object.defineProperty(Element.prototype, 'scrollIntoView', {
      configurable: true,
      value: vi.fn(),
    });
    await user.click(within(summary).getByRole('link'));
    expect(screen.getByRole('button', { name: 'Send me a new code' })).toHaveFocus();
  });

  it('announces a new code sent from the form, and says when one was asked for too soon', async () => {
    api.resend
      .mockResolvedValueOnce({ status: 201, kind: 'sent', invitation: invitation({ status: 201 }) })
      .mockResolvedValueOnce({
        status: 429,
        kind: 'tooSoon',
        errorCode: 'coAuthCodeResendTooSoon',
        retryAfterSeconds: 45,
      });
    const user = userEvent.setup();
    await open();
    await user.click(await screen.findByRole('button', { name: 'Send me a new code' }));
    expect(
      await screen.findByText("We sent a new code to alex@example.com. It's valid for 24 hours."),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send me a new code' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      /We sent you a code a moment ago\. Wait a minute before asking for another one\. You can ask for a new code at/,
    );
  });

  it('tells a person signed in with another address which one to use', async () => {
    api.read.mockResolvedValue({ status: 404, kind: 'none' });
    await open();
    expect(
      await screen.findByRole('heading', { name: 'No invitation for this email address' }),
    ).toBeInTheDocument();
    expect(
      screen.getByText(/Sign in with the address the invitation was sent to\./),
    ).toBeInTheDocument();
    expect(screen.getByText("You're signed in as alex@example.com.")).toBeInTheDocument();
    expect(
      screen.getByRole('link', { name: 'Sign out to use another email address' }),
    ).toHaveAttribute('href', '/logout');
  });

  it('says when the invitation cannot be checked, and checks again on request', async () => {
    api.read.mockRejectedValueOnce(new Error('offline'));
    const user = userEvent.setup();
    await open();
    expect(await screen.findByText(/We couldn't check your invitation/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByLabelText('Authentication code')).toBeInTheDocument();
  });

  it('works in French', async () => {
    api.verify.mockResolvedValue({ status: 401, kind: 'mismatch', attemptsLeft: 2 });
    const user = userEvent.setup();
    await open('fr');
    expect(
      await screen.findByRole('heading', { name: 'Confirmez votre identité' }),
    ).toBeInTheDocument();
    expect(
      await screen.findByText(
        'Camille Tremblay vous invite à vous joindre à sa demande de compte conjoint.',
      ),
    ).toBeInTheDocument();
    const field = screen.getByLabelText("Code d'authentification");
    expect(field).toHaveAccessibleDescription(/jusqu'au 2 décembre 2026/);
    await user.type(field, '1111');
    await user.click(screen.getByRole('button', { name: 'Continuer' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Oups! On dirait que le code ne correspond pas. Il vous reste 2 tentatives.',
    );
    expect(screen.getByRole('button', { name: 'Envoyez-moi un nouveau code' })).toBeInTheDocument();
    expect(document.title).toContain("Code d'authentification");
  });

  it('asks a person whose address is not verified to verify it first, keeping the code typed', async () => {
    api.verify.mockResolvedValue({ status: 403, kind: 'emailNotVerified' });
    const user = userEvent.setup();
    const { router } = await open();
    const field = await screen.findByLabelText('Authentication code');
    await user.type(field, '1234');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Verify your email address first');
    expect(alert).toHaveTextContent(
      'Before you join a joint application, we need to know that alex@example.com is yours.',
    );
    // Why two codes (A minor 26), and the way there and back to this page (A-M3).
    expect(alert).toHaveTextContent(
      "the 4-digit authentication code in the invitation shows you're the person invited to this application.",
    );
    expect(within(alert).getByRole('link', { name: 'Verify your email address' })).toHaveAttribute(
      'href',
      '/home/verify-email?next=%2Fauth-code',
    );
    expect(field).toHaveValue('1234');
    expect(router.state.location.pathname).toBe('/auth-code');
  });

  it('says before any code is typed that the address is to prove first, and why two codes (A-M3, A minor 26)', async () => {
    await renderApp({
      path: '/auth-code',
      user: {
        status: 'signedIn',
        user: { ...client, email: 'alex@example.com', emailVerified: false },
      },
    });
    const notice = await screen.findByRole('region', { name: 'Verify your email address first' });
    expect(notice).toHaveTextContent('You use two codes, both sent by email');
    expect(within(notice).getByRole('link', { name: 'Verify your email address' })).toHaveAttribute(
      'href',
      '/home/verify-email?next=%2Fauth-code',
    );
  });

  it('says the address is verified on coming back, with the invitation kept (A-M3)', async () => {
    await renderApp({
      path: '/auth-code',
      state: { emailVerified: true },
      user: signedIn,
    });
    expect(
      await screen.findByText(
        'Your email address is verified. Now enter the 4-digit authentication code from the invitation.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Authentication code')).toBeInTheDocument();
  });

  it('tells a joint applicant who joined that confirming their identity is next (A-M2)', async () => {
    fakeApplicationsApi();
    api.verify.mockResolvedValue({
      status: 200,
      kind: 'verified',
      invitation: invitation({ state: 'verified', applicationStatus: 'jointEidUndetermined' }),
    });
    const user = userEvent.setup();
    const { router } = await open('fr');
    await user.type(await screen.findByLabelText("Code d'authentification"), '0427');
    await user.click(screen.getByRole('button', { name: 'Continuer' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/home/dashboard'));
    expect(
      await screen.findByText(/C'est à votre tour de confirmer votre identité/),
    ).toBeInTheDocument();
  });

  it('says the same in French when the invitation cannot be read yet', async () => {
    api.read.mockResolvedValue({ status: 403, kind: 'emailNotVerified' });
    await open('fr');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent("Vérifiez d'abord votre adresse courriel");
    expect(
      within(alert).getByRole('link', { name: 'Vérifier votre adresse courriel' }),
    ).toBeInTheDocument();
    expect(screen.queryByLabelText("Code d'authentification")).not.toBeInTheDocument();
  });

  describe('a joint applicant living in Quebec (ADR 0016)', () => {
    beforeEach(() => {
      api.read.mockResolvedValue({
        status: 200,
        kind: 'invitation',
        invitation: invitation({ frenchFirst: true }),
      });
    });

    it('gives the French version first and binds in French unless the choice is ticked', async () => {
      api.verify.mockResolvedValue({ status: 401, kind: 'mismatch', attemptsLeft: 4 });
      const user = userEvent.setup();
      await open();
      const section = await screen.findByRole('region', { name: 'Customer agreements' });
      const links = within(section).getAllByRole('link');
      expect(links[0]).toHaveAccessibleName(/French version/);
      expect(links[0]).toHaveAttribute('href', expect.stringContaining('.fr.html'));
      expect(links[1]).toHaveAccessibleName(/English version/);
      const choice = within(section).getByRole('checkbox', { name: ENGLISH_CHOICE_WORDING.fr });
      expect(choice).not.toBeChecked();
      expect(choice).toHaveAccessibleDescription(
        expect.stringContaining(ENGLISH_CHOICE_WORDING.en),
      );
      await user.type(screen.getByLabelText('Authentication code'), '1111');
      await user.click(screen.getByRole('button', { name: 'Continue' }));
      expect(api.verify).toHaveBeenLastCalledWith('1111', {
        agreementId: CUSTOMER_AGREEMENTS.id,
        hasConsent: true,
        boundLanguage: 'fr',
        expressEnglishChoice: false,
      });
      await user.click(choice);
      await user.click(screen.getByRole('button', { name: 'Continue' }));
      expect(api.verify).toHaveBeenLastCalledWith('1111', {
        agreementId: CUSTOMER_AGREEMENTS.id,
        hasConsent: true,
        boundLanguage: 'en',
        expressEnglishChoice: true,
      });
    });

    it('shows the refusal of English without the choice in the summary and at the choice', async () => {
      api.verify.mockResolvedValue({
        status: 400,
        kind: 'agreement',
        fields: { expressEnglishChoice: 'englishChoiceRequired' },
      });
      const user = userEvent.setup();
      await open('fr');
      await user.type(await screen.findByLabelText("Code d'authentification"), '1234');
      await user.click(screen.getByRole('button', { name: 'Continuer' }));
      const summary = await screen.findByRole('alert');
      expect(summary).toHaveTextContent('Pour être lié par la version anglaise');
      await waitFor(() => expect(summary).toHaveFocus());
      const group = screen.getByRole('group', { name: 'Langue de votre convention' });
      expect(group).toHaveAccessibleDescription(
        expect.stringContaining('Pour être lié par la version anglaise'),
      );
      expect(screen.getByRole('region', { name: 'Conventions du client' })).toHaveTextContent(
        'En sélectionnant Continuer',
      );
    });
  });
});
