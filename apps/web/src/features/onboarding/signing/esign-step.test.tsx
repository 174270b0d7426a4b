import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TranslationProvider } from '../../../lib/i18n.ts';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Language } from '@portal/domain/enums/define-enum';
import {
  ESIGN_POLL_INTERVAL_MS,
  ESIGN_TURN_CHECK_DELAYS_MS,
  returnCheckDelaysMs,
  type EsignState,
} from '@portal/domain/rules/esign';
import { createTestI18n } from '../../../test/i18n.ts';
import { storeAccessToken } from '../../../lib/session-token.ts';
import { UserInfoProvider, type UserInfoState } from '../../../lib/user-info.tsx';
import { client } from '../../../test/render-app.tsx';
import { EsignStep } from './esign-step.tsx';

const APPLICATION_ID = 'aaaaaaaa-0000-4000-8000-000000000000';
const ESIGN_PATH = `/service/jaxrs/applications/${APPLICATION_ID}/esign`;
const SIGNING_URL = '/sandbox/esign/0b5a6e00-0000-4000-8000-000000000000';
/** Fast enough for a test, slow enough to count the calls. */
const POLL_MS = 25;

const state = (changes: Partial<EsignState> = {}): EsignState => ({
  status: 'notStarted',
  role: 'primary',
  applicationStatus: 'esignatureRequired',
  canSign: true,
  ...changes,
});

type Answer = { status: number; body: unknown };
const ok = (body: unknown): Answer => ({ status: 200, body });

/**
 * The e-sign API behind `window.fetch`: each GET takes the next queued status (the last one
 * repeats), each POST the next queued answer to "Review and sign".
 */
function fakeEsignApi(statuses: Answer[], starts: Answer[] = [ok({ signingUrl: SIGNING_URL })]) {
  const gets: number[] = [];
  const posts: number[] = [];
  let next = 0;
  const fetchSpy = vi.spyOn(window, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    if (url.pathname.startsWith('/security/')) return new Response(null, { status: 204 });
    if (url.pathname !== ESIGN_PATH) return new Response('{}', { status: 404 });
    const answer =
      method === 'POST'
        ? (starts.shift() ?? ok({ signingUrl: SIGNING_URL }))
        : statuses[Math.min(next++, statuses.length - 1)]!;
    (method === 'POST' ? posts : gets).push(Date.now());
    return new Response(JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'content-type': 'application/json' },
    });
  });
  return { gets, posts, fetchSpy };
}

async function renderStep({
  language = 'en',
  query = '',
  pollIntervalMs = POLL_MS,
  user = { status: 'signedIn', user: { ...client, emailVerified: true } },
}: { language?: Language; query?: string; pollIntervalMs?: number; user?: UserInfoState } = {}) {
  storeAccessToken('test-token');
  const i18n = await createTestI18n(language);
  const router = createMemoryRouter(
    [
      {
        path: '/application/:applicationId/esign',
        element: <EsignStep pollIntervalMs={pollIntervalMs} />,
      },
      { path: '/application/:applicationId/nextsteps', element: <h1>Next steps</h1> },
      { path: '/application/:applicationId/qualid', element: <h1>Confirm your identity</h1> },
      { path: '/home/dashboard', element: <h1>Dashboard</h1> },
      { path: '/home/verify-email', element: <h1>Verify your email address</h1> },
    ],
    { initialEntries: [`/application/${APPLICATION_ID}/esign${query}`] },
  );
  const rendered = render(
    <TranslationProvider i18n={i18n}>
      <UserInfoProvider initial={user} load={() => Promise.reject(new Error('not in tests'))}>
        <RouterProvider router={router} />
      </UserInfoProvider>
    </TranslationProvider>,
  );
  // The page's own heading shows at once (no waiting here: a test may run on a fake clock).
  screen.getByRole('heading', { level: 1 });
  return { ...rendered, router };
}

const liveRegion = () => screen.getByRole('status');

/** Moves the fake clock on, letting the answers it sets off land. */
const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
/** The clock alone is fake (React's scheduler and the test library's checks stay real). */
const fakeClock = () => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });

/** The tab hidden or shown again, as the browser says it. */
function setHidden(hidden: boolean) {
  Object.defineProperty(document, 'hidden', { configurable: true, get: () => hidden });
  document.dispatchEvent(new Event('visibilitychange'));
}

