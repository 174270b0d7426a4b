import { z } from 'zod';
import { compareIsoDates, isoDateOf, partsOf, type IsoDate } from '../calendar/iso-date.ts';
import { accountTypes } from '../enums/account-types.ts';
import { codeSchema } from '../enums/code-schema.ts';
import type { PensionJurisdiction } from '../enums/pension-jurisdictions.ts';
import {
  annualPaymentTypes,
  grossOrNet,
  minPaymentTypes,
  paymentByTypes,
  paymentDays,
  TAX_CALC_OPTION_PERCENTAGE,
  type GrossOrNet,
  type PaymentDay,
} from '../enums/rif.ts';
import { dollarsToCents, type Cents } from '../money/cents.ts';
import {
  ageOn,
  EARLIEST_BIRTH_DATE,
  datePartsProblem,
  isCalendarDate,
  normalizeSin,
  sinProblem,
} from '../rules/person.ts';
import { payoutFrequencies, taxPercentTypes } from './payout-frequencies.ts';
import { isEmpty } from '../rules/empty.ts';

/**
 * The RIF payout setup (`POST rifFunding/{applicationId}`; spec sections 3 and 5, research
 * section 4), validated the same way by the web on submit and by the server on arrival. Every
 * problem is a message key (rif-messages.ts, or the shared `required`, `invalid`, `sin...`).
 */

/** Spec section 5 and 9: the largest yearly "other" amount, $999,999.99, in cents. */
export const RIF_MAXIMUM_CENTS = 99_999_999;
/** A spouse whose age sets the minimum must be an adult (spec section 5). */
export const RIF_SPOUSE_MINIMUM_AGE_YEARS = 18;
/** The account types whose yearly payment has a maximum: the life income funds. */
export const accountTypesWithMaximum: readonly number[] = [accountTypes.LIF, accountTypes.RLIF];
/**
 * Where the minimum of a life income fund may not use the spouse's age (research section 4:
 * "except in NB").
 */
export const jurisdictionsWithoutSpouseAge: readonly PensionJurisdiction[] = ['NB'];

/** Spec section 8: a 400 whose error code text contains this means "not set up". */
export const NO_RIF_SETUP_TEXT = 'No RIF setup found';

/**
 * Spec section 8, the RIF check: true when the answer says there is no setup (400 holding
 * 'No RIF setup found'); any other error is not an answer and is rethrown by the caller.
 */
export function isNoRifSetup(status: number, errorText: string | undefined): boolean {
  return status === 400 && (errorText ?? '').includes(NO_RIF_SETUP_TEXT);
}

/** The day of the month a payment falls on: the 15th, or the last day (spec section 5). */
export function rifPaymentDate(startDateTypeId: PaymentDay, year: number, month: number): IsoDate {
  return isoDateOf(year, month, startDateTypeId === paymentDays.Fifteenth ? 15 : 31);
}

const isWholeNumber = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value);

/**
 * Spec section 5: the start month and year are valid only when their payment day (the 15th,
 * or the last day) is after today; a missing month or year is `required`. Beyond that
 * (research section 4): no minimum is due in the year the fund is set up, so minimum payments
 * start the next year; and they start no later than December of the next year, so that
 * year's minimum is paid.
 */
export function rifStartProblems(
  start: {
    startDateTypeId: unknown;
    paymentStartMonth: unknown;
    paymentStartYear: unknown;
    annualPaymentTypeId?: unknown;
  },
  context: { today: IsoDate; setupYear?: number },
): { field: 'paymentStartMonth' | 'paymentStartYear'; code: string }[] {
  const { paymentStartMonth: month, paymentStartYear: year } = start;
  const problems: { field: 'paymentStartMonth' | 'paymentStartYear'; code: string }[] = [];
  if (isEmpty(month)) problems.push({ field: 'paymentStartMonth', code: 'required' });
  else if (!isWholeNumber(month) || month < 1 || month > 12) {
    problems.push({ field: 'paymentStartMonth', code: 'invalid' });
  }
  if (isEmpty(year)) problems.push({ field: 'paymentStartYear', code: 'required' });
  else if (!isWholeNumber(year) || year < 1000 || year > 9999) {
    problems.push({ field: 'paymentStartYear', code: 'invalid' });
  }
  const day = start.startDateTypeId;
  if (problems.length > 0 || (day !== paymentDays.Fifteenth && day !== paymentDays.LastDay)) {
    return problems;
  }
  const startYear = year as number;
  const date = rifPaymentDate(day, startYear, month as number);
  if (compareIsoDates(date, context.today) <= 0) {
    return [{ field: 'paymentStartMonth', code: 'rifStartNotInFuture' }];
  }
  const setupYear = context.setupYear ?? partsOf(context.today).year;
  if (start.annualPaymentTypeId === annualPaymentTypes.Minimum && startYear <= setupYear) {
    return [{ field: 'paymentStartYear', code: 'rifMinimumStartsNextYear' }];
  }
  if (startYear > setupYear + 1) return [{ field: 'paymentStartYear', code: 'rifStartTooLate' }];
  return [];
}

