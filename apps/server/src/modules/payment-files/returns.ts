import { randomUUID } from 'node:crypto';
import type { NamedAccountTypeName } from '@portal/domain/enums/account-types';
import { fundingStatuses } from '@portal/domain/enums/funding';
import { toAccountLabel } from '@portal/domain/funding/funding-item';
import { returnEffectOf } from '@portal/domain/funding/return-reasons';
import type { Database } from '../../db/client.ts';
import {
  readCpa005Returns,
  type Cpa005ReturnedItem,
  type Cpa005ReturnsFile,
} from '../../providers/bank/cpa005/cpa005-returns.ts';
import { sha256Hex } from '../../providers/bank/transport/payment-file-transport.ts';
import { institutionNameOf, maskedOf } from '../funding/bank-accounts.ts';
import { recordChange } from '../funding/funding-changes.ts';
import { fundingPageUrl, languageOf } from '../funding/funding-deps.ts';
import * as funding from '../funding/funding.repo.ts';
import { findEventJournalId, reverseJournal } from '../ledger/ledger.service.ts';
import { enqueueMessage } from '../outbox/outbox.service.ts';
import { RETURNABLE_ITEM_STATUSES, type PaymentFilesDeps } from './payment-files-deps.ts';
import * as repo from './payment-files.repo.ts';
import {
  PAYMENT_RETURN_TEMPLATE,
  paymentReturnMail,
  type ReturnConsequence,
} from './return-mail.ts';

/**
 * The bank's returns (issue 35): each return file is read once (its SHA-256 is kept), every
 * returned item is matched to its item by cross-reference and applied in one transaction with
 * the file's record, then the file is acknowledged at the bank. A debit returned, even one
 * COMPLETED days before (an NSF, a PAD claim within 90 days), becomes REJECTED_BY_BANK (33) and
 * its ledger entry is reversed; a payout returned is reversed too. Standard 007's reasons decide
 * the rest: 903, 905, 915 and 917 stop the PAC the debit belongs to, and a second NSF in a row
 * suspends it for operations. The person is mailed in their language with what to do. A return
 * that matches nothing, or not the item it names, is kept for operations and changes nothing.
 */

type Outcome = 'applied' | 'unmatched' | 'mismatch' | 'repeated';

async function stopOrSuspendPac(
  deps: PaymentFilesDeps,
  tx: Database,
  debit: repo.FundingRequestRow,
  reasonCode: number,
): Promise<ReturnConsequence> {
  const effect = returnEffectOf(reasonCode);
  const parent = await funding.findRequestById(tx, debit.parentId!, { lock: true });
  if (!parent) return 'none';
  const live =
    parent.status === fundingStatuses.APPROVED ||
    parent.status === fundingStatuses.DELETED_BY_CLIENT;
  if (effect.stopsPac && live) {
    await recordChange(tx, deps.cipher, {
      row: await funding.itemRowOf(tx, parent),
      person: (await funding.personOf(tx, parent.userId))!,
      to: fundingStatuses.DELETE_APPROVED,
      actor: 'job',
      set: { nextDebitDate: null, stoppedByReturnCode: reasonCode },
      publicUrl: deps.publicUrl,
    });
    return 'pacStopped';
  }
  if (effect.countsAsNsf) {
    // In a row: the PAC's debit before this one came back NSF too (returns arrive days after
    // the debits settle, so a counter kept at settlement would be reset too early).
    const previous = await repo.previousDebitReturnCode(tx, parent.id, debit.startDate);
    const consecutiveNsf =
      previous !== undefined && previous !== null && returnEffectOf(previous).countsAsNsf ? 2 : 1;
    const suspend = live && consecutiveNsf >= 2 && parent.suspendedAt === null;
    await funding.updateRequest(tx, parent.id, {
      consecutiveNsf,
      ...(suspend && { suspendedAt: deps.now() }),
    });
    if (suspend) {
      deps.log.warn(
        { fundingRequestId: parent.id },
        'a PAC returned NSF twice in a row is suspended for operations',
      );
      return 'pacSuspended';
    }
  }
  return 'none';
}

async function mailPerson(
  deps: PaymentFilesDeps,
  tx: Database,
  item: repo.PaymentItemRow,
  returned: Cpa005ReturnedItem,
  bankAccountId: string,
  consequence: ReturnConsequence,
): Promise<void> {
  const [person, bankAccount, clientAccount] = await Promise.all([
    funding.personOf(tx, item.userId),
    funding.findBankAccountById(tx, bankAccountId),
    funding.findClientAccountById(tx, item.clientAccountId),
  ]);
  if (!person || !bankAccount || !clientAccount) return;
  const language = languageOf(person.language);
  await enqueueMessage(tx, deps.cipher, {
    channel: 'email',
    recipient: person.email,
    language,
    template: PAYMENT_RETURN_TEMPLATE,
    applicationId: clientAccount.applicationId,
    content: paymentReturnMail({
      language,
      firstName: person.firstName,
      direction: item.direction as 'debit' | 'credit',
      reasonCode: returned.reasonCode,
      amountCents: item.amountCents,
      currency: item.currency as 'CAD' | 'USD',
      dueOn: item.dueOn,
      toAccountLabel: toAccountLabel(
        {
          accountTypeName: clientAccount.accountTypeName as NamedAccountTypeName,
          accountNumber: clientAccount.accountNumber,
        },
        language,
      ),
      bankAccountMasked: maskedOf(bankAccount),
      institutionName: institutionNameOf(bankAccount, language),
      consequence,
      url: fundingPageUrl(deps.publicUrl),
    }),
  });
}

