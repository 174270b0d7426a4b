import type { IsoDate } from '@portal/domain/calendar/iso-date';
import type {
  PaymentFileStatus,
  PaymentItemStatus,
  ReconciliationFileLine,
  ReconciliationReport,
} from '@portal/domain/funding/payment-files-api';
import type { LedgerCurrency } from '@portal/domain/ledger/ledger-accounts';
import {
  originalEntryKinds,
  type LedgerReferenceType,
  type OriginalEntryKind,
} from '@portal/domain/ledger/ledger-journal';
import { OPERATIONS_TIME_ZONE } from '@portal/domain';
import {
  problemText,
  type Problem,
  type ReconciliationLanguage,
} from '@portal/domain/funding/reconciliation-messages';
import { and, asc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.ts';
import {
  ledgerJournals,
  ledgerLines,
  paymentFiles,
  paymentItems,
  paymentReturnFiles,
  paymentReturns,
  rifPayouts,
} from '../../db/schema.ts';

/**
 * The daily reconciliation of the payment files with their items and the ledger (issue 35,
 * ADRs 0038 and 0039). Three records of the same money must agree: a file's trailer (the
 * counts and totals the bank reads), the items the file carries, and the journals the ledger
 * posted when the file was delivered. `reconciliationReport` says, for one business day, where
 * they stand in words operations can act on; `assertLedgerMatchesFiles` runs the ledger checks
 * over every delivered file and throws, so a job or a test fails loudly on any disagreement.
 * Neither names a person or an account number: files by their name at the bank, items by their
 * cross-reference, journals by their id.
 */

interface FileFacts {
  id: string;
  name: string;
  fileDay: IsoDate;
  currency: LedgerCurrency;
  status: PaymentFileStatus;
  debitCount: number;
  debitTotalCents: number;
  creditCount: number;
  creditTotalCents: number;
}

interface ItemFacts {
  id: string;
  fileId: string;
  crossReference: string;
  direction: 'debit' | 'credit';
  reference: { type: LedgerReferenceType; id: string };
  clientAccountId: string;
  amountCents: number;
  status: PaymentItemStatus;
  /** The tax withheld from a payout (its own journal); 0 for a debit. */
  withholdingCents: number;
}

interface JournalFacts {
  id: string;
  kind: OriginalEntryKind;
  referenceType: LedgerReferenceType;
  referenceId: string;
  /** Its debit lines' total (a posted journal balances, so the credits' too). */
  amountCents: number;
  /** The investment account of its client-cash line. */
  clientAccountId: string | null;
  reversed: boolean;
}

// ---------------------------------------------------------------------------------------------
// Reading

const fileColumns = {
  id: paymentFiles.id,
  name: paymentFiles.name,
  fileDay: paymentFiles.fileDay,
  currency: paymentFiles.currency,
  status: paymentFiles.status,
  debitCount: paymentFiles.debitCount,
  debitTotalCents: paymentFiles.debitTotalCents,
  creditCount: paymentFiles.creditCount,
  creditTotalCents: paymentFiles.creditTotalCents,
};

async function filesWhere(db: Database, where: SQL): Promise<FileFacts[]> {
  const rows = await db
    .select(fileColumns)
    .from(paymentFiles)
    .where(where)
    .orderBy(asc(paymentFiles.fileDay), asc(paymentFiles.currency), asc(paymentFiles.id));
  return rows.map((row) => ({
    ...row,
    currency: row.currency as LedgerCurrency,
    status: row.status as PaymentFileStatus,
  }));
}

async function itemsWhere(db: Database, where: SQL): Promise<ItemFacts[]> {
  const rows = await db
    .select({
      id: paymentItems.id,
      fileId: paymentItems.fileId,
      crossReference: paymentItems.crossReference,
      direction: paymentItems.direction,
      fundingRequestId: paymentItems.fundingRequestId,
      rifPayoutId: paymentItems.rifPayoutId,
      clientAccountId: paymentItems.clientAccountId,
      amountCents: paymentItems.amountCents,
      status: paymentItems.status,
      withholdingCents: rifPayouts.withholdingCents,
    })
    .from(paymentItems)
    .leftJoin(rifPayouts, eq(rifPayouts.id, paymentItems.rifPayoutId))
    .where(where)
    .orderBy(asc(paymentItems.sequence));
  return rows.flatMap((row) => {
    // Each attempt at the bank is its own ledger entry (ADR 0039): the item is the reference.
    const reference = { type: 'paymentItem' as const, id: row.id };
    if (!row.fileId) return [];
    return [
      {
        id: row.id,
        fileId: row.fileId,
        crossReference: row.crossReference,
        direction: row.direction as ItemFacts['direction'],
        reference,
        clientAccountId: row.clientAccountId,
        amountCents: row.amountCents,
        status: row.status as PaymentItemStatus,
        withholdingCents: row.direction === 'credit' ? (row.withholdingCents ?? 0) : 0,
      },
    ];
  });
}

// `alias`, not `aliasedTable`: drizzle types a self-join through the latter's rows as `never`.
const reversal = alias(ledgerJournals, 'reversal');

/**
 * The original journals (sent, payout, withholding) of the given payments, with their amount,
 * their client account and whether they were reversed; all of them when `references` is
 * undefined (the ledger-wide check looks for journals no delivered file carries).
 */
async function originalJournals(
  db: Database,
  references?: readonly ItemFacts['reference'][],
): Promise<JournalFacts[]> {
  const conditions: SQL[] = [
    isNull(ledgerJournals.reversesJournalId),
    inArray(ledgerJournals.kind, [...originalEntryKinds]),
  ];
  if (references) {
    const idsOf = (type: LedgerReferenceType) => [
      ...new Set(references.filter((ref) => ref.type === type).map((ref) => ref.id)),
    ];
    const byType = (['paymentItem'] as const).flatMap((type) => {
      const ids = idsOf(type);
      return ids.length > 0
        ? [and(eq(ledgerJournals.referenceType, type), inArray(ledgerJournals.referenceId, ids))!]
        : [];
    });
    if (byType.length === 0) return [];
    conditions.push(or(...byType)!);
  }
  const rows = await db
    .select({
      id: ledgerJournals.id,
      kind: ledgerJournals.kind,
      referenceType: ledgerJournals.referenceType,
      referenceId: ledgerJournals.referenceId,
      // A sum of bigints is numeric: the driver hands it over as text.
      amountCents: sql<string>`coalesce(sum(${ledgerLines.amountCents}) filter (where ${ledgerLines.side} = 'debit'), 0)`,
      clientAccountId: sql<string | null>`max(${ledgerLines.clientAccountId}::text)`,
      reversedBy: reversal.id,
    })
    .from(ledgerJournals)
    .innerJoin(ledgerLines, eq(ledgerLines.journalId, ledgerJournals.id))
    .leftJoin(reversal, eq(reversal.reversesJournalId, ledgerJournals.id))
    .where(and(...conditions))
    .groupBy(ledgerJournals.id, reversal.id);
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind as OriginalEntryKind,
    referenceType: row.referenceType as LedgerReferenceType,
    referenceId: row.referenceId,
    amountCents: Number(row.amountCents),
    clientAccountId: row.clientAccountId,
    reversed: row.reversedBy !== null,
  }));
}

