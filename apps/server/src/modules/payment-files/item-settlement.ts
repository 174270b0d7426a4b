import type { IsoDate } from '@portal/domain/calendar/iso-date';
import { fundingStatuses } from '@portal/domain/enums/funding';
import { recordChange } from '../funding/funding-changes.ts';
import * as funding from '../funding/funding.repo.ts';
import type { PaymentFilesDeps } from './payment-files-deps.ts';
import * as repo from './payment-files.repo.ts';

/**
 * Items the bank has had since an earlier day reach their due date (issue 35): a debit is
 * COMPLETED (18, mailed); a payout is paid. Never on the
 * day the file went (the bank has not processed it yet). A return may still come after this:
 * returns.ts takes a settled item back.
 */
export async function settleDueItems(
  deps: PaymentFilesDeps,
  today: IsoDate,
  batchSize = 100,
): Promise<number> {
  const { db, cipher, publicUrl } = deps;
  let settled = 0;
  for (;;) {
    const count = await db.transaction(async (tx) => {
      const items = await repo.itemsToSettle(tx, { today, limit: batchSize });
      for (const item of items) {
        await repo.updateItem(tx, item.id, { status: 'settled' });
        if (item.direction === 'credit') {
          await repo.updatePayout(tx, item.rifPayoutId!, { status: 'paid' });
          continue;
        }
        const request = (await funding.findRequestById(tx, item.fundingRequestId!, {
          lock: true,
        }))!;
        if (request.status === fundingStatuses.SENT_TO_BANK) {
          await recordChange(tx, cipher, {
            row: await funding.itemRowOf(tx, request),
            person: (await funding.personOf(tx, request.userId))!,
            to: fundingStatuses.COMPLETED,
            actor: 'job',
            mail: { change: 'completed', date: item.dueOn },
            publicUrl,
          });
        }
      }
      return items.length;
    });
    settled += count;
    if (count < batchSize) return settled;
  }
}
