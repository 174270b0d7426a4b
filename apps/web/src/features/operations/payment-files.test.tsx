import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type {
  HeldRifPayout,
  PaymentFileDetail,
  PaymentFileSummary,
  PaymentReturnFileDetail,
  PaymentReturnFileSummary,
  ReconciliationReport,
} from '../../lib/operations-api.ts';
import { APPLICATION_ID, fakeOpsApi, ok, page, renderConsole } from './operations-test-kit.tsx';

const FILE_ID = 'ffffffff-0000-4000-8000-000000000001';
const RETURN_ID = 'eeeeeeee-0000-4000-8000-000000000001';

const summary = (changes: Partial<PaymentFileSummary> = {}): PaymentFileSummary => ({
  id: FILE_ID,
  name: 'LAUR-2026-11-16-CAD-0007',
  fileDay: '2026-11-16',
  currency: 'CAD',
  fileCreationNumber: 7,
  status: 'delivered',
  debitCount: 2,
  debitTotalCents: 150_000,
  creditCount: 1,
  creditTotalCents: 90_000,
  sha256: 'ab'.repeat(32),
  deliveryAttempts: 1,
  lastDeliveryError: null,
  deliveredAt: '2026-11-16T20:05:00Z',
  refusedAt: null,
  refusedReason: null,
  returnedCount: 0,
  ...changes,
});

const detail = (
  changes: Partial<PaymentFileDetail> = {},
  statuses: PaymentFileDetail['items'][number]['status'][] = ['sent', 'sent', 'sent'],
): PaymentFileDetail => ({
  ...summary(),
  items: [
    {
      id: 'item-1',
      crossReference: 'P101',
      direction: 'debit',
      source: { type: 'fundingRequest', id: 'request-1' },
      applicationId: APPLICATION_ID,
      currency: 'CAD',
      amountCents: 100_000,
      dueOn: '2026-11-17',
      transactionCode: 273,
      status: statuses[0]!,
      returnReasonCode: statuses[0] === 'returned' ? 901 : null,
    },
    {
      id: 'item-2',
      crossReference: 'P102',
      direction: 'debit',
      source: { type: 'fundingRequest', id: 'request-2' },
      applicationId: APPLICATION_ID,
      currency: 'CAD',
      amountCents: 50_000,
      dueOn: '2026-11-17',
      transactionCode: 271,
      status: statuses[1]!,
      returnReasonCode: null,
    },
    {
      id: 'item-3',
      crossReference: 'P103',
      direction: 'credit',
      source: { type: 'rifPayout', id: 'payout-1' },
      applicationId: APPLICATION_ID,
      currency: 'CAD',
      amountCents: 90_000,
      dueOn: '2026-11-17',
      transactionCode: 272,
      status: statuses[2]!,
      returnReasonCode: null,
    },
  ],
  ...changes,
});

