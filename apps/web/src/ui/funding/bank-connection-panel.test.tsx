import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TranslationProvider } from '../../lib/i18n.ts';
import { storeAccessToken } from '../../lib/session-token.ts';
import { createTestI18n } from '../../test/i18n.ts';
import { BankConnectionPanel } from './bank-connection-panel.tsx';
import { expectFocusMovesTo } from '../../test/focus.ts';

const API = '/service/jaxrs';
const APPLICATION_ID = 'aaaaaaaa-0000-4000-8000-000000000000';
const REQUEST = 'bbbbbbbb-0000-4000-8000-000000000001';
const FLINKS = 'https://toolbox-iframe.private.fin.ag';
const LOGIN = '5e115eac-1209-4f19-641c-08d6d484e2fe';
const frameUrl = `${FLINKS}/v2/?authorizeToken=t&language=en&tag=${REQUEST}`;

type Answer = { status: number; body?: unknown };
const ok = (body: unknown, status = 200): Answer => ({ status, body });
const status = (value: string) =>
  ok({ status: value, requestId: REQUEST, loginId: LOGIN, failure: null, pendingSince: null });
const account = (holderName: string, holderMatches: boolean) => ({
  accountId: 'acc-1',
  holderName,
  institutionName: 'FlinksCapital',
  institutionNumber: '777',
  transitNumber: '12347',
  accountNumberMasked: '•••••238',
  currency: 'CAD',
  type: 'chequing',
  holderMatches,
});

/**
 * The bank-connection API behind `window.fetch`, each route answering from its queue; the
 * status answers `afterLogin` once the login was handed over, as the server would.
 */
