import type { IsoDate } from '@portal/domain/calendar/iso-date';
import type { NamedAccountTypeName } from '@portal/domain/enums/account-types';
import type { fundingStatuses } from '@portal/domain/enums/funding';
import type { TransferInStatus } from '@portal/domain/enums/transfers';
import { toAccountLabel } from '@portal/domain/funding/funding-item';
import type { Cents } from '@portal/domain/money/cents';
import { deliveringInstitutionNameOf } from '@portal/domain/transfers/delivering-institutions';
import type { Database } from '../../db/client.ts';
import * as fundingRepo from '../funding/funding.repo.ts';
import { fundingPageUrl } from '../funding/funding.service.ts';
import { enqueueMessage } from '../outbox/outbox.service.ts';
import { languageOf, type TransferDeps } from './transfer-deps.ts';
import {
  TRANSFER_STATUS_TEMPLATE,
  transferStatusMail,
  type TransferChange,
} from './transfer-mail.ts';
import { maskedTransferAccount } from './transfer-sealed-fields.ts';
import * as repo from './transfers.repo.ts';

/**
 * A transfer's status changes: each written with its `transfer_events` row and the client's
 * mail, in the caller's transaction.
 */

/** The client's mail of a change, in their language, in the caller's transaction. */
async function queueMail(
  tx: Database,
  deps: Pick<TransferDeps, 'cipher' | 'publicUrl'>,
  row: repo.TransferRow,
  change: TransferChange,
  date: IsoDate,
): Promise<void> {
  const person = await fundingRepo.personOf(tx, row.userId);
  if (!person) return;
  const language = languageOf(person.language);
  const account = await repo.findClientAccountById(tx, row.toAccountId);
  await enqueueMessage(tx, deps.cipher, {
    channel: 'email',
    recipient: person.email,
    language,
    template: TRANSFER_STATUS_TEMPLATE,
    applicationId: row.applicationId,
    content: transferStatusMail({
      language,
      firstName: person.firstName,
      change,
      institutionName: deliveringInstitutionNameOf(row.fromInstitutionId, language),
      accountMasked: maskedTransferAccount(row.accountNumberLast3),
      toAccountLabel: account
        ? toAccountLabel(
            {
              accountTypeName: account.accountTypeName as NamedAccountTypeName,
              accountNumber: account.accountNumber,
            },
            language,
          )
        : '',
      valueCents: row.approximateValueCents as Cents,
      date,
      expected:
        row.expectedEarliest && row.expectedLatest
          ? { earliest: row.expectedEarliest, latest: row.expectedLatest }
          : null,
      url: fundingPageUrl(deps.publicUrl),
    }),
  });
}

/**
 * Writes a status change of a transfer with its event and its mail, in the caller's
 * transaction. Shared by the client's cancel, the signature and the processing job.
 */
export async function recordTransferChange(
  tx: Database,
  deps: Pick<TransferDeps, 'cipher' | 'publicUrl'>,
  change: {
    row: repo.TransferRow;
    to: TransferInStatus | typeof fundingStatuses.CANCELLED_BY_CLIENT;
    actor: 'client' | 'esign' | 'job' | 'staff';
    actorId?: string;
    set?: Partial<repo.NewTransferRow>;
    mail: { change: TransferChange; date: IsoDate };
  },
): Promise<repo.TransferRow> {
  const updated = await repo.updateTransfer(tx, change.row.id, {
    ...change.set,
    status: change.to,
  });
  await repo.insertEvent(tx, {
    transferRequestId: change.row.id,
    actor: change.actor,
    actorId: change.actorId ?? null,
    fromStatus: change.row.status,
    toStatus: change.to,
  });
  await queueMail(tx, deps, updated, change.mail.change, change.mail.date);
  return updated;
}
