import { fundingStatuses } from '@portal/domain/enums/funding';
import type { HeldRifPayout, PaymentFileSummary } from '@portal/domain/funding/payment-files-api';
import type { OriginalEntryKind, ReversalEntryKind } from '@portal/domain/ledger/ledger-journal';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import {
  clientAccounts,
  fundingRequests,
  paymentFiles,
  paymentItems,
  rifPayouts,
} from '../../db/schema.ts';
import { Refusal } from '../../lib/refusals/refusal.ts';
import { recordAuditEvent } from '../applications/applications.service.ts';
import * as fundingRepo from '../funding/funding.repo.ts';
import * as ledgerRepo from '../ledger/ledger.repo.ts';
import { reverseJournal } from '../ledger/ledger.service.ts';
import {
  heldPayoutOf,
  notFound,
  paymentFileSummary,
  payoutColumns,
} from './payment-files-console.ts';

/**
 * Staff's two actions on payment files (issue 35), each in one transaction with its audit
 * events: recording that the bank refused a whole file (its payments go out again in the next
 * cut-off's file, and what the ledger posted for them is reversed), and letting a held RRIF
 * payout go.
 */

export interface PaymentFileActionDeps {
  db: Database;
  now?: () => Date;
}

/** Where the refusal is raised as an alert (the request's log). */
export interface RefusalAlert {
  error(details: { fileId: string; fileCreationNumber: number }, message: string): void;
}

const notDecidable = () => new Refusal(409, 'notDecidable');

/** The memo of a reversal for a refused file (a code, never free text: ADR 0038). */
const FILE_REFUSED_MEMO = 'fileRefused';

type ItemRow = typeof paymentItems.$inferSelect;

/**
 * Reverses what the ledger posted for an item that never moved, as of `now`. Each attempt at
 * the bank is its own entry (ADR 0039), so the item's own journals are the ones to reverse.
 */
async function reverseItemJournals(tx: Database, item: ItemRow, now: Date): Promise<string[]> {
  const debit = item.direction === 'debit';
  const payment = {
    reference: { type: 'paymentItem', id: item.id } as const,
    kinds: (debit ? ['contributionSent'] : ['payoutSent', 'withholding']) as OriginalEntryKind[],
    reversal: (debit ? 'contributionReturned' : 'payoutReturned') as ReversalEntryKind,
  };
  const reversed: string[] = [];
  for (const kind of payment.kinds) {
    const journal = await ledgerRepo.findEventJournal(tx, {
      kind,
      referenceType: payment.reference.type,
      referenceId: payment.reference.id,
    });
    if (!journal || (await ledgerRepo.findReversalOf(tx, journal.id))) continue;
    const posted = await reverseJournal(
      tx,
      journal.id,
      { kind: payment.reversal, memo: FILE_REFUSED_MEMO },
      { postedAt: now },
    );
    reversed.push(posted.id);
  }
  return reversed;
}

/** A debit sent to the bank goes back to PENDING, so the next cut-off files it again. */
async function requeueRequest(tx: Database, requestId: string, staffId: string): Promise<void> {
  const [request] = await tx
    .select({ status: fundingRequests.status })
    .from(fundingRequests)
    .where(eq(fundingRequests.id, requestId))
    .for('update');
  if (request?.status !== fundingStatuses.SENT_TO_BANK) return;
  await fundingRepo.updateRequest(tx, requestId, {
    status: fundingStatuses.PENDING,
    sentOn: null,
  });
  await fundingRepo.insertEvent(tx, {
    fundingRequestId: requestId,
    actor: 'staff',
    actorId: staffId,
    fromStatus: fundingStatuses.SENT_TO_BANK,
    toStatus: fundingStatuses.PENDING,
  });
}

/**
 * `POST ops/paymentFiles/{fileId}/refused`: the bank refused the whole file, as operations
 * learnt from it. Only a file written or delivered, none of whose items settled or came back
 * (money that moved cannot be unsent). The file becomes refused with the bank's reason; its
 * items `refiled`; their debits back to PENDING and payouts to `due`, which the next cut-off
 * files again in a new file; the ledger's journals for them reversed; an audit event on each
 * application the file paid. Then an alert, naming the file only.
 */
