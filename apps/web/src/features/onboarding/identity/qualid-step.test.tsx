import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TranslationProvider } from '../../../lib/i18n.ts';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Language } from '@portal/domain/enums/define-enum';
import { BIOMETRIC_CONSENT_VERSION } from '@portal/domain/identity/biometric-consent';
import { createTestI18n } from '../../../test/i18n.ts';
import type { IdentityHandoff, IdentityView, KbaQuestion } from '../../../lib/identity-api.ts';
import { storeAccessToken } from '../../../lib/session-token.ts';
import type { ApplicationDetail } from '../../../lib/applications-api.ts';
import { ApplicationContext, type ApplicationContextValue } from '../step/application-context.tsx';
import { QualidStep } from './qualid-step.tsx';
import { expectFocusMovesTo } from '../../../test/focus.ts';

const APPLICATION_ID = 'aaaaaaaa-0000-4000-8000-000000000000';
const IDENTITY_PATH = `/service/jaxrs/applications/${APPLICATION_ID}/identity`;
const POLL_MS = 25;
/** Monday 23 November 2026, 22:00 in Vancouver (PST): the bureau's Monday maintenance. */
const MONDAY_22_PACIFIC = new Date('2026-11-24T06:00:00Z');

const view = (changes: Partial<IdentityView> = {}): IdentityView => ({
  role: 'primary',
  state: 'notStarted',
  bypassed: false,
  method: null,
  screen: 1,
  verificationStatus: 'NOTSTARTED',
  bureau: { offline: false },
  methods: ['creditFile', 'photoId', 'dualProcess', 'manual'],
  tried: [],
  attempts: [],
  ...changes,
});

const both = (text: string) => ({ en: text, fr: text });
const question = (id: string, prompt: string, ...labels: string[]): KbaQuestion => ({
  id,
  prompt: { en: prompt, fr: `${prompt} (fr)` },
  choices: [
    ...labels.map((label, index) => ({ id: `c${index}`, label: both(label) })),
    { id: 'none', label: { en: 'None of the above', fr: 'Aucune de ces réponses' } },
  ],
});
const questions: KbaQuestion[] = [
  question('q1', 'On which street is your home address?', 'Maple Street', 'Oak Avenue'),
  question('q2', 'In which city do you live?', 'Ottawa', 'Kingston'),
  question('q3', 'In which year were you born?', '1985', '1979'),
  question('q4', 'What are the first three characters of your postal code?', 'K1A', 'H2X'),
];

type Answer = { status: number; body: unknown };
const ok = (body: unknown, status = 200): Answer => ({ status, body });

/**
 * The identity API behind `window.fetch`: each GET takes the next queued view (the last one
 * repeats); POSTs answer from `posts` by the path after `/identity`, in order, and uploads of
 * documents from `posts.uploads` (then 201).
 */
function fakeIdentityApi(views: IdentityView[], posts: Record<string, Answer[]> = {}) {
  const calls: { method: string; path: string; body: unknown }[] = [];
  let next = 0;
  vi.spyOn(window, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : init?.body;
    calls.push({ method, path: url.pathname, body });
    if (url.pathname.startsWith('/security/')) return new Response(null, { status: 204 });
    let answer: Answer = ok({ errorCode: 'notFound' }, 404);
    if (url.pathname === IDENTITY_PATH && method === 'GET') {
      answer = ok(views[Math.min(next++, views.length - 1)]);
    } else if (url.pathname.startsWith(IDENTITY_PATH) && method === 'POST') {
      const queue = posts[url.pathname.slice(IDENTITY_PATH.length)];
      answer = queue?.shift() ?? answer;
    } else if (url.pathname.endsWith('/documents') && method === 'POST') {
      const type = init?.body instanceof FormData ? init.body.get('documentType') : null;
      answer = posts.uploads?.shift() ?? ok({ id: `doc-${calls.length}`, documentType: type }, 201);
    }
    return new Response(answer.status === 204 ? null : JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'content-type': 'application/json' },
    });
  });
  return {
    calls,
    posted: (suffix: string) => calls.filter((c) => c.path === IDENTITY_PATH + suffix),
  };
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG_SIGNATURE = [0xff, 0xd8, 0xff, 0xe0];
const fileWith = (signature: number[], name: string, type: string, size = 64) => {
  const bytes = new Uint8Array(size);
  bytes.set(signature);
  return new File([bytes], name, { type });
};
const pngFile = (name: string) => fileWith(PNG_SIGNATURE, name, 'image/png');
const jpegFile = (name: string, size?: number) =>
  fileWith(JPEG_SIGNATURE, name, 'image/jpeg', size);