/** Context a setup is judged in: today, and what the application says about the fund. */
export interface RifPayoutContext {
  today: IsoDate;
  /** The year the fund is set up (default: today's). */
  setupYear?: number;
  /** The fund's account type (spec ids: RIF 8, SPRIF 9, LIF 10, RLIF 11, PRIF 12). */
  accountTypeId?: number;
  /** A locked-in fund's pension law. */
  pensionJurisdiction?: PensionJurisdiction;
  /** The annuitant's own SIN, which the spouse's must differ from. */
  ownSin?: string;
}

/** Text that may be left out; anything but text is `invalid`. */
const optionalTextSchema = z
  .custom<string | null | undefined>()
  .superRefine((value, context) => {
    if (!isEmpty(value) && typeof value !== 'string') {
      context.addIssue({ code: 'custom', message: 'invalid' });
    }
  })
  .transform((value) =>
    typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined,
  );

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const optionalIdSchema = z
  .custom<string | null | undefined>()
  .superRefine((value, context) => {
    if (!isEmpty(value) && (typeof value !== 'string' || !uuidPattern.test(value))) {
      context.addIssue({ code: 'custom', message: 'invalid' });
    }
  })
  .transform((value) => (isEmpty(value) ? undefined : (value as string)));

const optionalNumberSchema = z
  .custom<number | null | undefined>()
  .superRefine((value, context) => {
    if (!isEmpty(value) && (typeof value !== 'number' || !Number.isFinite(value))) {
      context.addIssue({ code: 'custom', message: 'invalid' });
    }
  })
  .transform((value) => (typeof value === 'number' ? value : undefined));

const grossOrNetSchema = z
  .custom<GrossOrNet | null | undefined>()
  .superRefine((value, context) => {
    if (!isEmpty(value) && value !== grossOrNet.Gross && value !== grossOrNet.Net) {
      context.addIssue({ code: 'custom', message: 'invalid' });
    }
  })
  .transform((value): GrossOrNet => (value === grossOrNet.Net ? grossOrNet.Net : grossOrNet.Gross));

/** A spouse's birthday as sent (spec section 5: slashes become dashes), trimmed. */
export function normalizeRifBirthday(text: string): string {
  return text.trim().replaceAll('/', '-');
}

/** A percentage of 0 to 100 inclusive, any decimals (spec line 144, section 9: range 0-100). */
export function isRifPercent(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 && value <= 100;
}

/** A refusal: the field it is about and its message key. */
export interface RifProblem {
  path: string;
  code: string;
}

