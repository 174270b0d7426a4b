import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TranslationProvider } from '../../../lib/i18n.ts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTestI18n } from '../../../test/i18n.ts';
import { storeAccessToken } from '../../../lib/session-token.ts';
import { WorkEmailVerification } from './work-email-verification.tsx';

const ID = '7d0c8a8e-2f4b-4c55-9a39-1b2c3d4e5f60';
const GOOD = '123456';

/** The work email paths of the contract behind `window.fetch`. */
function fakeWorkEmailApi({ verified = false } = {}) {
  const calls: { method: string; path: string; body: unknown }[] = [];
  let attemptsLeft = 5;
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  vi.spyOn(window, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    const path = url.pathname.replace(`/service/jaxrs/applications/${ID}`, '');
    calls.push({ method, path, body });
    if (method === 'GET' && path === '/workEmail') {
      return json(200, { email: url.searchParams.get('email'), verified });
    }
    if (method === 'POST' && path === '/workEmail/code') {
      return json(201, { resendAvailableAt: new Date(Date.now() + 60_000).toISOString() });
    }
    if (method === 'PUT' && path === '/workEmail/verify') {
      const { email, code } = body as { email: string; code: string };
      if (code === GOOD) return json(200, { email, verified: true });
      attemptsLeft -= 1;
      return json(401, { errorCode: 'wrongCode', message: 'wrong', attemptsLeft });
    }
    return new Response(null, { status: 204 });
  });
  return { calls };
}

async function show(language: 'en' | 'fr', email = 'Jo@Harbour.example') {
  storeAccessToken('test-token');
  const i18n = await createTestI18n(language);
  render(
    <TranslationProvider i18n={i18n}>
      <WorkEmailVerification applicationId={ID} email={email} />
    </TranslationProvider>,
  );
}

describe('work email verification under the financial background', () => {
  afterEach(() => vi.restoreAllMocks());

  it('sends a code to the address, says a wrong code with the tries left, and proves the right one', async () => {
    const api = fakeWorkEmailApi();
    const user = userEvent.setup();
    await show('en');
    await user.click(await screen.findByRole('button', { name: 'Send a code' }));
    expect(
      await screen.findByText(
        'We sent a 6-digit code to jo@harbour.example. It works for 15 minutes.',
      ),
    ).toBeVisible();
    const field = screen.getByLabelText('Code from the email');
    await waitFor(() => expect(field).toHaveFocus());
    await user.type(field, '000000');
    await user.click(screen.getByRole('button', { name: 'Confirm the work email' }));
    expect(
      await screen.findByText('The code is not right. Check it and try again. Attempts left: 4.'),
    ).toBeVisible();
    await user.clear(field);
    // Enter in the code field confirms it, never submitting the step's form around it.
    await user.type(field, `${GOOD}{Enter}`);
    expect(await screen.findByText('jo@harbour.example is confirmed.')).toBeVisible();
    expect(api.calls.filter((call) => call.method !== 'GET').map((call) => call.body)).toEqual([
      { email: 'jo@harbour.example' },
      { email: 'jo@harbour.example', code: '000000' },
      { email: 'jo@harbour.example', code: GOOD },
    ]);
  });

  it('shows an address proved before as confirmed, in French', async () => {
    fakeWorkEmailApi({ verified: true });
    await show('fr');
    expect(await screen.findByText('jo@harbour.example est confirmé.')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Envoyer un code' })).toBeNull();
  });

  it('offers nothing until the text is an email address', async () => {
    const api = fakeWorkEmailApi();
    await show('en', 'jo@');
    expect(screen.queryByRole('button', { name: 'Send a code' })).toBeNull();
    expect(api.calls).toEqual([]);
  });
});