const keyOf = (reference: ItemFacts['reference']) => `${reference.type}:${reference.id}`;

/** The journals of each payment by kind (one original per kind and payment: a unique index). */
function journalsByPayment(journals: readonly JournalFacts[]) {
  const byPayment = new Map<string, Map<OriginalEntryKind, JournalFacts>>();
  for (const journal of journals) {
    const key = keyOf({ type: journal.referenceType, id: journal.referenceId });
    const kinds = byPayment.get(key) ?? new Map<OriginalEntryKind, JournalFacts>();
    kinds.set(journal.kind, journal);
    byPayment.set(key, kinds);
  }
  return byPayment;
}

// ---------------------------------------------------------------------------------------------
// Checking

/** The journals an item's money is recorded by, with the amount each must hold. */
function expectedJournals(item: ItemFacts): { kind: OriginalEntryKind; cents: number }[] {
  if (item.direction === 'debit') return [{ kind: 'contributionSent', cents: item.amountCents }];
  return [
    { kind: 'payoutSent', cents: item.amountCents },
    ...(item.withholdingCents > 0
      ? [{ kind: 'withholding' as const, cents: item.withholdingCents }]
      : []),
  ];
}

/**
 * An item of a delivered file against the ledger: each of its journals posted once, of the
 * item's amount, on the item's account; reversed when the item came back, and only then.
 */
