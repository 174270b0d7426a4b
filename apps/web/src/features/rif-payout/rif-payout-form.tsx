import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from '../../lib/i18n.ts';
import type { NamedAccountTypeName } from '@portal/domain/enums/account-types';
import { toAccountLabel } from '@portal/domain/funding/funding-item';
import {
  annualPaymentTypes,
  grossOrNet,
  minPaymentTypes,
  paymentByTypes,
  TAX_CALC_OPTION_PERCENTAGE,
} from '@portal/domain/enums/rif';
import type { BankAccount } from '@portal/domain/funding/bank-account';
import { messageFor } from '@portal/domain/messages/messages';
import type { RifCashAccount, RifFund, RifOptions } from '@portal/domain/rif/rif-api';
import { accountTypesWithMaximum, rifPayoutSchema } from '@portal/domain/rif/rif-payout-schema';
import { RadioChoices } from '../../ui/choices.tsx';
import { DateField } from '../../ui/date-field.tsx';
import { ErrorSummary, type FieldProblem } from '../../ui/error-summary.tsx';
import { AddBankAccount } from '../../ui/funding/add-bank-account.tsx';
import { BankAccountPicker } from '../../ui/funding/bank-account-picker.tsx';
import { currencyOf, fundingLanguageOf } from '../../ui/funding/funding-format.ts';
import { MoneyField } from '../../ui/funding/money-field.tsx';
import { SelectField } from '../../ui/select-field.tsx';
import { TextField } from '../../ui/text-field.tsx';
import {
  payloadOf,
  previewOf,
  schemaContextOf,
  startYearsOf,
  type RifFormState,
} from './rif-payout-form-state.ts';
import { FirstPaymentPanel } from './rif-payout-preview.tsx';
import {
  annualChoices,
  frequencyChoices,
  minPaymentChoices,
  monthName,
  paidToChoices,
  startDayChoices,
} from './rif-payout-texts.ts';

/** The id of each question, by the payload's path that answers it (the server's too). */
export const fieldIdOfPath: Record<string, string> = {
  accountId: 'rif-fund',
  minPaymentTypeId: 'rif-minPayment',
  minPaymentSpouseSin: 'rif-spouseSin',
  minPaymentSpouseDob: 'rif-spouseDob',
  annualPaymentTypeId: 'rif-annual',
  annualPaymentOtherAmount: 'rif-otherAmount',
  annualPaymentGrossOrNet: 'rif-grossOrNet',
  taxCalcOptionTypeId: 'rif-tax',
  taxOptionPercent: 'rif-taxPercent',
  taxPercentTypeId: 'rif-taxPercent',
  payoutFrequencyId: 'rif-frequency',
  startDateTypeId: 'rif-startDay',
  paymentStartMonth: 'rif-startMonth',
  paymentStartYear: 'rif-startYear',
  paymentByTypeId: 'rif-paidTo',
  bankAccountId: 'rif-bankAccount',
  documentUploadedId: 'rif-bankAccount',
  payoutAccountId: 'rif-cashAccount',
  estimatedFundValue: 'rif-fundValue',
};
/** The order of the questions on the screen, for the error summary. */
const fieldOrder = [
  'rif-paidTo',
  'rif-bankAccount',
  'rif-cashAccount',
  'rif-fund',
  'rif-minPayment',
  'rif-spouseSin',
  'rif-spouseDob',
  'rif-annual',
  'rif-otherAmount',
  'rif-grossOrNet',
  'rif-tax',
  'rif-taxPercent',
  'rif-frequency',
  'rif-startDay',
  'rif-startMonth',
  'rif-startYear',
  'rif-fundValue',
];

