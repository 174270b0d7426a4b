import type { PartialTransferLine } from '@portal/domain/transfers/transfer-precheck';
import type { TransferAccountModel } from '@portal/domain/transfers/transfer-request';
import type * as repo from './transfers.repo.ts';

/**
 * The lines of a partial transfer (spec section 5: trade-instruction rows): as the form sends
 * them, as `transfer_lines` keeps them (in order, a cash line with its amount only), and as the
 * authorization prints them.
 */

/** The form's lines as rows, numbered in the form's order. */
export function lineRowsOf(
  lines: TransferAccountModel['lines'],
): Omit<repo.TransferLineRow, 'transferRequestId'>[] {
  return lines.map((line, position) =>
    line.kind === 'cash'
      ? {
          position,
          kind: line.kind,
          symbol: null,
          securityName: null,
          quantity: null,
          amountCents: line.amountCents,
        }
      : {
          position,
          kind: line.kind,
          symbol: line.symbol,
          securityName: line.securityName,
          quantity: line.quantity,
          amountCents: null,
        },
  );
}

/** Saved lines as the transfer authorization prints them. */
export function partialLinesOf(lines: readonly repo.TransferLineRow[]): PartialTransferLine[] {
  return lines.map((line): PartialTransferLine =>
    line.kind === 'cash'
      ? { kind: 'cash', amountCents: line.amountCents ?? 0 }
      : {
          kind: line.kind as 'inKind' | 'inCash',
          symbol: line.symbol ?? '',
          securityName: line.securityName ?? '',
          quantity: line.quantity ?? 0,
        },
  );
}

/** How many lines each transfer has, by transfer id. */
export function lineCountsOf(lines: readonly repo.TransferLineRow[]): Map<string, number> {
  const lineCounts = new Map<string, number>();
  for (const line of lines) {
    lineCounts.set(line.transferRequestId, (lineCounts.get(line.transferRequestId) ?? 0) + 1);
  }
  return lineCounts;
}
