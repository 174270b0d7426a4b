import {
  clientCashAccount,
  parseLedgerAccount,
  type LedgerAccount,
  type LedgerCurrency,
  type LedgerSide,
} from '@portal/domain/ledger/ledger-accounts';
import { balanceOf } from '@portal/domain/ledger/ledger-balance';
import {
  balancedJournal,
  canReverse,
  reversalOf,
  type LedgerEntryKind,
  type LedgerJournal,
  type LedgerLine,
  type LedgerReferenceType,
  type ReversalEntryKind,
} from '@portal/domain/ledger/ledger-journal';
import type { Database } from '../../db/client.ts';
import * as repo from './ledger.repo.ts';

/**
 * The portal's record of the money it moved (issue 35, ADR 0038). Posting is idempotent by
 * event, so the cut-off job and the returns reader may run a day again and post nothing twice;
 * entries are only ever added, the database refusing any change or deletion.
 */

export type LedgerRefusalCode =
  | 'unbalancedJournal'
  | 'conflictingRepost'
  | 'journalNotFound'
  | 'alreadyReversed'
  | 'notReversible'
  | 'reversalKindMismatch';

/** A journal the ledger will not take; `detail` names the rule (never an amount or a name). */
export class LedgerRefusal extends Error {
  override name = 'LedgerRefusal';
  constructor(
    readonly code: LedgerRefusalCode,
    readonly detail: { problem?: string; journalId?: string } = {},
  ) {
    super(detail.problem ? `${code}: ${detail.problem}` : code);
  }
}

export interface PostedJournal {
  id: string;
  /** False when the event already had its journal: nothing was written. */
  created: boolean;
}

export interface PostOptions {
  /** When the money moved (the file's due date, the return's date); now by default. */
  postedAt?: Date;
}

/**
 * Posts an original entry (a contribution sent, a payout, its withholding), once per event:
 * posting the same event again returns the first journal. Runs in a savepoint of `tx` (or a
 * transaction of its own), so a refusal leaves the caller's transaction usable; the database
 * checks the journal's balance again when the outer transaction commits.
 */
export async function postJournal(
  tx: Database,
  journal: LedgerJournal,
  options: PostOptions = {},
): Promise<PostedJournal> {
  const valid = validJournal(journal);
  if (valid.reverses !== null) {
    throw new LedgerRefusal('reversalKindMismatch', { problem: 'useReverseJournal' });
  }
  return tx.transaction(async (inner) => {
    const row = journalRow(valid, options);
    const id = await repo.insertOriginalJournal(inner, row);
    if (id) {
      await repo.insertLines(inner, lineRows(id, valid.lines));
      return { id, created: true };
    }
    const first = await repo.findEventJournal(inner, row);
    if (!first) throw new Error('ledger: a conflicting journal vanished');
    // The same event with other amounts is a bug upstream, not a repeat: say so.
    const firstLines = await repo.linesOfJournal(inner, first.id);
    if (first.currency !== valid.currency || !sameLines(firstLines, valid.lines)) {
      throw new LedgerRefusal('conflictingRepost', { journalId: first.id });
    }
    return { id: first.id, created: false };
  });
}

/**
 * Reverses a journal with the same lines on the other sides (a bank return, a PAD claim, a
 * payout returned). A journal is reversed at most once, so a second reversal is refused
 * (`alreadyReversed`, naming the first); a reversal is not itself reversed: money paid again
 * after a return is a new payment with its own reference.
 */
export async function reverseJournal(
  tx: Database,
  journalId: string,
  reversal: { kind: ReversalEntryKind; memo: string | null },
  options: PostOptions = {},
): Promise<PostedJournal> {
  return tx.transaction(async (inner) => {
    const original = await repo.findJournal(inner, journalId);
    if (!original) throw new LedgerRefusal('journalNotFound');
    if (original.reversesJournalId !== null) throw new LedgerRefusal('notReversible');
    if (!canReverse(original.kind as LedgerEntryKind, reversal.kind)) {
      throw new LedgerRefusal('reversalKindMismatch', { problem: original.kind });
    }
    const lines = await repo.linesOfJournal(inner, journalId);
    const journal = validJournal(reversalOf(journalOf(original, lines), journalId, reversal));
    const id = await repo.insertReversalJournal(inner, journalRow(journal, options));
    if (!id) {
      const first = await repo.findReversalOf(inner, journalId);
      throw new LedgerRefusal('alreadyReversed', { ...(first && { journalId: first.id }) });
    }
    await repo.insertLines(inner, lineRows(id, journal.lines));
    return { id, created: true };
  });
}