describe('e-sign step', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => false });
  });

  it('polls every 2 seconds unless its caller says otherwise', () => {
    expect(ESIGN_POLL_INTERVAL_MS).toBe(2000);
  });

  it('explains what signing means, then opens the ceremony in the same tab', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign, origin: 'http://localhost' });
    const api = fakeEsignApi([ok(state())]);
    await renderStep();
    expect(screen.getByRole('heading', { level: 1, name: 'Sign your application' })).toBeVisible();
    expect(await screen.findByRole('heading', { name: 'What signing means' })).toBeVisible();
    expect(screen.getByText(/same effect as a signature on paper/)).toBeVisible();
    expect(document.title).toContain('Sign your application');
    await userEvent.click(screen.getByRole('button', { name: 'Review and sign' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(`http://localhost${SIGNING_URL}`));
    expect(api.posts).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Opening the signing page…' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
  });

  it('polls when back from signing until signed, then stops and offers Continue', async () => {
    const api = fakeEsignApi([
      ok(state({ status: 'pending' })),
      ok(state({ status: 'pending' })),
      ok(state({ status: 'pending' })),
      ok(state({ status: 'signed', applicationStatus: 'underReview', canSign: false })),
    ]);
    fakeClock();
    const { router } = await renderStep({ query: '?returned=1' });
    await advance(0);
    expect(liveRegion()).toHaveTextContent(/checking your signature/);
    // The three waits before the fourth answer.
    const [first, second, third] = returnCheckDelaysMs(POLL_MS);
    await advance(first!);
    await advance(second!);
    await advance(third!);
    const signed = screen.getByRole('heading', { name: 'Your application is signed' });
    expect(signed).toHaveFocus();
    expect(liveRegion()).toHaveTextContent('Signed. Thank you.');
    expect(screen.getByText(/usually takes 1 to 3 business days/)).toBeVisible();
    expect(api.gets).toHaveLength(4);
    await advance(60_000);
    expect(api.gets).toHaveLength(4);

    vi.useRealTimers();
    await userEvent.click(screen.getByRole('link', { name: 'Continue' }));
    expect(router.state.location.pathname).toBe(`/application/${APPLICATION_ID}/nextsteps`);
  });

  it('back from signing, asks with growing waits a bounded number of times (A minor 10)', async () => {
    fakeClock();
    const api = fakeEsignApi([ok(state({ status: 'pending' }))]);
    const { unmount } = await renderStep({ query: '?returned=1', pollIntervalMs: 2000 });
    await advance(0);
    const first = api.gets.length;
    await advance(2000);
    await advance(3000);
    await advance(4500);
    await advance(6750);
    await advance(10_000);
    expect(api.gets.length - first).toBe(5);
    const gaps = api.gets.slice(first).map((at, index) => at - api.gets[first + index - 1]!);
    expect(gaps).toEqual([2000, 3000, 4500, 6750, 10_000]);
    // Then it stops asking, and says the person has not signed yet.
    await advance(10 * 60_000);
    expect(api.gets.length - first).toBe(5);
    expect(screen.getByRole('heading', { name: "You haven't signed yet" })).toBeVisible();
    unmount();
  });

  it('asks nothing about a signature the person left ("Finish later") until they come back to the page (A minor 10)', async () => {
    fakeClock();
    const api = fakeEsignApi([ok(state({ status: 'pending' }))]);
    const { unmount } = await renderStep({ query: '?returned=1&event=later' });
    await advance(0);
    expect(screen.getByRole('heading', { name: "You haven't signed yet" })).toBeVisible();
    const loaded = api.gets.length;
    await advance(60_000);
    expect(api.gets).toHaveLength(loaded);
    // Back to the tab: asked once, what may have changed meanwhile (signed on another device).
    setHidden(true);
    setHidden(false);
    await advance(0);
    expect(api.gets).toHaveLength(loaded + 1);
    unmount();
    setHidden(true);
    setHidden(false);
    await advance(60_000);
    expect(api.gets).toHaveLength(loaded + 1);
  });

  it('asks nothing while the tab is hidden, and goes on when it is shown again', async () => {
    fakeClock();
    const api = fakeEsignApi([ok(state({ status: 'pending' }))]);
    await renderStep({ query: '?returned=1', pollIntervalMs: 2000 });
    await advance(0);
    const first = api.gets.length;
    setHidden(true);
    await advance(60_000);
    expect(api.gets).toHaveLength(first);
    setHidden(false);
    await advance(0);
    // Shown again: asked at once, then the schedule resumes.
    expect(api.gets).toHaveLength(first + 1);
    await advance(2000);
    expect(api.gets).toHaveLength(first + 2);
  });

  it('shows the joint applicant their turn once the primary has signed, without a reload (A minor 19)', async () => {
    fakeClock();
    const waiting = ok(state({ role: 'joint', canSign: false }));
    const api = fakeEsignApi([
      waiting,
      waiting,
      ok(state({ role: 'joint', applicationStatus: 'jointEsignatureRequired', canSign: true })),
    ]);
    await renderStep();
    await advance(0);
    expect(screen.getByText(/The primary applicant signs first/)).toBeVisible();
    await advance(ESIGN_TURN_CHECK_DELAYS_MS[0]!);
    expect(api.gets).toHaveLength(2);
    expect(screen.getByText(/The primary applicant signs first/)).toBeVisible();
    await advance(ESIGN_TURN_CHECK_DELAYS_MS[1]!);
    expect(screen.getByRole('button', { name: 'Review and sign' })).toBeVisible();
    // Their turn: nothing more to wait for, so nothing more is asked.
    await advance(10 * 60_000);
    expect(api.gets).toHaveLength(3);
  });

  it('waiting for the primary, stops after its last check and asks again when the person comes back', async () => {
    fakeClock();
    const api = fakeEsignApi([ok(state({ role: 'joint', canSign: false }))]);
    await renderStep();
    await advance(0);
    expect(screen.getByText(/The primary applicant signs first/)).toBeVisible();
    const total = ESIGN_TURN_CHECK_DELAYS_MS.reduce((sum, delay) => sum + delay, 0);
    await advance(total);
    expect(api.gets).toHaveLength(1 + ESIGN_TURN_CHECK_DELAYS_MS.length);
    await advance(60 * 60_000);
    expect(api.gets).toHaveLength(1 + ESIGN_TURN_CHECK_DELAYS_MS.length);
    window.dispatchEvent(new Event('focus'));
    await advance(0);
    expect(api.gets).toHaveLength(2 + ESIGN_TURN_CHECK_DELAYS_MS.length);
  });

  it('before the identity is confirmed, asks for it first and never says "ready to sign" (A minor 9)', async () => {
    fakeEsignApi([ok(state({ identityVerified: false }))]);
    await renderStep();
    expect(
      await screen.findByRole('heading', { name: 'Confirm your identity before you sign' }),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Confirm your identity' })).toHaveAttribute(
      'href',
      `/application/${APPLICATION_ID}/qualid`,
    );
    expect(screen.queryByText(/ready to sign/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Review and sign' })).not.toBeInTheDocument();
  });

  it('with an address not verified, shows only the way to verify it and back, in French (A minor 9, 31)', async () => {
    fakeEsignApi([ok(state())]);
    await renderStep({
      language: 'fr',
      user: { status: 'signedIn', user: { ...client, emailVerified: false } },
    });
    expect(
      await screen.findByRole('heading', {
        name: 'Vérifiez votre adresse courriel avant de signer',
      }),
    ).toBeVisible();
    expect(screen.queryByText(/prête à être signée/)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Vérifier votre adresse courriel' })).toHaveAttribute(
      'href',
      `/home/verify-email?next=${encodeURIComponent(`/application/${APPLICATION_ID}/esign`)}`,
    );
  });

  it('after "Finish later", says plainly the person has not signed yet, with the way back in', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign, origin: 'http://localhost' });
    fakeEsignApi([ok(state({ status: 'pending' }))]);
    fakeClock();
    await renderStep({ query: '?returned=1&event=later' });
    await advance(0);
    const heading = screen.getByRole('heading', { name: "You haven't signed yet" });
    expect(heading).toHaveFocus();
    expect(screen.getByText(/Nothing was signed\. Your document is kept for you/)).toBeVisible();
    expect(liveRegion()).toHaveTextContent("You haven't signed yet.");
    expect(liveRegion()).not.toHaveTextContent(/checking/);
    await advance(60_000);
    expect(screen.queryByText(/checking your signature/)).not.toBeInTheDocument();
    vi.useRealTimers();
    await userEvent.click(screen.getByRole('button', { name: 'Continue signing' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(`http://localhost${SIGNING_URL}`));
    expect(screen.getByRole('link', { name: 'Go to your applications' })).toBeVisible();
  });

  it('back from the ceremony without a signature, stops saying it is checking after a few answers', async () => {
    fakeEsignApi([ok(state({ status: 'pending' }))]);
    fakeClock();
    await renderStep({ query: '?returned=1' });
    await advance(0);
    expect(liveRegion()).toHaveTextContent(/checking your signature/);
    // Past every wait of the bounded checks.
    await advance(60_000);
    const heading = screen.getByRole('heading', { name: "You haven't signed yet" });
    expect(heading).toHaveFocus();
    expect(liveRegion()).not.toHaveTextContent(/checking/);
    expect(screen.getByRole('button', { name: 'Continue signing' })).toBeVisible();
  });

  it('says it in French after "Terminer plus tard"', async () => {
    fakeEsignApi([ok(state({ status: 'pending' }))]);
    await renderStep({ language: 'fr', query: '?returned=1&event=later' });
    expect(
      await screen.findByRole('heading', { name: "Vous n'avez pas encore signé" }),
    ).toBeVisible();
    expect(screen.getByRole('button', { name: 'Poursuivre la signature' })).toBeVisible();
  });

  it('says the signature was declined and offers to sign again', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign, origin: 'http://localhost' });
    const api = fakeEsignApi([ok(state({ status: 'pending' })), ok(state({ status: 'declined' }))]);
    fakeClock();
    await renderStep({ query: '?returned=1' });
    await advance(0);
    await advance(POLL_MS);
    const declined = screen.getByRole('heading', { name: 'You declined to sign' });
    expect(declined).toHaveFocus();
    expect(liveRegion()).toHaveTextContent('You declined to sign.');
    expect(screen.getByText(/Nothing was signed/)).toBeVisible();
    expect(api.gets).toHaveLength(2);
    await advance(60_000);
    expect(api.gets).toHaveLength(2);
    vi.useRealTimers();
    await userEvent.click(screen.getByRole('button', { name: 'Sign again' }));
    await waitFor(() => expect(assign).toHaveBeenCalledTimes(1));
    expect(api.posts).toHaveLength(1);
  });

  it('says the link expired and offers to start again', async () => {
    fakeEsignApi([ok(state({ status: 'expired' }))]);
    await renderStep();
    expect(
      await screen.findByRole('heading', { name: 'Your signing link has expired' }),
    ).toBeVisible();
    expect(screen.getByRole('button', { name: 'Start again' })).toBeVisible();
    expect(liveRegion()).toHaveTextContent('Your signing link has expired.');
  });

  it('tells the joint applicant the primary applicant signs first', async () => {
    fakeEsignApi([ok(state({ role: 'joint', canSign: false }))]);
    await renderStep();
    expect(
      await screen.findByText(/The primary applicant signs first\. We'll email you/),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Review and sign' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to your applications' })).toBeVisible();
  });

  it('says the joint applicant signs next once the primary has signed', async () => {
    fakeEsignApi([
      ok(state({ status: 'signed', applicationStatus: 'jointEsignatureRequired', canSign: false })),
    ]);
    await renderStep();
    expect(
      await screen.findByText(/The joint applicant signs next.*we have emailed them/),
    ).toBeVisible();
  });

  it('designs its failures: a status it cannot load, a ceremony it cannot open', async () => {
    const api = fakeEsignApi(
      [{ status: 503, body: { errorCode: 'unavailable' } }, ok(state())],
      [{ status: 503, body: { errorCode: 'unavailable' } }],
    );
    await renderStep();
    expect(await screen.findByRole('alert')).toHaveTextContent(/can't show where your signature/);
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Review and sign' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/couldn't open the signing page/);
    expect(screen.getByRole('button', { name: 'Review and sign' })).not.toHaveAttribute(
      'aria-disabled',
      'true',
    );
    expect(api.posts).toHaveLength(1);
  });

  it('stops polling after a failed check, and checks again on request', async () => {
    const api = fakeEsignApi([
      ok(state({ status: 'pending' })),
      { status: 503, body: { errorCode: 'unavailable' } },
      ok(state({ status: 'signed', applicationStatus: 'underReview', canSign: false })),
    ]);
    fakeClock();
    await renderStep({ query: '?returned=1' });
    await advance(0);
    await advance(POLL_MS);
    expect(screen.getByRole('alert')).toHaveTextContent(/can't check your signature/);
    expect(api.gets).toHaveLength(2);
    await advance(60_000);
    expect(api.gets).toHaveLength(2);
    vi.useRealTimers();
    await userEvent.click(screen.getByRole('button', { name: 'Check again' }));
    expect(
      await screen.findByRole('heading', { name: 'Your application is signed' }),
    ).toBeVisible();
  });

  it('reloads where things stand when it is no longer the person’s turn', async () => {
    fakeEsignApi(
      [
        ok(state()),
        ok(
          state({ status: 'signed', applicationStatus: 'jointEsignatureRequired', canSign: false }),
        ),
      ],
      [{ status: 409, body: { errorCode: 'alreadySigned' } }],
    );
    await renderStep();
    await userEvent.click(await screen.findByRole('button', { name: 'Review and sign' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/isn't your turn to sign/);
    expect(
      await screen.findByRole('heading', { name: 'Your application is signed' }),
    ).toBeVisible();
  });

  it('wakes up when the browser brings it back from its back-forward cache', async () => {
    vi.stubGlobal('location', { ...window.location, assign: vi.fn(), origin: 'http://localhost' });
    const api = fakeEsignApi([ok(state()), ok(state({ status: 'pending' }))]);
    await renderStep({ pollIntervalMs: 60_000 });
    await userEvent.click(await screen.findByRole('button', { name: 'Review and sign' }));
    expect(await screen.findByRole('button', { name: 'Opening the signing page…' })).toBeVisible();
    window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true }));
    expect(await screen.findByRole('button', { name: 'Continue signing' })).toBeVisible();
    expect(api.gets).toHaveLength(2);
  });

  it('never leaves for a script address', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign, origin: 'http://localhost' });
    fakeEsignApi([ok(state())], [ok({ signingUrl: 'javascript:alert(1)' })]);
    await renderStep();
    await userEvent.click(await screen.findByRole('button', { name: 'Review and sign' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/couldn't open the signing page/);
    expect(assign).not.toHaveBeenCalled();
  });

  it('speaks French', async () => {
    fakeEsignApi([
      ok(state({ status: 'pending' })),
      ok(state({ status: 'signed', applicationStatus: 'underReview', canSign: false })),
    ]);
    await renderStep({ language: 'fr', query: '?returned=1' });
    expect(screen.getByRole('heading', { level: 1, name: 'Signez votre demande' })).toBeVisible();
    expect(await screen.findByRole('heading', { name: 'Votre demande est signée' })).toBeVisible();
    expect(liveRegion()).toHaveTextContent('Signé. Merci.');
    expect(screen.getByText(/de 1 à 3 jours ouvrables/)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Continuer' })).toBeVisible();
  });

  it('explains signing in French', async () => {
    fakeEsignApi([ok(state())]);
    await renderStep({ language: 'fr' });
    expect(
      await screen.findByRole('heading', { name: 'Ce que signifie la signature' }),
    ).toBeVisible();
    expect(screen.getByText(/le même effet qu'une signature sur papier/)).toBeVisible();
    expect(screen.getByRole('button', { name: 'Vérifier et signer' })).toBeVisible();
  });

  it('asks to verify the email address when signing is refused for it, without signing out', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign, origin: 'http://localhost' });
    fakeEsignApi(
      [ok(state())],
      [{ status: 403, body: { errorCode: 'emailNotVerified', message: '…' } }],
    );
    await renderStep({ language: 'fr' });
    await userEvent.click(await screen.findByRole('button', { name: 'Vérifier et signer' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      'Avant que vous signiez, nous devons savoir que votre adresse courriel vous appartient',
    );
    expect(
      within(alert).getByRole('link', { name: 'Vérifier votre adresse courriel' }),
    ).toHaveAttribute(
      'href',
      `/home/verify-email?next=${encodeURIComponent(`/application/${APPLICATION_ID}/esign`)}`,
    );
    expect(assign).not.toHaveBeenCalled();
  });

  it('says the same in English', async () => {
    vi.stubGlobal('location', { ...window.location, assign: vi.fn(), origin: 'http://localhost' });
    fakeEsignApi([ok(state())], [{ status: 403, body: { errorCode: 'emailNotVerified' } }]);
    await renderStep();
    await userEvent.click(await screen.findByRole('button', { name: 'Review and sign' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "Before you sign, we need to know your email address is yours: we'll send your signed documents there.",
    );
    expect(screen.getByRole('link', { name: 'Verify your email address' })).toBeInTheDocument();
  });

  it('says a saved name the name rule refuses cannot go on the contract, not that it is not their turn', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign, origin: 'http://localhost' });
    fakeEsignApi([ok(state())], [{ status: 409, body: { errorCode: 'signerNameRefused' } }]);
    await renderStep();
    await userEvent.click(await screen.findByRole('button', { name: 'Review and sign' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      'The name on this application has characters a name cannot have, so it cannot go on the contract',
    );
    expect(alert).not.toHaveTextContent(/not your turn/);
    expect(assign).not.toHaveBeenCalled();
  });

  it('a person not verified yet is sent to the identity step, which is told why', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign, origin: 'http://localhost' });
    fakeEsignApi([ok(state())], [{ status: 409, body: { errorCode: 'identityNotVerified' } }]);
    const { router } = await renderStep();
    await userEvent.click(await screen.findByRole('button', { name: 'Review and sign' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/application/${APPLICATION_ID}/qualid`),
    );
    expect(router.state.location.state).toEqual({ identityNotVerified: true });
    expect(assign).not.toHaveBeenCalled();
  });
});
