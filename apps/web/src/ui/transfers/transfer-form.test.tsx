import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TransferAccountModelInput } from '@portal/domain/transfers/transfer-request';
import { INSTITUTION_LOOKUP_DELAY_MS } from './institution-lookup.tsx';
import { TransferForm, type TransferSubmitted } from './transfer-form.tsx';
import { emptyTransferForm, transferModelOf, withProfile } from './transfer-form-state.ts';
import {
  APPLICATION_ID,
  chooseInstitution,
  fillPartialTransfer,
  coAccount,
  fakeApi,
  ok,
  renderScreen,
  rrsp,
  TFSA_ID,
  user,
} from './transfers-test-kit.tsx';

const institutions = [
  { id: 'questrade', description: 'Questrade' },
  { id: 'qtrade', description: 'Qtrade Direct Investing' },
];

const lookup = (options = institutions) => ({
  'GET /references/deliveringInstitutions': [ok(options)],
});

async function renderForm(language: 'en' | 'fr' = 'en', onSubmitted = vi.fn()) {
  await renderScreen(
    <TransferForm
      applicationId={APPLICATION_ID}
      accounts={[coAccount(), rrsp()]}
      toAccountId={TFSA_ID}
      onSubmitted={onSubmitted}
    />,
    language,
  );
  return onSubmitted;
}

const modelSent = (body: unknown) =>
  JSON.parse(String((body as FormData).get('transferAccountModel'))) as TransferAccountModelInput;