async function reverseLedger(
  tx: Database,
  item: repo.PaymentItemRow,
  reasonCode: number,
): Promise<void> {
  // An item returned before its delivery was confirmed has no journal to reverse yet.
  if (item.status === 'filed') return;
  const debit = item.direction === 'debit';
  const journalId = await findEventJournalId(tx, debit ? 'contributionSent' : 'payoutSent', {
    type: 'paymentItem',
    id: item.id,
  });
  if (!journalId) return;
  const kind = debit
    ? returnEffectOf(reasonCode).isPadClaim
      ? 'padClaim'
      : 'contributionReturned'
    : 'payoutReturned';
  await reverseJournal(tx, journalId, { kind, memo: `R${reasonCode}` });
}

async function applyReturnedItem(
  deps: PaymentFilesDeps,
  tx: Database,
  returned: Cpa005ReturnedItem,
): Promise<{ outcome: Outcome; itemId: string | null }> {
  const item = await repo.lockItemByCrossReference(tx, returned.crossReference);
  if (!item) return { outcome: 'unmatched', itemId: null };
  if (item.direction !== returned.direction || item.amountCents !== returned.amountCents) {
    return { outcome: 'mismatch', itemId: item.id };
  }
  if (item.status === 'returned') return { outcome: 'repeated', itemId: item.id };
  if (!RETURNABLE_ITEM_STATUSES.has(item.status)) return { outcome: 'mismatch', itemId: item.id };

  await reverseLedger(tx, item, returned.reasonCode);
  await repo.updateItem(tx, item.id, {
    status: 'returned',
    returnReasonCode: returned.reasonCode,
    returnedAt: deps.now(),
  });
  if (item.direction === 'credit') {
    const payout = (await repo.findPayout(tx, item.rifPayoutId!))!;
    await repo.updatePayout(tx, payout.id, { status: 'returned' });
    await mailPerson(deps, tx, item, returned, payout.bankAccountId, 'none');
    return { outcome: 'applied', itemId: item.id };
  }
  const request = (await funding.findRequestById(tx, item.fundingRequestId!, { lock: true }))!;
  if (request.status !== fundingStatuses.REJECTED_BY_BANK) {
    await recordChange(tx, deps.cipher, {
      row: await funding.itemRowOf(tx, request),
      person: (await funding.personOf(tx, request.userId))!,
      to: fundingStatuses.REJECTED_BY_BANK,
      actor: 'job',
      publicUrl: deps.publicUrl,
    });
  }
  const consequence = request.parentId
    ? await stopOrSuspendPac(deps, tx, request, returned.reasonCode)
    : 'none';
  await mailPerson(deps, tx, item, returned, request.bankAccountId, consequence);
  return { outcome: 'applied', itemId: item.id };
}

async function applyReturnsFile(
  deps: PaymentFilesDeps,
  name: string,
  sha256: string,
  file: Cpa005ReturnsFile,
): Promise<number> {
  return deps.db.transaction(async (tx) => {
    const returnFileId = randomUUID();
    const fresh = await repo.insertReturnFile(tx, {
      id: returnFileId,
      name,
      sha256,
      fileCreationNumber: file.fileCreationNumber,
      creationDate: file.creationDate,
      itemCount: file.returnedItems.length,
      debitTotalCents: file.totals.debitValueCents,
      creditTotalCents: file.totals.creditValueCents,
      status: 'applied',
    });
    // Another instance read the same bytes first.
    if (!fresh) return 0;
    let applied = 0;
    for (const returned of file.returnedItems) {
      const { outcome, itemId } = await applyReturnedItem(deps, tx, returned);
      if (outcome === 'applied') applied += 1;
      else {
        deps.log.warn(
          { returnFileId, line: returned.line, segment: returned.segment, outcome },
          'a returned item was not applied; operations see it with the return file',
        );
      }
      await repo.insertReturn(tx, {
        id: randomUUID(),
        returnFileId,
        line: returned.line,
        segment: returned.segment,
        itemId,
        crossReference: returned.crossReference,
        direction: returned.direction,
        reasonCode: returned.reasonCode,
        amountCents: returned.amountCents,
        dueOn: returned.dueDate,
        outcome,
      });
    }
    return applied;
  });
}

async function keepUnreadable(
  deps: PaymentFilesDeps,
  name: string,
  sha256: string,
  error: unknown,
): Promise<void> {
  const message = error instanceof Error ? error.message : 'unreadable';
  await deps.db.transaction((tx) =>
    repo.insertReturnFile(tx, {
      id: randomUUID(),
      name,
      sha256,
      itemCount: 0,
      debitTotalCents: 0,
      creditTotalCents: 0,
      status: 'unreadable',
      // The reader's messages name a line and a field, never what the field held.
      error: message.slice(0, 500),
    }),
  );
  deps.log.error(
    { returnFile: name, reason: message.slice(0, 200) },
    'a return file from the bank could not be read; kept for operations',
  );
}

/** Reads and applies every return waiting at the bank; answers how many items were applied. */
export async function readReturns(deps: PaymentFilesDeps): Promise<number> {
  const { channel, db, settings } = deps;
  let applied = 0;
  for (const name of await channel.listReturns()) {
    const bytes = await channel.fetchReturn(name);
    const sha256 = sha256Hex(bytes);
    if (!(await repo.returnFileBySha(db, sha256))) {
      let file: Cpa005ReturnsFile | undefined;
      try {
        file = readCpa005Returns(Buffer.from(bytes).toString('latin1'), {
          ...(settings.reasonCodeIn && { reasonCodeIn: settings.reasonCodeIn }),
        });
      } catch (error) {
        await keepUnreadable(deps, name, sha256, error);
      }
      if (file) applied += await applyReturnsFile(deps, name, sha256, file);
    }
    // Recorded (or recorded before a crash): the bank's copy can go.
    await channel.acknowledgeReturn(name);
  }
  return applied;
}