function deliveredItemProblems(
  file: FileFacts,
  item: ItemFacts,
  journals: ReadonlyMap<OriginalEntryKind, JournalFacts> | undefined,
): Problem[] {
  const problems: Problem[] = [];
  const at = { file: file.name, item: item.crossReference };
  for (const expected of expectedJournals(item)) {
    const journal = journals?.get(expected.kind);
    if (!journal) {
      problems.push({ type: 'noJournal', ...at, journal: expected.kind });
      continue;
    }
    if (journal.amountCents !== expected.cents) {
      problems.push({
        type: 'journalAmount',
        ...at,
        journal: expected.kind,
        currency: file.currency,
        cents: expected.cents,
        otherCents: journal.amountCents,
      });
    }
    if (journal.clientAccountId !== item.clientAccountId) {
      problems.push({ type: 'journalAccount', ...at, journal: expected.kind });
    }
    if (item.status === 'returned' && !journal.reversed) {
      problems.push({ type: 'notReversed', ...at, journal: expected.kind });
    }
    if (item.status !== 'returned' && journal.reversed) {
      problems.push({ type: 'reversedNotReturned', ...at, journal: expected.kind });
    }
  }
  return problems;
}

/**
 * An item of a refused file: the money never moved, so a journal posted for it must have been
 * reversed, unless the payment went out again in a delivered file that the journal now records.
 */
function refusedItemProblems(
  file: FileFacts,
  item: ItemFacts,
  journals: ReadonlyMap<OriginalEntryKind, JournalFacts> | undefined,
  deliveredPayments: ReadonlySet<string>,
): Problem[] {
  if (deliveredPayments.has(keyOf(item.reference))) return [];
  return [...(journals?.values() ?? [])]
    .filter((journal) => !journal.reversed)
    .map((journal) => ({
      type: 'refusedNotReversed' as const,
      file: file.name,
      item: item.crossReference,
      journal: journal.kind,
    }));
}

interface Totals {
  debitCount: number;
  debitTotalCents: number;
  creditCount: number;
  creditTotalCents: number;
}

function totalsOf(items: readonly ItemFacts[]): Totals {
  const totals: Totals = { debitCount: 0, debitTotalCents: 0, creditCount: 0, creditTotalCents: 0 };
  for (const item of items) {
    if (item.direction === 'debit') {
      totals.debitCount += 1;
      totals.debitTotalCents += item.amountCents;
    } else {
      totals.creditCount += 1;
      totals.creditTotalCents += item.amountCents;
    }
  }
  return totals;
}

function countOf(items: readonly ItemFacts[]) {
  return {
    count: items.length,
    totalCents: items.reduce((sum, item) => sum + item.amountCents, 0),
  };
}

/** The trailer against the items, one problem per direction that differs. */
function trailerProblems(file: FileFacts, items: Totals): Problem[] {
  const sides = [
    {
      direction: 'debit' as const,
      otherCount: file.debitCount,
      otherCents: file.debitTotalCents,
      count: items.debitCount,
      cents: items.debitTotalCents,
    },
    {
      direction: 'credit' as const,
      otherCount: file.creditCount,
      otherCents: file.creditTotalCents,
      count: items.creditCount,
      cents: items.creditTotalCents,
    },
  ];
  return sides
    .filter((side) => side.otherCount !== side.count || side.otherCents !== side.cents)
    .map((side) => ({ type: 'trailer', file: file.name, currency: file.currency, ...side }));
}

