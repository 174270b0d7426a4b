import { useTranslation } from '../../lib/i18n.ts';
import type { BankAccount } from '@portal/domain/funding/bank-account';
import { RadioChoices } from '../choices.tsx';
import { FieldMessages } from '../field-messages.tsx';
import formStyles from '../forms.module.css';
import { bankAccountLabel, currencyOf } from './funding-format.ts';

export interface BankAccountPickerProps {
  /** The fieldset's id: the error summary links here. */
  id: string;
  accounts: readonly BankAccount[];
  /** The chosen account's id. */
  value: string | undefined;
  onChange(bankAccountId: string): void;
  /** "Which bank account does the money come from?" unless another legend is given. */
  legend?: string;
  hint?: string;
  error?: string;
}

/**
 * The bank accounts on file to debit, one radio each: its nickname, institution and masked
 * number, then its currency and where it came from (a void cheque, a connection to the bank,
 * or an account we already hold), so two accounts of one bank stay told apart.
 */
export function BankAccountPicker({
  id,
  accounts,
  value,
  onChange,
  legend,
  hint,
  error,
}: BankAccountPickerProps) {
  const { t } = useTranslation('funding');
  if (accounts.length === 0) {
    return (
      <div
        id={id}
        tabIndex={-1}
        className={error ? `${formStyles.field} ${formStyles.fieldError}` : formStyles.field}
      >
        <p className={formStyles.label}>{legend ?? t('bankAccounts.legend')}</p>
        <FieldMessages id={id} hint={t('bankAccounts.none')} error={error} />
      </div>
    );
  }
  return (
    <RadioChoices
      id={id}
      legend={legend ?? t('bankAccounts.legend')}
      hint={hint}
      error={error}
      value={value}
      onChange={onChange}
      choices={accounts.map((account) => ({
        value: account.id,
        label: bankAccountLabel(account),
        hint: t('bankAccounts.detail', {
          currency: currencyOf(account.currencyTypeId),
          source: t(`bankAccounts.source.${account.source}`),
        }),
      }))}
    />
  );
}
