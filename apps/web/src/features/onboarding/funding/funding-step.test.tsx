import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TranslationProvider } from '../../../lib/i18n.ts';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { BankAccount } from '@portal/domain/funding/bank-account';
import type { FundingItem, FundingToAccount } from '@portal/domain/funding/funding-item';
import type { CoAccount, TransferView } from '@portal/domain/transfers/transfer-request';
import type { ApplicationDetail } from '../../../lib/applications-api.ts';
import { createTestI18n } from '../../../test/i18n.ts';
import { storeAccessToken } from '../../../lib/session-token.ts';
import { ApplicationContext } from '../step/application-context.tsx';
import { FundingStep } from './funding-step.tsx';
import { bankFundingForms, transfersPanel } from './funding-ways.ts';
import { expectFocusMovesTo } from '../../../test/focus.ts';

const APPLICATION_ID = 'aaaaaaaa-0000-4000-8000-000000000000';
const API = '/service/jaxrs';
const POLL_MS = 20;

const tfsa: FundingToAccount = {
  accountId: 'bbbbbbbb-0000-4000-8000-000000000001',
  accountNumber: null,
  accountTypeId: 4,
  accountTypeName: 'tfsa',
  eftEligible: true,
  ownershipTypeId: 1,
  currencyTypeId: 1,
};

const chequing: BankAccount = {
  id: 'cccccccc-0000-4000-8000-000000000001',
  bankAccountNumber: '•••••123',
  nickname: 'Everyday',
  financialInstitutionId: '003',
  financialInstitutionName: 'RBC Royal Bank',
  transitNumber: '12345',
  currencyTypeId: 1,
  source: 'cheque',
  documentUploadedId: 'dddddddd-0000-4000-8000-000000000001',
};

const dates = ['2026-03-16', '2026-03-17', '2026-03-18'];

const unsignedTransfer: TransferView = {
  id: 'ffffffff-0000-4000-8000-000000000001',
  toAccountId: tfsa.accountId,
  fromInstitutionId: 'questrade',
  fromInstitutionName: 'Questrade',
  accountNumber: '•••••789',
  accountType: 'TFSA',
  transferType: 1,
  approximateValueCents: 2_000_000,
  status: 'UNSIGNED',
  esignStatus: 'UNSIGNED',
  cancellable: true,
  expected: null,
  feeRefund: null,
  lineCount: 0,
  createdAt: '2026-03-04T15:00:00Z',
  lastModifiedDate: '2026-03-04T15:00:00Z',
  signedOn: null,
};

const coTfsa = (transfers: TransferView[] = []): CoAccount => ({
  accountId: tfsa.accountId,
  accountTypeId: 4,
  accountTypeName: 'tfsa',
  transferAccountType: 'TFSA',
  ownershipTypeId: 1,
  currencyTypeId: 1,
  jurisdiction: null,
  accountNumber: null,
  transfers,
});

const item = (changes: Partial<FundingItem> = {}): FundingItem => ({
  id: 'eeeeeeee-0000-4000-8000-000000000001',
  frequency: 1,
  startDate: '2026-03-16',
  amount: 500,
  amountCents: 50_000,
  fromAccount: {
    nickname: 'Everyday',
    accountNumber: '•••••123',
    accountid: chequing.id,
    financialInstituionName: 'RBC Royal Bank',
    currencyTypeId: 1,
  },
  toAccount: tfsa,
  fundingTypeId: 1,
  fundingStatusTypeId: 14,
  userStatus: 'submitted',
  lastModifiedDate: '2026-03-04T15:00:00Z',
  activeDate: null,
  parentId: null,
  effectiveDate: null,
  canCancel: true,
  canDelete: false,
  ...changes,
});

type Answer = { status: number; body?: unknown };
const ok = (body: unknown, status = 200): Answer => ({ status, body });

/**
 * The funding and bank-connection APIs behind `window.fetch`. Each route answers from its queue
 * (the last answer repeats); unknown paths answer 404.
 */
