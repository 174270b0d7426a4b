import { partsOf } from '@portal/domain/calendar/iso-date';
import {
  annualPaymentTypes,
  grossOrNet,
  minPaymentTypes,
  paymentByTypes,
  paymentDays,
  TAX_CALC_OPTION_PERCENTAGE,
  type GrossOrNet,
  type PaymentDay,
} from '@portal/domain/enums/rif';
import { businessCalendarOf } from '@portal/domain/funding/funding-rules';
import { centsToDollars, type Cents } from '@portal/domain/money/cents';
import { firstPayment, type FirstPayment } from '@portal/domain/rif/first-payment';
import { lifMaximum } from '@portal/domain/rif/lif-maximum';
import { minimumAgeAtJanuary1 } from '@portal/domain/rif/minimum-factors';
import {
  payoutFrequencies,
  taxPercentTypes,
  type PayoutFrequency,
} from '@portal/domain/rif/payout-frequencies';
import type { RifFund, RifOptions, RifSetupView } from '@portal/domain/rif/rif-api';
import {
  accountTypesWithMaximum,
  normalizeRifBirthday,
  rifPayoutSchema,
  type RifPayoutContext,
} from '@portal/domain/rif/rif-payout-schema';
import type { MoneyValue } from '../../ui/funding/money-field.tsx';

/**
 * The RRIF payout form's answers as typed, what they send (`POST rifFunding/{applicationId}`),
 * and the first payment they give, computed as the person chooses with the domain's
 * `firstPayment` (the server computes it again on save).
 */
export interface RifFormState {
  minPaymentTypeId: number;
  spouseSin: string;
  spouseDob: string;
  annualPaymentTypeId: number;
  otherAmount: MoneyValue;
  grossOrNet: GrossOrNet;
  /** 1: the law's withholding only; 2 (TAX_CALC_OPTION_PERCENTAGE): an extra percentage too. */
  taxCalcOptionTypeId: number;
  taxPercent: string;
  payoutFrequencyId: number;
  startDateTypeId: number;
  startMonth: number | undefined;
  startYear: number | undefined;
  paymentByTypeId: number | undefined;
  bankAccountId: string | undefined;
  payoutAccountId: string | undefined;
  fundValue: MoneyValue;
}

const moneyOf = (dollars: number | null): MoneyValue =>
  dollars === null ? { text: '', cents: undefined } : moneyFromCents(Math.round(dollars * 100));

function moneyFromCents(cents: Cents): MoneyValue {
  return { text: centsToDollars(cents).toFixed(2), cents };
}

/**
 * A new form (own age, the minimum, monthly from January next year, the spouse's birth date from
 * the profile), or a saved setup's answers.
 */
export function initialFormState(options: RifOptions, fund: RifFund): RifFormState {
  const saved: RifSetupView | undefined = fund.setup?.setup;
  if (!saved) {
    return {
      minPaymentTypeId: minPaymentTypes.OwnAge,
      spouseSin: '',
      // As the profile's spouse section gives it (findings 2026-11-28, A-minor 4).
      spouseDob: options.spouse?.birthDate ?? '',
      annualPaymentTypeId: annualPaymentTypes.Minimum,
      otherAmount: { text: '', cents: undefined },
      grossOrNet: grossOrNet.Gross,
      taxCalcOptionTypeId: 1,
      taxPercent: '',
      payoutFrequencyId: payoutFrequencies.Monthly,
      startDateTypeId: paymentDays.Fifteenth,
      startMonth: 1,
      startYear: options.setupYear + 1,
      paymentByTypeId: undefined,
      bankAccountId: undefined,
      payoutAccountId: undefined,
      fundValue:
        fund.transfersValueCents > 0
          ? moneyFromCents(fund.transfersValueCents)
          : { text: '', cents: undefined },
    };
  }
  return {
    minPaymentTypeId: saved.minPaymentTypeId,
    // Never answered whole: left blank, the server keeps the one on file.
    spouseSin: '',
    spouseDob: saved.minPaymentSpouseDob ?? options.spouse?.birthDate ?? '',
    annualPaymentTypeId: saved.annualPaymentTypeId,
    otherAmount: moneyOf(saved.annualPaymentOtherAmount),
    grossOrNet: saved.annualPaymentGrossOrNet,
    taxCalcOptionTypeId: saved.taxCalcOptionTypeId ?? 1,
    taxPercent: saved.taxOptionPercent === null ? '' : String(saved.taxOptionPercent),
    payoutFrequencyId: saved.payoutFrequencyId,
    startDateTypeId: saved.startDateTypeId,
    startMonth: saved.paymentStartMonth,
    startYear: saved.paymentStartYear,
    paymentByTypeId: saved.paymentByTypeId,
    bankAccountId: saved.bankAccountId ?? undefined,
    payoutAccountId: saved.payoutAccountId ?? undefined,
    fundValue:
      saved.estimatedFundValue === null
        ? moneyFromCents(fund.transfersValueCents)
        : moneyOf(saved.estimatedFundValue),
  };
}

/** A percentage as typed in either language ("10", "12,5"); NaN when it is not a number. */
export function percentOf(text: string): number | undefined {
  const trimmed = text.trim().replace(',', '.').replace(/\s*%$/, '');
  if (trimmed === '') return undefined;
  return /^\d+(\.\d+)?$/.test(trimmed) ? Number(trimmed) : Number.NaN;
}

