import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type {
  AccountMovementsAnswer,
  AccountMovementsView,
} from '@portal/domain/funding/payment-files-api';
import { preloadScreens } from '../../test/preload-screens.ts';
import { client, renderApp } from '../../test/render-app.tsx';

const API = '/service/jaxrs';
const signedIn = { status: 'signedIn', user: client } as const;

type Answer = { status: number; body?: unknown };
type Route = Answer | (() => Promise<Answer>);
const ok = (body: unknown): Answer => ({ status: 200, body });
const failed: Answer = { status: 500, body: { errorCode: 'unexpected' } };
/** An answer that never comes: the section stays loading. */
const never = () => new Promise<Answer>(() => undefined);

/**
 * The funding page's API behind `window.fetch`: every list empty, no application to transfer
 * into, and the record of movements from its queue (the last answer repeats).
 */
function fakeApi(movements: Route[]) {
  const routes: Record<string, Route[]> = {
    'GET /pendingEftPacsForCurrUser': [ok({ items: [] })],
    'GET /activeFftPacsForCurrUser': [ok({ items: [] })],
    'GET /eftPacHistoryForCurrUser': [ok({ items: [] })],
    'GET /applications': [ok([])],
    'GET /coAcctFunding/movements': movements,
  };
  return vi.spyOn(window, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname.startsWith('/security/')) return new Response(null, { status: 204 });
    const queue = routes[`${init?.method ?? 'GET'} ${url.pathname.replace(API, '')}`];
    const route = (queue && queue.length > 1 ? queue.shift() : queue?.[0]) ?? {
      status: 404,
      body: { errorCode: 'notFound' },
    };
    const answer = typeof route === 'function' ? await route() : route;
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'content-type': 'application/json' },
    });
  });
}

const tfsa: AccountMovementsView = {
  accountId: 'bbbbbbbb-0000-4000-8000-000000000001',
  accountTypeName: 'tfsa',
  accountNumber: null,
  balances: [{ currency: 'CAD', balanceCents: 25_000 }],
  movements: [
    {
      id: 'aaaaaaaa-0000-4000-8000-000000000001',
      on: '2026-11-26',
      kind: 'contributionSent',
      currency: 'CAD',
      amountCents: 50_000,
      reversed: true,
    },
    {
      id: 'aaaaaaaa-0000-4000-8000-000000000002',
      on: '2026-11-27',
      kind: 'contributionSent',
      currency: 'CAD',
      amountCents: 125_000,
      reversed: false,
    },
    {
      id: 'aaaaaaaa-0000-4000-8000-000000000003',
      on: '2026-12-01',
      kind: 'padClaim',
      currency: 'CAD',
      amountCents: -50_000,
      reversed: false,
    },
  ],
};

const rrif: AccountMovementsView = {
  accountId: 'bbbbbbbb-0000-4000-8000-000000000002',
  accountTypeName: 'rrif',
  accountNumber: '6FA12345',
  balances: [{ currency: 'CAD', balanceCents: -100_000 }],
  movements: [
    {
      id: 'aaaaaaaa-0000-4000-8000-000000000004',
      on: '2026-12-15',
      kind: 'payoutSent',
      currency: 'CAD',
      amountCents: -70_000,
      reversed: false,
    },
    {
      id: 'aaaaaaaa-0000-4000-8000-000000000005',
      on: '2026-12-15',
      kind: 'withholding',
      currency: 'CAD',
      amountCents: -30_000,
      reversed: false,
    },
  ],
};

const usCash: AccountMovementsView = {
  accountId: 'bbbbbbbb-0000-4000-8000-000000000003',
  accountTypeName: 'usCash',
  accountNumber: null,
  balances: [],
  movements: [],
};

const answer: AccountMovementsAnswer = { accounts: [tfsa, rrif, usCash] };

/** A table's cells row by row, with Intl's no-break spaces read as plain ones. */
const cellsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .map((row) =>
      [...row.querySelectorAll('th, td')].map((cell) =>
        (cell.textContent ?? '').replace(/[\u00a0\u202f]/g, ' '),
      ),
    );

// The page loads on demand: loaded once here, so each test waits for what the person sees.
await preloadScreens('/home/funding');

async function renderPage(language: 'en' | 'fr') {
  await renderApp({ path: '/home/funding', user: signedIn, language });
  await screen.findByRole('heading', { level: 1 });
}

const section = (name: string) => screen.findByRole('region', { name });