/** What the ledger says was sent for a file's items: its sent journals, each counted once. */
function ledgerSentOf(
  items: readonly ItemFacts[],
  byPayment: ReadonlyMap<string, ReadonlyMap<OriginalEntryKind, JournalFacts>>,
) {
  const counted = new Set<string>();
  const sent = { debits: 0, credits: 0 };
  for (const item of items) {
    const kind = item.direction === 'debit' ? 'contributionSent' : 'payoutSent';
    const journal = byPayment.get(keyOf(item.reference))?.get(kind);
    if (!journal || counted.has(journal.id)) continue;
    counted.add(journal.id);
    if (item.direction === 'debit') sent.debits += journal.amountCents;
    else sent.credits += journal.amountCents;
  }
  return sent;
}

const inDeliveredFile = sql`${paymentItems.fileId} in (select ${paymentFiles.id} from ${paymentFiles} where ${paymentFiles.status} = 'delivered')`;

/** The payments (of those given) that some delivered file carries, and not as a return. */
async function paymentsInDeliveredFiles(
  db: Database,
  references: readonly ItemFacts['reference'][],
): Promise<Set<string>> {
  const itemIds = references.filter((ref) => ref.type === 'paymentItem').map((ref) => ref.id);
  const bySource = itemIds.length > 0 ? [inArray(paymentItems.id, itemIds)] : [];
  if (bySource.length === 0) return new Set();
  const delivered = await itemsWhere(db, and(or(...bySource), inDeliveredFile)!);
  return new Set(
    delivered.filter((item) => item.status !== 'returned').map((item) => keyOf(item.reference)),
  );
}

// ---------------------------------------------------------------------------------------------
// The day's report

/** Return files read on `day` (Toronto's calendar, where operations work). */
async function returnsReadOn(db: Database, day: IsoDate) {
  const readOn = sql`(${paymentReturnFiles.readAt} at time zone ${OPERATIONS_TIME_ZONE})::date = ${day}::date`;
  const files = await db
    .select({
      id: paymentReturnFiles.id,
      name: paymentReturnFiles.name,
      status: paymentReturnFiles.status,
      debitTotalCents: paymentReturnFiles.debitTotalCents,
      creditTotalCents: paymentReturnFiles.creditTotalCents,
    })
    .from(paymentReturnFiles)
    .where(readOn)
    .orderBy(asc(paymentReturnFiles.readAt), asc(paymentReturnFiles.id));
  const outcomes =
    files.length === 0
      ? []
      : await db
          .select({
            returnFileId: paymentReturns.returnFileId,
            outcome: paymentReturns.outcome,
            count: sql<number>`count(*)::int`,
          })
          .from(paymentReturns)
          .where(
            inArray(
              paymentReturns.returnFileId,
              files.map((file) => file.id),
            ),
          )
          .groupBy(paymentReturns.returnFileId, paymentReturns.outcome);
  const problems: Problem[] = [];
  for (const file of files) {
    if (file.status === 'unreadable') problems.push({ type: 'unreadableReturns', file: file.name });
    for (const outcome of ['unmatched', 'mismatch'] as const) {
      const count = outcomes.find(
        (row) => row.returnFileId === file.id && row.outcome === outcome,
      )?.count;
      const type = outcome === 'unmatched' ? 'unmatchedReturns' : 'mismatchReturns';
      if (count) problems.push({ type, file: file.name, count });
    }
  }
  return {
    summary: {
      count: files.length,
      debitTotalCents: files.reduce((sum, file) => sum + file.debitTotalCents, 0),
      creditTotalCents: files.reduce((sum, file) => sum + file.creditTotalCents, 0),
    },
    problems,
  };
}

/**
 * `GET ops/reconciliation?day=`: the files written for `day`, each against its items and the
 * ledger; the return files read that day; every disagreement in words, in `language`.
 */
