import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from '../../lib/i18n.ts';
import type { IsoDate } from '@portal/domain/calendar/iso-date';
import { eftFrequencies, eftFrequencyLabels, fundingTypes } from '@portal/domain/enums/funding';
import type { BankAccount } from '@portal/domain/funding/bank-account';
import { toAccountLabel, type FundingToAccount } from '@portal/domain/funding/funding-item';
import { fundingRequestSchema } from '@portal/domain/funding/funding-schemas';
import { messageFor } from '@portal/domain/messages/messages';
import { centsToDollars, formatCents } from '@portal/domain/money/cents';
import { refusalOf } from '../../lib/applications-api.ts';
import {
  fundingApi,
  type FundingRequestPayload,
  type FundingSubmitted,
} from '../../lib/funding-api.ts';
import { RadioChoices } from '../choices.tsx';
import { ErrorSummary, type FieldProblem } from '../error-summary.tsx';
import { SelectField } from '../select-field.tsx';
import { BankAccountPicker } from './bank-account-picker.tsx';
import { ContributionHints, hintsFor } from './contribution-hints.tsx';
import { currencyOf, fundingLanguageOf } from './funding-format.ts';
import styles from './funding.module.css';
import { emptyMoney, MoneyField, type MoneyValue } from './money-field.tsx';
import { PadAgreement } from './pad-agreement.tsx';
import { StartDatePicker, useStartDates } from './start-date-picker.tsx';

type FrequencyName = keyof typeof eftFrequencies;
type Field =
  'from' | 'to' | 'frequency' | 'amount' | 'startDate' | 'taxYear' | 'waiver' | 'agreement';
const fieldOrder: Field[] = [
  'from',
  'to',
  'frequency',
  'amount',
  'startDate',
  'taxYear',
  'waiver',
  'agreement',
];

/** The payload's paths (the schema's and the server's) by the field that answers for them. */
const fieldOfPath: Record<string, Field> = {
  documentUploadedId: 'from',
  flinksBankAccountId: 'from',
  fromAccountId: 'from',
  fromAccountNumber: 'from',
  fromAccountNickname: 'from',
  toAccountId: 'to',
  toAccountNumber: 'to',
  fundingFrequencyTypeId: 'frequency',
  fundingTypeId: 'frequency',
  amount: 'amount',
  pacStartDate: 'startDate',
  taxYear: 'taxYear',
  preNotificationWaived: 'waiver',
  agreementAccepted: 'agreement',
};

export interface EftRequestFormProps {
  /** Unique on the page when several forms show (one per account on the funding step). */
  idPrefix?: string;
  /** The investment accounts that may be funded. */
  toAccounts: readonly FundingToAccount[];
  /** The account funded, when the page already chose it (no account question then). */
  toAccountId?: string;
  /** The bank accounts on file; one added later is chosen at once. */
  bankAccounts: readonly BankAccount[];
  /** The names of the account's holders, for the PAD agreement (payor). */
  payorNames: readonly string[];
  /** One-time only, recurring (PAC) only, or the person chooses (one-time first). */
  kind?: 'oneTime' | 'recurring' | 'any';
  /**
   * Shown under the bank accounts, outside this form (forms cannot nest): ways to add a bank
   * account (a void cheque, a bank connection).
   */
  addBankAccount?: ReactNode;
  submitLabel?: string;
  onSubmitted(result: FundingSubmitted): void;
}

/**
 * An EFT (one-time) or PAC (recurring) request: the bank account debited, the account funded,
 * how often, the amount (at least $50), the first debit's date among the business days the
 * server offers, contribution-room warnings, the PAD agreement with its waiver apart, and the
 * agreement accepted. Checked with the domain's request schema on submit; the server's
 * refusals show at their fields; nothing typed is lost.
 */
