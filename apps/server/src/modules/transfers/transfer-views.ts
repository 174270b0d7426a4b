import { fundingStatuses } from '@portal/domain/enums/funding';
import {
  transferInStatuses,
  type EsignStatus,
  type TransferInStatus,
  type TransferType,
} from '@portal/domain/enums/transfers';
import { deliveringInstitutionNameOf } from '@portal/domain/transfers/delivering-institutions';
import type { TransferAccountTypeName } from '@portal/domain/transfers/transfer-compatibility';
import { feeRefundFor } from '@portal/domain/transfers/transfer-offer';
import {
  transferCancellableStatuses,
  type TransferDisplayStatus,
  type TransferView,
} from '@portal/domain/transfers/transfer-request';
import type { Database } from '../../db/client.ts';
import type { MessageLanguage } from '../outbox/outbox.service.ts';
import { maskedTransferAccount } from './transfer-sealed-fields.ts';
import * as repo from './transfers.repo.ts';

/** A transfer as the client sees it: its status shown, whether it can be cancelled, its dates. */

function displayStatusOf(row: repo.TransferRow): TransferDisplayStatus {
  if (row.status === fundingStatuses.CANCELLED_BY_CLIENT) return 'CANCELLED';
  if (row.status === null) return 'UNSIGNED';
  return row.status as TransferInStatus;
}

/** Whether the client may still cancel: unsigned, or signed and not yet with the other firm. */
export function isCancellable(row: repo.TransferRow): boolean {
  if (row.status === null) return row.esignStatus !== 'SIGNED';
  return (transferCancellableStatuses as readonly number[]).includes(row.status);
}

/** A transfer as the funding page lists it (never the full account number). */
export function transferView(
  row: repo.TransferRow,
  lineCount: number,
  language: MessageLanguage,
): TransferView {
  const processed = row.status === transferInStatuses.SC_PROCESSED && row.completedOn !== null;
  return {
    id: row.id,
    toAccountId: row.toAccountId,
    fromInstitutionId: row.fromInstitutionId,
    fromInstitutionName: deliveringInstitutionNameOf(row.fromInstitutionId, language),
    accountNumber: maskedTransferAccount(row.accountNumberLast3),
    accountType: row.accountType as TransferAccountTypeName,
    transferType: row.transferTypeId as TransferType,
    approximateValueCents: row.approximateValueCents,
    status: displayStatusOf(row),
    esignStatus: row.esignStatus as EsignStatus,
    cancellable: isCancellable(row),
    expected:
      row.expectedEarliest && row.expectedLatest
        ? { earliest: row.expectedEarliest, latest: row.expectedLatest }
        : null,
    feeRefund: processed
      ? feeRefundFor({
          transferredCents: row.approximateValueCents,
          completedOn: row.completedOn!,
          feeChargedCents: row.transferFeeCents,
        })
      : null,
    lineCount,
    createdAt: row.createdAt.toISOString(),
    lastModifiedDate: row.lastModifiedAt.toISOString(),
    signedOn: row.signedOn,
  };
}

/** A saved transfer's view, its lines counted. */
export async function viewOf(db: Database, row: repo.TransferRow, language: MessageLanguage) {
  const lines = await repo.linesOf(db, [row.id]);
  return transferView(row, lines.length, language);
}