export async function reconciliationReport(
  db: Database,
  day: IsoDate,
  language: ReconciliationLanguage = 'en',
): Promise<ReconciliationReport> {
  const files = await filesWhere(db, eq(paymentFiles.fileDay, day));
  const items =
    files.length === 0
      ? []
      : await itemsWhere(
          db,
          inArray(
            paymentItems.fileId,
            files.map((file) => file.id),
          ),
        );
  const references = items.map((item) => item.reference);
  const byPayment = journalsByPayment(await originalJournals(db, references));
  const delivered = files.some((file) => file.status === 'refused')
    ? await paymentsInDeliveredFiles(db, references)
    : new Set<string>();

  const problems: Problem[] = [];
  const lines = files.map((file): ReconciliationFileLine => {
    const own = items.filter((item) => item.fileId === file.id);
    const totals = totalsOf(own);
    const ledgerSentCents = ledgerSentOf(own, byPayment);
    const found: Problem[] = trailerProblems(file, totals);
    if (file.status === 'delivered') {
      const sides = [
        ['debit', totals.debitTotalCents, ledgerSentCents.debits],
        ['credit', totals.creditTotalCents, ledgerSentCents.credits],
      ] as const;
      for (const [direction, itemsCents, ledgerCents] of sides) {
        if (itemsCents !== ledgerCents) {
          found.push({
            type: 'ledgerTotal',
            file: file.name,
            direction,
            currency: file.currency,
            cents: itemsCents,
            otherCents: ledgerCents,
          });
        }
      }
      for (const item of own) {
        found.push(...deliveredItemProblems(file, item, byPayment.get(keyOf(item.reference))));
      }
    } else if (file.status === 'refused') {
      for (const item of own) {
        found.push(
          ...refusedItemProblems(file, item, byPayment.get(keyOf(item.reference)), delivered),
        );
      }
    }
    problems.push(...found);
    return {
      fileId: file.id,
      name: file.name,
      currency: file.currency,
      trailer: {
        debitCount: file.debitCount,
        debitTotalCents: file.debitTotalCents,
        creditCount: file.creditCount,
        creditTotalCents: file.creditTotalCents,
      },
      items: totals,
      ledgerSentCents,
      settled: countOf(own.filter((item) => item.status === 'settled')),
      returned: countOf(own.filter((item) => item.status === 'returned')),
      // Refiled items went out again in another file: they wait in that one, not here.
      outstanding: countOf(own.filter((item) => ['queued', 'filed', 'sent'].includes(item.status))),
      balanced: found.length === 0,
    };
  });

  const returns = await returnsReadOn(db, day);
  problems.push(...returns.problems);
  return {
    day,
    files: lines,
    returnsRead: returns.summary,
    problems: problems.map((problem) => problemText(problem, language)),
    balanced: problems.length === 0,
  };
}

// ---------------------------------------------------------------------------------------------
// The ledger-wide check

/**
 * Throws an Error listing every disagreement between the ledger and all delivered files: each
 * item with its journals (once, of its amount, on its account), a returned item's journals
 * reversed and no other's, and no sent journal that no delivered file carries (a refused file's
 * journals must have been reversed). Resolves when they agree.
 */
export async function assertLedgerMatchesFiles(db: Database): Promise<void> {
  const files = await filesWhere(db, eq(paymentFiles.status, 'delivered'));
  const items = files.length === 0 ? [] : await itemsWhere(db, inDeliveredFile);
  const journals = await originalJournals(db);
  const byPayment = journalsByPayment(journals);
  const fileById = new Map(files.map((file) => [file.id, file]));

  const problems: Problem[] = [];
  for (const item of items) {
    const file = fileById.get(item.fileId);
    if (file) {
      problems.push(...deliveredItemProblems(file, item, byPayment.get(keyOf(item.reference))));
    }
  }
  const carried = new Set(items.map((item) => keyOf(item.reference)));
  for (const journal of journals) {
    const key = keyOf({ type: journal.referenceType, id: journal.referenceId });
    if (!journal.reversed && !carried.has(key)) {
      problems.push({ type: 'orphanJournal', journal: journal.kind, journalId: journal.id });
    }
  }
  if (problems.length > 0) {
    const list = problems.map((problem) => `- ${problemText(problem, 'en')}`).join('\n');
    throw new Error(`The ledger and the payment files disagree:\n${list}`);
  }
}
