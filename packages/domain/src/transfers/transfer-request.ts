import { z } from 'zod';
import type { IsoDate } from '../calendar/iso-date.ts';
import { isIsoDate } from '../calendar/iso-date.ts';
import { codeSchema } from '../enums/code-schema.ts';
import { pensionJurisdictions, type PensionJurisdiction } from '../enums/pension-jurisdictions.ts';
import { provinces } from '../enums/provinces.ts';
import {
  transferInStatuses,
  transferTypes,
  type EsignStatus,
  type TransferInStatus,
  type TransferType,
} from '../enums/transfers.ts';
import { dollarsToCents, type Cents } from '../money/cents.ts';
import { transferCompatibility, type TransferAccountTypeName } from './transfer-compatibility.ts';
import {
  unpaidMinimumInstructions,
  type PartialTransferLine,
  type TransferProblem,
} from './transfer-precheck.ts';
import type { ExpectedTransferDates, FeeRefund } from './transfer-offer.ts';
import { isEmpty } from '../rules/empty.ts';

/**
 * The transfer-in request and what the API answers about transfers (spec sections 3 and 7:
 * `PUT transferAccounts` with the form field `transferAccountModel`, a JSON text, and an
 * optional file `document`). The spec's fields, plus what the pre-check needs (ADR 0021):
 * the holders and address as the delivering institution's statement prints them, the
 * pension law of a locked-in plan, how a RRIF's unpaid minimum is paid, and an RESP's
 * contract numbers. The shape is checked here; whether it matches the profile and the
 * receiving account is `precheckTransfer`, run by the server on arrival.
 */

/** Longest account number we keep from a statement (institutions print up to 20 or so). */
export const TRANSFER_ACCOUNT_NUMBER_MAX_LENGTH = 30;
/** Most lines one partial transfer names: the ATON form's practical page of positions. */
export const TRANSFER_LINES_MAX = 40;
/** The largest value one request may state: $99,999,999.99. */
export const TRANSFER_VALUE_MAX_CENTS: Cents = 9_999_999_999;
/** Longest symbol or security name kept for a line. */
export const TRANSFER_SYMBOL_MAX_LENGTH = 20;
export const TRANSFER_SECURITY_NAME_MAX_LENGTH = 80;

/**
 * A partial transfer's trade instruction per line (spec section 5, "trade instruction row"):
 * move the investment as held, sell it there and move the cash, or move an amount of cash.
 */
export const transferLineKinds = ['inKind', 'inCash', 'cash'] as const;
export type TransferLineKind = (typeof transferLineKinds)[number];

export const transferLineKindLabels = {
  inKind: { en: 'Move as held (in kind)', fr: 'Transférer tel quel (en nature)' },
  inCash: { en: 'Sell, then move the cash', fr: 'Vendre, puis transférer les espèces' },
  cash: { en: 'An amount of cash', fr: 'Un montant en espèces' },
} as const satisfies Record<TransferLineKind, { en: string; fr: string }>;

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const idSchema = z.custom<string>().superRefine((value, context) => {
  if (isEmpty(value)) context.addIssue({ code: 'custom', message: 'required' });
  else if (typeof value !== 'string' || !uuidPattern.test(value)) {
    context.addIssue({ code: 'custom', message: 'invalid' });
  }
});

/** Text up to a length: trimmed; blank is `required` (or undefined when optional). */
function textSchema(maxLength: number, requiredCode = 'required') {
  return z.custom<string>().transform((value, context) => {
    const text = typeof value === 'string' ? value.normalize('NFC').trim() : value;
    if (isEmpty(text)) {
      context.addIssue({ code: 'custom', message: requiredCode });
      return z.NEVER;
    }
    if (typeof text !== 'string' || text.length > maxLength) {
      context.addIssue({ code: 'custom', message: 'invalid' });
      return z.NEVER;
    }
    return text;
  });
}

function optionalTextSchema(maxLength: number) {
  return z
    .custom<string | null | undefined>()
    .transform((value, context) => {
      const text = typeof value === 'string' ? value.normalize('NFC').trim() : value;
      if (isEmpty(text)) return null;
      if (typeof text !== 'string' || text.length > maxLength) {
        context.addIssue({ code: 'custom', message: 'invalid' });
        return z.NEVER;
      }
      return text;
    })
    .optional()
    .transform((value) => value ?? null);
}

/** A dollar value of the request (a JSON number): above 0, at most TRANSFER_VALUE_MAX_CENTS. */
function dollarsSchema(requiredCode: string) {
  return z.custom<number>().transform((value, context) => {
    if (isEmpty(value)) {
      context.addIssue({ code: 'custom', message: requiredCode });
      return z.NEVER;
    }
    const cents = typeof value === 'number' ? dollarsToCents(value) : undefined;
    if (cents === undefined || cents <= 0 || cents > TRANSFER_VALUE_MAX_CENTS) {
      context.addIssue({ code: 'custom', message: 'amountFormat' });
      return z.NEVER;
    }
    return cents;
  });
}