function fakeApi(answers: Record<string, Answer[]>, afterLogin?: Answer) {
  let handedOver = false;
  const calls: { method: string; path: string; body: unknown }[] = [];
  vi.spyOn(window, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    calls.push({ method, path: url.pathname.replace(API, ''), body });
    if (url.pathname.startsWith('/security/')) return new Response(null, { status: 204 });
    const route = `${method} ${url.pathname.replace(API, '')}`;
    if (route.endsWith('/login')) handedOver = true;
    const queue =
      handedOver && afterLogin && route === 'GET /bankConnection/FlBAConnectionStatus/'
        ? [afterLogin]
        : answers[route];
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

const flinksAnswers = (extra: Record<string, Answer[]> = {}) => ({
  'POST /bankConnection/request': [ok({ requestId: REQUEST }, 201)],
  [`GET /bankConnection/IframeUrl/${REQUEST}`]: [ok({ url: frameUrl, vendor: 'flinks' })],
  'GET /bankConnection/FlBAConnectionStatus/': [status('INITIATED')],
  [`POST /bankConnection/request/${REQUEST}/login`]: [
    ok({ requestId: REQUEST, status: 'PENDING' }, 202),
  ],
  ...extra,
});

/** Connect's REDIRECT event (docs.flinks.com, "Use a custom tag"), from a given origin. */
function redirect(origin: string, tag = REQUEST) {
  act(() => {
    window.dispatchEvent(
      new MessageEvent('message', {
        origin,
        data: {
          step: 'REDIRECT',
          institution: 'FlinksCapital',
          url: `https://portal.example.ca/?loginId=${LOGIN}&tag=${tag}&institution=FlinksCapital`,
        },
      }),
    );
  });
}

async function renderPanel(language: 'en' | 'fr') {
  storeAccessToken('test-token');
  const onUseCheque = vi.fn();
  const i18n = await createTestI18n(language);
  render(
    <TranslationProvider i18n={i18n}>
      <BankConnectionPanel
        applicationId={APPLICATION_ID}
        onConnected={() => undefined}
        onUseCheque={onUseCheque}
        pollIntervalMs={10}
      />
    </TranslationProvider>,
  );
  return { onUseCheque };
}

describe('BankConnectionPanel with Flinks Connect', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows Flinks Connect, hands over the login of its REDIRECT message from Flinks’ origin only, then lists the accounts', async () => {
    const api = fakeApi(
      flinksAnswers({
        [`POST /bankConnection/getAccountsDetail/${APPLICATION_ID}`]: [
          ok({ accounts: [account('Camille Tremblay', true)] }),
        ],
      }),
      status('CONNECTED'),
    );
    await renderPanel('en');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in to my bank' }));
    const frame = await screen.findByTitle('Connect your bank');
    expect(frame).toHaveAttribute('src', frameUrl);
    expect(
      screen.getByText(/If your bank asks a security question, it is asked there too/),
    ).toBeVisible();

    // Another site's message, even shaped like Connect's, is not listened to.
    redirect('https://evil.example');
    expect(api.sent('POST', `/bankConnection/request/${REQUEST}/login`)).toHaveLength(0);
    expect(screen.getByTitle('Connect your bank')).toBeInTheDocument();

    redirect(FLINKS);
    // At once: the frame gives way to the wait, which takes the focus the frame had.
    expect(screen.getByText('Your bank has answered. We are reading your accounts.')).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Connect to your bank' })).toHaveFocus();
    expect(api.sent('POST', `/bankConnection/request/${REQUEST}/login`)).toEqual([
      {
        method: 'POST',
        path: `/bankConnection/request/${REQUEST}/login`,
        body: { loginId: LOGIN, tag: REQUEST },
      },
    ]);
    expect(
      await screen.findByRole('radio', { name: 'Chequing, FlinksCapital •••••238 (CAD)' }),
    ).toBeEnabled();
    expect(screen.getByRole('heading', { name: 'Choose the bank account' })).toHaveFocus();
  });

  it('en français : un compte au nom d’une autre personne est expliqué, refusé, et le chèque annulé est offert', async () => {
    fakeApi(
      flinksAnswers({
        [`POST /bankConnection/getAccountsDetail/${APPLICATION_ID}`]: [
          ok({ accounts: [account('Alex Martin', false)] }),
        ],
      }),
      status('CONNECTED'),
    );
    const { onUseCheque } = await renderPanel('fr');
    await userEvent.click(screen.getByRole('button', { name: 'Ouvrir une session à ma banque' }));
    await screen.findByTitle('Connecter votre banque');
    expect(screen.getByText(/elle la pose aussi dans ce cadre/)).toBeVisible();
    redirect(FLINKS);
    expect(
      await screen.findByText(
        'Le nom du titulaire de ce compte bancaire ne correspond pas au nom inscrit dans votre demande. Choisissez un compte à votre nom ou téléversez un chèque annulé.',
      ),
    ).toBeVisible();
    await userEvent.click(
      screen.getByRole('button', { name: 'Téléverser plutôt un chèque annulé' }),
    );
    expect(onUseCheque).toHaveBeenCalled();
  });

  it('a login the server refuses (another request’s frame) fails plainly, with try again and the void cheque', async () => {
    fakeApi(
      flinksAnswers({
        [`POST /bankConnection/request/${REQUEST}/login`]: [
          ok({ errorCode: 'bankConnectionFailure', message: 'x' }, 409),
        ],
      }),
    );
    await renderPanel('en');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in to my bank' }));
    await screen.findByTitle('Connect your bank');
    redirect(FLINKS, 'cccccccc-0000-4000-8000-000000000009');
    await expectFocusMovesTo(
      await screen.findByRole('heading', { name: 'We could not connect to your bank' }),
    );
    expect(screen.getByRole('alert')).toHaveTextContent(
      'We could not connect to your bank. Please try again later or upload a void cheque.',
    );
    expect(screen.getByRole('button', { name: 'Try again' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Upload a void cheque instead' })).toBeVisible();
  });

  it('Flinks not answering when the frame is asked for: says so and that nothing was lost, in French too', async () => {
    fakeApi({
      'POST /bankConnection/request': [ok({ requestId: REQUEST }, 201)],
      [`GET /bankConnection/IframeUrl/${REQUEST}`]: [
        ok({ errorCode: 'bankConnectionUnavailable', message: 'x' }, 503),
      ],
    });
    await renderPanel('fr');
    await userEvent.click(screen.getByRole('button', { name: 'Ouvrir une session à ma banque' }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(
        'Notre partenaire de connexion bancaire ne répond pas en ce moment. Rien n’a été perdu',
      ),
    );
    expect(screen.getByRole('button', { name: 'Réessayer' })).toBeVisible();
  });
});