describe('transfer form', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('looks institutions up only for a search typed, upper-cased, at most 10, once typing pauses', async () => {
    const api = fakeApi(lookup());
    await renderForm();
    const box = screen.getByRole('combobox', { name: 'Institution the account is at' });
    const lookups = () => api.sent('GET', '/references/deliveringInstitutions');
    await user().click(box);
    // The lookup's clock moves only when the test moves it, so keys are exactly as far apart as
    // the test says, however busy the machine. The keys are change events: user-event and
    // Testing Library's waits would wait on the faked setTimeout themselves.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const typed = (text: string) => fireEvent.change(box, { target: { value: text } });
    const pause = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

    typed('   ');
    await pause(2 * INSTITUTION_LOOKUP_DELAY_MS);
    expect(lookups()).toHaveLength(0);
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();

    typed('q');
    await pause(INSTITUTION_LOOKUP_DELAY_MS - 1);
    // A key within the pause starts it again: still no call a moment before it ends.
    typed('qu');
    await pause(INSTITUTION_LOOKUP_DELAY_MS - 1);
    expect(lookups()).toHaveLength(0);
    await pause(1);
    // Typed within the pause, the two keys made one call.
    expect(lookups()).toHaveLength(1);
    expect(lookups()[0]!.search.get('search')).toBe('QU');
    expect(lookups()[0]!.search.get('limit')).toBe('10');
    vi.useRealTimers();
    expect(await screen.findByRole('option', { name: 'Questrade' })).toBeVisible();

    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    typed('');
    await pause(2 * INSTITUTION_LOOKUP_DELAY_MS);
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(lookups()).toHaveLength(1);
  });

  it('says when no institution matches, and keeps a typed name that was not chosen from being sent', async () => {
    const api = fakeApi(lookup([]));
    await renderForm();
    const u = user();
    await u.type(screen.getByRole('combobox', { name: 'Institution the account is at' }), 'zzz');
    expect(await screen.findByText(/No institution found/)).toBeVisible();
    await u.keyboard('{Escape}');
    await u.click(screen.getByRole('button', { name: 'Check and continue to signing' }));
    expect(
      screen.getByRole('combobox', { name: 'Institution the account is at' }),
    ).toHaveAccessibleDescription(expect.stringContaining('Choose the institution from the list.'));
    expect(api.sent('PUT', '/transferAccounts')).toHaveLength(0);
  });

  it('adds and removes partial lines: a new line takes the focus, a removal gives it to Add, both announced', async () => {
    fakeApi(lookup());
    await renderForm();
    const u = user();
    expect(screen.queryByRole('group', { name: 'What to transfer' })).not.toBeInTheDocument();
    await u.click(screen.getByRole('radio', { name: 'Part of it' }));
    expect(screen.getByRole('group', { name: 'Line 1' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Remove line 1' })).not.toBeInTheDocument();

    await u.type(screen.getByLabelText('Symbol'), 'xiu');
    expect(screen.getByLabelText('Symbol')).toHaveValue('XIU');
    await u.click(screen.getByRole('button', { name: 'Add a line' }));
    expect(screen.getByRole('group', { name: 'Line 2' })).toHaveFocus();
    expect(screen.getByText('Line 2 added.')).toBeInTheDocument();
    await u.click(
      within(screen.getByRole('group', { name: 'Line 2' })).getByRole('radio', {
        name: 'An amount of cash',
      }),
    );
    expect(screen.getByLabelText('Amount of cash')).toHaveAttribute(
      'id',
      'transfer-lines-1-amount',
    );

    await u.click(screen.getByRole('button', { name: 'Remove line 1' }));
    expect(screen.getByRole('button', { name: 'Add a line' })).toHaveFocus();
    expect(screen.getByText('Line 1 removed.')).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Line 2' })).not.toBeInTheDocument();
    // The cash line is now the first: its field is named as the pre-check names line 1.
    expect(screen.getByLabelText('Amount of cash')).toHaveAttribute(
      'id',
      'transfer-lines-0-amount',
    );
  });

  it('checks the shape before sending: required answers and a line without a real symbol, nothing sent', async () => {
    const api = fakeApi(lookup());
    await renderForm();
    const u = user();
    await u.click(screen.getByRole('radio', { name: 'Part of it' }));
    await u.type(screen.getByLabelText('Symbol'), '12');
    await u.click(screen.getByRole('button', { name: 'Check and continue to signing' }));
    const summary = screen.getByRole('alert', { name: 'There is a problem' });
    expect(summary).toHaveFocus();
    expect(
      within(summary).getByRole('link', {
        name: /Symbol: Enter the symbol as the exchange lists it/,
      }),
    ).toBeVisible();
    expect(screen.getByLabelText('Name of the investment')).toHaveAccessibleDescription(
      expect.stringContaining('Enter the investment’s name.'),
    );
    expect(
      screen.getByLabelText('Account number at the other institution'),
    ).toHaveAccessibleDescription(
      expect.stringContaining('Enter the account number at the other institution'),
    );
    expect(api.sent('PUT', '/transferAccounts')).toHaveLength(0);
  });

  it('shows every problem of the server’s pre-check at its field and in the summary, with both values', async () => {
    const api = fakeApi({
      ...lookup(),
      'PUT /transferAccounts': [
        ok(
          {
            errorCode: 'transferPrecheckFailed',
            message: 'The transfer request has problems.',
            problems: [
              {
                field: 'statement.holders.0.firstName',
                code: 'statementNameDiffers',
                values: { statement: 'Helen', profile: 'Hélène' },
                message: 'server text',
              },
              {
                field: 'receiving.accountType',
                code: 'planNotAccepted',
                values: { delivering: 'RSP', receiving: 'TFSA' },
                message: 'server text',
              },
            ],
          },
          422,
        ),
      ],
    });
    await renderForm();
    const u = user();
    await fillPartialTransfer(u, 'Helen');
    await u.click(screen.getByRole('button', { name: 'Check and continue to signing' }));

    const summary = await screen.findByRole('alert', { name: 'There is a problem' });
    const links = within(summary).getAllByRole('link');
    expect(links).toHaveLength(2);
    // Page order: the receiving account comes before the statement's names.
    expect(links[0]).toHaveTextContent(
      /This account cannot receive a transfer.*Account transferred: .*\(RRSP\).*Receiving account: .*\(TFSA\)/,
    );
    expect(links[1]).toHaveTextContent(
      /not the one in your profile.*On your statement: Helen.*In your profile: Hélène/,
    );
    // Which holder's name: a joint statement has two "First name" fields.
    expect(links[1]).toHaveTextContent(/^Holder 1, First name: /);
    expect(screen.getByLabelText('First name')).toHaveAccessibleDescription(
      expect.stringMatching(
        /not the one in your profile.*On your statement: Helen.*In your profile: Hélène/,
      ),
    );
    expect(screen.getByLabelText('Account the transfer goes into')).toHaveAccessibleDescription(
      expect.stringMatching(/Account transferred: .*\(RRSP\).*Receiving account: .*\(TFSA\)/),
    );
    expect(screen.getByText(/would refuse it as it is/)).toBeVisible();
    // Nothing typed is lost.
    expect(screen.getByLabelText('First name')).toHaveValue('Helen');
    expect(api.sent('PUT', '/transferAccounts')).toHaveLength(1);
  });

  it('en français, chaque problème de la vérification préalable montre les deux valeurs', async () => {
    fakeApi({
      ...lookup(),
      'PUT /transferAccounts': [
        ok(
          {
            errorCode: 'transferPrecheckFailed',
            message: 'x',
            problems: [
              {
                field: 'statement.holders.0.firstName',
                code: 'statementNameDiffers',
                values: { statement: 'Helen', profile: 'Hélène' },
                message: 'x',
              },
            ],
          },
          422,
        ),
      ],
    });
    await renderScreen(
      <TransferForm
        applicationId={APPLICATION_ID}
        accounts={[coAccount()]}
        toAccountId={TFSA_ID}
        onSubmitted={vi.fn()}
      />,
      'fr',
    );
    const u = user();
    await chooseInstitution(u, 'ques', 'Questrade', 'Institution où se trouve le compte');
    await u.type(screen.getByLabelText("Numéro du compte à l'autre institution"), '123');
    await u.selectOptions(screen.getByLabelText("Type du compte à l'autre institution"), 'TFSA');
    await u.click(screen.getByRole('radio', { name: 'La totalité, telle quelle (en nature)' }));
    await u.type(screen.getByLabelText('Valeur approximative du compte'), '20000');
    await u.type(screen.getByLabelText('Prénom'), 'Helen');
    await u.type(screen.getByLabelText('Nom de famille'), 'Tremblay');
    await u.type(screen.getByLabelText("Numéro d'assurance sociale"), '046454286');
    const birth = screen.getByRole('group', { name: 'Date de naissance' });
    for (const [label, text] of [
      [/Jour/, '27'],
      [/Mois/, '3'],
      [/Année/, '1958'],
    ] as const) {
      await u.type(within(birth).getByLabelText(label), text);
    }
    await u.type(screen.getByLabelText('Nom de la rue'), 'rue Sherbrooke Ouest');
    await u.type(screen.getByLabelText('Ville'), 'Montréal');
    await u.selectOptions(screen.getByLabelText('Province ou territoire'), 'Québec');
    await u.type(screen.getByLabelText('Code postal'), 'H3A 1H6');
    await u.click(screen.getByRole('button', { name: 'Vérifier et passer à la signature' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Prénom')).toHaveAccessibleDescription(
        expect.stringMatching(
          /n’est pas celui de votre profil.*Sur votre relevé\s: Helen.*Dans votre profil\s: Hélène/,
        ),
      ),
    );
  });

  it('sends the request as a multipart form and hands the signing address on', async () => {
    const api = fakeApi({
      ...lookup(),
      'PUT /transferAccounts': [
        ok({
          transferAccountId: 'ffffffff-0000-4000-8000-000000000001',
          esignUrl: '/sandbox/esign/abc',
          esignStatus: 'UNSIGNED',
        }),
      ],
    });
    const onSubmitted = await renderForm();
    const u = user();
    await fillPartialTransfer(u);
    await u.click(screen.getByRole('button', { name: 'Check and continue to signing' }));
    await waitFor(() => expect(onSubmitted).toHaveBeenCalledTimes(1));
    const submitted = onSubmitted.mock.calls[0]![0] as TransferSubmitted;
    expect(submitted.result.esignUrl).toBe('/sandbox/esign/abc');
    expect(submitted.institutionName).toBe('Questrade');
    const model = modelSent(api.sent('PUT', '/transferAccounts')[0]!.body);
    expect(model).toMatchObject({
      applicationId: APPLICATION_ID,
      toAccountId: TFSA_ID,
      fromInstitutionId: 'questrade',
      accountType: 'TFSA',
      transferType: 4,
      approximateValue: 20000,
      lines: [
        { kind: 'inKind', symbol: 'XIU', securityName: 'iShares S&P/TSX 60', quantity: 100 },
        { kind: 'cash', amount: 1500 },
      ],
      statement: {
        holders: [
          { firstName: 'Hélène', lastName: 'Tremblay', sin: '046454286', birthDate: '1958-03-27' },
        ],
        address: { streetName: 'rue Sherbrooke Ouest', provinceId: 11, postalCode: 'H3A 1H6' },
      },
    });
  });

  it('says the server’s reason when no field can fix the refusal, keeping what was typed', async () => {
    fakeApi({
      ...lookup(),
      'PUT /transferAccounts': [
        ok({ errorCode: 'fundingNotOpen', message: 'Funding opens once you agree.' }, 409),
      ],
    });
    await renderForm();
    const u = user();
    await fillPartialTransfer(u);
    await u.click(screen.getByRole('button', { name: 'Check and continue to signing' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Funding opens once you agree.');
    expect(screen.getByLabelText('Last name')).toHaveValue('Tremblay');
  });

  // Findings 2026-11-28, A-M6 and A-minor 4: the holder was typed again from scratch.
  it('prefills the holder and address from the profile, the SIN only masked', async () => {
    const api = fakeApi({
      ...lookup(),
      [`GET /applications/${APPLICATION_ID}`]: [
        ok({
          id: APPLICATION_ID,
          steps: {
            profile: {
              firstName: 'Hélène',
              lastName: 'Thompson-Reid',
              birthDate: '1958-03-27',
              sinMasked: '*** *** 286',
              homeAddress: {
                streetNumber: '118',
                streetName: 'Queen St W',
                city: 'Toronto',
                provinceId: 5,
                postalCode: 'M5H 2N2',
              },
            },
          },
        }),
      ],
    });
    await renderForm();
    await waitFor(() => expect(screen.getByLabelText('First name')).toHaveValue('Hélène'));
    expect(screen.getByLabelText('Last name')).toHaveValue('Thompson-Reid');
    expect(screen.getByLabelText('Street number')).toHaveValue('118');
    expect(screen.getByLabelText('Street name')).toHaveValue('Queen St W');
    expect(screen.getByLabelText('Postal code')).toHaveValue('M5H 2N2');
    expect(screen.getByLabelText('Province or territory')).toHaveValue('5');
    expect(screen.getByLabelText('City')).toHaveValue('Toronto');
    const birth = screen.getByRole('group', { name: 'Date of birth' });
    expect(within(birth).getByLabelText('Day')).toHaveValue('27');
    expect(within(birth).getByLabelText('Month')).toHaveValue('3');
    expect(within(birth).getByLabelText('Year')).toHaveValue('1958');
    const sin = screen.getByLabelText('Social insurance number');
    expect(sin).toHaveValue('');
    expect(sin).toHaveAccessibleDescription(expect.stringContaining('*** *** 286'));

    expect(api.sent('GET', `/applications/${APPLICATION_ID}`)).toHaveLength(1);
  });

  it('fills only what is still blank: a profile that comes late replaces nothing typed', () => {
    const typed = emptyTransferForm(TFSA_ID, false);
    typed.address.city = 'Toronto (Ont.)';
    typed.holders[0].firstName = 'HELENE';
    const filled = withProfile(typed, {
      holders: [{ firstName: 'Hélène', lastName: 'Roy', birthDate: '1958-03-27', sinMasked: null }],
      address: { ...typed.address, city: 'Toronto', streetName: 'Queen St W' },
    });
    expect(filled.holders[0]).toEqual({
      firstName: 'HELENE',
      lastName: 'Roy',
      sin: '',
      birthDate: '1958-03-27',
    });
    expect(filled.address).toMatchObject({ city: 'Toronto (Ont.)', streetName: 'Queen St W' });
    // The SIN stays blank: the server reads a blank as the one on file.
    expect(transferModelOf(filled, APPLICATION_ID).statement.holders[0]).toMatchObject({ sin: '' });
  });

  // Findings 2026-11-28, D4: the form had its own words instead of the domain's message.
  it('says the domain’s transfer request error when the request fails, keeping what was typed', async () => {
    fakeApi({ ...lookup(), 'PUT /transferAccounts': [ok({ errorCode: 'internal' }, 500)] });
    await renderForm();
    const u = user();
    await fillPartialTransfer(u);
    await u.click(screen.getByRole('button', { name: 'Check and continue to signing' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Transfer request error occurred. Try again or contact support.',
    );
    expect(screen.getByLabelText('Last name')).toHaveValue('Tremblay');
  });

  it('refuses a statement over 10 MB before sending', async () => {
    const api = fakeApi(lookup());
    await renderForm();
    const u = user();
    await fillPartialTransfer(u);
    const big = new File(['x'], 'statement.pdf', { type: 'application/pdf' });
    Object.defineProperty(big, 'size', { value: 11 * 1024 * 1024 });
    await u.upload(screen.getByLabelText('Your latest statement (optional)'), big);
    await act(async () => {
      await u.click(screen.getByRole('button', { name: 'Check and continue to signing' }));
    });
    expect(screen.getByLabelText('Your latest statement (optional)')).toHaveAccessibleDescription(
      expect.stringContaining('10 MB or less'),
    );
    expect(api.sent('PUT', '/transferAccounts')).toHaveLength(0);
  });
});