/** The journal an event posted (`postJournal`'s kind and reference), if it did. */
export async function findEventJournalId(
  db: Database,
  kind: LedgerEntryKind,
  reference: { type: LedgerReferenceType; id: string },
): Promise<string | undefined> {
  const row = await repo.findEventJournal(db, {
    kind,
    referenceType: reference.type,
    referenceId: reference.id,
  });
  return row?.id;
}

export interface AccountBalance {
  currency: LedgerCurrency;
  /** What the portal moved into the account less what it moved out, in cents. */
  balanceCents: number;
}

/** The account's balance per currency, derived from its lines (never stored). */
export async function accountBalances(
  db: Database,
  clientAccountId: string,
): Promise<AccountBalance[]> {
  const id = clientAccountId.toLowerCase();
  const account = clientCashAccount(id);
  const rows = await repo.linesOfClientAccount(db, id);
  const byCurrency = new Map<LedgerCurrency, LedgerLine[]>();
  for (const row of rows) {
    const currency = row.currency as LedgerCurrency;
    byCurrency.set(currency, [...(byCurrency.get(currency) ?? []), lineOf(row)]);
  }
  return [...byCurrency].map(([currency, lines]) => ({
    currency,
    balanceCents: balanceOf(lines, account),
  }));
}

export interface Movement {
  journalId: string;
  postedAt: Date;
  kind: LedgerEntryKind;
  currency: LedgerCurrency;
  /** Signed from the client's side: positive into the account, negative out of it. */
  amountCents: number;
  memoCode: string | null;
  reversesJournalId: string | null;
  reversedByJournalId: string | null;
}

/** The account's movements, oldest first, one per journal, for the client's view. */
export async function movementsOf(db: Database, clientAccountId: string): Promise<Movement[]> {
  const rows = await repo.linesOfClientAccount(db, clientAccountId.toLowerCase());
  const movements = new Map<string, Movement>();
  for (const row of rows) {
    // Client cash is credit-normal: a credit is money the portal moved in.
    const signed = row.side === 'credit' ? row.amountCents : -row.amountCents;
    const known = movements.get(row.journalId);
    if (known) {
      known.amountCents += signed;
      continue;
    }
    movements.set(row.journalId, {
      journalId: row.journalId,
      postedAt: row.postedAt,
      kind: row.kind as LedgerEntryKind,
      currency: row.currency as LedgerCurrency,
      amountCents: signed,
      memoCode: row.memoCode,
      reversesJournalId: row.reversesJournalId,
      reversedByJournalId: row.reversedByJournalId,
    });
  }
  return [...movements.values()];
}

function validJournal(journal: LedgerJournal): LedgerJournal {
  const parsed = balancedJournal.safeParse(journal);
  if (!parsed.success) {
    const problem = parsed.error.issues[0]?.message ?? 'invalid';
    throw new LedgerRefusal('unbalancedJournal', { problem });
  }
  return parsed.data;
}

function journalRow(journal: LedgerJournal, options: PostOptions): repo.NewJournalRow {
  return {
    kind: journal.kind,
    currency: journal.currency,
    referenceType: journal.reference.type,
    referenceId: journal.reference.id,
    reversesJournalId: journal.reverses,
    memoCode: journal.memo,
    ...(options.postedAt && { postedAt: options.postedAt }),
  };
}

function lineRows(journalId: string, lines: readonly LedgerLine[]): repo.LineRow[] {
  return lines.map((line, index) => {
    const parsed = parseLedgerAccount(line.account);
    return {
      journalId,
      lineNo: index + 1,
      ledgerAccount: line.account,
      clientAccountId: parsed?.kind === 'clientCash' ? parsed.clientAccountId : null,
      side: line.side,
      amountCents: line.amountCents,
    };
  });
}

function lineOf(row: Pick<repo.LineRow, 'ledgerAccount' | 'side' | 'amountCents'>): LedgerLine {
  return {
    account: row.ledgerAccount as LedgerAccount,
    side: row.side as LedgerSide,
    amountCents: row.amountCents,
  };
}

function journalOf(row: repo.JournalRow, lines: repo.LineRow[]): LedgerJournal {
  return {
    kind: row.kind as LedgerEntryKind,
    currency: row.currency as LedgerCurrency,
    reference: { type: row.referenceType as LedgerReferenceType, id: row.referenceId },
    memo: row.memoCode,
    reverses: row.reversesJournalId,
    lines: lines.map(lineOf),
  };
}

function sameLines(stored: repo.LineRow[], lines: readonly LedgerLine[]): boolean {
  return (
    stored.length === lines.length &&
    stored.every((row, index) => {
      const line = lines[index];
      return (
        line !== undefined &&
        row.ledgerAccount === line.account &&
        row.side === line.side &&
        row.amountCents === line.amountCents
      );
    })
  );
}
