import { useTranslation } from '../../lib/i18n.ts';
import type { NamedAccountTypeName } from '@portal/domain/enums/account-types';
import {
  annualPaymentTypes,
  grossOrNet,
  minPaymentTypes,
  paymentByTypes,
  TAX_CALC_OPTION_PERCENTAGE,
} from '@portal/domain/enums/rif';
import type { BankAccount } from '@portal/domain/funding/bank-account';
import { toAccountLabel } from '@portal/domain/funding/funding-item';
import { formatCents } from '@portal/domain/money/cents';
import type { IsoDate } from '@portal/domain/calendar/iso-date';
import type { RifFund, RifOptions } from '@portal/domain/rif/rif-api';
import { rifPaymentDate } from '@portal/domain/rif/rif-payout-schema';
import { maskSin } from '@portal/domain/rules/person';
import {
  bankAccountLabel,
  currencyOf,
  formatIsoDate,
  fundingLanguageOf,
} from '../../ui/funding/funding-format.ts';
import { percentOf, type RifFormState } from './rif-payout-form-state.ts';
import {
  annualChoices,
  frequencyChoices,
  labelOf,
  minPaymentChoices,
  shortDate,
} from './rif-payout-texts.ts';

/**
 * The answers of a setup as a list to check before it is saved: whose age, how much, the tax,
 * how often, the first payment's date and where it goes. The spouse's SIN shows masked.
 */
export function RifSetupSummary({
  state,
  options,
  fund,
  bankAccounts,
  sinOnFile,
  firstPaidOn,
}: {
  /** The day the first payment is paid (a business day), as the first payment panel has it. */
  firstPaidOn?: IsoDate;
  state: RifFormState;
  options: RifOptions;
  fund: RifFund;
  bankAccounts: readonly BankAccount[];
  sinOnFile: string | null;
}) {
  const { t, i18n } = useTranslation('rifPayout');
  const language = fundingLanguageOf(i18n.language);
  const currency = currencyOf(fund.currencyTypeId);
  const spouse = state.minPaymentTypeId === minPaymentTypes.SpouseAge;
  const sin = state.spouseSin.trim() ? maskSin(state.spouseSin) : (sinOnFile ?? '');
  const amount =
    state.annualPaymentTypeId === annualPaymentTypes.Other &&
    typeof state.otherAmount.cents === 'number'
      ? t('review.amountOther', {
          amount: formatCents(state.otherAmount.cents, language, currency),
          grossOrNet: t(
            state.grossOrNet === grossOrNet.Net ? 'form.grossOrNet.net' : 'form.grossOrNet.gross',
          ),
        })
      : labelOf(annualChoices(language), state.annualPaymentTypeId);
  const tax =
    state.taxCalcOptionTypeId === TAX_CALC_OPTION_PERCENTAGE
      ? t('review.taxPercent', { percent: percentOf(state.taxPercent) ?? 0 })
      : t('form.tax.standard');
  // One date, the day it is paid (moved to the business day before when the day chosen is not
  // one), as the first payment panel beside it says; the day chosen is explained when it moved.
  const scheduledOn =
    state.startMonth !== undefined && state.startYear !== undefined
      ? rifPaymentDate(state.startDateTypeId as 1 | 2, state.startYear, state.startMonth)
      : undefined;
  const paidOn = firstPaidOn ?? scheduledOn;
  const start = paidOn ? formatIsoDate(paidOn, language) : '';
  const moved =
    scheduledOn && paidOn && paidOn !== scheduledOn
      ? t('review.startMoved', { date: formatIsoDate(scheduledOn, language) })
      : undefined;
  const bank = bankAccounts.find((account) => account.id === state.bankAccountId);
  const cash = options.cashAccounts.find((account) => account.accountId === state.payoutAccountId);
  const paidTo =
    state.paymentByTypeId === paymentByTypes.Bank
      ? bank
        ? bankAccountLabel(bank)
        : ''
      : cash
        ? toAccountLabel(
            { accountTypeName: cash.accountTypeName as NamedAccountTypeName, accountNumber: null },
            language,
          )
        : '';
  return (
    <dl className="summary-list">
      <div>
        <dt>{t('review.whoseAge')}</dt>
        <dd>
          {labelOf(minPaymentChoices(language), state.minPaymentTypeId)}
          {spouse && state.spouseDob && (
            <>
              <br />
              {t('review.spouseDetails', { date: shortDate(state.spouseDob, language), sin })}
            </>
          )}
        </dd>
      </div>
      <div>
        <dt>{t('review.amount')}</dt>
        <dd>{amount}</dd>
      </div>
      <div>
        <dt>{t('review.tax')}</dt>
        <dd>{tax}</dd>
      </div>
      <div>
        <dt>{t('review.frequency')}</dt>
        <dd>{labelOf(frequencyChoices(language), state.payoutFrequencyId)}</dd>
      </div>
      <div>
        <dt>{t('review.start')}</dt>
        <dd>
          {start}
          {moved && (
            <>
              <br />
              {moved}
            </>
          )}
        </dd>
      </div>
      <div>
        <dt>{t('review.paidTo')}</dt>
        <dd>{paidTo}</dd>
      </div>
    </dl>
  );
}