function oneOf<T extends string>(values: readonly T[]) {
  return z.custom<T>().superRefine((value, context) => {
    if (isEmpty(value)) context.addIssue({ code: 'custom', message: 'required' });
    else if (!(values as readonly unknown[]).includes(value)) {
      context.addIssue({ code: 'custom', message: 'invalid' });
    }
  });
}

const transferAccountTypeNames = Object.keys(transferCompatibility) as TransferAccountTypeName[];
const jurisdictionCodes = [
  ...new Set(Object.values(pensionJurisdictions).flat()),
] as PensionJurisdiction[];

const birthDateSchema = z.custom<string>().transform((value, context) => {
  const text = typeof value === 'string' ? value.trim() : value;
  if (isEmpty(text)) {
    context.addIssue({ code: 'custom', message: 'required' });
    return z.NEVER;
  }
  if (!isIsoDate(text)) {
    context.addIssue({ code: 'custom', message: 'invalidDate' });
    return z.NEVER;
  }
  return text;
});

/**
 * A holder as the statement names them. A SIN left blank is the profile's holder's at the same
 * place (the form shows it masked, prefilled from the profile); the server puts it in before the
 * pre-check, which finds a SIN still blank `required`.
 */
const statementHolderSchema = z.object({
  firstName: textSchema(100),
  lastName: textSchema(100),
  sin: optionalTextSchema(11).transform((sin) => sin ?? ''),
  birthDate: birthDateSchema,
});

const statementAddressSchema = z.object({
  suite: optionalTextSchema(20),
  streetNumber: z
    .custom<string | null | undefined>()
    .transform((value) => (typeof value === 'string' ? value.trim().slice(0, 20) : '')),
  streetName: textSchema(100),
  city: textSchema(60),
  provinceId: codeSchema(provinces),
  postalCode: textSchema(10),
});

const lineSchema = z
  .object({
    kind: oneOf(transferLineKinds),
    symbol: optionalTextSchema(TRANSFER_SYMBOL_MAX_LENGTH),
    securityName: optionalTextSchema(TRANSFER_SECURITY_NAME_MAX_LENGTH),
    quantity: z
      .custom<number | null | undefined>()
      .optional()
      .transform((value) => (typeof value === 'number' && Number.isFinite(value) ? value : 0)),
    amount: z
      .custom<number | null | undefined>()
      .optional()
      .transform((value) => (typeof value === 'number' ? (dollarsToCents(value) ?? 0) : 0)),
  })
  .transform((line): PartialTransferLine =>
    line.kind === 'cash'
      ? { kind: 'cash', amountCents: line.amount }
      : {
          kind: line.kind,
          symbol: (line.symbol ?? '').toUpperCase(),
          securityName: line.securityName ?? '',
          quantity: line.quantity,
        },
  );

/**
 * `transferAccountModel`: the request as the web sends it. Values in dollars arrive as JSON
 * numbers and leave as cents.
 */
