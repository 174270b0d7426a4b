import { z } from 'zod';
import { isIsoDate, type IsoDate } from '../calendar/iso-date.ts';
import { EFT_MAXIMUM_CENTS, EFT_MINIMUM_CENTS } from '../constants.ts';
import { codeSchema } from '../enums/code-schema.ts';
import { eftFrequencies, fundingTypes } from '../enums/funding.ts';
import { dollarsToCents, type Cents } from '../money/cents.ts';
import { isEmpty } from '../rules/empty.ts';

/**
 * The funding forms and the funding request (spec sections 3 and 5), validated the same way
 * by the web on submit and by the server on arrival; every problem is a message key.
 */

/** Bank numbers as people copy them from a cheque or a banking site: spaces and dashes dropped. */
export function stripBankNumber(text: string): string {
  return text.replace(/[\s\u00a0\u202f-]/g, '');
}

/** Institution 3 digits, transit (branch) 5 digits, account 7 to 12 digits (MICR line). */
export const INSTITUTION_NUMBER_PATTERN = /^\d{3}$/;
export const TRANSIT_NUMBER_PATTERN = /^\d{5}$/;
export const BANK_ACCOUNT_NUMBER_PATTERN = /^\d{7,12}$/;
/** A bank account's nickname: short enough to sit in a list item on a phone. */
export const BANK_NICKNAME_MAX_LENGTH = 40;

/** A bank number field: stripped, then required and of its pattern. */
function bankNumberSchema(pattern: RegExp, formatCode: string) {
  return z.custom<string>().transform((value, context) => {
    const digits = typeof value === 'string' ? stripBankNumber(value) : value;
    if (isEmpty(digits)) {
      context.addIssue({ code: 'custom', message: 'required' });
      return z.NEVER;
    }
    if (typeof digits !== 'string' || !pattern.test(digits)) {
      context.addIssue({ code: 'custom', message: formatCode });
      return z.NEVER;
    }
    return digits;
  });
}

const institutionNumberSchema = bankNumberSchema(INSTITUTION_NUMBER_PATTERN, 'institutionFormat');
const transitNumberSchema = bankNumberSchema(TRANSIT_NUMBER_PATTERN, 'transitFormat');
const bankAccountNumberSchema = bankNumberSchema(BANK_ACCOUNT_NUMBER_PATTERN, 'bankAccountFormat');

/** The three numbers of a Canadian bank account, digits only. */
export const bankNumbersSchema = z.object({
  institutionNumber: institutionNumberSchema,
  transitNumber: transitNumberSchema,
  accountNumber: bankAccountNumberSchema,
});
export type BankNumbers = z.output<typeof bankNumbersSchema>;

const nicknameSchema = z.custom<string>().transform((value, context) => {
  const text = typeof value === 'string' ? value.trim() : '';
  if (text === '') {
    context.addIssue({ code: 'custom', message: 'nicknameRequired' });
    return z.NEVER;
  }
  if (text.length > BANK_NICKNAME_MAX_LENGTH) {
    context.addIssue({ code: 'custom', message: 'nicknameTooLong' });
    return z.NEVER;
  }
  return text;
});

/** The currencies a void cheque is uploaded for (the spec's `documentType=cad,usd`). */
export const chequeCurrencies = ['cad', 'usd'] as const;
export type ChequeCurrency = (typeof chequeCurrencies)[number];

const chequeCurrencySchema = z.custom<ChequeCurrency>().superRefine((value, context) => {
  if (isEmpty(value)) context.addIssue({ code: 'custom', message: 'required' });
  else if (!(chequeCurrencies as readonly unknown[]).includes(value)) {
    context.addIssue({ code: 'custom', message: 'invalid' });
  }
});

/**
 * The form fields sent with a void cheque (`POST coAcctFunding/uploadCheque/{id}`, multipart:
 * every field a string) besides the file part `uploadCheque`.
 */
export const chequeUploadFieldsSchema = z.object({
  finInstitution: institutionNumberSchema,
  transitNumber: transitNumberSchema,
  bankAccountNumber: bankAccountNumberSchema,
  nickname: nicknameSchema,
  currency: chequeCurrencySchema,
});
export type ChequeUploadFields = z.output<typeof chequeUploadFieldsSchema>;
export type ChequeUploadFieldsInput = z.input<typeof chequeUploadFieldsSchema>;

/** A dollar amount of a request: a JSON number of whole cents, from $50 to $1,000,000. */
const amountSchema = z.custom<number>().superRefine((value, context) => {
  if (isEmpty(value)) {
    context.addIssue({ code: 'custom', message: 'required' });
    return;
  }
  const cents = typeof value === 'number' ? dollarsToCents(value) : undefined;
  if (cents === undefined) context.addIssue({ code: 'custom', message: 'amountFormat' });
  else if (cents < EFT_MINIMUM_CENTS) context.addIssue({ code: 'custom', message: 'eftMinimum' });
  else if (cents > EFT_MAXIMUM_CENTS) context.addIssue({ code: 'custom', message: 'eftMaximum' });
});

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** An id of ours: required, a UUID (anything else is `invalid`). */
const idSchema = z.custom<string>().superRefine((value, context) => {
  if (isEmpty(value)) context.addIssue({ code: 'custom', message: 'required' });
  else if (typeof value !== 'string' || !uuidPattern.test(value)) {
    context.addIssue({ code: 'custom', message: 'invalid' });
  }
});

