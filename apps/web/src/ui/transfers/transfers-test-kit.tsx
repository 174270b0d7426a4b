import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { TranslationProvider } from '../../lib/i18n.ts';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import type { CoAccount, TransferView } from '@portal/domain/transfers/transfer-request';
import { createTestI18n } from '../../test/i18n.ts';
import { storeAccessToken } from '../../lib/session-token.ts';

/** Shared by the transfer screens' tests: the fake API, the accounts and a way to render. */

export const APPLICATION_ID = 'aaaaaaaa-0000-4000-8000-000000000000';
export const TFSA_ID = 'bbbbbbbb-0000-4000-8000-000000000001';
export const RRSP_ID = 'bbbbbbbb-0000-4000-8000-000000000002';
const API = '/service/jaxrs';

export const transfer = (changes: Partial<TransferView> = {}): TransferView => ({
  id: 'ffffffff-0000-4000-8000-000000000001',
  toAccountId: TFSA_ID,
  fromInstitutionId: 'questrade',
  fromInstitutionName: 'Questrade',
  accountNumber: '•••••789',
  accountType: 'TFSA',
  transferType: 4,
  approximateValueCents: 2_000_000,
  status: 'UNSIGNED',
  esignStatus: 'UNSIGNED',
  cancellable: true,
  expected: null,
  feeRefund: null,
  lineCount: 2,
  createdAt: '2026-03-04T15:00:00Z',
  lastModifiedDate: '2026-03-04T15:00:00Z',
  signedOn: null,
  ...changes,
});

export const coAccount = (changes: Partial<CoAccount> = {}): CoAccount => ({
  accountId: TFSA_ID,
  accountTypeId: 4,
  accountTypeName: 'tfsa',
  transferAccountType: 'TFSA',
  ownershipTypeId: 1,
  currencyTypeId: 1,
  jurisdiction: null,
  accountNumber: null,
  transfers: [],
  ...changes,
});

export const rrsp = (changes: Partial<CoAccount> = {}) =>
  coAccount({
    accountId: RRSP_ID,
    accountTypeId: 3,
    accountTypeName: 'rrsp',
    transferAccountType: 'RSP',
    ...changes,
  });

type Answer = { status: number; body?: unknown };
export const ok = (body: unknown, status = 200): Answer => ({ status, body });

export interface Call {
  method: string;
  path: string;
  search: URLSearchParams;
  body: unknown;
}

/**
 * The API behind `window.fetch`: each route answers from its queue (the last answer repeats);
 * unknown paths answer 404.
 */
export function fakeApi(answers: Record<string, Answer[]> = {}) {
  const calls: Call[] = [];
  vi.spyOn(window, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : init?.body;
    const path = url.pathname.replace(API, '');
    calls.push({ method, path, search: url.searchParams, body });
    if (url.pathname.startsWith('/security/')) return new Response(null, { status: 204 });
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
    calls,
    sent: (method: string, path: string) =>
      calls.filter((call) => call.method === method && call.path === path),
  };
}

/** Renders a screen at a path of a data router (the leave guard and links need one). */
export async function renderScreen(ui: ReactNode, language: 'en' | 'fr' = 'en') {
  storeAccessToken('test-token');
  const i18n = await createTestI18n(language);
  const router = createMemoryRouter(
    [
      { path: '/here', element: ui },
      { path: '/elsewhere', element: <h1>Elsewhere</h1> },
    ],
    { initialEntries: ['/here'] },
  );
  render(
    <TranslationProvider i18n={i18n}>
      <RouterProvider router={router} />
    </TranslationProvider>,
  );
  return { router };
}

export const user = () => userEvent.setup();

/** Chooses an institution through the lookup, as a person does. */
export async function chooseInstitution(
  u: ReturnType<typeof userEvent.setup>,
  typed: string,
  name: string,
  label = 'Institution the account is at',
) {
  await u.type(screen.getByRole('combobox', { name: label }), typed);
  await u.click(await screen.findByRole('option', { name }));
}

/** A partial transfer of two lines out of a TFSA at Questrade, as on the statement. */
export async function fillPartialTransfer(
  u: ReturnType<typeof userEvent.setup>,
  firstName = 'Hélène',
) {
  await chooseInstitution(u, 'ques', 'Questrade');
  await u.type(screen.getByLabelText('Account number at the other institution'), '12345789');
  await u.selectOptions(
    screen.getByLabelText('Type of the account at the other institution'),
    'TFSA',
  );
  await u.click(screen.getByRole('radio', { name: 'Part of it' }));
  await u.type(screen.getByLabelText('Symbol'), 'xiu');
  await u.type(screen.getByLabelText('Name of the investment'), 'iShares S&P/TSX 60');
  await u.type(screen.getByLabelText('Quantity'), '100');
  await u.click(screen.getByRole('button', { name: 'Add a line' }));
  const second = screen.getByRole('group', { name: 'Line 2' });
  await u.click(within(second).getByRole('radio', { name: 'An amount of cash' }));
  await u.type(within(second).getByLabelText('Amount of cash'), '1500');
  await u.type(screen.getByLabelText('Approximate value of the account'), '20000');
  await u.type(screen.getByLabelText('First name'), firstName);
  await u.type(screen.getByLabelText('Last name'), 'Tremblay');
  await u.type(screen.getByLabelText('Social insurance number'), '046454286');
  const birth = screen.getByRole('group', { name: 'Date of birth' });
  await u.type(within(birth).getByLabelText('Day'), '27');
  await u.type(within(birth).getByLabelText('Month'), '3');
  await u.type(within(birth).getByLabelText('Year'), '1958');
  await u.type(screen.getByLabelText('Street number'), '1200');
  await u.type(screen.getByLabelText('Street name'), 'rue Sherbrooke Ouest');
  await u.type(screen.getByLabelText('City'), 'Montréal');
  await u.selectOptions(screen.getByLabelText('Province or territory'), 'Quebec');
  await u.type(screen.getByLabelText('Postal code'), 'H3A 1H6');
}
