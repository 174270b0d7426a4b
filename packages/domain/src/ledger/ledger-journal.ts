import { z } from 'zod';
import {
  currencyOfAccount,
  ledgerAccountSchema,
  ledgerCurrencies,
  ledgerSides,
  type LedgerAccount,
  type LedgerCurrency,
  type LedgerSide,
} from './ledger-accounts.ts';

/**
 * What the portal records when it moves money (ADR 0038). An original entry records a payment
 * the portal made happen; a reversal entry undoes one, line for line with sides swapped,
 * because entries are never edited or deleted.
 */
export const originalEntryKinds = ['contributionSent', 'payoutSent', 'withholding'] as const;
export const reversalEntryKinds = ['contributionReturned', 'padClaim', 'payoutReturned'] as const;
export const ledgerEntryKinds = [...originalEntryKinds, ...reversalEntryKinds] as const;

export type OriginalEntryKind = (typeof originalEntryKinds)[number];
export type ReversalEntryKind = (typeof reversalEntryKinds)[number];
export type LedgerEntryKind = (typeof ledgerEntryKinds)[number];

/**
 * Which reversal undoes which original: a contribution comes back as a bank return (NSF, account
 * closed...) or as the payor's PAD reimbursement claim; a returned payout takes its withholding
 * back with it.
 */
export const reversalKindsOf = {
  contributionSent: ['contributionReturned', 'padClaim'],
  payoutSent: ['payoutReturned'],
  withholding: ['payoutReturned'],
} as const satisfies Record<OriginalEntryKind, readonly ReversalEntryKind[]>;

export function isOriginalKind(kind: LedgerEntryKind): kind is OriginalEntryKind {
  return (originalEntryKinds as readonly string[]).includes(kind);
}

export function canReverse(original: LedgerEntryKind, reversal: ReversalEntryKind): boolean {
  return (
    isOriginalKind(original) &&
    (reversalKindsOf[original] as readonly ReversalEntryKind[]).includes(reversal)
  );
}

/**
 * What an entry is about: the payment whose money moved. The payment files post per item
 * (`paymentItem`, issue 35): one request may go to the bank twice (retried after a return, or
 * filed again after the bank refused its file), and each attempt is its own entry.
 */
export const ledgerReferenceTypes = ['paymentItem', 'fundingRequest', 'rifPayment'] as const;
export type LedgerReferenceType = (typeof ledgerReferenceTypes)[number];

/**
 * A memo is a code (a Standard 007 reason such as `901`, or a word such as `nsf`), never free
 * text: a ledger kept for years must not collect names or account numbers typed into a note.
 */
export const ledgerMemoSchema = z.string().regex(/^[A-Za-z0-9][A-Za-z0-9_-]{0,39}$/);

export interface LedgerLine {
  account: LedgerAccount;
  side: LedgerSide;
  amountCents: number;
}

export interface LedgerJournal {
  kind: LedgerEntryKind;
  currency: LedgerCurrency;
  reference: { type: LedgerReferenceType; id: string };
  memo: string | null;
  /** The journal this one reverses; null for an original entry. */
  reverses: string | null;
  lines: LedgerLine[];
}

/**
 * A whole, positive, safe number of cents. `z.int()` alone would take 1e21 (an integer, but
 * not exact in a double) and a zero line records nothing.
 */
const lineAmountSchema = z
  .number()
  .refine((value) => Number.isSafeInteger(value) && value > 0, { message: 'invalid' });

export const ledgerLineSchema = z.object({
  account: ledgerAccountSchema,
  side: z.enum(ledgerSides),
  amountCents: lineAmountSchema,
});

export type JournalProblem =
  'tooFewLines' | 'unbalanced' | 'totalUnsafe' | 'currencyMismatch' | 'reversalKindMismatch';

export interface JournalTotals {
  debitCents: number;
  creditCents: number;
}

export function totalsOf(lines: readonly LedgerLine[]): JournalTotals {
  let debitCents = 0;
  let creditCents = 0;
  for (const line of lines) {
    if (line.side === 'debit') debitCents += line.amountCents;
    else creditCents += line.amountCents;
  }
  return { debitCents, creditCents };
}

/** Why a journal cannot be posted, or undefined when it can. */
export function journalProblem(journal: LedgerJournal): JournalProblem | undefined {
  if (journal.lines.length < 2) return 'tooFewLines';
  const { debitCents, creditCents } = totalsOf(journal.lines);
  // Past 2^53 a sum is no longer exact, so "equal" would prove nothing.
  if (!Number.isSafeInteger(debitCents) || !Number.isSafeInteger(creditCents)) {
    return 'totalUnsafe';
  }
  if (debitCents !== creditCents || debitCents <= 0) return 'unbalanced';
  const fixedCurrencies = journal.lines.map((line) => currencyOfAccount(line.account));
  if (fixedCurrencies.some((currency) => currency && currency !== journal.currency)) {
    return 'currencyMismatch';
  }
  if (isOriginalKind(journal.kind) !== (journal.reverses === null)) return 'reversalKindMismatch';
  return undefined;
}

/** A journal the ledger accepts: 2+ lines, one currency, debits equal to credits and above 0. */
export const balancedJournal = z
  .object({
    kind: z.enum(ledgerEntryKinds),
    currency: z.enum(ledgerCurrencies),
    reference: z.object({ type: z.enum(ledgerReferenceTypes), id: z.uuid() }),
    memo: ledgerMemoSchema.nullable(),
    reverses: z.uuid().nullable(),
    lines: z.array(ledgerLineSchema),
  })
  .superRefine((journal, context) => {
    const problem = journalProblem(journal);
    if (problem) context.addIssue({ code: 'custom', message: problem, path: ['lines'] });
  });

/**
 * The entry that undoes `original` (stored with id `originalId`): the same lines with their sides
 * swapped, so every account's balance returns to what it was, to the cent.
 */
export function reversalOf(
  original: LedgerJournal,
  originalId: string,
  reversal: { kind: ReversalEntryKind; memo: string | null },
): LedgerJournal {
  return {
    kind: reversal.kind,
    currency: original.currency,
    reference: original.reference,
    memo: reversal.memo,
    reverses: originalId,
    lines: original.lines.map((line) => ({
      ...line,
      side: line.side === 'debit' ? 'credit' : 'debit',
    })),
  };
}