function fakeFundingApi(answers: Record<string, Answer[]> = {}) {
  const calls: { method: string; path: string; body: unknown; search: string }[] = [];
  const routes: Record<string, Answer[]> = {
    'GET /coAcctFunding/toAccountsForCurrUser': [ok({ accounts: [tfsa] })],
    'GET /finInstitutionAcctsForCurrUser': [ok({ bankAccounts: [] })],
    'GET /adminAcctsForCurrUser': [ok({ accounts: [] })],
    'GET /coAcctFunding/startDates': [ok({ today: '2026-03-04', earliest: dates[0], dates })],
    [`GET /applications/${APPLICATION_ID}/next-step`]: [ok({ step: 'qualid' })],
    ...answers,
  };
  vi.spyOn(window, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : init?.body;
    calls.push({ method, path: url.pathname, body, search: url.search });
    if (url.pathname.startsWith('/security/')) return new Response(null, { status: 204 });
    const queue = routes[`${method} ${url.pathname.replace(API, '')}`];
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
      calls.filter((call) => call.method === method && call.path === `${API}${path}`),
  };
}

const application = {
  id: APPLICATION_ID,
  status: 'esignatureRequired',
  role: 'primary',
  version: 3,
  ownershipTypeId: 1,
  createdAt: '2026-03-01T00:00:00Z',
  updatedAt: '2026-03-01T00:00:00Z',
  nextStep: 'esign',
  accounts: ['tfsa'],
  steps: { profile: { firstName: 'Camille', lastName: 'Tremblay' } },
} as unknown as ApplicationDetail;

async function renderStep(
  language: 'en' | 'fr' = 'en',
  pollIntervalMs = POLL_MS,
  initialEntry = `/application/${APPLICATION_ID}/funding`,
) {
  storeAccessToken('test-token');
  const i18n = await createTestI18n(language);
  const context = {
    application,
    draftOf: () => undefined,
    setDraft: () => undefined,
    save: async () => ({ kind: 'failed' as const }),
    refreshed: () => undefined,
  };
  const router = createMemoryRouter(
    [
      {
        path: '/application/:applicationId/funding',
        element: (
          <ApplicationContext.Provider value={context}>
            <FundingStep pollIntervalMs={pollIntervalMs} />
          </ApplicationContext.Provider>
        ),
      },
      { path: '/application/:applicationId/qualid', element: <h1>Confirm your identity</h1> },
      { path: '/home/dashboard', element: <h1>Dashboard</h1> },
    ],
    { initialEntries: [initialEntry] },
  );
  render(
    <TranslationProvider i18n={i18n}>
      <RouterProvider router={router} />
    </TranslationProvider>,
  );
  await screen.findByRole('heading', { level: 2 });
  return { router };
}

const user = () => userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });

async function chooseOneTime(u = userEvent.setup()) {
  await u.click(screen.getByRole('radio', { name: 'One transfer from my bank account' }));
}