export function EftRequestForm({
  idPrefix = 'eft',
  toAccounts,
  toAccountId: fixedToAccountId,
  bankAccounts,
  payorNames,
  kind = 'any',
  addBankAccount,
  submitLabel,
  onSubmitted,
}: EftRequestFormProps) {
  const { t, i18n } = useTranslation('funding');
  const language = fundingLanguageOf(i18n.language);
  // One bank account on file is the one to use: another request should not ask again.
  const [chosenBankAccount, setBankAccountId] = useState<string | undefined>(
    bankAccounts.length === 1 ? bankAccounts[0]?.id : undefined,
  );
  const [seenBankAccounts, setSeenBankAccounts] = useState(() => bankAccounts.map((a) => a.id));
  const [chosenTo, setToAccountId] = useState<string | undefined>(
    fixedToAccountId ?? (toAccounts.length === 1 ? toAccounts[0]?.accountId : undefined),
  );
  const [frequency, setFrequency] = useState<number>(
    kind === 'recurring' ? eftFrequencies.monthly : eftFrequencies.onetime,
  );
  const [amount, setAmount] = useState<MoneyValue>(emptyMoney);
  const [chosenDate, setStartDate] = useState<IsoDate | undefined>();
  const [waived, setWaived] = useState(false);
  const [accepted, setAccepted] = useState(false);
  const [taxYear, setTaxYear] = useState<number | undefined>();
  const [problems, setProblems] = useState<FieldProblem[]>([]);
  const [sending, setSending] = useState(false);
  const [failed, setFailed] = useState(false);

  // A bank account that arrives after the form opened was just added: it is the one to use.
  const added = bankAccounts.find((account) => !seenBankAccounts.includes(account.id));
  if (added) {
    setSeenBankAccounts(bankAccounts.map((account) => account.id));
    setBankAccountId(added.id);
  }
  const bankAccount = bankAccounts.find((account) => account.id === chosenBankAccount);
  const toAccountId = fixedToAccountId ?? chosenTo;
  const toAccount = toAccounts.find((account) => account.accountId === toAccountId);
  const institution = bankAccount?.financialInstitutionId;

  const { resource: dates, retry: retryDates } = useStartDates(waived, institution);
  const offered = dates.state === 'ready' ? dates.data.dates : [];
  // A date no longer offered (the waiver taken back) is no date: the person chooses again.
  const startDate = chosenDate && offered.includes(chosenDate) ? chosenDate : undefined;

  const cents = typeof amount.cents === 'number' ? amount.cents : undefined;
  const hints =
    toAccount && cents !== undefined && startDate && dates.state === 'ready'
      ? hintsFor({
          toAccount,
          amountCents: cents,
          frequencyId: frequency,
          startDate,
          today: dates.data.today,
        })
      : [];
  const taxYearHint = hints.find((hint) => hint.code === 'rrspTaxYear');
  const currentYear = Number((dates.state === 'ready' ? dates.data.today : '').slice(0, 4));

  const idOf = (field: Field) => `${idPrefix}-${field}`;
  const problemOf = (field: Field, code: string): FieldProblem => ({
    fieldId: idOf(field),
    code,
    message: messageFor(code, language),
  });
  const errorOf = (field: Field) =>
    problems.find((problem) => problem.fieldId === idOf(field))?.message;
  const problemsOf = (fields: Record<string, string>) => {
    const found = new Map<Field, FieldProblem>();
    for (const [path, code] of Object.entries(fields)) {
      const field = fieldOfPath[path.split('.')[0] ?? ''] ?? 'agreement';
      if (!found.has(field)) found.set(field, problemOf(field, code));
    }
    return fieldOrder.flatMap((field) => found.get(field) ?? []);
  };

  function payload(): FundingRequestPayload {
    const source = !bankAccount
      ? {}
      : bankAccount.source === 'cheque' && bankAccount.documentUploadedId
        ? { documentUploadedId: bankAccount.documentUploadedId }
        : bankAccount.source === 'connection'
          ? { flinksBankAccountId: bankAccount.flinksBankAccountId ?? bankAccount.id }
          : {
              fromAccountId: bankAccount.id,
              fromAccountNumber: bankAccount.bankAccountNumber,
              fromAccountNickname: bankAccount.nickname,
            };
    return {
      amount: cents === undefined ? undefined : centsToDollars(cents),
      toAccountNumber: toAccount?.accountNumber ?? null,
      toAccountId,
      fundingFrequencyTypeId: frequency,
      fundingTypeId:
        frequency === eftFrequencies.onetime ? fundingTypes.OneTime : fundingTypes.Recurring,
      pacStartDate: startDate,
      ...source,
      agreementAccepted: accepted,
      preNotificationWaived: waived,
      ...(taxYearHint && taxYear !== undefined ? { taxYear } : {}),
    } as FundingRequestPayload;
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (sending) return;
    setFailed(false);
    const request = payload();
    const parsed = fundingRequestSchema.safeParse(request);
    const fields: Record<string, string> = {};
    if (amount.cents === 'invalid') fields.amount = 'amountFormat';
    if (taxYearHint && taxYear === undefined) fields.taxYear = 'required';
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const path = issue.path.join('.');
        fields[path] ??= issue.message;
      }
    }
    const found = problemsOf(fields);
    setProblems(found);
    if (found.length > 0) return;
    setSending(true);
    try {
      onSubmitted(await fundingApi.submit(request));
    } catch (error) {
      const refusal = refusalOf(error);
      if (refusal?.status === 400 && refusal.body.fields) {
        setProblems(problemsOf(refusal.body.fields));
      } else if (refusal?.status === 400 && refusal.body.errorCode === 'currencyMismatch') {
        setProblems([problemOf('from', 'currencyMismatch')]);
      } else setFailed(true);
    } finally {
      setSending(false);
    }
  }

  const frequencyChoices = (Object.keys(eftFrequencies) as FrequencyName[])
    .filter((name) => kind !== 'recurring' || name !== 'onetime')
    .map((name) => ({ id: eftFrequencies[name], label: eftFrequencyLabels[name][language] }));
  const oneTime = frequency === eftFrequencies.onetime;
  const frequencyName =
    (Object.keys(eftFrequencies) as FrequencyName[]).find(
      (name) => eftFrequencies[name] === frequency,
    ) ?? 'onetime';

  return (
    <div>
      <ErrorSummary problems={problems} titleId={`${idPrefix}-error-summary`} />
      <BankAccountPicker
        id={idOf('from')}
        accounts={bankAccounts}
        value={chosenBankAccount}
        onChange={setBankAccountId}
        error={errorOf('from')}
      />
      {addBankAccount && <div className={styles.addBankAccount}>{addBankAccount}</div>}
      <form noValidate onSubmit={submit}>
        {fixedToAccountId === undefined && (
          <SelectField
            id={idOf('to')}
            label={t('request.to')}
            error={errorOf('to')}
            value={chosenTo}
            onChange={(value) => setToAccountId(value || undefined)}
            options={toAccounts.map((account) => ({
              id: account.accountId,
              label: `${toAccountLabel(account, language)} (${currencyOf(account.currencyTypeId)})`,
            }))}
          />
        )}
        {kind !== 'oneTime' && (
          <SelectField
            id={idOf('frequency')}
            label={t('request.frequency')}
            error={errorOf('frequency')}
            value={frequency}
            onChange={(value) => setFrequency(Number(value) || eftFrequencies.onetime)}
            options={frequencyChoices}
          />
        )}
        <MoneyField
          id={idOf('amount')}
          error={errorOf('amount')}
          value={amount}
          onChange={setAmount}
        />
        <StartDatePicker
          id={idOf('startDate')}
          dates={offered}
          value={startDate}
          onChange={setStartDate}
          error={errorOf('startDate')}
          hint={oneTime ? t('startDate.hintOneTime') : t('startDate.hint')}
          loading={dates.state === 'loading'}
          failed={dates.state === 'failed'}
          onRetry={retryDates}
        />
        <ContributionHints hints={hints} />
        {taxYearHint && (
          <RadioChoices
            id={idOf('taxYear')}
            legend={t('request.taxYear')}
            error={errorOf('taxYear')}
            value={taxYear}
            onChange={(year) => setTaxYear(Number(year))}
            choices={[currentYear - 1, currentYear].map((year) => ({
              value: year,
              label: String(year),
            }))}
          />
        )}
        <PadAgreement
          idPrefix={idPrefix}
          details={
            bankAccount && cents !== undefined && startDate
              ? {
                  payorNames: [...payorNames],
                  bankAccountMasked: bankAccount.bankAccountNumber,
                  institutionName: bankAccount.financialInstitutionName,
                  amountText: formatCents(cents, language, currencyOf(bankAccount.currencyTypeId)),
                  frequencyLabel: eftFrequencyLabels[frequencyName][language],
                  startDate,
                  oneTime,
                  preNotificationWaived: waived,
                }
              : null
          }
          waived={waived}
          onWaivedChange={setWaived}
          accepted={accepted}
          onAcceptedChange={setAccepted}
          waiverError={errorOf('waiver')}
          acceptError={errorOf('agreement')}
        />
        <div role="status" aria-live="polite">
          {sending && <p className="loading-inline">{t('request.sending')}</p>}
        </div>
        {failed && (
          <div className="notice-warning" role="alert">
            <p>{messageFor('eftRequestError', language)}</p>
          </div>
        )}
        <div className="actions">
          <button type="submit" className="button button-primary" aria-disabled={sending}>
            {submitLabel ?? t(oneTime ? 'request.submitOneTime' : 'request.submitRecurring')}
          </button>
        </div>
      </form>
    </div>
  );
}