export async function refusePaymentFile(
  deps: PaymentFileActionDeps,
  staffId: string,
  fileId: string,
  reason: string,
  alert: RefusalAlert,
): Promise<PaymentFileSummary> {
  const now = deps.now?.() ?? new Date();
  const file = await deps.db.transaction(async (tx) => {
    const [locked] = await tx
      .select({
        id: paymentFiles.id,
        status: paymentFiles.status,
        fileDay: paymentFiles.fileDay,
        currency: paymentFiles.currency,
        fileCreationNumber: paymentFiles.fileCreationNumber,
      })
      .from(paymentFiles)
      .where(eq(paymentFiles.id, fileId))
      .for('update');
    if (!locked) throw notFound();
    if (locked.status !== 'written' && locked.status !== 'delivered') throw notDecidable();
    const items = await tx
      .select({ item: paymentItems, applicationId: clientAccounts.applicationId })
      .from(paymentItems)
      .innerJoin(clientAccounts, eq(clientAccounts.id, paymentItems.clientAccountId))
      .where(eq(paymentItems.fileId, fileId))
      .orderBy(asc(paymentItems.sequence))
      .for('update', { of: paymentItems });
    // The cut-off writes no empty file; without an item there is no application to audit under.
    if (items.length === 0) throw notDecidable();
    if (items.some(({ item }) => item.status === 'settled' || item.status === 'returned')) {
      throw notDecidable();
    }

    await tx
      .update(paymentFiles)
      .set({ status: 'refused', refusedAt: now, refusedReason: reason })
      .where(eq(paymentFiles.id, fileId));
    const byApplication = new Map<string, { itemIds: string[]; journalIds: string[] }>();
    for (const { item, applicationId } of items) {
      await tx.update(paymentItems).set({ status: 'refiled' }).where(eq(paymentItems.id, item.id));
      if (item.fundingRequestId) await requeueRequest(tx, item.fundingRequestId, staffId);
      if (item.rifPayoutId) {
        await tx
          .update(rifPayouts)
          .set({ status: 'due' })
          .where(
            and(eq(rifPayouts.id, item.rifPayoutId), inArray(rifPayouts.status, ['filed', 'sent'])),
          );
      }
      const journalIds = await reverseItemJournals(tx, item, now);
      const entry = byApplication.get(applicationId) ?? { itemIds: [], journalIds: [] };
      entry.itemIds.push(item.id);
      entry.journalIds.push(...journalIds);
      byApplication.set(applicationId, entry);
    }
    for (const [applicationId, entry] of byApplication) {
      await recordAuditEvent(tx, {
        applicationId,
        actorId: staffId,
        action: 'paymentFileRefusalRecorded',
        details: {
          paymentFileId: fileId,
          fileCreationNumber: locked.fileCreationNumber,
          fileDay: locked.fileDay,
          currency: locked.currency,
          fromStatus: locked.status,
          toStatus: 'refused',
          paymentItemIds: entry.itemIds,
          reversedJournalIds: entry.journalIds,
          reason,
        },
        createdAt: now,
      });
    }
    return locked;
  });
  // The alert names the file and nothing else: no person, no account, not the bank's words.
  alert.error(
    { fileId: file.id, fileCreationNumber: file.fileCreationNumber },
    'payment file refused by the bank',
  );
  const summary = await paymentFileSummary(deps.db, fileId);
  if (!summary) throw notFound();
  return summary;
}

/**
 * `POST ops/rifPayouts/{payoutId}/release`: a held payout goes back to `due`, so the next
 * cut-off files it; who let it go and when are kept on the row, the reason in the audit trail.
 */
export async function releaseRifPayout(
  deps: PaymentFileActionDeps,
  staffId: string,
  payoutId: string,
  reason: string,
): Promise<HeldRifPayout> {
  const now = deps.now?.() ?? new Date();
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select(payoutColumns)
      .from(rifPayouts)
      .innerJoin(clientAccounts, eq(clientAccounts.id, rifPayouts.clientAccountId))
      .where(eq(rifPayouts.id, payoutId))
      .for('update', { of: rifPayouts });
    if (!row) throw notFound();
    if (row.payout.status !== 'held') throw notDecidable();
    const [payout] = await tx
      .update(rifPayouts)
      .set({ status: 'due', releasedBy: staffId, releasedAt: now })
      .where(eq(rifPayouts.id, payoutId))
      .returning();
    await recordAuditEvent(tx, {
      applicationId: row.applicationId,
      actorId: staffId,
      action: 'rifPayoutReleasedByStaff',
      details: {
        rifPayoutId: payoutId,
        paidOn: row.payout.paidOn,
        holdReason: row.payout.holdReason,
        fromStatus: 'held',
        toStatus: 'due',
        reason,
      },
      createdAt: now,
    });
    return heldPayoutOf({ payout: payout!, applicationId: row.applicationId });
  });
}
