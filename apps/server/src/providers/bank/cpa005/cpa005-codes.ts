import { accountTypes, type AccountTypeId } from '@portal/domain/enums/account-types';
import { Cpa005FieldError } from './cpa005-fields.ts';

/**
 * Payments Canada Standard 007: the transaction codes a file's items carry and the reason
 * codes of returned items (research, "Standard 007"). In 200-699 a code is neither credit nor
 * debit by itself; the record type (C or D) says which, and the code says what the payment is
 * for (a personal PAD's code tells the payor's bank it is a personal debit, with its 90-day
 * reimbursement right; the 700s are business PADs, recourse 10 business days).
 */
export const transactionCodes = {
  pension: 230,
  annuity: 240,
  investment: 260,
  mutualFunds: 261,
  spousalRspContribution: 265,
  respContribution: 266,
  rspContribution: 271,
  retirementIncomeFund: 272,
  tfsa: 273,
  rdspContribution: 274,
  businessPad: 700,
  commercialInvestments: 701,
} as const;

/**
 * The code of a contribution debit by the account it funds. FHSA, cash, margin and DAP
 * accounts have no code of their own: they take 260 (Investment); an FHSA code may come with a
 * later Standard 007 (UNCONFIRMED: configure it with `overrides`). Plans that take no EFT
 * contributions (income funds, locked-in plans: domain `takesEftContributions`) have none.
 */
const personalContributionCodes: Readonly<Partial<Record<AccountTypeId, number>>> = {
  [accountTypes.Cash]: transactionCodes.investment,
  [accountTypes.Margin]: transactionCodes.investment,
  [accountTypes.RSP]: transactionCodes.rspContribution,
  [accountTypes.GROUP_RSP]: transactionCodes.rspContribution,
  [accountTypes.SPRSP]: transactionCodes.spousalRspContribution,
  [accountTypes.GROUP_SP_RSP]: transactionCodes.spousalRspContribution,
  [accountTypes.TFSA]: transactionCodes.tfsa,
  [accountTypes.RESP]: transactionCodes.respContribution,
  [accountTypes.FHSA]: transactionCodes.investment,
  [accountTypes.DAP]: transactionCodes.investment,
};

export type PayorKind = 'personal' | 'business';

export type TransactionCodeOverrides = Readonly<Partial<Record<AccountTypeId, number>>>;

/**
 * A contribution's code: by account type for a personal payor; 701 (Commercial Investments)
 * when the payor's account is a business's, since a business PAD has its own rules (Rule H1).
 */
export function contributionTransactionCode(
  accountTypeId: AccountTypeId,
  payor: PayorKind,
  overrides: TransactionCodeOverrides = {},
): number {
  const code = overrides[accountTypeId] ?? personalContributionCodes[accountTypeId];
  if (code === undefined) {
    throw new Cpa005FieldError('transactionCode', 'an account type that takes EFT contributions');
  }
  return payor === 'business' ? transactionCodes.commercialInvestments : code;
}

const incomeFunds: ReadonlySet<number> = new Set([
  accountTypes.RIF,
  accountTypes.SPRIF,
  accountTypes.LIF,
  accountTypes.RLIF,
  accountTypes.PRIF,
]);

/**
 * A RRIF (LIF, RLIF, PRIF, spousal RRIF) payment's code: 272, Retirement Income Fund.
 * UNCONFIRMED: Standard 007 lists 272 among Investments without saying whether it names money
 * into or out of a fund; 230 (Pension) and 240 (Annuity) are the alternatives, so the code is
 * configuration (`RIF_PAYOUT_TRANSACTION_CODE` in the later part).
 */
export function payoutTransactionCode(
  accountTypeId: AccountTypeId,
  configured: number = transactionCodes.retirementIncomeFund,
): number {
  if (!incomeFunds.has(accountTypeId)) {
    throw new Cpa005FieldError('transactionCode', 'an income fund (RIF, SPRIF, LIF, RLIF, PRIF)');
  }
  return configured;
}

/** Whether a code may start an outgoing item: three digits, below the 900s of returns. */
export function isOutgoingTransactionCode(code: number): boolean {
  return Number.isInteger(code) && code >= 0 && code <= 899;
}

/**
 * Standard 007's return reason codes (Appendix I, "Return Reason Codes"). `debitOnly` marks
 * the reasons that apply to a returned debit alone; 915-921 are the payor's claims under a PAD
 * agreement (personal: within 90 calendar days; business: within 10 business days); 922 is a
 * payee returning a credit. 904, 906 and 913 are not in use (906 was retired in 2007).
 */
export const returnReasons = {
  900: { description: 'Edit reject', debitOnly: false },
  901: { description: 'NSF (debit only)', debitOnly: true },
  902: { description: 'Account not found', debitOnly: false },
  903: { description: 'Payment stopped/recalled', debitOnly: false },
  905: { description: 'Account closed', debitOnly: false },
  907: { description: 'No debit allowed', debitOnly: true },
  908: { description: 'Funds not cleared (debit only)', debitOnly: true },
  909: { description: 'Currency/account mismatch', debitOnly: false },
  910: { description: 'Payor/payee deceased', debitOnly: false },
  911: { description: 'Account frozen', debitOnly: false },
  912: { description: 'Invalid/incorrect account no.', debitOnly: false },
  914: { description: 'Incorrect payor/payee name', debitOnly: false },
  915: { description: 'No agreement existed', debitOnly: true },
  916: { description: 'Not according to agreement - personal', debitOnly: true },
  917: { description: 'Agreement revoked - personal', debitOnly: true },
  918: { description: 'No confirmation/pre-notification - personal', debitOnly: true },
  919: { description: 'Not according to agreement - business', debitOnly: true },
  920: { description: 'Agreement revoked - business', debitOnly: true },
  921: { description: 'No confirmation/pre-notification - business', debitOnly: true },
  922: { description: 'Customer initiated return (credit only)', debitOnly: false },
  990: { description: 'Institution in default', debitOnly: false },
} as const;

export type ReturnReasonCode = keyof typeof returnReasons;

export function isReturnReasonCode(code: number): code is ReturnReasonCode {
  return Object.hasOwn(returnReasons, code);
}

/** The PAD claims (915-921): a payor reclaiming a debit under the PAD agreement. */
export function isPadClaim(code: number): boolean {
  return code >= 915 && code <= 921;
}