/** The rules across fields, on the raw values, so every problem shows at once. */
function crossFieldProblems(raw: Record<string, unknown>, context: RifPayoutContext): RifProblem[] {
  const problems: RifProblem[] = [];
  const add = (path: string, code: string) => problems.push({ path, code });

  if (raw.minPaymentTypeId === minPaymentTypes.SpouseAge) {
    const sin =
      typeof raw.minPaymentSpouseSin === 'string' ? normalizeSin(raw.minPaymentSpouseSin) : '';
    const sinCode = sin === '' ? 'required' : sinProblem(sin);
    if (sinCode) add('minPaymentSpouseSin', sinCode);
    else if (context.ownSin !== undefined && normalizeSin(context.ownSin) === sin) {
      add('minPaymentSpouseSin', 'rifSpouseSinSameAsOwn');
    }
    const dob =
      typeof raw.minPaymentSpouseDob === 'string'
        ? normalizeRifBirthday(raw.minPaymentSpouseDob)
        : '';
    if (dob === '') add('minPaymentSpouseDob', 'required');
    else if (datePartsProblem(dob)) add('minPaymentSpouseDob', datePartsProblem(dob) ?? 'invalid');
    else if (!isCalendarDate(dob) || dob > context.today || dob < EARLIEST_BIRTH_DATE) {
      add('minPaymentSpouseDob', 'invalid');
    } else if (ageOn(dob, context.today) < RIF_SPOUSE_MINIMUM_AGE_YEARS) {
      add('minPaymentSpouseDob', 'rifSpouseTooYoung');
    }
    const lockedIn = accountTypesWithMaximum.includes(context.accountTypeId ?? -1);
    if (
      lockedIn &&
      context.pensionJurisdiction !== undefined &&
      jurisdictionsWithoutSpouseAge.includes(context.pensionJurisdiction)
    ) {
      add('minPaymentTypeId', 'rifSpouseAgeNotInNb');
    }
  }

  if (raw.annualPaymentTypeId === annualPaymentTypes.Other) {
    const amount = raw.annualPaymentOtherAmount;
    const cents = typeof amount === 'number' ? dollarsToCents(amount) : undefined;
    if (isEmpty(amount)) add('annualPaymentOtherAmount', 'required');
    else if (typeof amount === 'number' && amount <= 0) {
      add('annualPaymentOtherAmount', 'rifAmountPositive');
    } else if (cents === undefined) add('annualPaymentOtherAmount', 'amountFormat');
    else if (cents === 0) add('annualPaymentOtherAmount', 'rifAmountPositive');
    else if (cents > RIF_MAXIMUM_CENTS) add('annualPaymentOtherAmount', 'rifAmountMaximum');
  }
  if (
    raw.annualPaymentTypeId === annualPaymentTypes.Maximum &&
    context.accountTypeId !== undefined &&
    !accountTypesWithMaximum.includes(context.accountTypeId)
  ) {
    add('annualPaymentTypeId', 'rifMaximumOnlyLockedIn');
  }

  if (raw.taxCalcOptionTypeId === TAX_CALC_OPTION_PERCENTAGE) {
    if (isEmpty(raw.taxOptionPercent)) add('taxOptionPercent', 'required');
    else if (!isRifPercent(raw.taxOptionPercent)) add('taxOptionPercent', 'rifPercentRange');
  }

  for (const { field, code } of rifStartProblems(
    {
      startDateTypeId: raw.startDateTypeId,
      paymentStartMonth: raw.paymentStartMonth,
      paymentStartYear: raw.paymentStartYear,
      annualPaymentTypeId: raw.annualPaymentTypeId,
    },
    context,
  )) {
    add(field, code);
  }

  if (raw.paymentByTypeId === paymentByTypes.Bank) {
    const named = ['bankAccountId', 'documentUploadedId'].filter((field) => !isEmpty(raw[field]));
    if (named.length === 0) add('bankAccountId', 'rifBankAccountRequired');
    else if (named.length > 1) named.forEach((field) => add(field, 'invalid'));
  } else if (raw.paymentByTypeId === paymentByTypes.CashAccount && isEmpty(raw.payoutAccountId)) {
    add('payoutAccountId', 'rifPayoutAccountRequired');
  }
  return problems;
}

/**
 * The setup schema for a context. The output keeps only what applies: the spouse's SIN (9
 * digits) and birthday (dashes) when their age is used, the other amount in cents when it is
 * chosen, the percentage when one is chosen, and the bank account or cash account paid to.
 */
