import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { InvitationLookup } from '@portal/domain/express/express-api';
import { clearAccessToken } from '../../lib/session-token.ts';
import { client, renderApp } from '../../test/render-app.tsx';

type Answer = { status: number; body?: unknown };
const ok = (body: unknown, status = 200): Answer => ({ status, body });

/** The express API behind `window.fetch`: each `METHOD /path` answers from its queue. */
function fakeAdvisorApi(answers: Record<string, Answer[]> = {}) {
  const calls: { method: string; path: string; body: unknown }[] = [];
  vi.spyOn(window, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    const path = url.pathname.replace('/service/jaxrs', '');
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : init?.body;
    calls.push({ method, path, body });
    const queue = answers[`${method} ${path}`];
    const answer = (queue && queue.length > 1 ? queue.shift() : queue?.[0]) ?? {
      status: 404,
      body: { errorCode: 'notFound' },
    };
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'content-type': 'application/json' },
    });
  });
  return {
    sent: (method: string, path: string) =>
      calls.filter((call) => call.method === method && call.path === path),
  };
}

const TOKEN = 'tok_abc-123';
const APPLICATION_ID = 'aaaaaaaa-0000-4000-8000-000000000009';
const LOOKUP = `GET /express/invitations/${TOKEN}`;
const CONFIRM = `POST /express/invitations/${TOKEN}/confirm`;
const ACCEPT = `POST /express/invitations/${TOKEN}/accept`;

const valid = (changes: Partial<Extract<InvitationLookup, { status: 'valid' }>> = {}) =>
  ok({
    status: 'valid',
    advisorName: 'Marc Gagnon',
    investorFirstName: 'Élise',
    expiresAt: '2026-03-11T14:00:00Z',
    confirmed: false,
    ...changes,
  });

/** The action screen from the invitation's link, signed out unless a user is given. */
async function openLink(
  { signedIn = false, language = 'en' }: { signedIn?: boolean; language?: 'en' | 'fr' } = {},
  path = `/action?token=${TOKEN}`,
) {
  if (!signedIn) clearAccessToken();
  return renderApp({
    path,
    language,
    token: signedIn ? 'test-token' : null,
    user: signedIn ? { status: 'signedIn', user: client } : { status: 'signedOut' },
  });
}

async function typeBirthDate(day: string, month: string, year: string) {
  const user = userEvent.setup();
  const group = await screen.findByRole('group', { name: /Date of birth/ }, { timeout: 10_000 });
  await user.type(within(group).getByLabelText('Day'), day);
  await user.type(within(group).getByLabelText('Month'), month);
  await user.type(within(group).getByLabelText('Year'), year);
}

