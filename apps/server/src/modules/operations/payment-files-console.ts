import type {
  HeldRifPayout,
  PaymentFileDetail,
  PaymentFileStatus,
  PaymentFileSummary,
  PaymentItemStatus,
  PaymentItemView,
  PaymentReturnFileDetail,
  PaymentReturnFileSummary,
  PaymentReturnOutcome,
  RifPayoutHoldReason,
} from '@portal/domain/funding/payment-files-api';
import type { LedgerCurrency } from '@portal/domain/ledger/ledger-accounts';
import type { Page } from '@portal/domain/operations/operations-api';
import { asc, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import {
  clientAccounts,
  paymentFiles,
  paymentItems,
  paymentReturnFiles,
  paymentReturns,
  rifPayouts,
} from '../../db/schema.ts';
import { Refusal } from '../../lib/refusals/refusal.ts';
import type { PageQuery } from './work-queues.ts';

/**
 * What the operations console reads of the payment files (issue 35): the files the cut-off
 * wrote, newest first, each with its items; the return files read from the bank with each
 * returned item and what became of it; the RRIF payouts held for a person. Nothing here names a
 * person or shows a bank account: items go by their cross-reference and their application.
 */

export const notFound = () => new Refusal(404, 'notFound');

/** Every column but the sealed bytes, which name people and never leave the server. */
const summaryColumns = {
  id: paymentFiles.id,
  name: paymentFiles.name,
  fileDay: paymentFiles.fileDay,
  currency: paymentFiles.currency,
  fileCreationNumber: paymentFiles.fileCreationNumber,
  status: paymentFiles.status,
  debitCount: paymentFiles.debitCount,
  debitTotalCents: paymentFiles.debitTotalCents,
  creditCount: paymentFiles.creditCount,
  creditTotalCents: paymentFiles.creditTotalCents,
  sha256: paymentFiles.sha256,
  deliveryAttempts: paymentFiles.deliveryAttempts,
  lastDeliveryError: paymentFiles.lastDeliveryError,
  deliveredAt: paymentFiles.deliveredAt,
  refusedAt: paymentFiles.refusedAt,
  refusedReason: paymentFiles.refusedReason,
  // Qualified by hand: drizzle leaves a lone table's columns bare, and a bare `id` is the item's.
  returnedCount: sql<number>`(select count(*)::int from ${paymentItems} as returned_items
    where returned_items.file_id = ${paymentFiles}.id and returned_items.status = 'returned')`,
};

const summaries = (db: Database) => db.select(summaryColumns).from(paymentFiles);
type SummaryRow = Awaited<ReturnType<typeof summaries>>[number];

function summaryOf(row: SummaryRow): PaymentFileSummary {
  return {
    ...row,
    currency: row.currency as LedgerCurrency,
    status: row.status as PaymentFileStatus,
    deliveredAt: row.deliveredAt?.toISOString() ?? null,
    refusedAt: row.refusedAt?.toISOString() ?? null,
  };
}

/** One file's summary; undefined when there is none. */
export async function paymentFileSummary(
  db: Database,
  fileId: string,
): Promise<PaymentFileSummary | undefined> {
  const [row] = await summaries(db).where(eq(paymentFiles.id, fileId));
  return row && summaryOf(row);
}

/** `GET ops/paymentFiles`: newest business day first; the same day's files by currency. */
export async function paymentFilePage(
  db: Database,
  query: PageQuery,
): Promise<Page<PaymentFileSummary>> {
  const [counted] = await db.select({ total: sql<number>`count(*)::int` }).from(paymentFiles);
  const rows = await summaries(db)
    .orderBy(desc(paymentFiles.fileDay), asc(paymentFiles.currency), asc(paymentFiles.id))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  return {
    items: rows.map(summaryOf),
    page: query.page,
    pageSize: query.pageSize,
    total: counted?.total ?? 0,
  };
}

/** `GET ops/paymentFiles/{fileId}`: the file and every item it ever carried, in file order. */
export async function paymentFileDetail(db: Database, fileId: string): Promise<PaymentFileDetail> {
  const summary = await paymentFileSummary(db, fileId);
  if (!summary) throw notFound();
  const rows = await db
    .select({ item: paymentItems, applicationId: clientAccounts.applicationId })
    .from(paymentItems)
    .leftJoin(clientAccounts, eq(clientAccounts.id, paymentItems.clientAccountId))
    .where(eq(paymentItems.fileId, fileId))
    .orderBy(asc(paymentItems.sequence));
  const items = rows.map(({ item, applicationId }): PaymentItemView => ({
    id: item.id,
    crossReference: item.crossReference,
    direction: item.direction as PaymentItemView['direction'],
    // The table's check gives a debit its funding request and a credit its payout.
    source:
      item.direction === 'debit'
        ? { type: 'fundingRequest', id: item.fundingRequestId ?? '' }
        : { type: 'rifPayout', id: item.rifPayoutId ?? '' },
    applicationId,
    currency: item.currency as LedgerCurrency,
    amountCents: item.amountCents,
    dueOn: item.dueOn,
    transactionCode: item.transactionCode,
    status: item.status as PaymentItemStatus,
    returnReasonCode: item.returnReasonCode,
  }));
  return { ...summary, items };
}

type ReturnFileRow = typeof paymentReturnFiles.$inferSelect;

function returnSummaryOf(row: ReturnFileRow): PaymentReturnFileSummary {
  return {
    id: row.id,
    name: row.name,
    readAt: row.readAt.toISOString(),
    status: row.status as PaymentReturnFileSummary['status'],
    error: row.error,
    itemCount: row.itemCount,
    debitTotalCents: row.debitTotalCents,
    creditTotalCents: row.creditTotalCents,
  };
}

/** `GET ops/paymentReturns`: the return files read, the latest first. */
export async function paymentReturnPage(
  db: Database,
  query: PageQuery,
): Promise<Page<PaymentReturnFileSummary>> {
  const [counted] = await db.select({ total: sql<number>`count(*)::int` }).from(paymentReturnFiles);
  const rows = await db
    .select()
    .from(paymentReturnFiles)
    .orderBy(desc(paymentReturnFiles.readAt), asc(paymentReturnFiles.id))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  return {
    items: rows.map(returnSummaryOf),
    page: query.page,
    pageSize: query.pageSize,
    total: counted?.total ?? 0,
  };
}

/** `GET ops/paymentReturns/{returnFileId}`: the file and its returned items, in file order. */
export async function paymentReturnDetail(
  db: Database,
  returnFileId: string,
): Promise<PaymentReturnFileDetail> {
  const [file] = await db
    .select()
    .from(paymentReturnFiles)
    .where(eq(paymentReturnFiles.id, returnFileId));
  if (!file) throw notFound();
  const rows = await db
    .select()
    .from(paymentReturns)
    .where(eq(paymentReturns.returnFileId, returnFileId))
    .orderBy(asc(paymentReturns.line), asc(paymentReturns.segment));
  return {
    ...returnSummaryOf(file),
    returns: rows.map((row) => ({
      id: row.id,
      crossReference: row.crossReference,
      direction: row.direction as 'debit' | 'credit',
      reasonCode: row.reasonCode,
      amountCents: row.amountCents,
      dueOn: row.dueOn,
      outcome: row.outcome as PaymentReturnOutcome,
      itemId: row.itemId,
    })),
  };
}

export const payoutColumns = {
  payout: rifPayouts,
  applicationId: clientAccounts.applicationId,
};

export function heldPayoutOf(row: {
  payout: typeof rifPayouts.$inferSelect;
  applicationId: string;
}): HeldRifPayout {
  const { payout } = row;
  return {
    id: payout.id,
    applicationId: row.applicationId,
    clientAccountId: payout.clientAccountId,
    paidOn: payout.paidOn,
    grossCents: payout.grossCents,
    withholdingCents: payout.withholdingCents,
    netCents: payout.netCents,
    // The cut-off holds a payout with its reason, always.
    holdReason: payout.holdReason as RifPayoutHoldReason,
    releasedAt: payout.releasedAt?.toISOString() ?? null,
  };
}

/** `GET ops/rifPayouts/held`: the payouts held for a person, soonest due first. */
export async function heldRifPayouts(db: Database): Promise<HeldRifPayout[]> {
  const rows = await db
    .select(payoutColumns)
    .from(rifPayouts)
    .innerJoin(clientAccounts, eq(clientAccounts.id, rifPayouts.clientAccountId))
    .where(eq(rifPayouts.status, 'held'))
    .orderBy(asc(rifPayouts.paidOn), asc(rifPayouts.id));
  return rows.map(heldPayoutOf);
}
