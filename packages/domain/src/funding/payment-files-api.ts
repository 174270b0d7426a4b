import type { IsoDate } from '../calendar/iso-date.ts';
import type { NamedAccountTypeName } from '../enums/account-types.ts';
import type { LedgerCurrency } from '../ledger/ledger-accounts.ts';
import type { LedgerEntryKind } from '../ledger/ledger-journal.ts';

/**
 * Payment files with the bank and the portal's record of what it moved (issue 35, ADR 0039),
 * as the client's funding page and the operations console read them.
 *
 * Client (signed in; only the caller's own accounts):
 * - GET coAcctFunding/movements                     AccountMovementsAnswer
 *
 * Operations console (staff only, 404 to anyone else, as every ops path):
 * - GET  ops/paymentFiles?page&pageSize             Page<PaymentFileSummary>, newest first
 * - GET  ops/paymentFiles/{fileId}                  PaymentFileDetail
 * - POST ops/paymentFiles/{fileId}/refused          ReasonBody -> PaymentFileSummary (audited)
 * - GET  ops/paymentReturns?page&pageSize           Page<PaymentReturnFileSummary>, newest first
 * - GET  ops/paymentReturns/{returnFileId}          PaymentReturnFileDetail
 * - GET  ops/rifPayouts/held                        HeldRifPayout[]
 * - POST ops/rifPayouts/{payoutId}/release          ReasonBody -> HeldRifPayout (audited)
 * - GET  ops/reconciliation?day=YYYY-MM-DD          ReconciliationReport
 */

/** A movement as the client sees it: signed from the account's side, in cents. */
export interface AccountMovementView {
  id: string;
  /** The bank date the money moved (the item's due date), or the day a return was read. */
  on: IsoDate;
  kind: LedgerEntryKind;
  currency: LedgerCurrency;
  /** Positive into the account, negative out of it. */
  amountCents: number;
  /** A movement later reversed by a return or a claim. */
  reversed: boolean;
}

export interface AccountMovementsView {
  accountId: string;
  accountTypeName: NamedAccountTypeName;
  accountNumber: string | null;
  /** What the portal moved, net, per currency (never the account's value: ADR 0038). */
  balances: { currency: LedgerCurrency; balanceCents: number }[];
  movements: AccountMovementView[];
}

export interface AccountMovementsAnswer {
  accounts: AccountMovementsView[];
}

export const paymentFileStatuses = ['written', 'delivered', 'refused'] as const;
export type PaymentFileStatus = (typeof paymentFileStatuses)[number];

export const paymentItemStatuses = [
  'queued',
  'filed',
  'sent',
  'settled',
  'returned',
  'refiled',
] as const;
export type PaymentItemStatus = (typeof paymentItemStatuses)[number];

export interface PaymentFileSummary {
  id: string;
  name: string;
  fileDay: IsoDate;
  currency: LedgerCurrency;
  fileCreationNumber: number;
  status: PaymentFileStatus;
  debitCount: number;
  debitTotalCents: number;
  creditCount: number;
  creditTotalCents: number;
  /** SHA-256 (hex) of the bytes the bank receives. */
  sha256: string;
  deliveryAttempts: number;
  lastDeliveryError: string | null;
  deliveredAt: string | null;
  refusedAt: string | null;
  refusedReason: string | null;
  /** Items of this file the bank returned. */
  returnedCount: number;
}

export interface PaymentItemView {
  id: string;
  crossReference: string;
  direction: 'debit' | 'credit';
  /** The funding request or RRIF payout the item pays. */
  source: { type: 'fundingRequest' | 'rifPayout'; id: string };
  applicationId: string | null;
  currency: LedgerCurrency;
  amountCents: number;
  dueOn: IsoDate;
  transactionCode: number;
  status: PaymentItemStatus;
  returnReasonCode: number | null;
}

export interface PaymentFileDetail extends PaymentFileSummary {
  items: PaymentItemView[];
}

export type PaymentReturnOutcome = 'applied' | 'unmatched' | 'mismatch' | 'repeated';

export interface PaymentReturnView {
  id: string;
  crossReference: string;
  direction: 'debit' | 'credit';
  reasonCode: number;
  amountCents: number;
  dueOn: IsoDate;
  outcome: PaymentReturnOutcome;
  itemId: string | null;
}

export interface PaymentReturnFileSummary {
  id: string;
  name: string;
  readAt: string;
  status: 'applied' | 'unreadable';
  error: string | null;
  itemCount: number;
  debitTotalCents: number;
  creditTotalCents: number;
}

export interface PaymentReturnFileDetail extends PaymentReturnFileSummary {
  returns: PaymentReturnView[];
}

/** `unwritable`: the payment's details do not fit the CPA 005 format (a name, an account). */
export type RifPayoutHoldReason = 'destinationChanged' | 'insufficientCash' | 'unwritable';

export interface HeldRifPayout {
  id: string;
  applicationId: string;
  clientAccountId: string;
  paidOn: IsoDate;
  grossCents: number;
  withholdingCents: number;
  netCents: number;
  holdReason: RifPayoutHoldReason;
  releasedAt: string | null;
}

export interface ReconciliationFileLine {
  fileId: string;
  name: string;
  currency: LedgerCurrency;
  /** The file's trailer against its items, and its items against the ledger. */
  trailer: {
    debitCount: number;
    debitTotalCents: number;
    creditCount: number;
    creditTotalCents: number;
  };
  items: {
    debitCount: number;
    debitTotalCents: number;
    creditCount: number;
    creditTotalCents: number;
  };
  ledgerSentCents: { debits: number; credits: number };
  settled: { count: number; totalCents: number };
  returned: { count: number; totalCents: number };
  outstanding: { count: number; totalCents: number };
  balanced: boolean;
}

export interface ReconciliationReport {
  day: IsoDate;
  files: ReconciliationFileLine[];
  returnsRead: { count: number; debitTotalCents: number; creditTotalCents: number };
  /** Each disagreement in words operations can act on (no name, no account number). */
  problems: string[];
  balanced: boolean;
}