/** The problems of a payload's paths, one per question, in the screen's order. */
export function problemsOf(fields: Record<string, string>, language: 'en' | 'fr'): FieldProblem[] {
  const found = new Map<string, FieldProblem>();
  for (const [path, code] of Object.entries(fields)) {
    const fieldId = fieldIdOfPath[path.split('.')[0] ?? ''] ?? 'rif-paidTo';
    if (!found.has(fieldId))
      found.set(fieldId, { fieldId, code, message: messageFor(code, language) });
  }
  return fieldOrder.flatMap((fieldId) => found.get(fieldId) ?? []);
}

export interface RifPayoutFormProps {
  applicationId: string;
  options: RifOptions;
  fund: RifFund;
  bankAccounts: readonly BankAccount[];
  initial: RifFormState;
  /** The server's refusals of the last save, shown at their questions. */
  refused: FieldProblem[];
  pollIntervalMs?: number;
  onBankAccountAdded(bankAccount: BankAccount): void;
  onReview(state: RifFormState): void;
}

const cashLabel = (account: RifCashAccount, language: 'en' | 'fr') =>
  `${toAccountLabel(
    { accountTypeName: account.accountTypeName as NamedAccountTypeName, accountNumber: null },
    language,
  )} (${currencyOf(account.currencyTypeId)})`;

/**
 * The payout setup's questions: where the money goes (outside the form, like the funding
 * forms: adding a bank account is a form of its own), whose age sets the minimum (with the
 * spouse's SIN and birth date), the yearly amount, gross or net, the tax withheld, how often,
 * the first payment's day, month and year, and the fund's estimated value. The first payment
 * follows every answer. "Review" checks the answers with the domain's schema; nothing typed
 * is lost on a refusal.
 */