async function renderStep({
  language = 'en',
  application,
}: {
  language?: Language;
  /** The application around the step, as the onboarding layout gives it; none by default. */
  application?: Pick<ApplicationDetail, 'status' | 'role'>;
} = {}) {
  storeAccessToken('test-token');
  const i18n = await createTestI18n(language);
  const router = createMemoryRouter(
    [
      {
        path: '/application/:applicationId/qualid',
        element: application ? (
          <ApplicationContext.Provider
            value={
              {
                application: { id: APPLICATION_ID, steps: {}, ...application },
              } as unknown as ApplicationContextValue
            }
          >
            <QualidStep pollIntervalMs={POLL_MS} />
          </ApplicationContext.Provider>
        ) : (
          <QualidStep pollIntervalMs={POLL_MS} />
        ),
      },
      { path: '/application/:applicationId/esign', element: <h1>Sign your application</h1> },
      { path: '/home/dashboard', element: <h1>Dashboard</h1> },
    ],
    { initialEntries: [`/application/${APPLICATION_ID}/qualid`] },
  );
  render(
    <TranslationProvider i18n={i18n}>
      <RouterProvider router={router} />
    </TranslationProvider>,
  );
  await screen.findByRole('heading', { level: 2 });
  return { router };
}

const handoff = (changes: Partial<IdentityHandoff> = {}): IdentityHandoff => ({
  attemptId: 'attempt-1',
  stage: 'sent',
  expiresAt: new Date(Date.now() + 15 * 60_000).toISOString(),
  smsSentAt: new Date().toISOString(),
  canResendAt: new Date(Date.now() + 60_000).toISOString(),
  phoneMasked: '*** *** 0123',
  shortLink: 'http://localhost:8080/v/ABCD2345',
  ...changes,
});

async function answerAllTruly() {
  for (const label of ['Maple Street', 'Ottawa', '1985', 'K1A']) {
    await userEvent.click(screen.getByRole('radio', { name: label }));
  }
  await userEvent.click(screen.getByRole('button', { name: 'Submit answers' }));
}