describe('the funding page’s record of the transfers the portal made', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows each account’s transfers with their sign, the reversed ones marked, and the net', async () => {
    fakeApi([ok(answer)]);
    await renderPage('en');
    const record = await section('Our record of the transfers we made');
    expect(
      within(record).getByText(/the account statements we send you are the official record/),
    ).toBeVisible();

    const tfsaTable = await within(record).findByRole('table', {
      name: 'Transfers we made for TFSA',
    });
    expect(cellsOf(tfsaTable)).toEqual([
      ['Date', 'Transfer', 'Amount'],
      ['Thursday, November 26, 2026', 'Contribution sent reversed', '+$500.00'],
      ['Friday, November 27, 2026', 'Contribution sent', '+$1,250.00'],
      ['Tuesday, December 1, 2026', 'Pre-authorized debit reimbursed at your request', '-$500.00'],
      ['Net total of these transfers (CAD)', '+$250.00'],
    ]);
    // What moved names each row, so a screen reader says it with the date and the amount.
    expect(
      within(tfsaTable).getByRole('rowheader', { name: 'Contribution sent reversed' }),
    ).toBeVisible();

    const rrifTable = within(record).getByRole('table', {
      name: 'Transfers we made for RRIF 6FA12345',
    });
    expect(cellsOf(rrifTable)).toEqual([
      ['Date', 'Transfer', 'Amount'],
      ['Tuesday, December 15, 2026', 'RRIF payment', '-$700.00'],
      ['Tuesday, December 15, 2026', 'Tax withheld', '-$300.00'],
      ['Net total of these transfers (CAD)', '-$1,000.00'],
    ]);

    // An account the portal moved nothing for is named, not left out.
    expect(
      within(record).getByText('No money has moved yet for Cash account (USD).'),
    ).toBeVisible();
    expect(within(record).getAllByRole('table')).toHaveLength(2);
  });

  it('speaks French: labels, signed amounts in French format and the reversed marker', async () => {
    fakeApi([ok(answer)]);
    await renderPage('fr');
    const record = await section('Notre registre des transferts que nous avons effectués');
    expect(
      within(record).getByText(/les relevés de compte que nous vous envoyons font foi/),
    ).toBeVisible();

    const tfsaTable = await within(record).findByRole('table', {
      name: 'Transferts que nous avons effectués : CELI',
    });
    expect(cellsOf(tfsaTable)).toEqual([
      ['Date', 'Opération', 'Montant'],
      ['jeudi 26 novembre 2026', 'Cotisation envoyée annulée', '+500,00 $'],
      ['vendredi 27 novembre 2026', 'Cotisation envoyée', '+1 250,00 $'],
      ['mardi 1 décembre 2026', 'Débit préautorisé remboursé à votre demande', '-500,00 $'],
      ['Total net de ces transferts (CAD)', '+250,00 $'],
    ]);

    const rrifTable = within(record).getByRole('table', {
      name: 'Transferts que nous avons effectués : FERR 6FA12345',
    });
    expect(cellsOf(rrifTable)).toEqual([
      ['Date', 'Opération', 'Montant'],
      ['mardi 15 décembre 2026', 'Paiement du FERR', '-700,00 $'],
      ['mardi 15 décembre 2026', 'Impôt retenu', '-300,00 $'],
      ['Total net de ces transferts (CAD)', '-1 000,00 $'],
    ]);
    expect(
      within(record).getByText(
        "Compte au comptant ($ US) : aucun argent n'a encore été transféré.",
      ),
    ).toBeVisible();
  });

  const english = 'Our record of the transfers we made';
  const french = 'Notre registre des transferts que nous avons effectués';
  it.each([
    ['en', 'accounts with nothing moved', [usCash], english, /^No money has moved yet\. /],
    ['en', 'no account yet', [], english, /^No money has moved yet\. /],
    ['fr', 'accounts with nothing moved', [usCash], french, /^Aucun argent n'a encore/],
    ['fr', 'no account yet', [], french, /^Aucun argent n'a encore/],
  ] as const)(
    'says in %s that no money has moved yet (%s)',
    async (language, _case, accounts, heading, empty) => {
      fakeApi([ok({ accounts })]);
      await renderPage(language);
      const record = await section(heading);
      expect(await within(record).findByText(empty)).toBeVisible();
      expect(within(record).queryByRole('table')).toBeNull();
    },
  );

  it.each([
    ['en', 'Our record of the transfers we made', 'Loading our record of the transfers we made…'],
    [
      'fr',
      'Notre registre des transferts que nous avons effectués',
      'Chargement de notre registre des transferts que nous avons effectués…',
    ],
  ] as const)('says in %s what loads while it loads', async (language, heading, loading) => {
    fakeApi([never]);
    await renderPage(language);
    const record = await section(heading);
    expect(record).toHaveAttribute('aria-busy', 'true');
    expect(await within(record).findByRole('status')).toHaveTextContent(loading);
  });

  it.each([
    [
      'en',
      'Our record of the transfers we made',
      'We could not load our record of the transfers we made.',
      'Try again',
      'Transfers we made for TFSA',
    ],
    [
      'fr',
      'Notre registre des transferts que nous avons effectués',
      "Nous n'avons pas pu charger notre registre des transferts que nous avons effectués.",
      'Réessayer',
      'Transferts que nous avons effectués : CELI',
    ],
  ] as const)(
    'says in %s that the record failed to load, and loads it again on request',
    async (language, heading, loadFailed, retry, caption) => {
      fakeApi([failed, ok(answer)]);
      await renderPage(language);
      const record = await section(heading);
      expect(await within(record).findByRole('alert')).toHaveTextContent(loadFailed);
      await userEvent.click(within(record).getByRole('button', { name: retry }));
      expect(await within(record).findByRole('table', { name: caption })).toBeVisible();
      expect(within(record).queryByRole('alert')).toBeNull();
    },
  );
});