export const transferAccountModelSchema = z.object({
  applicationId: idSchema,
  /** The receiving account of the application (`coapplications/{id}/coaccounts`). */
  toAccountId: idSchema,
  fromInstitutionId: textSchema(40, 'deliveringInstitutionUnknown'),
  /** Informative: the server names the institution from the list, whatever is sent here. */
  fromInstitutionName: optionalTextSchema(120),
  accountNumber: textSchema(TRANSFER_ACCOUNT_NUMBER_MAX_LENGTH, 'deliveringAccountNumberRequired'),
  accountType: oneOf(transferAccountTypeNames),
  deliveringJurisdiction: z
    .custom<PensionJurisdiction | null | undefined>()
    .superRefine((value, context) => {
      if (!isEmpty(value) && !(jurisdictionCodes as unknown[]).includes(value)) {
        context.addIssue({ code: 'custom', message: 'invalid' });
      }
    })
    .optional()
    .transform((value) => (isEmpty(value) ? null : (value as PensionJurisdiction))),
  transferType: codeSchema(transferTypes),
  approximateValue: dollarsSchema('required'),
  /** What the investments sold there are expected to fetch (in-cash and mixed transfers). */
  liquidationValue: z
    .custom<number | null | undefined>()
    .optional()
    .transform((value, context) => {
      if (isEmpty(value)) return null;
      const cents = typeof value === 'number' ? dollarsToCents(value) : undefined;
      if (cents === undefined || cents < 0 || cents > TRANSFER_VALUE_MAX_CENTS) {
        context.addIssue({ code: 'custom', message: 'amountFormat' });
        return z.NEVER;
      }
      return cents;
    }),
  /** The other firm's transfer-out fee as the statement or its fee schedule says (the offer refunds it). */
  transferFee: z
    .custom<number | null | undefined>()
    .optional()
    .transform((value, context) => {
      if (isEmpty(value)) return 0;
      const cents = typeof value === 'number' ? dollarsToCents(value) : undefined;
      if (cents === undefined || cents < 0 || cents > TRANSFER_VALUE_MAX_CENTS) {
        context.addIssue({ code: 'custom', message: 'amountFormat' });
        return z.NEVER;
      }
      return cents;
    }),
  /** Whether the account holds mutual funds (they move on their own, shorter timing). */
  mutualFunds: z
    .custom<boolean | undefined>()
    .optional()
    .transform((value) => value === true),
  unpaidMinimum: z
    .custom<string | null | undefined>()
    .superRefine((value, context) => {
      if (!isEmpty(value) && !(unpaidMinimumInstructions as readonly unknown[]).includes(value)) {
        context.addIssue({ code: 'custom', message: 'invalid' });
      }
    })
    .optional()
    .transform((value) =>
      isEmpty(value) ? null : (value as (typeof unpaidMinimumInstructions)[number]),
    ),
  statement: z.object({
    holders: z.array(statementHolderSchema).min(1, 'required').max(2, 'transferHoldersDiffer'),
    address: statementAddressSchema,
  }),
  resp: z
    .object({
      deliveringContractNumber: z
        .custom<string>()
        .transform((v) => (typeof v === 'string' ? v : '')),
      receivingContractNumber: z
        .custom<string>()
        .transform((v) => (typeof v === 'string' ? v : '')),
    })
    .nullish()
    .transform((value) => value ?? null),
  lines: z
    .array(lineSchema)
    .max(TRANSFER_LINES_MAX, 'invalid')
    .optional()
    .transform((value) => value ?? []),
  /** A statement uploaded before with `transferAccounts/upload`, when not sent with this form. */
  documentUploadedId: z
    .custom<string | null | undefined>()
    .superRefine((value, context) => {
      if (!isEmpty(value) && (typeof value !== 'string' || !uuidPattern.test(value))) {
        context.addIssue({ code: 'custom', message: 'invalid' });
      }
    })
    .optional()
    .transform((value) => (isEmpty(value) ? null : (value as string))),
});
export type TransferAccountModelInput = z.input<typeof transferAccountModelSchema>;
export type TransferAccountModel = z.output<typeof transferAccountModelSchema>;

/** `PUT transferAccounts` and `GET transferAccounts/{id}/esign` (spec section 3 result). */
export interface TransferAccountResult {
  transferAccountId: string;
  /** Where the person signs the transfer authorization; null once signed or not required. */
  esignUrl: string | null;
  esignStatus: EsignStatus;
}

/**
 * A 422 of `PUT transferAccounts` when the pre-check finds problems: nothing was saved or
 * sent. Each problem carries its message in the answer's language.
 */
export interface TransferPrecheckRefusal {
  errorCode: 'transferPrecheckFailed';
  message: string;
  problems: (TransferProblem & { message: string })[];
}

/**
 * The status a transfer shows: the spec's transfer-in statuses once signed, `UNSIGNED` before
 * (not processed), `CANCELLED` when the client cancelled it (the funding status
 * CANCELLED_BY_CLIENT 62 in storage).
 */
export type TransferDisplayStatus = TransferInStatus | 'UNSIGNED' | 'CANCELLED';

/** Transfer-in statuses the client may still cancel: submitted, not yet with the other firm. */
export const transferCancellableStatuses: readonly TransferInStatus[] = [
  transferInStatuses.SC_IN_PROGRESS,
];

/** One transfer in, as the funding page lists it (never the full account number). */
export interface TransferView {
  id: string;
  toAccountId: string;
  fromInstitutionId: string;
  fromInstitutionName: string;
  /** Masked: `•••••123`. */
  accountNumber: string;
  accountType: TransferAccountTypeName;
  transferType: TransferType;
  approximateValueCents: Cents;
  status: TransferDisplayStatus;
  esignStatus: EsignStatus;
  /** Whether the client may cancel it now. */
  cancellable: boolean;
  /** Business-day window in which the assets are expected; null before signing. */
  expected: ExpectedTransferDates | null;
  /** The offer's refund once the transfer completed (feeRefundFor); null before. */
  feeRefund: FeeRefund | null;
  lineCount: number;
  /** ISO 8601 date and time. */
  createdAt: string;
  lastModifiedDate: string;
  signedOn: IsoDate | null;
}

/** `GET coapplications/{id}/coaccounts`: the application's accounts that can receive. */
export interface CoAccount {
  accountId: string;
  accountTypeId: number;
  accountTypeName: string;
  /** The plan as the transfer rules name it; null for an account that takes no transfer. */
  transferAccountType: TransferAccountTypeName | null;
  ownershipTypeId: number;
  currencyTypeId: number;
  /** Pension law of a locked-in account, from the application; null otherwise. */
  jurisdiction: PensionJurisdiction | null;
  accountNumber: string | null;
  transfers: TransferView[];
}