export function rifPayoutSchema(context: RifPayoutContext) {
  return z
    .object({
      minPaymentTypeId: codeSchema(minPaymentTypes),
      minPaymentSpouseSin: optionalTextSchema.optional(),
      minPaymentSpouseDob: optionalTextSchema.optional(),
      annualPaymentTypeId: codeSchema(annualPaymentTypes),
      annualPaymentGrossOrNet: grossOrNetSchema.optional(),
      annualPaymentOtherAmount: optionalNumberSchema.optional(),
      taxCalcOptionTypeId: optionalNumberSchema.optional(),
      taxOptionPercent: optionalNumberSchema.optional(),
      taxPercentTypeId: z
        .custom<number | null | undefined>()
        .superRefine((value, issue) => {
          const known: unknown[] = Object.values(taxPercentTypes);
          if (!isEmpty(value) && !known.includes(value)) {
            issue.addIssue({ code: 'custom', message: 'invalid' });
          }
        })
        .optional()
        .transform(() => taxPercentTypes.OnTopOfRequired),
      payoutFrequencyId: codeSchema(payoutFrequencies),
      startDateTypeId: codeSchema(paymentDays),
      // Judged with the start day across fields (rifStartProblems), which names a missing one.
      paymentStartMonth: z.custom<number | null | undefined>().optional(),
      paymentStartYear: z.custom<number | null | undefined>().optional(),
      paymentByTypeId: codeSchema(paymentByTypes),
      documentUploadedId: optionalIdSchema.optional(),
      bankAccountId: optionalIdSchema.optional(),
      payoutAccountId: optionalIdSchema.optional(),
    })
    .superRefine(
      (setup, issues) => {
        for (const { path, code } of crossFieldProblems(
          setup as Record<string, unknown>,
          context,
        )) {
          issues.addIssue({ code: 'custom', path: [path], message: code });
        }
      },
      { when: (payload) => typeof payload.value === 'object' && payload.value !== null },
    )
    .transform((setup) => {
      const spouse = setup.minPaymentTypeId === minPaymentTypes.SpouseAge;
      const other = setup.annualPaymentTypeId === annualPaymentTypes.Other;
      const percent = setup.taxCalcOptionTypeId === TAX_CALC_OPTION_PERCENTAGE;
      const bank = setup.paymentByTypeId === paymentByTypes.Bank;
      return {
        minPaymentTypeId: setup.minPaymentTypeId,
        minPaymentSpouseSin: spouse ? normalizeSin(setup.minPaymentSpouseSin ?? '') : undefined,
        minPaymentSpouseDob: spouse
          ? normalizeRifBirthday(setup.minPaymentSpouseDob ?? '')
          : undefined,
        annualPaymentTypeId: setup.annualPaymentTypeId,
        // The minimum and the maximum are amounts before tax; only "other" may be net.
        annualPaymentGrossOrNet: other
          ? (setup.annualPaymentGrossOrNet ?? grossOrNet.Gross)
          : grossOrNet.Gross,
        annualPaymentOtherAmountCents: other
          ? (dollarsToCents(setup.annualPaymentOtherAmount ?? 0) as Cents)
          : undefined,
        taxCalcOptionTypeId: setup.taxCalcOptionTypeId,
        taxOptionPercent: percent ? setup.taxOptionPercent : undefined,
        taxPercentTypeId: percent ? setup.taxPercentTypeId : undefined,
        payoutFrequencyId: setup.payoutFrequencyId,
        startDateTypeId: setup.startDateTypeId,
        // rifStartProblems refused anything but whole numbers of a real month and year.
        paymentStartMonth: setup.paymentStartMonth as number,
        paymentStartYear: setup.paymentStartYear as number,
        paymentByTypeId: setup.paymentByTypeId,
        documentUploadedId: bank ? setup.documentUploadedId : undefined,
        bankAccountId: bank ? setup.bankAccountId : undefined,
        payoutAccountId: bank ? undefined : setup.payoutAccountId,
      };
    });
}

export type RifPayoutSchema = ReturnType<typeof rifPayoutSchema>;
export type RifPayoutSetupInput = z.input<RifPayoutSchema>;
export type RifPayoutSetup = z.output<RifPayoutSchema>;

/**
 * A change to a saved setup (research section 4): whose age sets the minimum is chosen once;
 * after the first payment it stays (`rifMinPaymentTypeLocked`), and so does the spouse whose
 * age it is.
 */
export function rifSetupChangeProblems(
  saved: Pick<RifPayoutSetup, 'minPaymentTypeId' | 'minPaymentSpouseSin' | 'minPaymentSpouseDob'>,
  next: Pick<RifPayoutSetup, 'minPaymentTypeId' | 'minPaymentSpouseSin' | 'minPaymentSpouseDob'>,
  firstPaymentMade: boolean,
): RifProblem[] {
  if (!firstPaymentMade) return [];
  const same =
    saved.minPaymentTypeId === next.minPaymentTypeId &&
    saved.minPaymentSpouseSin === next.minPaymentSpouseSin &&
    saved.minPaymentSpouseDob === next.minPaymentSpouseDob;
  return same ? [] : [{ path: 'minPaymentTypeId', code: 'rifMinPaymentTypeLocked' }];
}