describe('the payment files', () => {
  afterEach(() => vi.restoreAllMocks());

  it('lists the files, newest first, each leading to its payments', async () => {
    fakeOpsApi({
      'GET /ops/paymentFiles': [
        ok(
          page([
            summary({ returnedCount: 1 }),
            summary({
              id: 'ffffffff-0000-4000-8000-000000000002',
              name: 'LAUR-2026-11-13-USD-0006',
              fileDay: '2026-11-13',
              currency: 'USD',
              status: 'refused',
              deliveredAt: null,
            }),
          ]),
        ),
      ],
    });
    await renderConsole('/operations/payment-files');
    const table = await screen.findByRole('table', {
      name: 'Payment files, newest business day first',
    });
    const [, first, second] = within(table).getAllByRole('row');
    expect(within(first!).getByRole('link', { name: 'LAUR-2026-11-16-CAD-0007' })).toHaveAttribute(
      'href',
      `/operations/payment-files/${FILE_ID}`,
    );
    expect(first).toHaveTextContent('2 for $1,500.00');
    expect(first).toHaveTextContent('1 for $900.00');
    expect(first).toHaveTextContent('Delivered');
    expect(second).toHaveTextContent('Refused by the bank');
    expect(second).toHaveTextContent('Not delivered');
    expect(screen.getByRole('link', { name: 'Payment files' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  it('says when no file was written yet, and when the files cannot be loaded', async () => {
    fakeOpsApi({
      'GET /ops/paymentFiles': [{ status: 500, body: { errorCode: 'unexpected' } }, ok(page([]))],
    });
    await renderConsole('/operations/payment-files');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'We could not load the payment files.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No payment file has been written yet.')).toBeVisible();
  });

  it("names a returned payment's reason in words, and keeps a file that moved money from being refused", async () => {
    fakeOpsApi({
      [`GET /ops/paymentFiles/${FILE_ID}`]: [
        ok(detail({ returnedCount: 1 }, ['returned', 'settled', 'sent'])),
      ],
    });
    await renderConsole(`/operations/payment-files/${FILE_ID}`);
    const table = await screen.findByRole('table', {
      name: 'Payments in this file, in file order',
    });
    const [, returned, settled, credit] = within(table).getAllByRole('row');
    expect(returned).toHaveTextContent('Returned');
    expect(returned).toHaveTextContent('901: NSF (debit only)');
    expect(settled).toHaveTextContent('Settled');
    expect(within(credit!).getByRole('link', { name: 'RRIF payment' })).toHaveAttribute(
      'href',
      `/operations/applications/${APPLICATION_ID}`,
    );
    expect(
      screen.getByText(
        'This file cannot be recorded as refused: some of its payments have already settled or come back.',
      ),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: "Record the bank's refusal" })).toBeNull();
  });

  it("records the bank's refusal of a whole file with what the bank said", async () => {
    const user = userEvent.setup({ delay: null });
    const refused = summary({
      status: 'refused',
      refusedAt: '2026-11-17T14:00:00Z',
      refusedReason: 'Header record rejected',
    });
    const api = fakeOpsApi({
      [`GET /ops/paymentFiles/${FILE_ID}`]: [
        ok(detail()),
        ok(detail({ ...refused }, ['refiled', 'refiled', 'refiled'])),
      ],
      [`POST /ops/paymentFiles/${FILE_ID}/refused`]: [ok(refused)],
    });
    await renderConsole(`/operations/payment-files/${FILE_ID}`);
    await user.click(await screen.findByRole('button', { name: "Record the bank's refusal" }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Record that the bank refused file LAUR-2026-11-16-CAD-0007',
    });
    await user.click(within(dialog).getByRole('button', { name: 'Record the refusal' }));
    expect(within(dialog).getByText('Write at least 5 characters.')).toBeVisible();
    expect(api.sent('POST', `/ops/paymentFiles/${FILE_ID}/refused`)).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('What the bank said'), 'Header record rejected');
    await user.click(within(dialog).getByRole('button', { name: 'Record the refusal' }));
    expect(
      await screen.findByText(
        'File LAUR-2026-11-16-CAD-0007 is recorded as refused; its payments go in the next file.',
      ),
    ).toBeVisible();
    expect(api.sent('POST', `/ops/paymentFiles/${FILE_ID}/refused`)[0]!.body).toEqual({
      reason: 'Header record rejected',
    });
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: "Record the bank's refusal" })).toBeNull(),
    );
    expect(screen.getByText('Header record rejected')).toBeVisible();
    expect(
      within(
        screen.getByRole('table', { name: 'Payments in this file, in file order' }),
      ).getAllByText('Filed again (file refused)'),
    ).toHaveLength(3);
  });

  it('says so when the server will not record the refusal', async () => {
    const user = userEvent.setup({ delay: null });
    fakeOpsApi({
      [`GET /ops/paymentFiles/${FILE_ID}`]: [ok(detail())],
      [`POST /ops/paymentFiles/${FILE_ID}/refused`]: [
        ok({ errorCode: 'notDecidable', message: 'No.' }, 409),
      ],
    });
    await renderConsole(`/operations/payment-files/${FILE_ID}`);
    await user.click(await screen.findByRole('button', { name: "Record the bank's refusal" }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('What the bank said'), 'Header rejected');
    await user.click(within(dialog).getByRole('button', { name: 'Record the refusal' }));
    expect(
      await screen.findByText('This item cannot take that action in its current state.'),
    ).toBeVisible();
  });

  it('says when a file does not exist', async () => {
    fakeOpsApi();
    await renderConsole(`/operations/payment-files/${FILE_ID}`);
    expect(await screen.findByRole('alert')).toHaveTextContent('This item no longer exists.');
    expect(screen.getByRole('link', { name: 'Back to the payment files' })).toBeVisible();
  });
});

