import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BankAccount } from '@portal/domain/funding/bank-account';
import type { RifOptions, RifSetupAnswer } from '@portal/domain/rif/rif-api';
import { resetFlagsForTests } from '../../lib/flags.ts';
import { preloadScreens } from '../../test/preload-screens.ts';
import { client, renderApp } from '../../test/render-app.tsx';
import { rifPayoutPath } from './rif-payout-path.ts';

const API = '/service/jaxrs';
const signedIn = { status: 'signedIn', user: client } as const;
const APPLICATION_ID = 'aaaaaaaa-0000-4000-8000-000000000001';

// The screen, and the funding step and page it goes back to, load on demand: loaded once here,
// so each test waits for what the person sees rather than for a module's first load.
await preloadScreens(
  rifPayoutPath(APPLICATION_ID),
  `/application/${APPLICATION_ID}/funding`,
  '/home/funding',
);
const FUND_ID = 'bbbbbbbb-0000-4000-8000-000000000008';
const CASH_ID = 'bbbbbbbb-0000-4000-8000-000000000001';

const options: RifOptions = {
  today: '2026-11-16',
  setupYear: 2026,
  ownBirthDate: '1985-03-27',
  province: 'ON',
  rates: { quebecExcessPercent: 14, lifBondRatePercent: 6 },
  funds: [
    {
      accountId: FUND_ID,
      accountTypeId: 8,
      accountTypeName: 'rrif',
      currencyTypeId: 1,
      pensionJurisdiction: null,
      transfersValueCents: 0,
      setup: null,
    },
  ],
  cashAccounts: [
    { accountId: CASH_ID, accountTypeId: 1, accountTypeName: 'cash', currencyTypeId: 1 },
  ],
  nonProcessingDays: ['2026-12-25', '2026-12-28', '2027-01-01'],
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

/** The answer to the spouse's-age setup of the journey (the server's computation). */
const saved: RifSetupAnswer = {
  setup: {
    id: 'ffffffff-0000-4000-8000-000000000001',
    accountId: FUND_ID,
    minPaymentTypeId: 2,
    minPaymentSpouseSinMasked: '*** *** 787',
    minPaymentSpouseDob: '1990-05-01',
    annualPaymentTypeId: 1,
    annualPaymentGrossOrNet: 'G',
    annualPaymentOtherAmount: null,
    taxCalcOptionTypeId: 2,
    taxOptionPercent: 10,
    taxPercentTypeId: 1,
    payoutFrequencyId: 1,
    startDateTypeId: 1,
    paymentStartMonth: 1,
    paymentStartYear: 2027,
    paymentByTypeId: 2,
    bankAccountId: null,
    documentUploadedId: null,
    payoutAccountId: CASH_ID,
    estimatedFundValue: 100_000,
    setupYear: 2026,
    firstPaymentMade: false,
    version: 1,
  },
  firstPayment: {
    scheduledOn: '2027-01-15',
    paidOn: '2027-01-15',
    year: 2027,
    paymentsInYear: 12,
    minimumCents: 185_185,
    grossCents: 15_432,
    withholdingCents: 1_543,
    netCents: 13_889,
    annual: { grossCents: 185_185, withholdingCents: 18_519, netCents: 166_666 },
    fundValueCents: 10_000_000,
  },
};

const noSetup = { status: 400, body: { errorCode: 'No RIF setup found', message: 'x' } };

type Answer = { status: number; body?: unknown };
const ok = (body: unknown, status = 200): Answer => ({ status, body });

/** The API behind `window.fetch`; each route answers from its queue (the last repeats). */
function fakeApi(answers: Record<string, Answer[]> = {}, flag = true) {
  const calls: { method: string; path: string; body: unknown }[] = [];
  const routes: Record<string, Answer[]> = {
    'GET /flags': [ok({ environment: 'local', flags: { 'rrif-funding-enabled': flag } })],
    [`GET /rifFunding/${APPLICATION_ID}/options`]: [ok(options)],
    [`GET /rifFunding/${APPLICATION_ID}`]: [noSetup],
    'GET /finInstitutionAcctsForCurrUser': [ok({ bankAccounts: [chequing] })],
    [`POST /rifFunding/${APPLICATION_ID}`]: [ok(saved, 201)],
    ...answers,
  };
  vi.spyOn(window, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : init?.body;
    calls.push({ method, path: url.pathname, body });
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
    posted: () =>
      calls.filter((call) => call.method === 'POST' && call.path.startsWith(`${API}/rifFunding`)),
  };
}

async function renderPage(language: 'en' | 'fr' = 'en', path = rifPayoutPath(APPLICATION_ID)) {
  const rendered = await renderApp({
    path,
    user: signedIn,
    language,
  });
  await screen.findByRole('heading', { level: 1 });
  return rendered;
}

const group = (name: string) => screen.findByRole('group', { name });

/** The journey's answers: the spouse's age, monthly from January 15, 10% extra, the cash account. */
async function answerSpouseSetup(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('radio', { name: 'To my cash account' }));
  await user.click(screen.getByRole('radio', { name: 'Cash account (CAD)' }));
  await user.click(screen.getByRole('radio', { name: 'My spouse’s age' }));
  await user.type(screen.getByLabelText('Your spouse’s social insurance number'), '193 456 787');
  const birth = await group('Your spouse’s date of birth');
  await user.type(within(birth).getByLabelText('Day'), '1');
  await user.type(within(birth).getByLabelText('Month'), '5');
  await user.type(within(birth).getByLabelText('Year'), '1990');
  await user.click(
    screen.getByRole('radio', { name: 'What the law requires and an extra percentage' }),
  );
  await user.type(screen.getByLabelText('Extra percentage withheld'), '10');
  await user.type(screen.getByLabelText('Estimated value of the fund'), '100000');
}