const optionalIdSchema = z
  .custom<string | null | undefined>()
  .superRefine((value, context) => {
    if (!isEmpty(value) && (typeof value !== 'string' || !uuidPattern.test(value))) {
      context.addIssue({ code: 'custom', message: 'invalid' });
    }
  })
  .transform((value) => (isEmpty(value) ? undefined : (value as string)));

const optionalTextSchema = z
  .custom<string | null | undefined>()
  .superRefine((value, context) => {
    if (!isEmpty(value) && typeof value !== 'string') {
      context.addIssue({ code: 'custom', message: 'invalid' });
    }
  })
  .transform((value) => (isEmpty(value) ? undefined : (value as string)));

const startDateSchema = z.custom<IsoDate>().superRefine((value, context) => {
  if (isEmpty(value)) context.addIssue({ code: 'custom', message: 'required' });
  else if (!isIsoDate(value)) context.addIssue({ code: 'custom', message: 'invalidDate' });
});

/** The sources a request may debit: exactly one is named. */
export const fundingSourceFields = [
  'documentUploadedId',
  'flinksBankAccountId',
  'fromAccountId',
] as const;
export type FundingSourceField = (typeof fundingSourceFields)[number];

/**
 * `POST coAcctFunding/`: the spec's funding request payload, plus what Rule H1 makes us record
 * (ADR 0020): the agreement accepted, whether the 10-day pre-notification was waived, and for
 * an RRSP contribution in the first 60 days of a year, the tax year it is for. The amount
 * arrives in dollars and leaves as `amountCents`. Whether the start date is a business day far
 * enough ahead needs the payments calendar: the server checks it (`startDateTooSoon`,
 * `notBusinessDay` on `pacStartDate`).
 */
export const fundingRequestSchema = z
  .object({
    amount: amountSchema,
    toAccountNumber: z
      .custom<string | null | undefined>()
      .superRefine((value, context) => {
        if (value !== undefined && value !== null && typeof value !== 'string') {
          context.addIssue({ code: 'custom', message: 'invalid' });
        }
      })
      .optional()
      .transform((value) => (typeof value === 'string' && value !== '' ? value : null)),
    toAccountId: idSchema,
    fundingFrequencyTypeId: codeSchema(eftFrequencies),
    fundingTypeId: codeSchema(fundingTypes),
    pacStartDate: startDateSchema,
    documentUploadedId: optionalIdSchema.optional(),
    flinksBankAccountId: optionalIdSchema.optional(),
    fromAccountId: optionalIdSchema.optional(),
    fromAccountNumber: optionalTextSchema.optional(),
    fromAccountNickname: optionalTextSchema.optional(),
    agreementAccepted: z.custom<true>().superRefine((value, context) => {
      if (value !== true) context.addIssue({ code: 'custom', message: 'agreementRequired' });
    }),
    preNotificationWaived: z
      .custom<boolean | undefined>()
      .superRefine((value, context) => {
        if (value !== undefined && typeof value !== 'boolean') {
          context.addIssue({ code: 'custom', message: 'invalid' });
        }
      })
      .optional()
      .transform((value) => value === true),
    taxYear: z
      .custom<number | null | undefined>()
      .superRefine((value, context) => {
        if (!isEmpty(value) && !(typeof value === 'number' && Number.isInteger(value))) {
          context.addIssue({ code: 'custom', message: 'invalid' });
        }
      })
      .optional()
      .transform((value) => (typeof value === 'number' ? value : undefined)),
  })
  // The rules across fields run even when a field failed, so a person sees every problem at
  // once (GOV.UK forms); they read the raw values and judge only what they can.
  .superRefine(
    (request, context) => {
      const raw = request as Record<string, unknown>;
      const named = fundingSourceFields.filter((field) => !isEmpty(raw[field]));
      if (named.length === 0) {
        context.addIssue({
          code: 'custom',
          path: ['documentUploadedId'],
          message: 'sourceRequired',
        });
      } else if (named.length > 1) {
        for (const field of named) {
          context.addIssue({ code: 'custom', path: [field], message: 'invalid' });
        }
      }
      const frequency = raw.fundingFrequencyTypeId;
      const type = raw.fundingTypeId;
      const oneTime = frequency === eftFrequencies.onetime;
      const known =
        (Object.values(eftFrequencies) as unknown[]).includes(frequency) &&
        (Object.values(fundingTypes) as unknown[]).includes(type);
      if (known && oneTime !== (type === fundingTypes.OneTime)) {
        context.addIssue({ code: 'custom', path: ['fundingTypeId'], message: 'invalid' });
      }
    },
    { when: (payload) => typeof payload.value === 'object' && payload.value !== null },
  )
  .transform(({ amount, ...request }) => ({
    ...request,
    amountCents: dollarsToCents(amount) as Cents,
  }));

export type FundingRequestInput = z.input<typeof fundingRequestSchema>;
export type FundingRequest = z.output<typeof fundingRequestSchema>;

/** Which source a parsed request names. */
export function fundingSourceOf(
  request: Pick<FundingRequest, FundingSourceField>,
): { field: FundingSourceField; id: string } | undefined {
  for (const field of fundingSourceFields) {
    const id = request[field];
    if (id !== undefined) return { field, id };
  }
  return undefined;
}