describe('identity step (qualid)', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('explains why, lists the four methods in order, and starts with the questions', async () => {
    fakeIdentityApi([view()]);
    await renderStep();
    expect(screen.getByRole('heading', { name: 'Why we confirm your identity' })).toBeVisible();
    expect(screen.getByText(/FINTRAC/)).toBeVisible();
    const methods = within(screen.getByRole('list')).getAllByRole('listitem');
    expect(methods.map((item) => item.getAttribute('data-method'))).toEqual([
      'creditFile',
      'photoId',
      'dualProcess',
      'manual',
    ]);
    const buttons = screen.getAllByRole('button').map((button) => button.textContent);
    expect(buttons).toEqual([
      'Start with a few questions',
      'Use my photo ID instead',
      "I don't have these documents",
      'Ask for manual verification',
    ]);
  });

  it('without a credit bureau, lists and offers only photo ID, two documents and manual review, the photo ID first', async () => {
    fakeIdentityApi([view({ methods: ['photoId', 'dualProcess', 'manual'] })]);
    await renderStep();
    const methods = within(screen.getByRole('list')).getAllByRole('listitem');
    expect(methods.map((item) => item.getAttribute('data-method'))).toEqual([
      'photoId',
      'dualProcess',
      'manual',
    ]);
    expect(screen.getAllByRole('button').map((button) => button.textContent)).toEqual([
      'Start with my photo ID',
      "I don't have these documents",
      'Ask for manual verification',
    ]);
  });

  it('asks consent to compare the selfie before anything starts, and texts the link with the consent given', async () => {
    const sent = handoff();
    const api = fakeIdentityApi([view()], {
      '/photoId': [ok({ handoff: { ...sent, link: 'http://localhost:8080/#/verify/tok' } }, 201)],
    });
    await renderStep();
    await userEvent.click(screen.getByRole('button', { name: 'Use my photo ID instead' }));
    const heading = await screen.findByRole('heading', {
      name: 'Before we compare your selfie with your photo ID',
    });
    expect(heading).toHaveFocus();
    expect(screen.getByText(/biometric information/)).toBeVisible();
    expect(screen.getByText(/You can refuse/)).toBeVisible();
    // Nothing is started, and no number asked, before the person answers.
    expect(screen.queryByRole('textbox', { name: 'Mobile phone number' })).not.toBeInTheDocument();
    expect(api.posted('/photoId')).toEqual([]);
    await userEvent.click(
      screen.getByRole('button', { name: 'I agree to have my selfie compared with my photo ID' }),
    );
    await userEvent.type(
      await screen.findByRole('textbox', { name: 'Mobile phone number' }),
      '613 555 0123',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Text me the link' }));
    await screen.findByRole('button', { name: 'Re-send the text' });
    expect(api.posted('/photoId').map((call) => call.body)).toEqual([
      {
        phone: '6135550123',
        biometricConsent: { version: BIOMETRIC_CONSENT_VERSION, language: 'en' },
      },
    ]);
  });

  it('in French, a refusal of the comparison is recorded and leads to two documents, saying why', async () => {
    const api = fakeIdentityApi([view()], {
      '/photoId/consentRefusal': [
        ok({ errorCode: 'unavailable' }, 503),
        { status: 204, body: null },
      ],
    });
    await renderStep({ language: 'fr' });
    await userEvent.click(
      screen.getByRole('button', { name: "Utiliser plutôt ma pièce d'identité avec photo" }),
    );
    await screen.findByRole('heading', {
      name: "Avant de comparer votre égoportrait à votre pièce d'identité avec photo",
    });
    const decline = screen.getByRole('button', { name: 'Non, utiliser un autre moyen' });
    await userEvent.click(decline);
    // A failed recording is told, and the choice can be made again.
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "Nous n'avons pas pu enregistrer votre choix.",
    );
    await userEvent.click(screen.getByRole('button', { name: 'Non, utiliser un autre moyen' }));
    expect(await screen.findByText(/votre visage ne sera pas comparé/)).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Envoyer deux documents' })).toHaveFocus();
    expect(api.posted('/photoId/consentRefusal').map((call) => call.body)).toEqual([
      { version: BIOMETRIC_CONSENT_VERSION, language: 'fr' },
      { version: BIOMETRIC_CONSENT_VERSION, language: 'fr' },
    ]);
    expect(api.posted('/photoId')).toEqual([]);
  });

  it('verified while the joint applicant joins, the primary is sent to the next steps, not to a signing they cannot do yet (C-4)', async () => {
    fakeIdentityApi([view(), view({ state: 'verified', method: 'creditFile' })], {
      '/creditFile': [ok({ outcome: 'questions', attemptId: 'kba-1', questions })],
      '/creditFile/kba-1/answers': [ok({ outcome: 'verified' })],
    });
    await renderStep({ application: { status: 'jointActionRequired', role: 'primary' } });
    await userEvent.click(screen.getByRole('button', { name: 'Start with a few questions' }));
    await screen.findByRole('heading', { name: 'Answer a few questions' });
    await answerAllTruly();
    await screen.findByRole('heading', { name: 'Your identity is verified' });
    expect(
      screen.getByText("Thank you. You'll sign once it's your turn: we'll email you then."),
    ).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Continue to signing' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See the next steps' })).toHaveAttribute(
      'href',
      `/application/${APPLICATION_ID}/nextsteps`,
    );
  });

  it('questions pass: success, focused, with Continue to signing', async () => {
    const api = fakeIdentityApi([view(), view({ state: 'verified', method: 'creditFile' })], {
      '/creditFile': [ok({ outcome: 'questions', attemptId: 'kba-1', questions })],
      '/creditFile/kba-1/answers': [ok({ outcome: 'verified' })],
    });
    await renderStep();
    await userEvent.click(screen.getByRole('button', { name: 'Start with a few questions' }));
    await expectFocusMovesTo(
      await screen.findByRole('heading', { name: 'Answer a few questions' }),
    );
    expect(
      screen.getByRole('group', { name: 'On which street is your home address?' }),
    ).toBeVisible();
    await answerAllTruly();
    await expectFocusMovesTo(
      await screen.findByRole('heading', { name: 'Your identity is verified' }),
    );
    expect(screen.getByRole('link', { name: 'Continue to signing' })).toHaveAttribute(
      'href',
      `/application/${APPLICATION_ID}/esign`,
    );
    expect(api.posted('/creditFile/kba-1/answers')[0]?.body).toEqual({
      answers: [
        { questionId: 'q1', choiceId: 'c0' },
        { questionId: 'q2', choiceId: 'c0' },
        { questionId: 'q3', choiceId: 'c0' },
        { questionId: 'q4', choiceId: 'c0' },
      ],
    });
  });

  it('an unanswered question is refused in the summary and at the question', async () => {
    const api = fakeIdentityApi([view()], {
      '/creditFile': [ok({ outcome: 'questions', attemptId: 'kba-1', questions })],
    });
    await renderStep();
    await userEvent.click(screen.getByRole('button', { name: 'Start with a few questions' }));
    await userEvent.click(await screen.findByRole('radio', { name: 'Maple Street' }));
    await userEvent.click(screen.getByRole('button', { name: 'Submit answers' }));
    const summary = await screen.findByRole('alert');
    expect(within(summary).getAllByRole('link')).toHaveLength(3);
    expect(summary).toHaveFocus();
    expect(api.posted('/creditFile/kba-1/answers')).toHaveLength(0);
  });

  it('questions fail: explains plainly and offers the photo ID first', async () => {
    fakeIdentityApi([view()], {
      '/creditFile': [ok({ outcome: 'questions', attemptId: 'kba-1', questions })],
      '/creditFile/kba-1/answers': [ok({ outcome: 'failed', reason: 'questionsFailed' })],
    });
    await renderStep();
    await userEvent.click(screen.getByRole('button', { name: 'Start with a few questions' }));
    await screen.findByRole('heading', { name: 'Answer a few questions' });
    await answerAllTruly();
    await expectFocusMovesTo(
      await screen.findByRole('heading', { name: 'We could not confirm your identity this way' }),
    );
    expect(screen.getByText('Some answers did not match your credit file.')).toBeVisible();
    const first = screen.getAllByRole('button')[0];
    expect(first).toHaveTextContent('Use my photo ID instead');
    expect(first).toHaveClass('button-primary');
    expect(screen.queryByRole('button', { name: 'Start with a few questions' })).toBeNull();
  });

  it('a hard stop shows the support hours and the manual path', async () => {
    fakeIdentityApi([view()], {
      '/creditFile': [ok({ outcome: 'failed', reason: 'hardStop' })],
    });
    await renderStep();
    await userEvent.click(screen.getByRole('button', { name: 'Start with a few questions' }));
    expect(await screen.findByText('We cannot confirm your identity online.')).toBeVisible();
    expect(screen.getByText(/5:30 a.m. to 5:00 p.m. Pacific time/)).toBeVisible();
    expect(screen.getByRole('button', { name: 'Ask for manual verification' })).toBeVisible();
  });

  it("offline when the server's view says so: the maintenance message and the next method", async () => {
    const api = fakeIdentityApi([
      view({ bureau: { offline: true, endsAt: '2026-11-24T09:30:00.000Z' } }),
    ]);
    await renderStep();
    expect(screen.getByRole('heading', { name: 'The credit bureau is offline' })).toBeVisible();
    // Tuesday 01:30 Pacific, said in the person's own time zone (the machine's here).
    const endsAt = new Intl.DateTimeFormat('en-CA', {
      weekday: 'long',
      hour: 'numeric',
      minute: '2-digit',
      timeZoneName: 'short',
    }).format(new Date('2026-11-24T09:30:00Z'));
    expect(
      screen.getByText(new RegExp(`offline for maintenance until ${endsAt}\\.`)),
    ).toBeVisible();
    expect(screen.getByText(/log out and return later/)).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Start with a few questions' })).toBeNull();
    expect(screen.getAllByRole('button')[0]).toHaveTextContent('Use my photo ID instead');
    expect(api.posted('/creditFile')).toHaveLength(0);
  });

  it("offers the questions when the server says the bureau is open, whatever the browser's clock", async () => {
    // The browser's time-zone data can put a maintenance window where the server's does not.
    vi.useFakeTimers({ toFake: ['Date'], now: MONDAY_22_PACIFIC });
    try {
      fakeIdentityApi([view()]);
      await renderStep();
      expect(screen.getByRole('button', { name: 'Start with a few questions' })).toBeVisible();
      expect(screen.queryByRole('heading', { name: 'The credit bureau is offline' })).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it("offline in French, and the server's 503 bureauOffline shows the same message", async () => {
    fakeIdentityApi([view()], {
      '/creditFile': [
        ok({ errorCode: 'bureauOffline', message: 'offline', endsAt: '2026-11-25T21:00:00Z' }, 503),
      ],
    });
    await renderStep({ language: 'fr' });
    await userEvent.click(screen.getByRole('button', { name: 'Commencer par quelques questions' }));
    expect(
      await screen.findByRole('heading', { name: 'Le bureau de crédit est hors ligne' }),
    ).toBeVisible();
    expect(screen.getByText(/hors ligne pour maintenance jusqu'à/)).toBeVisible();
  });

  it('re-send stays disabled for 60 seconds after a text, with a countdown', async () => {
    // The clock and the countdown's one-second tick move only when the test moves them, so the
    // seconds shown are exact however busy the machine (the screen's waits keep their timeouts).
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    const sent = handoff({ qrSvg: '<svg xmlns="http://www.w3.org/2000/svg"></svg>' });
    fakeIdentityApi([view(), view({ state: 'inProgress', method: 'photoId', handoff: sent })], {
      '/photoId': [ok({ handoff: { ...sent, link: 'http://localhost:8080/#/verify/tok' } }, 201)],
    });
    await renderStep();
    await userEvent.click(screen.getByRole('button', { name: 'Use my photo ID instead' }));
    await userEvent.click(
      await screen.findByRole('button', {
        name: 'I agree to have my selfie compared with my photo ID',
      }),
    );
    const number = await screen.findByRole('textbox', { name: 'Mobile phone number' });
    await userEvent.type(number, '613 555 0123');
    await userEvent.click(screen.getByRole('button', { name: 'Text me the link' }));
    const resend = await screen.findByRole('button', { name: 'Re-send the text' });
    expect(resend).toBeDisabled();
    expect(screen.getByText(/re-send the text in 60 s/)).toBeVisible();
    expect(screen.getByRole('img', { name: /QR code/ })).toBeVisible();
    expect(screen.getByText('ABCD2345').closest('code')).toHaveTextContent(
      'localhost:8080/v/ABCD2345',
    );
    // The clock set to a second before a tick, then the countdown's tick.
    const sentAt = Date.now();
    const tickAt = (secondsAfterSending: number) => {
      vi.setSystemTime(sentAt + (secondsAfterSending - 1) * 1_000);
      act(() => {
        vi.advanceTimersByTime(1_000);
      });
    };
    tickAt(30);
    expect(screen.getByText(/re-send the text in 30 s/)).toBeVisible();
    tickAt(59);
    expect(screen.getByText(/re-send the text in 1 s/)).toBeVisible();
    expect(screen.getByRole('button', { name: 'Re-send the text' })).toBeDisabled();
    tickAt(60);
    expect(screen.getByRole('button', { name: 'Re-send the text' })).toBeEnabled();
    expect(screen.queryByText(/re-send the text in/)).not.toBeInTheDocument();
  });

  it("says in French why the link's text did not reach the phone, and the ways that need none", async () => {
    const running = (changes: Partial<IdentityHandoff> = {}) =>
      view({ state: 'inProgress', method: 'photoId', handoff: handoff(changes) });
    fakeIdentityApi([running(), running({ textProblem: 'smsNumberNotMobile' })]);
    await renderStep({ language: 'fr' });
    const said = await screen.findByText(/ce n'est pas un cellulaire/);
    expect(said.closest('[role="alert"]')).toBeInTheDocument();
    expect(
      screen.getByText(
        "Vous pouvez plutôt balayer le code QR ou taper l'adresse courte sur votre téléphone.",
      ),
    ).toBeVisible();
  });

  it("follows the phone's progress in a polite live region, then moves on to signing", async () => {
    const running = (
      stage: IdentityHandoff['stage'],
      state: IdentityView['state'] = 'inProgress',
    ) => view({ state, method: 'photoId', handoff: handoff({ stage }) });
    const { router } = await (async () => {
      fakeIdentityApi([
        running('sent'),
        running('sent'),
        running('front'),
        running('front'),
        running('submitted', 'pending'),
        view({ state: 'verified', method: 'photoId', handoff: handoff({ stage: 'decided' }) }),
      ]);
      return renderStep();
    })();
    const progress = () =>
      within(screen.getByRole('region', { name: 'Your progress on the phone' })).getByRole(
        'status',
      );
    expect(progress()).toHaveTextContent('Waiting for you to open the link');
    await waitFor(() => expect(progress()).toHaveTextContent('Front captured'));
    await waitFor(() => expect(progress()).toHaveTextContent('Checking your documents'));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/application/${APPLICATION_ID}/esign`),
    );
  });

  it('a declined photo ID says why and offers the next methods', async () => {
    fakeIdentityApi([
      view({
        state: 'failed',
        method: 'photoId',
        tried: ['creditFile', 'photoId'],
        lastFailure: { method: 'photoId', reason: 'likenessFailed' },
        attempts: [
          { id: 'a2', method: 'photoId', outcome: 'failed', startedAt: '2026-11-23T20:00:00Z' },
        ],
      }),
    ]);
    await renderStep();
    expect(screen.getByText('The selfie did not match the photo on your ID.')).toBeVisible();
    expect(screen.getByRole('button', { name: "I don't have these documents" })).toBeVisible();
  });

  it('manual verification: an expiry typed MM/YYYY in the past is refused with the reason', async () => {
    const api = fakeIdentityApi([view()], { '/manual': [ok({ state: 'needsReview' })] });
    await renderStep();
    await userEvent.click(screen.getByRole('button', { name: 'Ask for manual verification' }));
    await screen.findByRole('heading', { name: 'Ask for manual verification' });
    await userEvent.selectOptions(screen.getByLabelText('Type of photo ID'), 'driversLicence');
    await userEvent.type(screen.getByRole('textbox', { name: 'Expiry date' }), '01/2024');
    await userEvent.upload(screen.getByLabelText(/Photo of the ID/), pngFile('licence.png'));
    await userEvent.click(screen.getByRole('button', { name: 'Send for verification' }));
    const summary = await screen.findByRole('alert');
    expect(within(summary).getByRole('link')).toHaveTextContent(/This document has expired/);
    expect(screen.getByRole('textbox', { name: 'Expiry date' })).toHaveAccessibleDescription(
      /This document has expired/,
    );
    expect(api.posted('/manual')).toHaveLength(0);

    const expiry = screen.getByRole('textbox', { name: 'Expiry date' });
    await userEvent.clear(expiry);
    await userEvent.type(expiry, '08/2030');
    await userEvent.click(screen.getByRole('button', { name: 'Send for verification' }));
    await waitFor(() => expect(api.posted('/manual')).toHaveLength(1));
    expect(api.posted('/manual')[0]?.body).toMatchObject({
      documentType: 'driversLicence',
      expiry: '08/2030',
    });
  });

  it('manual verification: each bad file is refused in the browser, saying which rule, before any byte is sent', async () => {
    const api = fakeIdentityApi([view()], { '/manual': [ok({ state: 'needsReview' })] });
    await renderStep();
    await userEvent.click(screen.getByRole('button', { name: 'Ask for manual verification' }));
    await screen.findByRole('heading', { name: 'Ask for manual verification' });
    await userEvent.selectOptions(screen.getByLabelText('Type of photo ID'), 'driversLicence');
    await userEvent.type(screen.getByRole('textbox', { name: 'Expiry date' }), '08/2030');
    const anyFile = userEvent.setup({ applyAccept: false });
    const front = screen.getByLabelText(/Photo of the ID/);
    const cases: [File, RegExp][] = [
      // 20 MB: this browser cannot make it smaller (no image decoder in the test's DOM).
      [jpegFile('licence.jpg', 20 * 1024 * 1024), /The file is too large/],
      [new File([new Uint8Array(64)], 'IMG_0420.HEIC', { type: 'image/heic' }), /HEIC format/],
      [jpegFile('licence.pdf'), /does not match its extension/],
    ];
    for (const [file, message] of cases) {
      await anyFile.upload(front, file);
      await userEvent.click(screen.getByRole('button', { name: 'Send for verification' }));
      expect(await screen.findByRole('alert')).toHaveTextContent(message);
      expect(front).toHaveAccessibleDescription(message);
    }
    expect(api.calls.filter((call) => call.method === 'POST')).toHaveLength(0);
  });

  it("manual verification: the server's refusal of a file says which rule, in French too", async () => {
    fakeIdentityApi([view()], {
      uploads: [
        ok({ errorCode: 'invalidInput', message: 'x', fields: { file: 'contentMismatch' } }, 400),
      ],
    });
    await renderStep({ language: 'fr' });
    await userEvent.click(
      screen.getByRole('button', { name: 'Demander une vérification manuelle' }),
    );
    await screen.findByRole('heading', { name: 'Demander une vérification manuelle' });
    await userEvent.selectOptions(
      screen.getByLabelText("Type de pièce d'identité avec photo"),
      'passport',
    );
    await userEvent.type(screen.getByRole('textbox', { name: "Date d'expiration" }), '08/2030');
    await userEvent.upload(screen.getByLabelText(/Photo de la pièce/), pngFile('passeport.png'));
    await userEvent.click(screen.getByRole('button', { name: 'Envoyer pour vérification' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Le contenu de ce fichier ne correspond pas à son extension.',
    );
  });

  /** Opens the two-documents method and fills both documents as `documents` give them. */
  async function fillTwoDocuments(
    documents: { type: string; source: string; proves: string; content: string }[],
  ) {
    await userEvent.click(screen.getByRole('button', { name: "I don't have these documents" }));
    await screen.findByRole('heading', { name: 'Send two documents' });
    for (const [index, document] of documents.entries()) {
      const group = screen.getByRole('group', { name: `Document ${index + 1}` });
      await userEvent.selectOptions(
        within(group).getByLabelText('Type of document'),
        document.type,
      );
      await userEvent.type(
        within(group).getByRole('textbox', { name: /Who issued it/ }),
        document.source,
      );
      await userEvent.click(within(group).getByRole('radio', { name: document.proves }));
      await userEvent.type(
        within(group).getByRole('textbox', { name: /Reference or account number/ }),
        `REF-${index}`,
      );
      await userEvent.upload(
        within(group).getByLabelText('The document'),
        new File([document.content], `document-${index}.pdf`, { type: 'application/pdf' }),
      );
    }
  }
  const billAndStatement = [
    { type: 'utilityBill', source: 'Hydro One', proves: 'Your address', content: '%PDF-1.4 a' },
    {
      type: 'bankStatement',
      source: 'Royal Bank',
      proves: 'An account you hold (bank, credit card or loan)',
      content: '%PDF-1.4 b',
    },
  ];

  it('two documents of the same category are refused before anything is sent', async () => {
    const api = fakeIdentityApi([view()]);
    await renderStep();
    await fillTwoDocuments([
      { type: 'utilityBill', source: 'Hydro One', proves: 'Your address', content: '%PDF-1.4 a' },
      { type: 'utilityBill', source: 'Royal Bank', proves: 'Your address', content: '%PDF-1.4 b' },
    ]);
    await userEvent.click(screen.getByRole('button', { name: 'Send the documents' }));
    const summary = await screen.findByRole('alert');
    // The summary says which document; the field says only what is wrong.
    expect(summary).toHaveTextContent(
      'The two documents must prove different things. (document 2)',
    );
    const second = screen.getByRole('group', { name: 'Document 2' });
    expect(
      within(second).getByRole('group', { name: /What it proves/ }),
    ).toHaveAccessibleDescription(/^Error: ?The two documents must prove different things\.$/);
    expect(api.calls.filter((call) => call.method === 'POST')).toHaveLength(0);
  });

  it('the same file chosen for both documents is refused before anything is sent', async () => {
    const api = fakeIdentityApi([view()]);
    await renderStep();
    const [bill, statement] = billAndStatement;
    // Two names, one content: the server would refuse the second as a copy.
    await fillTwoDocuments([bill!, { ...statement!, content: bill!.content }]);
    await userEvent.click(screen.getByRole('button', { name: 'Send the documents' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This is the same file as document 1. Choose the file of a different document. (document 2)',
    );
    expect(api.calls.filter((call) => call.method === 'POST')).toHaveLength(0);
  });

  it('a file already with the application is refused at its field', async () => {
    const api = fakeIdentityApi([view()], {
      uploads: [ok({ errorCode: 'fileAlreadyExists', message: 'This file already exists.' }, 409)],
    });
    await renderStep();
    await fillTwoDocuments(billAndStatement);
    await userEvent.click(screen.getByRole('button', { name: 'Send the documents' }));
    const message =
      'This file is already with your application. Choose the file of a different document.';
    expect(await screen.findByRole('alert')).toHaveTextContent(`${message} (document 1)`);
    const first = screen.getByRole('group', { name: 'Document 1' });
    expect(within(first).getByLabelText('The document')).toHaveAccessibleDescription(
      new RegExp(message.replace(/\./g, '\\.')),
    );
    // Nothing else went: not the second file, not the request.
    expect(api.calls.filter((call) => call.method === 'POST')).toHaveLength(1);
  });

  it('a photo of a bank statement is refused before anything is sent: statements are PDFs', async () => {
    const api = fakeIdentityApi([view()]);
    await renderStep();
    const [bill, statement] = billAndStatement;
    await fillTwoDocuments([bill!, statement!]);
    const second = screen.getByRole('group', { name: 'Document 2' });
    await userEvent.upload(within(second).getByLabelText('The document'), pngFile('statement.png'));
    await userEvent.click(screen.getByRole('button', { name: 'Send the documents' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      /must be the PDF your bank or card issuer provides.*\(document 2\)/,
    );
    expect(api.calls.filter((call) => call.method === 'POST')).toHaveLength(0);
  });

  it('a request that fails keeps the uploads: the retry sends it without uploading twice', async () => {
    const api = fakeIdentityApi([view(), view({ state: 'needsReview', method: 'dualProcess' })], {
      '/dualProcess': [ok({ errorCode: 'unexpected' }, 500), ok({ state: 'needsReview' })],
    });
    await renderStep();
    await fillTwoDocuments(billAndStatement);
    await userEvent.click(screen.getByRole('button', { name: 'Send the documents' }));
    expect(await screen.findByText('Something went wrong. Try again.')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Send the documents' }));
    expect(
      await screen.findByRole('heading', { name: 'We are checking your documents' }),
    ).toBeVisible();
    const uploads = api.calls.filter((c) => c.method === 'POST' && c.path.endsWith('/documents'));
    expect(uploads).toHaveLength(2);
    const requests = api.posted('/dualProcess');
    expect(requests).toHaveLength(2);
    expect(requests[1]!.body).toEqual(requests[0]!.body);
  });

  it('waiting for our team: what happens next, with the support hours', async () => {
    fakeIdentityApi([view({ state: 'needsReview', method: 'dualProcess' })]);
    await renderStep({ language: 'fr' });
    expect(screen.getByRole('heading', { name: 'Nous vérifions vos documents' })).toBeVisible();
    expect(screen.getByText(/nous vous enverrons un courriel/)).toBeVisible();
    expect(screen.getByText(/de 5 h 30 à 17 h, heure du Pacifique/)).toBeVisible();
    // One way back to the applications, not a button and a link saying the same.
    expect(screen.getAllByRole('link', { name: 'Retour à mes demandes' })).toHaveLength(1);
  });
});
