import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState, type ReactNode } from 'react';
import { TranslationProvider } from '../../lib/i18n.ts';
import { describe, expect, it, vi } from 'vitest';
import type { BankAccount } from '@portal/domain/funding/bank-account';
import type { FundingItem } from '@portal/domain/funding/funding-item';
import { fundingApi } from '../../lib/funding-api.ts';
import { createTestI18n } from '../../test/i18n.ts';
import { BankAccountPicker } from './bank-account-picker.tsx';
import { FundingItemList } from './funding-item-list.tsx';
import { emptyMoney, MoneyField, type MoneyValue } from './money-field.tsx';
import { StartDatePicker } from './start-date-picker.tsx';

async function renderIn(language: 'en' | 'fr', ui: ReactNode) {
  const i18n = await createTestI18n(language);
  return render(<TranslationProvider i18n={i18n}>{ui}</TranslationProvider>);
}

function Money({ onValue, error }: { onValue(value: MoneyValue): void; error?: string }) {
  const [value, setValue] = useState(emptyMoney);
  return (
    <MoneyField
      id="amount"
      value={value}
      error={error}
      onChange={(next) => {
        setValue(next);
        onValue(next);
      }}
    />
  );
}

const account = (changes: Partial<BankAccount>): BankAccount => ({
  id: 'a1',
  bankAccountNumber: '•••••123',
  nickname: 'Everyday',
  financialInstitutionId: '815',
  financialInstitutionName: 'Desjardins',
  transitNumber: '12345',
  currencyTypeId: 1,
  source: 'cheque',
  ...changes,
});

const item: FundingItem = {
  id: 'i1',
  frequency: 5,
  startDate: '2026-03-16',
  amount: 1234.56,
  amountCents: 123_456,
  fromAccount: {
    nickname: 'Everyday',
    accountNumber: '•••••123',
    accountid: 'a1',
    financialInstituionName: 'Desjardins',
    currencyTypeId: 1,
  },
  toAccount: {
    accountId: 't1',
    accountNumber: '12345678',
    accountTypeId: 4,
    accountTypeName: 'tfsa',
    eftEligible: true,
    ownershipTypeId: 1,
    currencyTypeId: 1,
  },
  fundingTypeId: 3,
  fundingStatusTypeId: 60,
  userStatus: 'cancelled',
  lastModifiedDate: '2026-03-04T15:00:00Z',
  activeDate: '2026-03-16',
  parentId: null,
  effectiveDate: '2026-04-01',
  canCancel: false,
  canDelete: false,
};

describe('MoneyField', () => {
  it('reads an English amount into cents and says its error to screen readers', async () => {
    const onValue = vi.fn();
    await renderIn('en', <Money onValue={onValue} error="The minimum amount is $50." />);
    const field = screen.getByRole('textbox', { name: 'Amount' });
    await userEvent.type(field, '1,234.56');
    expect(onValue).toHaveBeenLastCalledWith({ text: '1,234.56', cents: 123_456 });
    expect(field).toHaveAccessibleDescription(
      expect.stringContaining('The minimum amount is $50.'),
    );
    expect(field).toHaveAttribute('aria-invalid', 'true');
  });

  it('reads a French amount with a decimal comma; three decimals are not money', async () => {
    const onValue = vi.fn();
    await renderIn('fr', <Money onValue={onValue} />);
    const field = screen.getByRole('textbox', { name: 'Montant' });
    await userEvent.type(field, '1 234,56');
    expect(onValue).toHaveBeenLastCalledWith({ text: '1 234,56', cents: 123_456 });
    await userEvent.clear(field);
    await userEvent.type(field, '1,005');
    expect(onValue).toHaveBeenLastCalledWith({ text: '1,005', cents: 'invalid' });
  });
});

describe('BankAccountPicker', () => {
  it('names each account by nickname, institution and masked number, chosen by keyboard', async () => {
    const onChange = vi.fn();
    await renderIn(
      'en',
      <BankAccountPicker
        id="from"
        accounts={[account({}), account({ id: 'a2', nickname: 'Savings', source: 'connection' })]}
        value={undefined}
        onChange={onChange}
      />,
    );
    const group = screen.getByRole('group', {
      name: 'Which bank account does the money come from?',
    });
    const first = within(group).getByRole('radio', { name: 'Everyday, Desjardins •••••123' });
    expect(first).toHaveAccessibleDescription('CAD, from a void cheque');
    first.focus();
    await userEvent.keyboard(' ');
    expect(onChange).toHaveBeenLastCalledWith('a1');
  });

  it('says in French when no account is on file, with the error', async () => {
    await renderIn(
      'fr',
      <BankAccountPicker
        id="from"
        accounts={[]}
        value={undefined}
        onChange={() => undefined}
        error="Choisissez le compte bancaire d’où provient l’argent."
      />,
    );
    expect(screen.getByText(/aucun compte bancaire à votre dossier/)).toBeVisible();
    expect(screen.getByText('Choisissez le compte bancaire d’où provient l’argent.')).toBeVisible();
  });
});