describe('the express action screen', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    window.sessionStorage.clear();
  });

  it.each([
    ['expired', '/express-error', ''],
    ['outdated', '/express-error', '?notFound=true'],
    ['alreadyClient', '/express-error', '?applicationError=true'],
  ])('sends a %s link to express-error with its flags', async (status, pathname, search) => {
    fakeAdvisorApi({ [LOOKUP]: [ok({ status })] });
    const { router } = await openLink();
    await vi.waitFor(() => expect(router.state.location.pathname).toBe(pathname), {
      timeout: 10_000,
    });
    expect(router.state.location.search).toBe(search);
    expect(window.sessionStorage.getItem('portal.express.token')).toBeNull();
  });

  it('asks for the birth date or postal code, naming the advisor', async () => {
    fakeAdvisorApi({ [LOOKUP]: [valid()] });
    await openLink();
    expect(
      await screen.findByText(/Marc Gagnon invited you to open an account, Élise\./, undefined, {
        timeout: 10_000,
      }),
    ).toBeVisible();
    expect(screen.getByLabelText('Postal code')).toBeVisible();
    expect(screen.getByText('One of the two is enough.')).toBeVisible();
  });

  it('says a mismatch in the spec words with the tries left, then the lock with its wait', async () => {
    const user = userEvent.setup();
    const api = fakeAdvisorApi({
      [LOOKUP]: [valid()],
      [CONFIRM]: [
        { status: 400, body: { errorCode: 'expressMismatch', attemptsLeft: 1 } },
        { status: 429, body: { errorCode: 'expressLocked', retryAfterSeconds: 900 } },
      ],
    });
    await openLink();
    await typeBirthDate('14', '11', '1990');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      'The birthdate or postal code do not match our records. Please contact your advisor, Marc Gagnon.',
    );
    expect(alert).toHaveTextContent('You have 1 more try before this link is locked for a while.');
    expect(alert).toHaveFocus();
    expect(api.sent('POST', `/express/invitations/${TOKEN}/confirm`)[0]?.body).toEqual({
      birthDate: '1990-11-14',
    });

    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await vi.waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(
        'For your security, this link is locked after too many tries. Try again in 15 minutes, or contact your advisor, Marc Gagnon.',
      ),
    );
    expect(screen.getByRole('button', { name: 'Continue' })).toBeDisabled();
  });

  it('refuses to send nothing', async () => {
    const user = userEvent.setup();
    const api = fakeAdvisorApi({ [LOOKUP]: [valid()] });
    await openLink();
    await user.click(await screen.findByRole('button', { name: 'Continue' }, { timeout: 10_000 }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Enter your date of birth or your postal code.',
    );
    expect(api.sent('POST', `/express/invitations/${TOKEN}/confirm`)).toHaveLength(0);
  });

  it('once confirmed, a signed-out invitee registers or signs in and comes back, the token kept in the tab', async () => {
    const user = userEvent.setup();
    const assign = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({
      ...window.location,
      assign,
      origin: 'http://localhost',
    });
    const api = fakeAdvisorApi({ [LOOKUP]: [valid()], [CONFIRM]: [ok({ confirmed: true })] });
    await openLink();
    await user.type(
      await screen.findByLabelText('Postal code', undefined, { timeout: 10_000 }),
      'h2x1y4',
    );
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(api.sent('POST', `/express/invitations/${TOKEN}/confirm`)[0]?.body).toEqual({
      postalCode: 'H2X 1Y4',
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: "Thank you, it's confirmed" }),
    ).toBeVisible();
    expect(window.sessionStorage.getItem('portal.express.token')).toBe(TOKEN);
    await user.click(screen.getByRole('button', { name: 'Create your sign-in' }));
    expect(assign).toHaveBeenCalledWith(
      expect.stringMatching(/^\/security\/register\?returnTo=%2Fsecurity%2Foauth%2Fauthorize/),
    );
    expect(document.cookie).toContain('portalReturnUrl=%2Faction');
    expect(window.sessionStorage.getItem('portal.express.signingIn')).toBe('1');
  });

  it('signed in and confirmed, accepts and opens the first unanswered step', async () => {
    window.sessionStorage.setItem('portal.express.token', TOKEN);
    const api = fakeAdvisorApi({
      [LOOKUP]: [valid({ confirmed: true })],
      [ACCEPT]: [ok({ applicationId: APPLICATION_ID })],
      [`GET /applications/${APPLICATION_ID}/next-step`]: [ok({ step: 'profile' })],
    });
    // Back from registration without the token in the address: the tab kept it.
    const { router } = await openLink({ signedIn: true }, '/action');
    await vi.waitFor(
      () => expect(router.state.location.pathname).toBe(`/application/${APPLICATION_ID}/profile`),
      { timeout: 10_000 },
    );
    expect(api.sent('POST', `/express/invitations/${TOKEN}/accept`).length).toBeGreaterThan(0);
    expect(window.sessionStorage.getItem('portal.express.token')).toBeNull();
  });

  it('a signed-in invitee landing on the dashboard goes back to the pending invitation', async () => {
    window.sessionStorage.setItem('portal.express.token', TOKEN);
    window.sessionStorage.setItem('portal.express.signingIn', '1');
    fakeAdvisorApi({ [LOOKUP]: [valid()] });
    const { router } = await openLink({ signedIn: true }, '/home/dashboard');
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/action'), {
      timeout: 10_000,
    });
  });

  it('a link without a token is one we cannot match', async () => {
    fakeAdvisorApi();
    const { router } = await openLink({}, '/action');
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/express-error'), {
      timeout: 10_000,
    });
    expect(router.state.location.search).toBe('?notFound=true');
  });

  it('reads in French', async () => {
    fakeAdvisorApi({
      [LOOKUP]: [valid()],
      [CONFIRM]: [{ status: 400, body: { errorCode: 'expressMismatch', attemptsLeft: 3 } }],
    });
    const user = userEvent.setup();
    await openLink({ language: 'fr' });
    await user.type(
      await screen.findByLabelText('Code postal', undefined, { timeout: 10_000 }),
      'H0H 0H0',
    );
    await user.click(screen.getByRole('button', { name: 'Continuer' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'La date de naissance ou le code postal ne correspondent pas à nos dossiers. Veuillez communiquer avec votre conseiller, Marc Gagnon.',
    );
  });
});
