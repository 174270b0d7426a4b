import type { IsoDate } from '@portal/domain/calendar/iso-date';
import type { FundingStatus } from '@portal/domain/enums/funding';
import { toAccountLabel } from '@portal/domain/funding/funding-item';
import type { Database } from '../../db/client.ts';
import type { FieldCipher } from '../../lib/crypto/field-cipher.ts';
import { enqueueMessage } from '../outbox/outbox.service.ts';
import { maskedOf } from './bank-accounts.ts';
import { currencyOf, toAccountView } from './client-accounts.ts';
import { fundingPageUrl, languageOf } from './funding-deps.ts';
import { FUNDING_STATUS_TEMPLATE, fundingStatusMail, type FundingChange } from './funding-mail.ts';
import * as repo from './funding.repo.ts';

/**
 * Writes a status change of a request with its event and its mail to the client, in the
 * caller's transaction. Shared by the client's changes and the settlement job.
 */
export async function recordChange(
  db: Database,
  cipher: FieldCipher,
  change: {
    row: repo.ItemRow;
    person: repo.PersonRow;
    to: FundingStatus;
    actor: 'client' | 'job' | 'staff';
    actorId?: string;
    set?: Partial<repo.NewFundingRequestRow>;
    /** The mail to send, with the date it names; none for changes the client does not see. */
    mail?: { change: FundingChange; date: IsoDate };
    publicUrl: string;
  },
): Promise<repo.FundingRequestRow> {
  const { row, person } = change;
  const updated = await repo.updateRequest(db, row.request.id, {
    ...change.set,
    status: change.to,
  });
  await repo.insertEvent(db, {
    fundingRequestId: row.request.id,
    actor: change.actor,
    actorId: change.actorId ?? null,
    fromStatus: row.request.status,
    toStatus: change.to,
  });
  if (change.mail) {
    const language = languageOf(person.language);
    await enqueueMessage(db, cipher, {
      channel: 'email',
      recipient: person.email,
      language,
      template: FUNDING_STATUS_TEMPLATE,
      applicationId: row.request.applicationId,
      content: fundingStatusMail({
        language,
        firstName: person.firstName,
        change: change.mail.change,
        amountCents: row.request.amountCents,
        currency: currencyOf(row.clientAccount.currencyTypeId),
        toAccountLabel: toAccountLabel(toAccountView(row.clientAccount), language),
        bankAccountMasked: maskedOf(row.bankAccount),
        date: change.mail.date,
        url: fundingPageUrl(change.publicUrl),
      }),
    });
  }
  return updated;
}