describe('StartDatePicker', () => {
  it('offers only the given business days, written out in the language', async () => {
    const onChange = vi.fn();
    await renderIn(
      'fr',
      <StartDatePicker
        id="start"
        dates={['2026-03-16', '2026-03-17']}
        value={undefined}
        onChange={onChange}
      />,
    );
    const select = screen.getByRole('combobox', { name: 'Date de début' });
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Choisir…', 'lundi 16 mars 2026', 'mardi 17 mars 2026']);
    await userEvent.selectOptions(select, 'mardi 17 mars 2026');
    expect(onChange).toHaveBeenLastCalledWith('2026-03-17');
  });
});

describe('FundingItemList', () => {
  it('shows each item with its amount, account, schedule, source, status and end date', async () => {
    await renderIn(
      'en',
      <FundingItemList
        items={[item]}
        emptyText="Nothing pending."
        actions={() => <button type="button">Delete</button>}
      />,
    );
    const entry = screen.getByRole('listitem', { name: '$1,234.56 to TFSA 12345678' });
    expect(entry).toHaveTextContent('Monthly');
    expect(entry).toHaveTextContent('Monday, March 16, 2026');
    expect(entry).toHaveTextContent('Everyday, Desjardins •••••123');
    expect(entry).toHaveTextContent('Cancelled');
    expect(entry).toHaveTextContent('Stops onWednesday, April 1, 2026');
    expect(within(entry).getByRole('button', { name: 'Delete' })).toBeVisible();
  });

  it('saves each request’s signed debit agreement under a name in the person’s language', async () => {
    const pdf = new Blob(['%PDF-1.7'], { type: 'application/pdf' });
    const fetched = vi.spyOn(fundingApi, 'agreement').mockResolvedValue(pdf);
    const objectUrl = vi.fn(() => 'blob:agreement');
    const { createObjectURL, revokeObjectURL } = URL;
    URL.createObjectURL = objectUrl;
    URL.revokeObjectURL = vi.fn();
    const saved: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push(this.download);
    });
    try {
      await renderIn('fr', <FundingItemList items={[item]} emptyText="Rien en attente." />);
      const entry = screen.getByRole('listitem', {
        name: '1\u00a0234,56\u00a0$ vers CELI 12345678',
      });
      await userEvent.click(
        within(entry).getByRole('button', {
          name: "Télécharger l'accord de débit (PDF) (1\u00a0234,56\u00a0$ vers CELI 12345678)",
        }),
      );
      expect(fetched).toHaveBeenCalledWith('i1');
      expect(objectUrl).toHaveBeenCalledWith(pdf);
      expect(saved).toEqual(['accord-dpa-I1.pdf']);
    } finally {
      fetched.mockRestore();
      click.mockRestore();
      URL.createObjectURL = createObjectURL;
      URL.revokeObjectURL = revokeObjectURL;
    }
  });

  it('says so beside the button when the agreement cannot be downloaded, and keeps the button', async () => {
    const fetched = vi.spyOn(fundingApi, 'agreement').mockRejectedValue(new Error('offline'));
    try {
      await renderIn('en', <FundingItemList items={[item]} emptyText="Nothing pending." />);
      const button = screen.getByRole('button', { name: /^Download the debit agreement \(PDF\)/ });
      await userEvent.click(button);
      expect(await screen.findByRole('alert')).toHaveTextContent(
        "We couldn't download the debit agreement. Nothing was lost: try again in a moment.",
      );
      expect(button).toBeEnabled();
    } finally {
      fetched.mockRestore();
    }
  });

  it('speaks French, and says the empty text when there is nothing', async () => {
    const { unmount } = await renderIn(
      'fr',
      <FundingItemList items={[item]} emptyText="Rien en attente." />,
    );
    expect(
      screen.getByRole('listitem', { name: '1\u00a0234,56\u00a0$ vers CELI 12345678' }),
    ).toHaveTextContent('Chaque mois');
    unmount();
    await renderIn('fr', <FundingItemList items={[]} emptyText="Rien en attente." />);
    expect(screen.getByText('Rien en attente.')).toBeVisible();
  });
});