describe('RRIF payout screen', () => {
  beforeEach(() => resetFlagsForTests());
  afterEach(() => vi.restoreAllMocks());

  it('does not exist while rrif-funding-enabled is off', async () => {
    fakeApi({}, false);
    await renderApp({ path: rifPayoutPath(APPLICATION_ID), user: signedIn });
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  });

  it('shows the not-found page for an application that is not the person’s', async () => {
    fakeApi({
      [`GET /rifFunding/${APPLICATION_ID}/options`]: [ok({ errorCode: 'notFound' }, 404)],
    });
    await renderApp({ path: rifPayoutPath(APPLICATION_ID), user: signedIn });
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  });

  it('shows the first payment as the choices are made, then reviews and saves them', async () => {
    const api = fakeApi();
    const user = userEvent.setup();
    await renderPage();
    expect(
      screen.getByRole('heading', { level: 1, name: 'Payments from your retirement income fund' }),
    ).toBeVisible();
    await answerSpouseSetup(user);

    const preview = await screen.findByRole('region', { name: 'Your first payment' });
    await waitFor(() => expect(within(preview).getByText('$154.32')).toBeVisible());
    expect(within(preview).getByText('Friday, January 15, 2027')).toBeVisible();
    expect(within(preview).getByText('$15.43')).toBeVisible();
    expect(within(preview).getByText('$138.89')).toBeVisible();
    expect(within(preview).getByText('$1,851.85')).toBeVisible();

    // Monthly to quarterly: three payments' worth each time, four in the year.
    await user.selectOptions(screen.getByLabelText('How often?'), 'Quarterly');
    await waitFor(() => expect(within(preview).getByText('$462.96')).toBeVisible());
    await user.selectOptions(screen.getByLabelText('How often?'), 'Monthly');

    await user.click(screen.getByRole('button', { name: 'Review the payments' }));
    const review = await screen.findByRole('heading', { name: 'Check your payments' });
    await waitFor(() => expect(review).toHaveFocus());
    expect(screen.getByText(/Born May 1, 1990, SIN \*\*\* \*\*\* 787/)).toBeVisible();
    expect(screen.getByText('What the law requires and 10%')).toBeVisible();
    expect(api.posted()).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Save the payments' }));
    const notice = await screen.findByText(
      'Your payments are set up. We sent you a confirmation by email.',
    );
    await waitFor(() => expect(notice.closest('[tabindex="-1"]')).toHaveFocus());
    expect(api.posted()).toHaveLength(1);
    expect(api.posted()[0]!.body).toEqual({
      accountId: FUND_ID,
      minPaymentTypeId: 2,
      minPaymentSpouseSin: '193 456 787',
      minPaymentSpouseDob: '1990-05-01',
      annualPaymentTypeId: 1,
      annualPaymentGrossOrNet: 'G',
      taxCalcOptionTypeId: 2,
      taxOptionPercent: 10,
      taxPercentTypeId: 1,
      payoutFrequencyId: 1,
      startDateTypeId: 1,
      paymentStartMonth: 1,
      paymentStartYear: 2027,
      paymentByTypeId: 2,
      payoutAccountId: CASH_ID,
      estimatedFundValue: 100_000,
    });
    expect(screen.getByRole('heading', { name: 'Your payments are set up' })).toBeVisible();
  });

  it('reviews one first-payment date, the business day it is paid, and says why it moved', async () => {
    fakeApi();
    const user = userEvent.setup();
    await renderPage();
    await answerSpouseSetup(user);
    // January 31, 2027 is a Sunday: the payment is made on Friday, January 29.
    await user.click(screen.getByRole('radio', { name: 'The last day of the month' }));
    const preview = await screen.findByRole('region', { name: 'Your first payment' });
    await waitFor(() =>
      expect(within(preview).getByText('Friday, January 29, 2027')).toBeVisible(),
    );
    await user.click(screen.getByRole('button', { name: 'Review the payments' }));
    await screen.findByRole('heading', { name: 'Check your payments' });
    const start = screen.getByText('First payment').nextElementSibling!;
    expect(start).toHaveTextContent(/^Friday, January 29, 2027/);
    expect(start).toHaveTextContent(
      'Scheduled for Sunday, January 31, 2027, not a business day: paid the business day before.',
    );
    expect(screen.queryByText(/^Sunday, January 31, 2027$/)).toBeNull();
  });

  it('pays into a bank account on file, offering to add one as funding does', async () => {
    const api = fakeApi();
    const user = userEvent.setup();
    await renderPage();
    await user.click(await screen.findByRole('radio', { name: 'To my bank account' }));
    await user.click(screen.getByRole('radio', { name: 'Everyday, RBC Royal Bank •••••123' }));
    expect(screen.getByRole('button', { name: 'Upload a void cheque' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Connect to my bank' })).toBeVisible();
    await user.type(screen.getByLabelText('Estimated value of the fund'), '100000');
    await user.click(screen.getByRole('button', { name: 'Review the payments' }));
    expect(await screen.findByText('Everyday, RBC Royal Bank •••••123')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Save the payments' }));
    await screen.findByText('Your payments are set up. We sent you a confirmation by email.');
    expect(api.posted()[0]!.body).toMatchObject({
      minPaymentTypeId: 1,
      paymentByTypeId: 1,
      bankAccountId: chequing.id,
    });
    expect(api.posted()[0]!.body).not.toHaveProperty('payoutAccountId');
  });

  it('lists every problem in an error summary and sends nothing', async () => {
    const api = fakeApi();
    const user = userEvent.setup();
    await renderPage();
    await user.click(await screen.findByRole('radio', { name: 'My spouse’s age' }));
    await user.click(screen.getByRole('radio', { name: 'Another amount' }));
    await user.type(screen.getByLabelText('Amount per year'), '1000000');
    await user.click(screen.getByRole('button', { name: 'Review the payments' }));

    const summary = await screen.findByRole('alert', { name: 'There is a problem' });
    await waitFor(() => expect(summary).toHaveFocus());
    const links = within(summary)
      .getAllByRole('link')
      .map((link) => link.textContent);
    expect(links).toEqual([
      'Where should the payments go: Required.',
      'Your spouse’s social insurance number: Required.',
      'Your spouse’s date of birth: Required.',
      'Amount per year: The largest yearly amount you can choose here is $999,999.99.',
    ]);
    expect(api.posted()).toHaveLength(0);
  });

  // Findings 2026-11-28, A-minor 4: the spouse's birth date was asked again.
  it('starts the spouse’s answers from the profile’s spouse section', async () => {
    fakeApi({
      [`GET /rifFunding/${APPLICATION_ID}/options`]: [
        ok({ ...options, spouse: { birthDate: '1990-05-01', sinMasked: '*** *** 787' } }),
      ],
    });
    const user = userEvent.setup();
    await renderPage();
    await user.click(await screen.findByRole('radio', { name: 'My spouse’s age' }));
    const birth = await group('Your spouse’s date of birth');
    expect(within(birth).getByLabelText('Day')).toHaveValue('1');
    expect(within(birth).getByLabelText('Month')).toHaveValue('5');
    expect(within(birth).getByLabelText('Year')).toHaveValue('1990');
    const sin = screen.getByLabelText('Your spouse’s social insurance number');
    expect(sin).toHaveValue('');
    expect(sin).toHaveAccessibleDescription(/On file: \*\*\* \*\*\* 787\. Leave this blank/);
    await user.click(screen.getByRole('button', { name: 'Review the payments' }));
    const summary = await screen.findByRole('alert', { name: 'There is a problem' });
    const links = within(summary)
      .getAllByRole('link')
      .map((link) => link.textContent);
    expect(links.some((link) => link?.startsWith('Your spouse’s'))).toBe(false);
  });

  it('says the spec’s RIF payout request error when the save fails, keeping the review', async () => {
    fakeApi({ [`POST /rifFunding/${APPLICATION_ID}`]: [ok({ errorCode: 'unexpected' }, 500)] });
    const user = userEvent.setup();
    await renderPage();
    await answerSpouseSetup(user);
    await user.click(screen.getByRole('button', { name: 'Review the payments' }));
    await user.click(await screen.findByRole('button', { name: 'Save the payments' }));
    expect(
      await screen.findByText('RIF payout request error occurred. Try again or contact support.'),
    ).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Check your payments' })).toBeVisible();
  });

  it('goes back to the application’s funding step when opened from it, else to the funding page', async () => {
    fakeApi({ [`GET /rifFunding/${APPLICATION_ID}`]: [ok({ setUp: true, setups: [saved] })] });
    const { unmount } = await renderPage('en', rifPayoutPath(APPLICATION_ID, 'application'));
    expect(await screen.findByRole('link', { name: 'Back to funding' })).toHaveAttribute(
      'href',
      `/application/${APPLICATION_ID}/funding`,
    );
    unmount();
    await renderPage();
    expect(await screen.findByRole('link', { name: 'Back to funding' })).toHaveAttribute(
      'href',
      '/home/funding',
    );
  });

  it('shows a saved setup, and opens it to change with the SIN kept on file', async () => {
    const api = fakeApi({
      [`GET /rifFunding/${APPLICATION_ID}`]: [ok({ setUp: true, setups: [saved] })],
      [`POST /rifFunding/${APPLICATION_ID}`]: [
        ok(
          {
            errorCode: 'rifMinPaymentTypeLocked',
            fields: { minPaymentTypeId: 'rifMinPaymentTypeLocked' },
          },
          409,
        ),
      ],
    });
    const user = userEvent.setup();
    await renderPage();
    expect(await screen.findByRole('heading', { name: 'Your payments are set up' })).toBeVisible();
    expect(
      screen.getByText('Monthly payments from your RRIF, starting Friday, January 15, 2027.'),
    ).toBeVisible();
    expect(screen.getByText('$138.89')).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Change the payments' }));
    const sin = await screen.findByLabelText('Your spouse’s social insurance number');
    expect(sin).toHaveValue('');
    expect(sin).toHaveAccessibleDescription(/On file: \*\*\* \*\*\* 787\. Leave this blank/);
    expect(screen.getByRole('radio', { name: 'To my cash account' })).toBeChecked();
    await user.click(screen.getByRole('radio', { name: 'My age' }));
    await user.click(screen.getByRole('button', { name: 'Review the payments' }));
    await user.click(await screen.findByRole('button', { name: 'Save the payments' }));

    // Refused: the form comes back with the answers and the problem at its question.
    const summary = await screen.findByRole('alert', { name: 'There is a problem' });
    expect(within(summary).getByRole('link').textContent).toBe(
      'Whose age sets the minimum: The choice of whose age sets the minimum cannot be changed after the first payment.',
    );
    expect(screen.getByRole('radio', { name: 'My age' })).toBeChecked();
    expect(api.posted()[0]!.body).not.toHaveProperty('minPaymentSpouseSin');
  });

  it('speaks French: the questions and the amounts as French readers write them', async () => {
    fakeApi();
    const user = userEvent.setup();
    await renderPage('fr');
    expect(
      screen.getByRole('heading', {
        level: 1,
        name: 'Versements de votre fonds de revenu de retraite',
      }),
    ).toBeVisible();
    await user.click(await screen.findByRole('radio', { name: 'L’âge de mon conjoint' }));
    const birth = await group('Date de naissance de votre conjoint');
    await user.type(within(birth).getByLabelText('Jour'), '1');
    await user.type(within(birth).getByLabelText('Mois'), '5');
    await user.type(within(birth).getByLabelText('Année'), '1990');
    await user.type(screen.getByLabelText('Valeur estimée du fonds'), '100000');
    const preview = await screen.findByRole('region', { name: 'Votre premier versement' });
    // Nothing above the minimum, nothing asked for: nothing withheld, before tax is received.
    await waitFor(() => expect(within(preview).getAllByText('154,32 $')).toHaveLength(2));
    expect(within(preview).getByText('Impôt retenu').nextElementSibling).toHaveTextContent(
      '0,00 $',
    );
    expect(within(preview).getByText('vendredi 15 janvier 2027')).toBeVisible();
  });
});