describe('the bank returns', () => {
  afterEach(() => vi.restoreAllMocks());

  const listed: PaymentReturnFileSummary = {
    id: RETURN_ID,
    name: 'RET-0042',
    readAt: '2026-11-18T13:00:00Z',
    status: 'applied',
    error: null,
    itemCount: 2,
    debitTotalCents: 107_700,
    creditTotalCents: 0,
  };
  const returnFile: PaymentReturnFileDetail = {
    ...listed,
    returns: [
      {
        id: 'return-1',
        crossReference: 'P101',
        direction: 'debit',
        reasonCode: 901,
        amountCents: 100_000,
        dueOn: '2026-11-17',
        outcome: 'applied',
        itemId: 'item-1',
      },
      {
        id: 'return-2',
        crossReference: 'P999',
        direction: 'debit',
        reasonCode: 905,
        amountCents: 7_700,
        dueOn: '2026-11-17',
        outcome: 'unmatched',
        itemId: null,
      },
    ],
  };

  it('lists the return files and shows a return that matches no payment', async () => {
    const user = userEvent.setup({ delay: null });
    fakeOpsApi({
      'GET /ops/paymentReturns': [
        ok(
          page([
            listed,
            { ...listed, id: 'other', name: 'RET-0041', status: 'unreadable', error: 'badTrailer' },
          ]),
        ),
      ],
      [`GET /ops/paymentReturns/${RETURN_ID}`]: [ok(returnFile)],
    });
    await renderConsole('/operations/payment-returns');
    const list = await screen.findByRole('table', {
      name: 'Return files read from the bank, latest first',
    });
    expect(within(list).getAllByRole('row')[2]).toHaveTextContent('Unreadable');
    await user.click(within(list).getByRole('link', { name: 'RET-0042' }));
    const table = await screen.findByRole('table', { name: 'Returned payments, in file order' });
    const [, applied, unmatched] = within(table).getAllByRole('row');
    expect(applied).toHaveTextContent('901: NSF (debit only)');
    expect(applied).toHaveTextContent('Applied to its payment');
    expect(unmatched).toHaveTextContent('905: Account closed');
    expect(unmatched).toHaveTextContent('Matches no payment');
    expect(unmatched).toHaveTextContent('77.00');
  });

  it('names the reasons in French, and one the standard does not list', async () => {
    fakeOpsApi({
      [`GET /ops/paymentReturns/${RETURN_ID}`]: [
        ok({
          ...returnFile,
          returns: [returnFile.returns[1]!, { ...returnFile.returns[0]!, reasonCode: 913 }],
        }),
      ],
    });
    await renderConsole(`/operations/payment-returns/${RETURN_ID}`, 'fr');
    const table = await screen.findByRole('table', {
      name: "Paiements retournés, dans l'ordre du fichier",
    });
    expect(table).toHaveTextContent('905 : Compte fermé');
    expect(table).toHaveTextContent('Ne correspond à aucun paiement');
    expect(table).toHaveTextContent('913 : un code absent de la norme 007');
  });
});

describe('the held RRIF payments', () => {
  afterEach(() => vi.restoreAllMocks());

  const held: HeldRifPayout = {
    id: 'payout-1',
    applicationId: APPLICATION_ID,
    clientAccountId: 'account-1',
    paidOn: '2026-11-30',
    grossCents: 50_000,
    withholdingCents: 5_000,
    netCents: 45_000,
    holdReason: 'destinationChanged',
    releasedAt: null,
  };

  it('releases a held payment with a reason, then shows none held', async () => {
    const user = userEvent.setup({ delay: null });
    const api = fakeOpsApi({
      'GET /ops/rifPayouts/held': [ok([held]), ok([])],
      'POST /ops/rifPayouts/payout-1/release': [
        ok({ ...held, releasedAt: '2026-11-20T15:00:00Z' }),
      ],
    });
    await renderConsole('/operations/rif-payouts');
    const table = await screen.findByRole('table', {
      name: 'Held RRIF payments, soonest due first',
    });
    expect(table).toHaveTextContent('The bank account it goes to changed recently');
    await user.click(
      within(table).getByRole('button', {
        name: 'Release the payment due Nov 30, 2026 for 450.00',
      }),
    );
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Reason'), 'Called the client back');
    await user.click(within(dialog).getByRole('button', { name: 'Release the payment' }));
    expect(await screen.findByText('The payment due Nov 30, 2026 is released.')).toBeVisible();
    expect(await screen.findByText('No RRIF payment is held.')).toBeVisible();
    expect(api.sent('POST', '/ops/rifPayouts/payout-1/release')[0]!.body).toEqual({
      reason: 'Called the client back',
    });
  });
});

describe('the held RRIF payments: designed states', () => {
  afterEach(() => vi.restoreAllMocks());

  it('says when the list cannot be loaded, then that none is held', async () => {
    fakeOpsApi({
      'GET /ops/rifPayouts/held': [{ status: 503, body: { errorCode: 'unexpected' } }, ok([])],
    });
    await renderConsole('/operations/rif-payouts');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'We could not load the held RRIF payments.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No RRIF payment is held.')).toBeVisible();
  });
});

describe('the console home', () => {
  afterEach(() => vi.restoreAllMocks());

  it('leads to the payment screens, from its page and its navigation', async () => {
    fakeOpsApi();
    await renderConsole('/operations');
    const payments = await screen.findByRole('region', { name: 'Payments with the bank' });
    const links = within(payments)
      .getAllByRole('link')
      .map((link) => [link.textContent, link.getAttribute('href')]);
    expect(links).toEqual([
      ['Payment files', '/operations/payment-files'],
      ['Bank returns', '/operations/payment-returns'],
      ['Held RRIF payments', '/operations/rif-payouts'],
      ['Reconciliation', '/operations/reconciliation'],
    ]);
    const nav = screen.getByRole('navigation', { name: 'Operations console' });
    expect(within(nav).getByRole('link', { name: 'Reconciliation' })).toHaveAttribute(
      'href',
      '/operations/reconciliation',
    );
  });
});