/** What the form sends. */
export function payloadOf(state: RifFormState, fund: RifFund): Record<string, unknown> {
  const spouse = state.minPaymentTypeId === minPaymentTypes.SpouseAge;
  const other = state.annualPaymentTypeId === annualPaymentTypes.Other;
  const percent = state.taxCalcOptionTypeId === TAX_CALC_OPTION_PERCENTAGE;
  const cents = (value: MoneyValue) =>
    typeof value.cents === 'number'
      ? centsToDollars(value.cents)
      : value.text === ''
        ? undefined
        : Number.NaN;
  return {
    accountId: fund.accountId,
    minPaymentTypeId: state.minPaymentTypeId,
    ...(spouse && {
      minPaymentSpouseSin: state.spouseSin,
      minPaymentSpouseDob: state.spouseDob,
    }),
    annualPaymentTypeId: state.annualPaymentTypeId,
    annualPaymentGrossOrNet: other ? state.grossOrNet : grossOrNet.Gross,
    ...(other && { annualPaymentOtherAmount: cents(state.otherAmount) }),
    taxCalcOptionTypeId: state.taxCalcOptionTypeId,
    ...(percent && {
      taxOptionPercent: percentOf(state.taxPercent),
      taxPercentTypeId: taxPercentTypes.OnTopOfRequired,
    }),
    payoutFrequencyId: state.payoutFrequencyId,
    startDateTypeId: state.startDateTypeId,
    paymentStartMonth: state.startMonth,
    paymentStartYear: state.startYear,
    paymentByTypeId: state.paymentByTypeId,
    ...(state.paymentByTypeId === paymentByTypes.Bank && { bankAccountId: state.bankAccountId }),
    ...(state.paymentByTypeId === paymentByTypes.CashAccount && {
      payoutAccountId: state.payoutAccountId,
    }),
    ...(state.fundValue.text !== '' && { estimatedFundValue: cents(state.fundValue) }),
  };
}

/** The context the domain schema judges a setup of this fund in. */
export function schemaContextOf(options: RifOptions, fund: RifFund): RifPayoutContext {
  return {
    today: options.today,
    setupYear: options.setupYear,
    accountTypeId: fund.accountTypeId,
    ...(fund.pensionJurisdiction && { pensionJurisdiction: fund.pensionJurisdiction }),
  };
}

/** The payload's paths whose problems leave the amounts unknown; the others do not matter to them. */
const amountPaths = new Set([
  'minPaymentTypeId',
  'minPaymentSpouseDob',
  'annualPaymentTypeId',
  'annualPaymentOtherAmount',
  'taxOptionPercent',
  'payoutFrequencyId',
  'startDateTypeId',
  'paymentStartMonth',
  'paymentStartYear',
]);

/**
 * The first payment of the answers so far, or undefined while something it depends on is
 * missing or wrong (the spouse's SIN and where the money goes do not change it).
 */
export function previewOf(
  state: RifFormState,
  options: RifOptions,
  fund: RifFund,
): FirstPayment | undefined {
  const payload = payloadOf(state, fund);
  const parsed = rifPayoutSchema(schemaContextOf(options, fund)).safeParse(payload);
  if (!parsed.success) {
    const blocking = parsed.error.issues.some((issue) =>
      amountPaths.has(String(issue.path[0] ?? '')),
    );
    if (blocking) return undefined;
  }
  const { startMonth, startYear: year } = state;
  if (state.fundValue.cents === 'invalid' || startMonth === undefined || year === undefined) {
    return undefined;
  }
  const fmvCents = state.fundValue.cents ?? 0;
  const spouse = state.minPaymentTypeId === minPaymentTypes.SpouseAge;
  const other = state.annualPaymentTypeId === annualPaymentTypes.Other;
  const percent = state.taxCalcOptionTypeId === TAX_CALC_OPTION_PERCENTAGE;
  try {
    const maximum =
      state.annualPaymentTypeId === annualPaymentTypes.Maximum &&
      accountTypesWithMaximum.includes(fund.accountTypeId)
        ? lifMaximum({
            jurisdiction: fund.pensionJurisdiction ?? 'federal',
            fmvCents,
            ageAtJanuary1: minimumAgeAtJanuary1(year, { own: options.ownBirthDate }, false),
            bondRatePercent: options.rates.lifBondRatePercent,
            ...(year === options.setupYear && {
              firstYearMonths: 13 - partsOf(options.today).month,
            }),
          })
        : undefined;
    return firstPayment({
      setup: {
        minPaymentTypeId: state.minPaymentTypeId as 1 | 2,
        minPaymentSpouseDob: spouse ? normalizeRifBirthday(state.spouseDob) : undefined,
        annualPaymentTypeId: state.annualPaymentTypeId as 1 | 2 | 3,
        annualPaymentGrossOrNet: other ? state.grossOrNet : grossOrNet.Gross,
        annualPaymentOtherAmountCents:
          other && typeof state.otherAmount.cents === 'number'
            ? state.otherAmount.cents
            : undefined,
        taxCalcOptionTypeId: state.taxCalcOptionTypeId,
        taxOptionPercent: percent ? percentOf(state.taxPercent) : undefined,
        payoutFrequencyId: state.payoutFrequencyId as PayoutFrequency,
        startDateTypeId: state.startDateTypeId as PaymentDay,
        paymentStartMonth: startMonth,
        paymentStartYear: year,
      },
      ownBirthDate: options.ownBirthDate,
      fmvCents,
      setupYear: options.setupYear,
      province: options.province,
      quebecPercent: options.rates.quebecExcessPercent,
      ...(maximum !== undefined && { maximumCents: maximum }),
      // The server's list of closed days: the payments calendar's data stays off the web.
      calendar: businessCalendarOf(options.nonProcessingDays),
    });
  } catch {
    // An answer the schema let through that the computation cannot take shows no amounts.
    return undefined;
  }
}

/** The years a first payment may be in: this year and next (research section 4). */
export const startYearsOf = (options: RifOptions): number[] => [
  options.setupYear,
  options.setupYear + 1,
];
