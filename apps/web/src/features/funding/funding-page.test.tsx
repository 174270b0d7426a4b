import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BankAccount } from '@portal/domain/funding/bank-account';
import type { FundingItem, FundingToAccount } from '@portal/domain/funding/funding-item';
import type { CoAccount, TransferView } from '@portal/domain/transfers/transfer-request';
import { resetFlagsForTests } from '../../lib/flags.ts';
import { preloadScreens } from '../../test/preload-screens.ts';
import { client, renderApp } from '../../test/render-app.tsx';

const API = '/service/jaxrs';
const signedIn = { status: 'signedIn', user: client } as const;
const HOUR_MS = 60 * 60 * 1000;
const hoursAgo = (hours: number) => new Date(Date.now() - hours * HOUR_MS).toISOString();

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

let counter = 0;
const item = (changes: Partial<FundingItem> = {}): FundingItem => {
  counter += 1;
  return {
    id: `eeeeeeee-0000-4000-8000-${String(counter).padStart(12, '0')}`,
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
    lastModifiedDate: hoursAgo(2),
    activeDate: null,
    parentId: null,
    effectiveDate: null,
    canCancel: true,
    canDelete: false,
    ...changes,
  };
};

/** A one-time EFT not yet with the bank: $1,234.56, cancellable. */
const pendingEft = () => item({ amount: 1234.56, amountCents: 123_456 });
/** An active monthly PAC of $100. */
const activePac = () =>
  item({
    frequency: 5,
    fundingTypeId: 3,
    fundingStatusTypeId: 17,
    userStatus: 'approved',
    amount: 100,
    amountCents: 10_000,
    startDate: '2026-02-02',
    activeDate: '2026-02-02',
    canCancel: false,
    canDelete: true,
    lastModifiedDate: hoursAgo(30 * 24),
  });

type Answer = { status: number; body?: unknown };
type Route = Answer | (() => Promise<Answer>);
const ok = (body: unknown, status = 200): Answer => ({ status, body });
const failed: Answer = { status: 500, body: { errorCode: 'unexpected' } };
/** An answer that never comes: the section stays loading. */
const never = () => new Promise<Answer>(() => undefined);

/**
 * The funding API behind `window.fetch`. Each route answers from its queue (the last answer
 * repeats); unknown paths answer 404. The applications list says the person's application is
 * agreed (funding is open for it).
 */
