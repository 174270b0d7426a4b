import { fundingStatuses } from '@portal/domain/enums/funding';
import {
  bankClearingAccount,
  clientCashAccount,
  withholdingPayableAccount,
  type LedgerCurrency,
} from '@portal/domain/ledger/ledger-accounts';
import type { Database } from '../../db/client.ts';
import { PaymentFileTransportError } from '../../providers/bank/transport/payment-file-transport.ts';
import { recordChange } from '../funding/funding-changes.ts';
import * as funding from '../funding/funding.repo.ts';
import { postJournal } from '../ledger/ledger.service.ts';
import { paymentFileContext, type PaymentFilesDeps } from './payment-files-deps.ts';
import * as repo from './payment-files.repo.ts';

/**
 * Delivers the files written and not yet confirmed (issue 35): the stored bytes, exactly as
 * sealed, so a resend sends the same bytes and a delivery that already landed is a no-op. Once
 * the transport confirms them, one transaction marks the file delivered, its debits SENT_TO_BANK
 * (32, mailed), its payouts sent, and posts each to the ledger (ADR 0038) as of its due date.
 * A failed delivery is counted, logged as an alert, and tried again at the next pass.
 */

/** Noon in Toronto on a bank date: the ledger's time for money that moved that day. */
export function postedAtOf(date: string): Date {
  return new Date(`${date}T17:00:00Z`);
}

async function postItem(tx: Database, item: repo.PaymentItemRow): Promise<void> {
  const currency = item.currency as LedgerCurrency;
  const postedAt = postedAtOf(item.dueOn);
  if (item.direction === 'debit') {
    await postJournal(
      tx,
      {
        kind: 'contributionSent',
        currency,
        reference: { type: 'paymentItem', id: item.id },
        memo: item.crossReference,
        reverses: null,
        lines: [
          { account: bankClearingAccount(currency), side: 'debit', amountCents: item.amountCents },
          {
            account: clientCashAccount(item.clientAccountId),
            side: 'credit',
            amountCents: item.amountCents,
          },
        ],
      },
      { postedAt },
    );
    return;
  }
  const payout = (await repo.findPayout(tx, item.rifPayoutId!))!;
  const cash = clientCashAccount(item.clientAccountId);
  await postJournal(
    tx,
    {
      kind: 'payoutSent',
      currency,
      reference: { type: 'paymentItem', id: item.id },
      memo: item.crossReference,
      reverses: null,
      lines: [
        { account: cash, side: 'debit', amountCents: payout.netCents },
        { account: bankClearingAccount(currency), side: 'credit', amountCents: payout.netCents },
      ],
    },
    { postedAt },
  );
  if (payout.withholdingCents > 0) {
    await postJournal(
      tx,
      {
        kind: 'withholding',
        currency,
        reference: { type: 'paymentItem', id: item.id },
        memo: item.crossReference,
        reverses: null,
        lines: [
          { account: cash, side: 'debit', amountCents: payout.withholdingCents },
          {
            account: withholdingPayableAccount(currency),
            side: 'credit',
            amountCents: payout.withholdingCents,
          },
        ],
      },
      { postedAt },
    );
  }
}

async function markDelivered(
  deps: PaymentFilesDeps,
  file: repo.PaymentFileRow,
  delivery: { remotePath: string; deliveredAt: Date },
): Promise<boolean> {
  const { db, cipher, publicUrl } = deps;
  return db.transaction(async (tx) => {
    const locked = await repo.lockFile(tx, file.id);
    // Another instance confirmed it first: its transaction did the rest.
    if (!locked || locked.status !== 'written') return false;
    await repo.updateFile(tx, file.id, {
      status: 'delivered',
      deliveredAt: delivery.deliveredAt,
      remotePath: delivery.remotePath,
      deliveryAttempts: locked.deliveryAttempts + 1,
      lastDeliveryError: null,
    });
    for (const item of await repo.itemsOfFile(tx, file.id)) {
      if (item.status !== 'filed') continue;
      await repo.updateItem(tx, item.id, { status: 'sent' });
      await postItem(tx, item);
      if (item.direction === 'credit') {
        await repo.updatePayout(tx, item.rifPayoutId!, { status: 'sent' });
        continue;
      }
      const request = (await funding.findRequestById(tx, item.fundingRequestId!))!;
      if (request.status !== fundingStatuses.PENDING) continue;
      await recordChange(tx, cipher, {
        row: await funding.itemRowOf(tx, request),
        person: (await funding.personOf(tx, request.userId))!,
        to: fundingStatuses.SENT_TO_BANK,
        actor: 'job',
        set: { sentOn: file.fileDay },
        mail: { change: 'sent', date: item.dueOn },
        publicUrl,
      });
    }
    return true;
  });
}

export async function deliverWrittenFiles(deps: PaymentFilesDeps): Promise<number> {
  const { db, cipher, channel, log } = deps;
  let delivered = 0;
  for (const file of await repo.filesToDeliver(db)) {
    try {
      const bytes = cipher.decryptBytes(file.sealedEncrypted, paymentFileContext(file.id));
      const delivery = await channel.deliver({
        name: file.name,
        bytes,
        sha256: file.sha256,
        clearSha256: file.clearSha256,
        encrypted: file.pgpEncrypted,
      });
      if (await markDelivered(deps, file, delivery)) delivered += 1;
      log.info(
        {
          paymentFileId: file.id,
          fileCreationNumber: file.fileCreationNumber,
          transport: channel.transportName,
          alreadyDelivered: delivery.alreadyDelivered,
        },
        'payment file delivered',
      );
    } catch (error) {
      const code = error instanceof PaymentFileTransportError ? error.code : 'failed';
      await repo.failedDelivery(db, file.id, code);
      // An alert for operations: the bank does not have the file yet. No path, no secret.
      log.error(
        { paymentFileId: file.id, fileCreationNumber: file.fileCreationNumber, code },
        'payment file delivery failed; it is tried again at the next pass',
      );
    }
  }
  return delivered;
}