describe('the daily reconciliation', () => {
  afterEach(() => vi.restoreAllMocks());

  const report = (changes: Partial<ReconciliationReport> = {}): ReconciliationReport => ({
    day: '2026-11-16',
    files: [
      {
        fileId: FILE_ID,
        name: 'LAUR-2026-11-16-CAD-0007',
        currency: 'CAD',
        trailer: {
          debitCount: 3,
          debitTotalCents: 150_000,
          creditCount: 0,
          creditTotalCents: 0,
        },
        items: { debitCount: 2, debitTotalCents: 100_000, creditCount: 0, creditTotalCents: 0 },
        ledgerSentCents: { debits: 100_000, credits: 0 },
        settled: { count: 1, totalCents: 50_000 },
        returned: { count: 0, totalCents: 0 },
        outstanding: { count: 1, totalCents: 50_000 },
        balanced: false,
      },
    ],
    returnsRead: { count: 1, debitTotalCents: 2_500, creditTotalCents: 0 },
    problems: [
      'file LAUR-2026-11-16-CAD-0007: trailer says 3 debits for 1500.00 CAD, items hold 2 for 1000.00 CAD',
    ],
    balanced: false,
    ...changes,
  });

  it("shows an unbalanced day's files and its problems in words", async () => {
    const api = fakeOpsApi({ 'GET /ops/reconciliation': [ok(report())] });
    await renderConsole('/operations/reconciliation?day=2026-11-16');
    expect(await screen.findByText('Not balanced: 1 problem to look at.')).toBeVisible();
    const table = screen.getByRole('table', {
      name: 'The files of Nov 16, 2026 against their payments and the ledger',
    });
    const [, line] = within(table).getAllByRole('row');
    expect(line).toHaveTextContent('3 for $1,500.00');
    expect(line).toHaveTextContent('2 for $1,000.00');
    expect(within(line!).getByText('No')).toBeVisible();
    expect(
      screen.getByText('1 return file read: debits returned 25.00, credits returned 0.00.'),
    ).toBeVisible();
    expect(
      within(screen.getByRole('region', { name: 'Problems' })).getByRole('listitem'),
    ).toHaveTextContent('trailer says 3 debits');
    expect(api.sent('GET', '/ops/reconciliation')[0]!.search).toBe('?day=2026-11-16');
  });

  it('asks for another day, refusing a date that is none', async () => {
    const user = userEvent.setup({ delay: null });
    const api = fakeOpsApi({
      'GET /ops/reconciliation': [
        ok(report()),
        ok(report({ day: '2026-11-17', files: [], problems: [], balanced: true })),
      ],
    });
    await renderConsole('/operations/reconciliation?day=2026-11-16');
    const day = await screen.findByRole('group', { name: /Business day/ });
    const dayBox = within(day).getByLabelText('Day');
    await user.clear(dayBox);
    await user.type(dayBox, '31');
    await user.click(screen.getByRole('button', { name: 'Show the day' }));
    expect(within(day).getByText('Enter a real date.')).toBeVisible();
    expect(api.sent('GET', '/ops/reconciliation')).toHaveLength(1);

    await user.clear(dayBox);
    await user.type(dayBox, '17');
    await user.click(screen.getByRole('button', { name: 'Show the day' }));
    expect(
      await screen.findByText('Balanced: the files, their payments and the ledger agree.'),
    ).toBeVisible();
    expect(screen.getByText('No file was written for this day.')).toBeVisible();
    expect(screen.getByText('No problem found.')).toBeVisible();
    expect(api.sent('GET', '/ops/reconciliation')[1]!.search).toBe('?day=2026-11-17');
  });

  it('speaks French, and says when the day cannot be reconciled', async () => {
    fakeOpsApi({
      'GET /ops/reconciliation': [
        { status: 500, body: { errorCode: 'unexpected' } },
        ok(report({ files: [], problems: [], balanced: true })),
      ],
    });
    await renderConsole('/operations/reconciliation?day=2026-11-16', 'fr');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "Nous n'avons pas pu faire le rapprochement de cette journée.",
    );
    await userEvent.click(screen.getByRole('button', { name: 'Réessayer' }));
    expect(
      await screen.findByText(
        'Équilibré : les fichiers, leurs paiements et le grand livre concordent.',
      ),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Rapprochement' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });
});