function fakeFundingApi(answers: Record<string, Route[]> = {}) {
  const calls: { method: string; path: string; search: string; body: unknown }[] = [];
  const routes: Record<string, Route[]> = {
    'GET /pendingEftPacsForCurrUser': [ok({ items: [] })],
    'GET /activeFftPacsForCurrUser': [ok({ items: [] })],
    'GET /eftPacHistoryForCurrUser': [ok({ items: [] })],
    'GET /coAcctFunding/toAccountsForCurrUser': [ok({ accounts: [tfsa] })],
    'GET /finInstitutionAcctsForCurrUser': [ok({ bankAccounts: [chequing] })],
    'GET /applications': [ok([])],
    'GET /coAcctFunding/startDates': [
      ok({ today: '2026-03-04', earliest: '2026-03-13', dates: ['2026-03-13', '2026-03-16'] }),
    ],
    ...answers,
  };
  const spy = vi.spyOn(window, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : init?.body;
    calls.push({ method, path: url.pathname, search: url.search, body });
    if (url.pathname.startsWith('/security/')) return new Response(null, { status: 204 });
    const queue = routes[`${method} ${url.pathname.replace(API, '')}`];
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
  return {
    spy,
    sent: (method: string, path: string) =>
      calls.filter((call) => call.method === method && call.path === `${API}${path}`),
  };
}

// The page loads on demand: loaded once here, so each test waits for what the person sees
// rather than for the module's first load (test/preload-screens.ts).
await preloadScreens('/home/funding');

/** The real route table at #/home/funding. */
async function renderPage(language: 'en' | 'fr' = 'en', path = '/home/funding') {
  const rendered = await renderApp({ path, user: signedIn, language });
  await screen.findByRole('heading', { level: 1 });
  return rendered;
}

const section = (name: string) => screen.findByRole('region', { name });

describe('funding page', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows the three sections with their items, the statuses people read, and the title', async () => {
    fakeFundingApi({
      'GET /pendingEftPacsForCurrUser': [ok({ items: [pendingEft()] })],
      'GET /activeFftPacsForCurrUser': [ok({ items: [activePac()] })],
      'GET /eftPacHistoryForCurrUser': [
        ok({
          items: [
            item({ userStatus: 'submitted' }),
            item({ userStatus: 'pending', fundingStatusTypeId: 32, canCancel: false }),
            item({ userStatus: 'approved', fundingStatusTypeId: 18, canCancel: false }),
            item({ userStatus: 'declined', fundingStatusTypeId: 33, canCancel: false }),
            item({ userStatus: 'cancelled', fundingStatusTypeId: 62, canCancel: false }),
          ],
        }),
      ],
    });
    await renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Funding' })).toBeVisible();
    await waitFor(() => expect(document.title).toBe('Online Applications | Funding'));

    const pending = await section('Pending requests');
    const eft = await within(pending).findByRole('listitem', { name: '$1,234.56 to TFSA' });
    // Each list is named by its section's heading.
    expect(within(pending).getByRole('list', { name: 'Pending requests' })).toContainElement(eft);
    expect(within(eft).getByRole('button', { name: 'Cancel request' })).toHaveAccessibleDescription(
      '$1,234.56 to TFSA',
    );

    const recurring = await section('Recurring contributions');
    const pac = await within(recurring).findByRole('listitem', { name: '$100.00 to TFSA' });
    expect(within(pac).getByText('Monthly')).toBeVisible();
    expect(within(pac).getByRole('button', { name: 'Delete' })).toBeVisible();

    const history = await section('History');
    expect(await within(history).findByRole('list', { name: 'History' })).toBeVisible();
    const statuses = (await within(history).findAllByRole('listitem')).map(
      (entry) => within(entry).getByText('Status').nextElementSibling?.textContent,
    );
    expect(statuses).toEqual(['Submitted', 'Pending', 'Approved', 'Declined', 'Cancelled']);
    // Nothing in the history can be changed from there: its only buttons save the agreements.
    const buttons = within(history).getAllByRole('button');
    expect(buttons).toHaveLength(5);
    for (const button of buttons) {
      expect(button).toHaveAccessibleName(
        /^Download the debit agreement \(PDF\) \(\$[\d,.]+ to TFSA\)$/,
      );
    }
  });

  it('says when each section is empty', async () => {
    fakeFundingApi();
    await renderPage();
    expect(
      await within(await section('Pending requests')).findByText('You have no pending request.'),
    ).toBeVisible();
    expect(
      within(await section('Recurring contributions')).getByText(
        'You have no recurring contribution.',
      ),
    ).toBeVisible();
    expect(
      within(await section('History')).getByText('You have made no request yet.'),
    ).toBeVisible();
  });

  it('shows a monthly contribution just requested under Recurring contributions, not "none"', async () => {
    const pac = item({ frequency: 5, fundingTypeId: 3, amount: 200, amountCents: 20_000 });
    fakeFundingApi({ 'GET /pendingEftPacsForCurrUser': [ok({ items: [pac] })] });
    await renderPage();
    const recurring = await section('Recurring contributions');
    expect(
      await within(recurring).findByRole('heading', { name: '$200.00 to TFSA' }),
    ).toBeVisible();
    expect(within(recurring).queryByText('You have no recurring contribution.')).toBeNull();
    expect(
      within(recurring).getByText(/^Starts on .*March 16, 2026\. Until the first debit/),
    ).toBeVisible();
    expect(within(recurring).queryByRole('button', { name: 'Delete' })).toBeNull();
  });

  it('says what loads while each section loads', async () => {
    fakeFundingApi({
      'GET /pendingEftPacsForCurrUser': [never],
      'GET /activeFftPacsForCurrUser': [never],
      'GET /eftPacHistoryForCurrUser': [never],
    });
    await renderPage();
    const pending = await section('Pending requests');
    expect(pending).toHaveAttribute('aria-busy', 'true');
    expect(within(pending).getByRole('status')).toHaveTextContent('Loading your pending requests…');
    expect(within(await section('Recurring contributions')).getByRole('status')).toHaveTextContent(
      'Loading your recurring contributions…',
    );
    expect(within(await section('History')).getByRole('status')).toHaveTextContent(
      'Loading your history…',
    );
  });

  it('says which section failed to load, and loads it again on request', async () => {
    fakeFundingApi({
      'GET /pendingEftPacsForCurrUser': [failed, ok({ items: [pendingEft()] })],
      'GET /activeFftPacsForCurrUser': [failed],
      'GET /eftPacHistoryForCurrUser': [failed],
    });
    await renderPage();
    const pending = await section('Pending requests');
    expect(await within(pending).findByRole('alert')).toHaveTextContent(
      'We could not load your pending requests.',
    );
    expect(within(await section('Recurring contributions')).getByRole('alert')).toHaveTextContent(
      'We could not load your recurring contributions.',
    );
    expect(within(await section('History')).getByRole('alert')).toHaveTextContent(
      'We could not load your history.',
    );
    await userEvent.click(within(pending).getByRole('button', { name: 'Try again' }));
    expect(
      await within(pending).findByRole('listitem', { name: '$1,234.56 to TFSA' }),
    ).toBeVisible();
  });

  it('asks before cancelling a request, keeps it on No, cancels it on Yes and says so', async () => {
    const eft = pendingEft();
    const api = fakeFundingApi({
      'GET /pendingEftPacsForCurrUser': [ok({ items: [eft] })],
      'GET /eftPacHistoryForCurrUser': [ok({ items: [eft] })],
      [`DELETE /cancelPendingEftPac/${eft.id}`]: [
        ok({
          item: { ...eft, fundingStatusTypeId: 62, userStatus: 'cancelled', canCancel: false },
        }),
      ],
    });
    const user = userEvent.setup();
    await renderPage();
    const pending = await section('Pending requests');
    const entry = await within(pending).findByRole('listitem', { name: '$1,234.56 to TFSA' });
    // The same request in two lists: still one id per element of the page.
    await within(await section('History')).findByRole('listitem', { name: '$1,234.56 to TFSA' });
    const ids = [...document.querySelectorAll('[id]')].map((element) => element.id);
    expect(ids.filter((id, index) => ids.indexOf(id) !== index)).toEqual([]);
    await user.click(within(entry).getByRole('button', { name: 'Cancel request' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Cancel this request?' });
    expect(dialog).toHaveTextContent(
      'Cancel the request of $1,234.56 to TFSA on Monday, March 16, 2026? The money will not be taken from your bank account.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'No, keep it' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(api.sent('DELETE', `/cancelPendingEftPac/${eft.id}`)).toHaveLength(0);

    await user.click(within(entry).getByRole('button', { name: 'Cancel request' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', {
        name: 'Yes, cancel the request',
      }),
    );
    const outcome = await screen.findByText('The request of $1,234.56 to TFSA is cancelled.');
    await waitFor(() => expect(outcome.parentElement).toHaveFocus());
    expect(outcome.closest('[role="status"]')).toHaveAttribute('aria-live', 'polite');
    expect(api.sent('DELETE', `/cancelPendingEftPac/${eft.id}`)).toHaveLength(1);
    expect(within(pending).getByText('You have no pending request.')).toBeVisible();
    const history = await section('History');
    expect(within(history).getByText('Status').nextElementSibling).toHaveTextContent('Cancelled');
  });

  it('keeps the request and says the spec’s message when cancelling fails', async () => {
    const eft = pendingEft();
    fakeFundingApi({
      'GET /pendingEftPacsForCurrUser': [ok({ items: [eft] })],
      [`DELETE /cancelPendingEftPac/${eft.id}`]: [failed],
    });
    const user = userEvent.setup();
    await renderPage();
    const pending = await section('Pending requests');
    const entry = await within(pending).findByRole('listitem', { name: '$1,234.56 to TFSA' });
    await user.click(within(entry).getByRole('button', { name: 'Cancel request' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', {
        name: 'Yes, cancel the request',
      }),
    );
    const message = await screen.findByText('Cancel PAC failed. Try again or contact support.');
    await waitFor(() => expect(message.parentElement).toHaveFocus());
    expect(within(pending).getByRole('listitem', { name: '$1,234.56 to TFSA' })).toBeVisible();
  });

  it('says the request is already with the bank when the server answers notPending', async () => {
    const eft = pendingEft();
    const api = fakeFundingApi({
      'GET /pendingEftPacsForCurrUser': [ok({ items: [eft] }), ok({ items: [] })],
      [`DELETE /cancelPendingEftPac/${eft.id}`]: [ok({ errorCode: 'notPending' }, 409)],
    });
    const user = userEvent.setup();
    await renderPage();
    const pending = await section('Pending requests');
    const entry = await within(pending).findByRole('listitem', { name: '$1,234.56 to TFSA' });
    await user.click(within(entry).getByRole('button', { name: 'Cancel request' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', {
        name: 'Yes, cancel the request',
      }),
    );
    expect(
      await screen.findByText(
        'This request is already with the bank and can no longer be cancelled.',
      ),
    ).toBeVisible();
    // The list was out of date: it loads again.
    expect(await within(pending).findByText('You have no pending request.')).toBeVisible();
    expect(api.sent('GET', '/pendingEftPacsForCurrUser')).toHaveLength(2);
  });

  it('states the effective date, 10 business days ahead, before deleting a PAC, then shows when it ends', async () => {
    const pac = activePac();
    const api = fakeFundingApi({
      'GET /activeFftPacsForCurrUser': [ok({ items: [pac] })],
      'GET /nextBusinessDay': [ok({ nextBusinessDay: '03-18-2026', date: '2026-03-18' })],
      [`DELETE /deleteActiveEftPac/${pac.id}`]: [
        ok({
          item: {
            ...pac,
            fundingStatusTypeId: 60,
            userStatus: 'cancelled',
            effectiveDate: '2026-03-18',
            canDelete: false,
          },
          effectiveDate: '2026-03-18',
        }),
      ],
    });
    const user = userEvent.setup();
    await renderPage();
    const recurring = await section('Recurring contributions');
    const entry = await within(recurring).findByRole('listitem', { name: '$100.00 to TFSA' });
    await user.click(within(entry).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete these contributions?' });
    expect(dialog).toHaveTextContent(
      'Delete the contributions of $100.00 to TFSA? Your bank needs 10 business days’ notice: they stop on Wednesday, March 18, 2026.',
    );
    // Counted by the server from the bank's today.
    expect(api.sent('GET', '/nextBusinessDay')[0]?.search).toBe('?daysFrom=10&fromDate=03-04-2026');
    await user.click(within(dialog).getByRole('button', { name: 'Yes, delete them' }));
    const outcome = await screen.findByText(
      'The contributions of $100.00 to TFSA are deleted. They end on Wednesday, March 18, 2026.',
    );
    await waitFor(() => expect(outcome.parentElement).toHaveFocus());
    expect(api.sent('DELETE', `/deleteActiveEftPac/${pac.id}`)).toHaveLength(1);
    expect(within(entry).getByText('Ends on Wednesday, March 18, 2026')).toBeVisible();
    expect(within(entry).queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
  });

  it('keeps the PAC and says the spec’s message when deleting fails', async () => {
    const pac = activePac();
    fakeFundingApi({
      'GET /activeFftPacsForCurrUser': [ok({ items: [pac] })],
      'GET /nextBusinessDay': [failed],
      [`DELETE /deleteActiveEftPac/${pac.id}`]: [failed],
    });
    const user = userEvent.setup();
    await renderPage();
    const recurring = await section('Recurring contributions');
    const entry = await within(recurring).findByRole('listitem', { name: '$100.00 to TFSA' });
    await user.click(within(entry).getByRole('button', { name: 'Delete' }));
    // Without the date the question still states the notice.
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('they stop 10 business days from today');
    await user.click(within(dialog).getByRole('button', { name: 'Yes, delete them' }));
    expect(
      await screen.findByText('Delete PAC failed. Try again or contact support.'),
    ).toBeVisible();
    expect(within(entry).getByRole('button', { name: 'Delete' })).toBeVisible();
  });

  it('opens a new EFT request with the last 7 days above it, submits it and confirms', async () => {
    const recent = item({ amount: 250, amountCents: 25_000, lastModifiedDate: hoursAgo(48) });
    const old = item({ amount: 75, amountCents: 7_500, lastModifiedDate: hoursAgo(8 * 24) });
    const created = item({ amount: 500, amountCents: 50_000, startDate: '2026-03-16' });
    const api = fakeFundingApi({
      'GET /eftPacHistoryForCurrUser': [ok({ items: [recent, old] })],
      'POST /coAcctFunding/': [
        ok(
          {
            item: created,
            confirmation: {
              firstDebitDate: '2026-03-16',
              investedOn: { reason: 'quarterEnd', date: '2026-03-31' },
              agreementId: 'ffffffff-0000-4000-8000-000000000001',
              preNotificationMailDate: '2026-03-06',
            },
          },
          201,
        ),
      ],
    });
    const user = userEvent.setup();
    await renderPage();
    await user.click(await screen.findByRole('button', { name: 'New EFT request' }));
    const activity = await section('Your activity in the last 7 days');
    expect(within(activity).getByRole('listitem', { name: '$250.00 to TFSA' })).toBeVisible();
    expect(
      within(activity).queryByRole('listitem', { name: '$75.00 to TFSA' }),
    ).not.toBeInTheDocument();

    await user.click(
      await screen.findByRole('radio', { name: 'Everyday, RBC Royal Bank •••••123' }),
    );
    await user.type(screen.getByLabelText('Amount'), '500');
    await user.selectOptions(await screen.findByLabelText('Start date'), 'Monday, March 16, 2026');
    await user.click(
      screen.getByLabelText('I have read the pre-authorized debit agreement and I accept it'),
    );
    await user.click(screen.getByRole('button', { name: 'Submit the transfer' }));
    const submitted = await screen.findByRole('heading', { name: 'Your request is submitted' });
    await waitFor(() => expect(submitted).toHaveFocus());
    expect(
      screen.getByText('The money will be taken from your bank account on Monday, March 16, 2026.'),
    ).toBeVisible();
    expect(api.sent('POST', '/coAcctFunding/')[0]?.body).toMatchObject({
      amount: 500,
      toAccountId: tfsa.accountId,
      fundingTypeId: 1,
      pacStartDate: '2026-03-16',
      documentUploadedId: chequing.documentUploadedId,
      agreementAccepted: true,
    });
    // The new request is pending at once.
    expect(
      within(await section('Pending requests')).getByRole('listitem', {
        name: '$500.00 to TFSA',
      }),
    ).toBeVisible();
  });

  it('adds a bank account by void cheque, kept with the agreed application, and chooses it', async () => {
    const applicationId = 'aaaaaaaa-0000-4000-8000-000000000009';
    const api = fakeFundingApi({
      'GET /finInstitutionAcctsForCurrUser': [ok({ bankAccounts: [] })],
      'GET /applications': [
        ok([
          { id: 'aaaaaaaa-0000-4000-8000-000000000001', status: 'continue', role: 'primary' },
          { id: applicationId, status: 'underReview', role: 'primary' },
        ]),
      ],
      [`POST /coAcctFunding/uploadCheque/${applicationId}`]: [
        ok({ documentUploadedId: chequing.documentUploadedId, bankAccount: chequing }, 201),
      ],
    });
    const user = userEvent.setup();
    await renderPage();
    await user.click(await screen.findByRole('button', { name: 'New EFT request' }));
    expect(await screen.findByText(/no bank account on file yet/)).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Upload a void cheque' }));
    await user.type(screen.getByLabelText('Institution number'), '003');
    await user.type(screen.getByLabelText('Transit number'), '12345');
    await user.type(screen.getByLabelText('Account number'), '4567123');
    await user.type(screen.getByLabelText('Name for this bank account'), 'Everyday');
    await user.upload(
      screen.getByLabelText('Picture or scan of the void cheque'),
      new File(['%PDF-1.4'], 'cheque.pdf', { type: 'application/pdf' }),
    );
    await user.click(screen.getByRole('button', { name: 'Upload the cheque' }));
    expect(
      await screen.findByRole('radio', { name: 'Everyday, RBC Royal Bank •••••123' }),
    ).toBeChecked();
    expect(api.sent('POST', `/coAcctFunding/uploadCheque/${applicationId}`)).toHaveLength(1);
  });

  it('says there is no account to fund yet, and when the form’s data fails', async () => {
    fakeFundingApi({
      // The page asks first whether any account takes deposits, then the form asks again.
      'GET /coAcctFunding/toAccountsForCurrUser': [
        ok({ accounts: [] }),
        failed,
        ok({ accounts: [] }),
      ],
    });
    const user = userEvent.setup();
    await renderPage();
    await user.click(await screen.findByRole('button', { name: 'New EFT request' }));
    expect(
      await screen.findByText('We could not load your accounts and bank accounts.'),
    ).toBeVisible();
    await user.click(
      within(screen.getByRole('region', { name: 'New EFT request' })).getByRole('button', {
        name: 'Try again',
      }),
    );
    expect(await screen.findByText(/You have no account to fund yet/)).toBeVisible();
  });

  it('speaks French: headings, buttons, statuses and 1 234,56 $', async () => {
    fakeFundingApi({
      'GET /pendingEftPacsForCurrUser': [ok({ items: [pendingEft()] })],
      'GET /activeFftPacsForCurrUser': [ok({ items: [activePac()] })],
      'GET /eftPacHistoryForCurrUser': [ok({ items: [pendingEft()] })],
    });
    await renderPage('fr');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Approvisionnement' }),
    ).toBeVisible();
    await waitFor(() => expect(document.title).toMatch(/Approvisionnement$/));
    const pending = await section('Demandes en attente');
    const entry = await within(pending).findByRole('listitem', { name: /^1\s234,56\s\$ / });
    expect(entry.textContent?.replace(/[\u00a0\u202f]/g, ' ')).toContain('1 234,56 $');
    expect(within(entry).getByRole('button', { name: 'Annuler la demande' })).toBeVisible();
    const recurring = await section('Cotisations périodiques');
    expect(await within(recurring).findByRole('button', { name: 'Supprimer' })).toBeVisible();
    const history = await section('Historique');
    expect(within(history).getByText('État').nextElementSibling).toHaveTextContent('Soumis');
    expect(screen.getByRole('button', { name: 'Nouvelle demande de TEF' })).toBeVisible();
  });
});

const APPLICATION_ID = 'aaaaaaaa-0000-4000-8000-000000000000';
const unsignedTransfer: TransferView = {
  id: 'ffffffff-0000-4000-8000-000000000001',
  toAccountId: 'bbbbbbbb-0000-4000-8000-000000000009',
  fromInstitutionId: 'questrade',
  fromInstitutionName: 'Questrade',
  accountNumber: '•••••789',
  accountType: 'RIF',
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
const rrif: CoAccount = {
  accountId: unsignedTransfer.toAccountId,
  accountTypeId: 8,
  accountTypeName: 'rrif',
  transferAccountType: 'RIF',
  ownershipTypeId: 1,
  currencyTypeId: 1,
  jurisdiction: null,
  accountNumber: null,
  transfers: [unsignedTransfer],
};
const transferRoutes = (rrifFunding: boolean) => ({
  'GET /applications': [
    ok([
      {
        id: APPLICATION_ID,
        status: 'agreed',
        role: 'primary',
        version: 3,
        ownershipTypeId: 1,
        nextStep: 'qualid',
        accounts: ['rrif'],
        createdAt: '2026-03-01T00:00:00Z',
        updatedAt: '2026-03-01T00:00:00Z',
      },
    ]),
  ],
  [`GET /coapplications/${APPLICATION_ID}/coaccounts`]: [ok([rrif])],
  [`GET /transferAccounts/${unsignedTransfer.id}/esign`]: [
    ok({ transferAccountId: unsignedTransfer.id, esignUrl: null, esignStatus: 'UNSIGNED' }),
  ],
  'GET /flags': [ok({ environment: 'local', flags: { 'rrif-funding-enabled': rrifFunding } })],
});

describe('funding page: transfers in', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    resetFlagsForTests();
  });

  it('lists an unsigned transfer as not processed with Sign, offers a new one, and asks for the signature before the RRIF payments', async () => {
    resetFlagsForTests();
    fakeFundingApi(transferRoutes(true));
    await renderPage();
    const item = (await screen.findByRole('heading', { name: 'Questrade •••••789 to RRIF' }))
      .parentElement!;
    expect(within(item).getByText('Not signed: not processed')).toBeVisible();
    expect(within(item).getByRole('button', { name: 'Sign' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Request another transfer' })).toBeVisible();
    // Following a link away would leave the transfer unsigned: the signature comes first.
    expect(
      screen.getByText(/Sign your transfer first: once it is signed, you can set up your RRIF/),
    ).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Set up your RRIF payments' })).toBeNull();
  });

  it('links a RRIF with a signed transfer to its payments, and says when they are set up', async () => {
    resetFlagsForTests();
    const signed = {
      ...unsignedTransfer,
      status: 52,
      esignStatus: 'SIGNED',
      signedOn: '2026-03-05',
    };
    fakeFundingApi({
      ...transferRoutes(true),
      [`GET /coapplications/${APPLICATION_ID}/coaccounts`]: [
        ok([{ ...rrif, transfers: [signed] }]),
      ],
      [`GET /rifFunding/${APPLICATION_ID}`]: [
        { status: 400, body: { errorCode: 'No RIF setup found' } },
        ok({ setUp: true, setups: [] }),
      ],
    });
    const { unmount } = await renderPage();
    expect(await screen.findByRole('link', { name: 'Set up your RRIF payments' })).toHaveAttribute(
      'href',
      `/home/funding/rif/${APPLICATION_ID}`,
    );
    unmount();
    await renderPage();
    expect(await screen.findByText('Your RRIF payments are set up.')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Change your RRIF payments' })).toHaveAttribute(
      'href',
      `/home/funding/rif/${APPLICATION_ID}`,
    );
    expect(screen.queryByRole('link', { name: 'Set up your RRIF payments' })).toBeNull();
  });

  it('offers no new EFT request to a client who holds only a RRIF, and says how it is funded', async () => {
    resetFlagsForTests();
    const rrifAccount: FundingToAccount = {
      ...tfsa,
      accountId: rrif.accountId,
      accountTypeId: 8,
      accountTypeName: 'rrif',
      eftEligible: false,
    };
    fakeFundingApi({
      ...transferRoutes(true),
      'GET /coAcctFunding/toAccountsForCurrUser': [ok({ accounts: [rrifAccount] })],
    });
    await renderPage();
    expect(
      await screen.findByText(/Your accounts take no deposits from a bank account/),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: 'New EFT request' })).toBeNull();
  });

  it('names each application’s transfers when two agreed applications show', async () => {
    resetFlagsForTests();
    const OTHER_ID = 'aaaaaaaa-0000-4000-8000-000000000002';
    const routes = transferRoutes(false);
    const [first] = routes['GET /applications'][0]!.body as unknown[] as Record<string, unknown>[];
    fakeFundingApi({
      ...routes,
      'GET /applications': [ok([first, { ...first, id: OTHER_ID, accounts: ['tfsa'] }])],
      [`GET /coapplications/${OTHER_ID}/coaccounts`]: [
        ok([
          {
            ...rrif,
            accountId: tfsa.accountId,
            accountTypeId: 4,
            accountTypeName: 'tfsa',
            transferAccountType: 'TFSA',
            transfers: [],
          },
        ]),
      ],
    });
    await renderPage();
    expect(
      await screen.findByRole('heading', {
        level: 2,
        name: 'Transfers from other institutions into your RRIF',
      }),
    ).toBeVisible();
    expect(
      await screen.findByRole('heading', {
        level: 2,
        name: 'Transfers from other institutions into your TFSA',
      }),
    ).toBeVisible();
    expect(
      screen.queryByRole('heading', { level: 2, name: 'Transfers from other institutions' }),
    ).toBeNull();
  });

  it('renames the institution at once when the language changes', async () => {
    resetFlagsForTests();
    const td = {
      ...unsignedTransfer,
      fromInstitutionId: 'td-direct-investing',
      fromInstitutionName: 'TD Direct Investing',
    };
    fakeFundingApi({
      ...transferRoutes(false),
      [`GET /coapplications/${APPLICATION_ID}/coaccounts`]: [ok([{ ...rrif, transfers: [td] }])],
    });
    const { i18n } = await renderPage();
    expect(
      await screen.findByRole('heading', { name: 'TD Direct Investing •••••789 to RRIF' }),
    ).toBeVisible();
    await act(async () => {
      await i18n.changeLanguage('fr');
    });
    expect(
      await screen.findByRole('heading', { name: 'Placements directs TD •••••789 vers FERR' }),
    ).toBeVisible();
  });

  it('leaves the RRIF payments link out while rrif-funding-enabled is off', async () => {
    resetFlagsForTests();
    fakeFundingApi(transferRoutes(false));
    await renderPage('fr');
    expect(await screen.findByText('Non signé : non traité')).toBeVisible();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Signer' })).toBeVisible());
    expect(
      screen.queryByRole('link', { name: 'Établir les versements de votre FERR' }),
    ).not.toBeInTheDocument();
  });

  it('back from the e-sign ceremony, opens that transfer at its sign step', async () => {
    resetFlagsForTests();
    fakeFundingApi(transferRoutes(false));
    await renderPage('en', `/home/funding?transfer=${unsignedTransfer.id}&returned=1`);
    expect(
      await screen.findByRole('heading', { name: 'Sign the transfer authorization' }),
    ).toBeVisible();
    expect(screen.getByRole('button', { name: 'I have signed' })).toBeVisible();
  });

  it('back from the ceremony once the signature is already recorded, says it is signed', async () => {
    resetFlagsForTests();
    const signed = {
      ...unsignedTransfer,
      status: 52,
      esignStatus: 'SIGNED',
      signedOn: '2026-03-05',
    };
    fakeFundingApi({
      ...transferRoutes(false),
      [`GET /coapplications/${APPLICATION_ID}/coaccounts`]: [
        ok([{ ...rrif, transfers: [signed] }]),
      ],
    });
    await renderPage('en', `/home/funding?transfer=${unsignedTransfer.id}&returned=1`);
    expect(
      await screen.findByText(
        'Thank you: your transfer authorization is signed and your request is on its way.',
      ),
    ).toBeVisible();
    expect(screen.queryByRole('heading', { name: 'Sign the transfer authorization' })).toBeNull();
  });
});