describe('funding step', () => {
  // The ways' forms download on a choice (funding-ways.ts); here they are ready beforehand, as
  // when the person's pointer or focus neared the choice. part-on-choice.test.tsx covers the wait.
  beforeAll(async () => {
    await Promise.all([bankFundingForms.load(), transfersPanel.load()]);
  });

  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('offers the five ways per account, and Continue goes to the next step whatever was chosen', async () => {
    const api = fakeFundingApi();
    const { router } = await renderStep();
    const options = screen.getByRole('group', {
      name: 'How would you like to fund your TFSA?',
    });
    expect(
      within(options)
        .getAllByRole('radio')
        .map((radio) => radio.getAttribute('value')),
    ).toEqual(['eft', 'pac', 'transfer', 'billPayment', 'skip']);
    await userEvent.click(screen.getByRole('radio', { name: 'Skip for now and fund later' }));
    expect(screen.getByText(/fund your accounts later from your funding page/)).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/application/${APPLICATION_ID}/qualid`),
    );
    expect(api.sent('GET', `/applications/${APPLICATION_ID}/next-step`)).toHaveLength(1);
    expect(api.sent('POST', '/coAcctFunding/')).toHaveLength(0);
  });

  it('a void cheque with bad numbers is refused at its fields, then uploaded and chosen', async () => {
    const api = fakeFundingApi({
      [`POST /coAcctFunding/uploadCheque/${APPLICATION_ID}`]: [
        ok({ documentUploadedId: chequing.documentUploadedId, bankAccount: chequing }, 201),
      ],
    });
    await renderStep();
    await chooseOneTime();
    expect(screen.getByText(/no bank account on file yet/)).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Upload a void cheque' }));
    await userEvent.type(screen.getByLabelText('Institution number'), '03');
    await userEvent.type(screen.getByLabelText('Transit number'), '12-34');
    await userEvent.type(screen.getByLabelText('Account number'), '123');
    await userEvent.click(screen.getByRole('button', { name: 'Upload the cheque' }));
    const summary = await screen.findByRole('alert', { name: 'There is a problem' });
    expect(summary).toHaveFocus();
    expect(screen.getByLabelText('Institution number')).toHaveAccessibleDescription(
      expect.stringContaining('The institution number is 3 digits.'),
    );
    expect(screen.getByLabelText('Transit number')).toHaveAccessibleDescription(
      expect.stringContaining('The transit number is 5 digits.'),
    );
    expect(screen.getByLabelText('Account number')).toHaveAccessibleDescription(
      expect.stringContaining('The account number is 7 to 12 digits.'),
    );
    expect(api.sent('POST', `/coAcctFunding/uploadCheque/${APPLICATION_ID}`)).toHaveLength(0);

    await userEvent.clear(screen.getByLabelText('Institution number'));
    await userEvent.type(screen.getByLabelText('Institution number'), '003');
    await userEvent.type(screen.getByLabelText('Transit number'), '5');
    await userEvent.type(screen.getByLabelText('Account number'), '4567 123');
    await userEvent.type(screen.getByLabelText('Name for this bank account'), 'Everyday');
    await userEvent.upload(
      screen.getByLabelText('Picture or scan of the void cheque'),
      new File(['%PDF-1.4'], 'cheque.pdf', { type: 'application/pdf' }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Upload the cheque' }));
    expect(
      await screen.findByRole('radio', { name: 'Everyday, RBC Royal Bank •••••123' }),
    ).toBeChecked();
    const form = api.sent('POST', `/coAcctFunding/uploadCheque/${APPLICATION_ID}`)[0]
      ?.body as FormData;
    expect(form.get('finInstitution')).toBe('003');
    expect(form.get('transitNumber')).toBe('12345');
    expect(form.get('bankAccountNumber')).toBe('1234567123');
    expect(form.get('currency')).toBe('cad');
    expect((form.get('uploadCheque') as File).name).toBe('cheque.pdf');
  });

  it('refuses $49.99 at the amount with the minimum, then submits $500 on an offered date and confirms', async () => {
    const api = fakeFundingApi({
      'GET /finInstitutionAcctsForCurrUser': [ok({ bankAccounts: [chequing] })],
      'POST /coAcctFunding/': [
        ok(
          {
            item: item(),
            confirmation: {
              firstDebitDate: '2026-03-17',
              investedOn: { reason: 'quarterEnd', date: '2026-03-31' },
              agreementId: 'ffffffff-0000-4000-8000-000000000001',
              preNotificationMailDate: null,
            },
          },
          201,
        ),
      ],
    });
    await renderStep();
    await chooseOneTime();
    await userEvent.click(screen.getByRole('radio', { name: 'Everyday, RBC Royal Bank •••••123' }));
    await userEvent.type(screen.getByLabelText('Amount'), '49.99');
    await userEvent.selectOptions(
      await screen.findByLabelText('Start date'),
      'Tuesday, March 17, 2026',
    );
    await userEvent.click(screen.getByLabelText("I waive the 10 days' notice"));
    await userEvent.click(
      screen.getByLabelText('I have read the pre-authorized debit agreement and I accept it'),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Submit the transfer' }));
    expect(screen.getByLabelText('Amount')).toHaveAccessibleDescription(
      expect.stringContaining('The minimum amount is $50.'),
    );
    expect(api.sent('POST', '/coAcctFunding/')).toHaveLength(0);
    // The agreement names the account, the amount and the date it authorizes.
    expect(
      screen.getByRole('region', { name: 'Pre-authorized debit agreement' }),
    ).toHaveTextContent('•••••123');

    await userEvent.clear(screen.getByLabelText('Amount'));
    await userEvent.type(screen.getByLabelText('Amount'), '500');
    await userEvent.click(screen.getByRole('button', { name: 'Submit the transfer' }));
    await expectFocusMovesTo(
      await screen.findByRole('heading', { name: 'Your request is submitted' }),
    );
    expect(
      screen.getByText(
        'The money will be taken from your bank account on Tuesday, March 17, 2026.',
      ),
    ).toBeVisible();
    expect(
      screen.getByText(/invested at the end of the quarter, on Tuesday, March 31, 2026/),
    ).toBeVisible();
    expect(api.sent('POST', '/coAcctFunding/')[0]?.body).toEqual({
      amount: 500,
      toAccountNumber: null,
      toAccountId: tfsa.accountId,
      fundingFrequencyTypeId: 1,
      fundingTypeId: 1,
      pacStartDate: '2026-03-17',
      documentUploadedId: chequing.documentUploadedId,
      agreementAccepted: true,
      preNotificationWaived: true,
    });
    // Waiving asked the server for the earlier dates.
    expect(
      api
        .sent('GET', '/coAcctFunding/startDates')
        .some((call) => call.search.includes('preNotificationWaived=true')),
    ).toBe(true);
  });

  it('speaks French: the amount, the minimum and the dates', async () => {
    fakeFundingApi({ 'GET /finInstitutionAcctsForCurrUser': [ok({ bankAccounts: [chequing] })] });
    await renderStep('fr');
    await userEvent.click(
      screen.getByRole('radio', { name: 'Un virement depuis mon compte bancaire' }),
    );
    await userEvent.type(screen.getByLabelText('Montant'), '49,99');
    expect(await screen.findByRole('option', { name: 'mardi 17 mars 2026' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Soumettre le virement' }));
    expect(screen.getByLabelText('Montant')).toHaveAccessibleDescription(
      expect.stringContaining('Le montant minimum est de 50\u00a0$.'),
    );
    expect(screen.getByLabelText('Date de début')).toBeInTheDocument();
  });

  it('a transfer from another institution opens the transfer request into that account, with the offer', async () => {
    fakeFundingApi({
      [`GET /coapplications/${APPLICATION_ID}/coaccounts`]: [ok([coTfsa()])],
    });
    await renderStep();
    await userEvent.click(
      screen.getByRole('radio', { name: 'Transfer from another financial institution' }),
    );
    expect(
      await screen.findByRole('heading', { name: 'Transfer from another institution' }),
    ).toBeVisible();
    expect(
      screen.getByText(/refund the other institution’s transfer fees, up to \$150/),
    ).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Request a transfer' }));
    expect(screen.getByLabelText('Account the transfer goes into')).toHaveValue(tfsa.accountId);
    expect(screen.getByLabelText('Institution the account is at')).toBeInTheDocument();
  });

  it('leaving the step with an unsigned transfer asks first, then cancels it and goes on', async () => {
    const api = fakeFundingApi({
      [`GET /coapplications/${APPLICATION_ID}/coaccounts`]: [ok([coTfsa([unsignedTransfer])])],
      [`GET /transferAccounts/${unsignedTransfer.id}/esign`]: [
        ok({ transferAccountId: unsignedTransfer.id, esignUrl: null, esignStatus: 'UNSIGNED' }),
      ],
      [`DELETE /transferAccounts/cancel/${unsignedTransfer.id}`]: [
        ok({ transfer: { ...unsignedTransfer, status: 'CANCELLED' } }),
      ],
    });
    const { router } = await renderStep();
    await userEvent.click(
      screen.getByRole('radio', { name: 'Transfer from another financial institution' }),
    );
    expect(await screen.findByText('Not signed: not processed')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Leave without signing?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Stay and sign' }));
    expect(api.sent('DELETE', `/transferAccounts/cancel/${unsignedTransfer.id}`)).toHaveLength(0);
    expect(router.state.location.pathname).toBe(`/application/${APPLICATION_ID}/funding`);

    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await userEvent.click(
      within(await screen.findByRole('alertdialog', { name: 'Leave without signing?' })).getByRole(
        'button',
        { name: 'Cancel it and leave' },
      ),
    );
    expect(await screen.findByRole('heading', { name: 'Confirm your identity' })).toBeVisible();
    expect(api.sent('DELETE', `/transferAccounts/cancel/${unsignedTransfer.id}`)).toHaveLength(1);
  });

  it('en français, quitter l’étape avec un transfert non signé demande une confirmation', async () => {
    fakeFundingApi({
      [`GET /coapplications/${APPLICATION_ID}/coaccounts`]: [ok([coTfsa([unsignedTransfer])])],
    });
    await renderStep('fr');
    await userEvent.click(
      screen.getByRole('radio', { name: 'Transfert depuis une autre institution financière' }),
    );
    expect(await screen.findByText('Non signé : non traité')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Continuer' }));
    const dialog = await screen.findByRole('alertdialog', { name: /^Partir sans signer\?$/ });
    expect(within(dialog).getByRole('button', { name: "L'annuler et partir" })).toBeVisible();
  });

  it('a RRIF-only application is offered a transfer or nothing for now, never a bank deposit', async () => {
    const rrif: FundingToAccount = {
      ...tfsa,
      accountTypeId: 8,
      accountTypeName: 'rrif',
      eftEligible: false,
    };
    fakeFundingApi({ 'GET /coAcctFunding/toAccountsForCurrUser': [ok({ accounts: [rrif] })] });
    await renderStep();
    const options = screen.getByRole('group', {
      name: 'How would you like to fund your RRIF?',
    });
    expect(
      within(options)
        .getAllByRole('radio')
        .map((radio) => radio.getAttribute('value')),
    ).toEqual(['transfer', 'skip']);
    expect(screen.queryByRole('radio', { name: 'One transfer from my bank account' })).toBeNull();
    expect(screen.queryByRole('radio', { name: 'Pay as a bill from my bank' })).toBeNull();
  });

  it('a transfer requested here is signed with a return to this step, and back from the ceremony it opens at its sign step', async () => {
    const api = fakeFundingApi({
      [`GET /coapplications/${APPLICATION_ID}/coaccounts`]: [ok([coTfsa([unsignedTransfer])])],
      [`GET /transferAccounts/${unsignedTransfer.id}/esign`]: [
        ok({
          transferAccountId: unsignedTransfer.id,
          esignUrl: '/sandbox/esign/abc',
          esignStatus: 'UNSIGNED',
        }),
      ],
    });
    const assign = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({
      ...window.location,
      origin: 'http://localhost',
      assign,
    });
    await renderStep(
      'en',
      POLL_MS,
      `/application/${APPLICATION_ID}/funding?transfer=${unsignedTransfer.id}&returned=1`,
    );
    // Back from the ceremony: the transfer's account shows its transfers, at the sign step.
    expect(
      screen.getByRole('radio', { name: 'Transfer from another financial institution' }),
    ).toBeChecked();
    expect(
      await screen.findByRole('heading', { name: 'Sign the transfer authorization' }),
    ).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Sign the authorization' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('http://localhost/sandbox/esign/abc'));
    const asked = api.sent('GET', `/transferAccounts/${unsignedTransfer.id}/esign`);
    expect(asked.map((call) => call.search)).toContain('?returnTo=application');
  });

  it('bill payment names the payee and says the account number comes when the account opens', async () => {
    fakeFundingApi();
    await renderStep();
    await userEvent.click(screen.getByRole('radio', { name: 'Pay as a bill from my bank' }));
    expect(screen.getByText('Laurentide Investing')).toBeVisible();
    expect(screen.getByText(/Assigned when your account opens/)).toBeVisible();
  });

  it('connects a bank account through the frame and the status poll, then uses it', async () => {
    const connected: BankAccount = {
      ...chequing,
      id: 'cccccccc-0000-4000-8000-000000000002',
      source: 'connection',
      documentUploadedId: undefined,
      flinksBankAccountId: 'cccccccc-0000-4000-8000-000000000002',
      nickname: 'Chequing',
    };
    const api = fakeFundingApi({
      'POST /bankConnection/request': [ok({ requestId: 'req-1' }, 201)],
      'GET /bankConnection/IframeUrl/req-1': [
        ok({ url: '/sandbox/bank-connection/connect?request=req-1&lang=en' }),
      ],
      'GET /bankConnection/FlBAConnectionStatus/': [
        ok({
          status: 'INITIATED',
          requestId: 'req-1',
          loginId: null,
          failure: null,
          pendingSince: null,
        }),
        ok({
          status: 'CONNECTED',
          requestId: 'req-1',
          loginId: 'login-1',
          failure: null,
          pendingSince: null,
        }),
      ],
      [`POST /bankConnection/getAccountsDetail/${APPLICATION_ID}`]: [
        ok({
          accounts: [
            {
              accountId: 'acc-1',
              holderName: 'Camille Tremblay',
              institutionName: 'RBC Royal Bank',
              institutionNumber: '003',
              transitNumber: '12345',
              accountNumberMasked: '•••••123',
              currency: 'CAD',
              type: 'chequing',
              holderMatches: true,
            },
          ],
        }),
      ],
      'PUT /bankConnection/request': [ok({ bankAccount: connected })],
    });
    await renderStep();
    await chooseOneTime();
    await userEvent.click(screen.getByRole('button', { name: 'Connect to my bank' }));
    await userEvent.click(screen.getByRole('button', { name: 'Sign in to my bank' }));
    const frame = await screen.findByTitle('Connect your bank');
    expect(frame).toHaveAttribute('src', '/sandbox/bank-connection/connect?request=req-1&lang=en');
    act(() => {
      window.dispatchEvent(
        new MessageEvent('message', {
          origin: window.location.origin,
          data: { type: 'bankConnection', status: 'CONNECTED', requestId: 'req-1' },
        }),
      );
    });
    const account = await screen.findByRole('radio', {
      name: 'Chequing, RBC Royal Bank •••••123 (CAD)',
    });
    await userEvent.click(account);
    await userEvent.click(screen.getByRole('button', { name: 'Use this account' }));
    expect(
      await screen.findByRole('radio', { name: 'Chequing, RBC Royal Bank •••••123' }),
    ).toBeChecked();
    expect(api.sent('PUT', '/bankConnection/request')[0]?.body).toEqual({
      flinksStatusType: 'COMPLETED',
      accountSelected: 'acc-1',
      canceledByClient: false,
    });
    expect(api.sent('GET', '/bankConnection/FlBAConnectionStatus/').length).toBeGreaterThan(0);
  });

  it('an account held by someone else is explained and cannot be used', async () => {
    fakeFundingApi({
      'POST /bankConnection/request': [ok({ requestId: 'req-1' }, 201)],
      'GET /bankConnection/IframeUrl/req-1': [ok({ url: '/sandbox/bank-connection/connect' })],
      'GET /bankConnection/FlBAConnectionStatus/': [
        ok({
          status: 'CONNECTED',
          requestId: 'req-1',
          loginId: 'login-1',
          failure: null,
          pendingSince: null,
        }),
      ],
      [`POST /bankConnection/getAccountsDetail/${APPLICATION_ID}`]: [
        ok({
          accounts: [
            {
              accountId: 'acc-9',
              holderName: 'Alex Martin',
              institutionName: 'RBC Royal Bank',
              institutionNumber: '003',
              transitNumber: '12345',
              accountNumberMasked: '•••••999',
              currency: 'CAD',
              type: 'savings',
              holderMatches: false,
            },
          ],
        }),
      ],
    });
    await renderStep();
    await chooseOneTime();
    await userEvent.click(screen.getByRole('button', { name: 'Connect to my bank' }));
    await userEvent.click(screen.getByRole('button', { name: 'Sign in to my bank' }));
    expect(
      await screen.findByText(
        /The name on this bank account does not match the name on your application/,
      ),
    ).toBeVisible();
    await waitFor(() =>
      expect(screen.getByRole('heading', { name: 'Choose the bank account' })).toHaveFocus(),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Upload a void cheque instead' }));
    expect(screen.getByRole('heading', { name: 'Upload a void cheque' })).toBeVisible();
  });

  it('an expired connection says so and offers the void cheque', async () => {
    fakeFundingApi({
      'POST /bankConnection/request': [ok({ requestId: 'req-1' }, 201)],
      'GET /bankConnection/IframeUrl/req-1': [ok({ url: '/sandbox/bank-connection/connect' })],
      'GET /bankConnection/FlBAConnectionStatus/': [
        ok({
          status: 'EXPIRED',
          requestId: 'req-1',
          loginId: null,
          failure: null,
          pendingSince: null,
        }),
      ],
    });
    await renderStep();
    await chooseOneTime();
    await userEvent.click(screen.getByRole('button', { name: 'Connect to my bank' }));
    await userEvent.click(screen.getByRole('button', { name: 'Sign in to my bank' }));
    expect(await screen.findByText(/Connecting to your bank took too long/)).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Upload a void cheque instead' }));
    expect(screen.getByLabelText('Institution number')).toBeVisible();
  });

  it('gives up at the poll limit while the bank stays pending, and offers the void cheque', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = fakeFundingApi({
      'POST /bankConnection/request': [ok({ requestId: 'req-1' }, 201)],
      'GET /bankConnection/IframeUrl/req-1': [ok({ url: '/sandbox/bank-connection/connect' })],
      'GET /bankConnection/FlBAConnectionStatus/': [
        ok({
          status: 'PENDING',
          requestId: 'req-1',
          loginId: null,
          failure: null,
          pendingSince: '2026-03-04T15:00:00Z',
        }),
      ],
    });
    // The real pace (every 2 s) up to the real limit.
    await renderStep('en', 2000);
    const u = user();
    await chooseOneTime(u);
    await u.click(screen.getByRole('button', { name: 'Connect to my bank' }));
    await u.click(screen.getByRole('button', { name: 'Sign in to my bank' }));
    await screen.findByTitle('Connect your bank');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(2 * 60_000);
    });
    expect(screen.getByText(/Still waiting for your bank: 2 minutes so far/)).toBeInTheDocument();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1_830_000);
    });
    expect(await screen.findByText(/Connecting to your bank took too long/)).toBeVisible();
    const polls = api.sent('GET', '/bankConnection/FlBAConnectionStatus/').length;
    await act(async () => {
      await vi.advanceTimersByTimeAsync(10_000);
    });
    // Given up: no more polls.
    expect(api.sent('GET', '/bankConnection/FlBAConnectionStatus/')).toHaveLength(polls);
    expect(screen.getByRole('button', { name: 'Upload a void cheque instead' })).toBeVisible();
  });
});