export function RifPayoutForm({
  applicationId,
  options,
  fund,
  bankAccounts,
  initial,
  refused,
  pollIntervalMs,
  onBankAccountAdded,
  onReview,
}: RifPayoutFormProps) {
  const { t, i18n } = useTranslation('rifPayout');
  const language = fundingLanguageOf(i18n.language);
  const [state, setState] = useState<RifFormState>(initial);
  const [problems, setProblems] = useState<FieldProblem[]>([]);
  // The server's refusals show once the questions are on the page: the summary names each
  // problem by its question's label, read from the page.
  useEffect(() => {
    const timer = setTimeout(() => setProblems(refused), 0);
    return () => clearTimeout(timer);
  }, [refused]);
  const update = (change: Partial<RifFormState>) => setState((now) => ({ ...now, ...change }));
  const errorOf = (fieldId: string) =>
    problems.find((problem) => problem.fieldId === fieldId)?.message;

  const saved = fund.setup?.setup;
  const locked = saved?.firstPaymentMade === true;
  // The setup's own, else the one the profile's spouse section gave (the server puts it in).
  const sinOnFile =
    (saved?.minPaymentTypeId === minPaymentTypes.SpouseAge
      ? saved.minPaymentSpouseSinMasked
      : null) ??
    options.spouse?.sinMasked ??
    null;
  const spouse = state.minPaymentTypeId === minPaymentTypes.SpouseAge;
  const hasMaximum = accountTypesWithMaximum.includes(fund.accountTypeId);
  const currency = currencyOf(fund.currencyTypeId);
  const usable = bankAccounts.filter((account) => account.currencyTypeId === fund.currencyTypeId);
  const cashAccounts = options.cashAccounts.filter(
    (account) => account.currencyTypeId === fund.currencyTypeId,
  );

  function review(event: FormEvent) {
    event.preventDefault();
    const payload = payloadOf(state, fund);
    const parsed = rifPayoutSchema(schemaContextOf(options, fund)).safeParse(payload);
    const fields: Record<string, string> = {};
    if (state.otherAmount.cents === 'invalid') fields.annualPaymentOtherAmount = 'amountFormat';
    if (state.fundValue.cents === 'invalid') fields.estimatedFundValue = 'amountFormat';
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const path = issue.path.join('.');
        // Left blank, the SIN on file is kept (the server puts it back).
        if (path === 'minPaymentSpouseSin' && issue.message === 'required' && sinOnFile) continue;
        fields[path] ??= issue.message;
      }
    }
    const found = problemsOf(fields, language);
    setProblems(found);
    if (found.length === 0) onReview(state);
  }

  const preview = previewOf(state, options, fund);
  const months = Array.from({ length: 12 }, (_, index) => ({
    id: index + 1,
    label: monthName(index + 1, language),
  }));

  return (
    <div>
      <ErrorSummary problems={problems} titleId="rif-error-summary" />
      <RadioChoices
        id="rif-paidTo"
        legend={t('form.paidTo.legend')}
        error={errorOf('rif-paidTo')}
        value={state.paymentByTypeId}
        onChange={(paymentByTypeId) => update({ paymentByTypeId })}
        choices={paidToChoices(language).map((choice) => ({
          value: choice.id,
          label: choice.label,
        }))}
      />
      {state.paymentByTypeId === paymentByTypes.Bank && (
        <>
          <BankAccountPicker
            id="rif-bankAccount"
            legend={t('form.bankAccount')}
            accounts={usable}
            value={state.bankAccountId}
            onChange={(bankAccountId) => update({ bankAccountId })}
            error={errorOf('rif-bankAccount')}
          />
          <AddBankAccount
            applicationId={applicationId}
            idPrefix="rif"
            pollIntervalMs={pollIntervalMs}
            onAdded={(bankAccount) => {
              onBankAccountAdded(bankAccount);
              update({ bankAccountId: bankAccount.id });
            }}
          />
        </>
      )}
      {state.paymentByTypeId === paymentByTypes.CashAccount &&
        (cashAccounts.length > 0 ? (
          <RadioChoices
            id="rif-cashAccount"
            legend={t('form.cashAccount.legend')}
            error={errorOf('rif-cashAccount')}
            value={state.payoutAccountId}
            onChange={(payoutAccountId) => update({ payoutAccountId })}
            choices={cashAccounts.map((account) => ({
              value: account.accountId,
              label: cashLabel(account, language),
            }))}
          />
        ) : (
          <div id="rif-cashAccount" tabIndex={-1} className="notice-warning">
            <p>{t('form.cashAccount.none')}</p>
          </div>
        ))}

      <form noValidate onSubmit={review}>
        <RadioChoices
          id="rif-minPayment"
          legend={t('form.minPayment.legend')}
          hint={locked ? t('form.minPayment.locked') : t('form.minPayment.hint')}
          error={errorOf('rif-minPayment')}
          value={state.minPaymentTypeId}
          onChange={(minPaymentTypeId) => update({ minPaymentTypeId })}
          choices={minPaymentChoices(language).map((choice) => ({
            value: choice.id,
            label: choice.label,
            disabled: locked && choice.id !== saved?.minPaymentTypeId,
          }))}
        />
        {spouse && (
          <>
            <TextField
              id="rif-spouseSin"
              label={t('form.spouseSin.label')}
              hint={
                sinOnFile
                  ? t('form.spouseSin.onFile', { masked: sinOnFile })
                  : t('form.spouseSin.hint')
              }
              error={errorOf('rif-spouseSin')}
              value={state.spouseSin}
              onChange={(spouseSin) => update({ spouseSin })}
              inputMode="numeric"
              autoComplete="off"
              maxLength={11}
              width="short"
            />
            <DateField
              id="rif-spouseDob"
              legend={t('form.spouseDob.legend')}
              hint={t('form.spouseDob.hint')}
              error={errorOf('rif-spouseDob')}
              value={state.spouseDob}
              onChange={(spouseDob) => update({ spouseDob })}
            />
          </>
        )}
        <RadioChoices
          id="rif-annual"
          legend={t('form.annual.legend')}
          hint={hasMaximum ? t('form.annual.maximumHint') : undefined}
          error={errorOf('rif-annual')}
          value={state.annualPaymentTypeId}
          onChange={(annualPaymentTypeId) => update({ annualPaymentTypeId })}
          choices={annualChoices(language)
            .filter((choice) => hasMaximum || choice.id !== annualPaymentTypes.Maximum)
            .map((choice) => ({ value: choice.id, label: choice.label }))}
        />
        {state.annualPaymentTypeId === annualPaymentTypes.Other && (
          <>
            <MoneyField
              id="rif-otherAmount"
              label={t('form.otherAmount.label')}
              hint={t('form.otherAmount.hint')}
              error={errorOf('rif-otherAmount')}
              value={state.otherAmount}
              onChange={(otherAmount) => update({ otherAmount })}
            />
            <RadioChoices
              id="rif-grossOrNet"
              legend={t('form.grossOrNet.legend')}
              error={errorOf('rif-grossOrNet')}
              value={state.grossOrNet}
              onChange={(value) => update({ grossOrNet: value })}
              choices={[
                { value: grossOrNet.Gross, label: t('form.grossOrNet.gross') },
                { value: grossOrNet.Net, label: t('form.grossOrNet.net') },
              ]}
            />
          </>
        )}
        <RadioChoices
          id="rif-tax"
          legend={t('form.tax.legend')}
          hint={t('form.tax.hint')}
          error={errorOf('rif-tax')}
          value={state.taxCalcOptionTypeId}
          onChange={(taxCalcOptionTypeId) => update({ taxCalcOptionTypeId })}
          choices={[
            { value: 1, label: t('form.tax.standard') },
            { value: TAX_CALC_OPTION_PERCENTAGE, label: t('form.tax.percent') },
          ]}
        />
        {state.taxCalcOptionTypeId === TAX_CALC_OPTION_PERCENTAGE && (
          <TextField
            id="rif-taxPercent"
            label={t('form.taxPercent.label')}
            hint={t('form.taxPercent.hint')}
            error={errorOf('rif-taxPercent')}
            value={state.taxPercent}
            onChange={(taxPercent) => update({ taxPercent })}
            inputMode="text"
            autoComplete="off"
            maxLength={6}
            width="short"
          />
        )}
        <SelectField
          id="rif-frequency"
          label={t('form.frequency')}
          error={errorOf('rif-frequency')}
          value={state.payoutFrequencyId}
          onChange={(value) => update({ payoutFrequencyId: Number(value) })}
          options={frequencyChoices(language)}
        />
        <RadioChoices
          id="rif-startDay"
          legend={t('form.startDay.legend')}
          error={errorOf('rif-startDay')}
          value={state.startDateTypeId}
          onChange={(startDateTypeId) => update({ startDateTypeId })}
          choices={startDayChoices(language).map((choice) => ({
            value: choice.id,
            label: choice.label,
          }))}
        />
        <SelectField
          id="rif-startMonth"
          label={t('form.start.month')}
          hint={t('form.start.hint')}
          error={errorOf('rif-startMonth')}
          value={state.startMonth}
          onChange={(value) => update({ startMonth: value ? Number(value) : undefined })}
          options={months}
        />
        <SelectField
          id="rif-startYear"
          label={t('form.start.year')}
          error={errorOf('rif-startYear')}
          value={state.startYear}
          onChange={(value) => update({ startYear: value ? Number(value) : undefined })}
          options={startYearsOf(options).map((year) => ({ id: year, label: String(year) }))}
        />
        <MoneyField
          id="rif-fundValue"
          label={t('form.fundValue.label')}
          hint={t('form.fundValue.hint')}
          error={errorOf('rif-fundValue')}
          value={state.fundValue}
          onChange={(fundValue) => update({ fundValue })}
        />
        <FirstPaymentPanel id="rif-preview" payment={preview} currency={currency} live />
        <div className="actions">
          <button type="submit" className="button button-primary">
            {t('form.review')}
          </button>
        </div>
      </form>
    </div>
  );
}
