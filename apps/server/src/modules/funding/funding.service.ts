import { randomUUID } from 'node:crypto';
import { addCalendarDays, compareIsoDates, type IsoDate } from '@portal/domain/calendar/iso-date';
import { PAD_PRE_NOTIFICATION_CALENDAR_DAYS } from '@portal/domain/constants';
import {
  bankAccountSources,
  eftFrequencies,
  eftFrequencyLabels,
  fundingStatuses,
  fundingTypes,
  type FundingStatus,
} from '@portal/domain/enums/funding';
import { toAccountLabel, type FundingItem } from '@portal/domain/funding/funding-item';
import { isPending } from '@portal/domain/funding/funding-lifecycle';
import {
  cashInvestedOn,
  deleteEffectiveDate,
  earliestStartDate,
} from '@portal/domain/funding/funding-rules';
import { fundingRequestSchema, fundingSourceOf } from '@portal/domain/funding/funding-schemas';
import { formatCents } from '@portal/domain/money/cents';
import type { Database } from '../../db/client.ts';
import { enqueueMessage, type MessageLanguage } from '../outbox/outbox.service.ts';
import { institutionNameOf, maskedOf } from './bank-accounts.ts';
import { businessCalendarOf, regionOfInstitution } from './business-calendar.ts';
import { currencyOf, toAccountView } from './client-accounts.ts';
import { recordChange } from './funding-changes.ts';
import { fundingPageUrl, languageOf, type FundingDeps } from './funding-deps.ts';
import { itemAfterChange } from './funding-items.ts';
import { FUNDING_CONFIRMATION_TEMPLATE, fundingConfirmationMail } from './funding-mail.ts';
import { fieldsOf, FundingError, invalid, notFound } from './funding-refusal.ts';
import * as repo from './funding.repo.ts';
import { hasLiveItem } from '../payment-files/payment-files.repo.ts';
import { accountBalances } from '../ledger/ledger.service.ts';
import { renderPadAgreement, type PadDetails } from './pad-agreement.pdf.ts';

/**
 * Funding (issue 14; spec sections 2-5, 7-9): the accounts an application opens, bank accounts
 * from a void cheque (or a connection, recorded by the bank-connection module through
 * `recordBankAccount`), EFT and PAC requests with their PAD agreement, and the client's
 * changes (cancel a pending request, delete an active PAC). Dates are the bank's (`BankClock`);
 * every status change writes a `funding_events` row and a mail in the same transaction.
 *
 * Bank account numbers are encrypted with the field cipher, bound to the row; answers carry
 * only the last three digits; nothing here ever logs them.
 *
 * This file holds the funding request, its PAD agreement and the client's changes; the bank
 * accounts, the void cheque, the accounts an application opens, the dates, the items and the
 * status changes are modules beside it (issue 32), re-exported here so callers keep one import.
 */

export { FundingError } from './funding-refusal.ts';
export { fundingPageUrl, type FundingDeps } from './funding-deps.ts';
export {
  adminAccountFor,
  adminAccountsFor,
  BANK_ACCOUNT_MAC_PURPOSE,
  bankAccountContext,
  bankAccountNumberHash,
  bankAccountNumberHashes,
  bankAccountsFor,
  bankAccountView,
  chequesFor,
  hasBankAccount,
  recordBankAccount,
  type NewBankAccount,
} from './bank-accounts.ts';
export { uploadCheque, type ChequeUpload } from './void-cheque.ts';
export { openChosenAccounts, toAccountsFor } from './client-accounts.ts';
export { nextBusinessDayOf, OFFERED_START_DATES, startDatesFor } from './funding-dates.ts';
export { itemsFor, itemView } from './funding-items.ts';
export { recordChange } from './funding-changes.ts';

function frequencyLabelOf(frequency: number, language: MessageLanguage): string {
  const key = (Object.keys(eftFrequencies) as (keyof typeof eftFrequencies)[]).find(
    (name) => eftFrequencies[name] === frequency,
  );
  return key ? eftFrequencyLabels[key][language] : String(frequency);
}

export interface FundingConfirmation {
  firstDebitDate: IsoDate;
  investedOn: { reason: 'threshold' | 'quarterEnd'; date: IsoDate };
  agreementId: string;
  preNotificationMailDate: IsoDate | null;
}

/**
 * `POST coAcctFunding/`: one EFT (type 1) or a PAC (type 3), from a bank account of the
 * caller's to an account their agreed application opens. The PAD agreement is rendered in the
 * caller's language and kept with its hash; the confirmation mail goes out with the request,
 * the pre-notification (unless waived) 10 days before the first debit, from the job.
 */
export async function createFundingRequest(
  deps: FundingDeps,
  userId: string,
  body: unknown,
): Promise<{ item: FundingItem; confirmation: FundingConfirmation }> {
  const { db, cipher } = deps;
  const parsed = fundingRequestSchema.safeParse(body ?? {});
  if (!parsed.success) throw invalid(fieldsOf(parsed.error.issues));
  const request = parsed.data;
  const person = await repo.personOf(db, userId);
  if (!person) throw notFound();
  const language = languageOf(person.language);

  const toAccount = await repo.findClientAccount(db, userId, request.toAccountId);
  if (!toAccount) throw notFound();
  if (!toAccount.eftEligible) throw invalid({ toAccountId: 'notEftEligible' });
  const source = fundingSourceOf(request);
  if (!source) throw invalid({ documentUploadedId: 'sourceRequired' });
  const bankAccount = await repo.findBankAccount(
    db,
    userId,
    source.field === 'documentUploadedId' ? { documentId: source.id } : { id: source.id },
  );
  if (
    !bankAccount ||
    (source.field === 'flinksBankAccountId' && bankAccount.source !== bankAccountSources.connection)
  ) {
    throw notFound();
  }
  // A connected account held by someone else is shown but never usable (holder compared with
  // the applicants when it was connected): the client disables it, the server refuses it.
  if (bankAccount.holderMatches === false) {
    throw invalid({ [source.field]: 'holderNameMismatch' });
  }
  if (bankAccount.currencyTypeId !== toAccount.currencyTypeId) {
    throw new FundingError(400, 'currencyMismatch', {
      fields: { toAccountId: 'currencyMismatch' },
    });
  }

  const today = await deps.clock.today();
  const calendar = businessCalendarOf(regionOfInstitution(bankAccount.institutionNumber));
  const start = request.pacStartDate;
  if (!calendar.isBusinessDay(start)) throw invalid({ pacStartDate: 'notBusinessDay' });
  const earliest = earliestStartDate(
    today,
    { preNotificationWaived: request.preNotificationWaived },
    calendar,
  );
  if (compareIsoDates(start, earliest) < 0) throw invalid({ pacStartDate: 'startDateTooSoon' });

  const recurring = request.fundingTypeId === fundingTypes.Recurring;
  const id = randomUUID();
  const agreementId = randomUUID();
  const acceptedAt = deps.now?.() ?? new Date();
  const currency = currencyOf(toAccount.currencyTypeId);
  const confirmationDue = request.preNotificationWaived
    ? null
    : addCalendarDays(start, -PAD_PRE_NOTIFICATION_CALENDAR_DAYS);
  const details: PadDetails = {
    payorNames: [`${person.firstName} ${person.lastName}`.trim()],
    bankAccountMasked: maskedOf(bankAccount),
    institutionName: institutionNameOf(bankAccount, language),
    amountText: formatCents(request.amountCents, language, currency),
    frequencyLabel: frequencyLabelOf(request.fundingFrequencyTypeId, language),
    startDate: start,
    oneTime: !recurring,
    preNotificationWaived: request.preNotificationWaived,
    acceptedAt: acceptedAt.toISOString(),
  };
  // Drawn before the transaction: fonts and layout take a moment, no lock should wait on them.
  const pdf = await renderPadAgreement({ language, agreementId, details, acceptedAt });
  // The cash the portal knows the account holds: what its ledger says it moved in and out
  // (ADR 0038). Cash from elsewhere (transfers in kind, the dealer's own entries) is not known
  // here, so the date said is the latest it can be.
  const knownCash =
    (await accountBalances(db, toAccount.id)).find(
      (balance) => balance.currency === currencyOf(toAccount.currencyTypeId),
    )?.balanceCents ?? 0;
  const investedOn = cashInvestedOn(
    {
      depositDate: start,
      cashBalanceCents: Math.max(0, knownCash),
      depositCents: request.amountCents,
    },
    calendar,
  );
  const status = recurring ? fundingStatuses.RECURRING_EFT_SUBMITTED : fundingStatuses.SUBMITTED;

  const item = await db.transaction(async (tx) => {
    await repo.insertFundingRequest(tx, {
      id,
      userId,
      applicationId: toAccount.applicationId,
      toAccountId: toAccount.id,
      bankAccountId: bankAccount.id,
      fundingTypeId: request.fundingTypeId,
      frequencyId: request.fundingFrequencyTypeId,
      amountCents: request.amountCents,
      startDate: start,
      status,
      preNotificationWaived: request.preNotificationWaived,
      taxYear: request.taxYear ?? null,
      agreementId,
    });
    await repo.insertAgreement(tx, {
      id: agreementId,
      userId,
      fundingRequestId: id,
      language,
      acceptedAt,
      pdfEncrypted: cipher.encryptBytes(pdf.bytes, agreementContext(agreementId)),
      pdfSha256: pdf.sha256,
      confirmationDue,
    });
    await repo.insertEvent(tx, {
      fundingRequestId: id,
      actor: 'client',
      actorId: userId,
      fromStatus: null,
      toStatus: status,
    });
    const toLabel = toAccountLabel(toAccountView(toAccount), language);
    await enqueueMessage(tx, cipher, {
      channel: 'email',
      recipient: person.email,
      language,
      template: FUNDING_CONFIRMATION_TEMPLATE,
      applicationId: toAccount.applicationId,
      content: fundingConfirmationMail({
        language,
        firstName: person.firstName,
        amountCents: request.amountCents,
        currency,
        frequency: request.fundingFrequencyTypeId,
        toAccountLabel: toLabel,
        bankAccountMasked: maskedOf(bankAccount),
        firstDebitDate: start,
        investedOn,
        preNotificationMailDate: confirmationDue,
        url: fundingPageUrl(deps.publicUrl),
      }),
    });
    return itemAfterChange(tx, userId, id, language);
  });
  return {
    item,
    confirmation: {
      firstDebitDate: start,
      investedOn,
      agreementId,
      preNotificationMailDate: confirmationDue,
    },
  };
}

/** The PAD PDF is bound to its agreement row (ADR 0008). */
export const agreementContext = (agreementId: string) => `pad_agreements:${agreementId}:pdf`;

/** The PAD agreement of one of the caller's requests (a PAC's debit answers its PAC's). */
export async function agreementOf(
  deps: FundingDeps,
  userId: string,
  fundingRequestId: string,
): Promise<{ agreementId: string; language: MessageLanguage; pdf: Buffer; sha256: string }> {
  const request = await repo.findRequest(deps.db, userId, fundingRequestId);
  if (!request) throw notFound();
  const agreement = await repo.findAgreement(deps.db, userId, request.agreementId);
  if (!agreement) throw notFound();
  return {
    agreementId: agreement.id,
    language: languageOf(agreement.language),
    pdf: deps.cipher.decryptBytes(agreement.pdfEncrypted, agreementContext(agreement.id)),
    sha256: agreement.pdfSha256,
  };
}

// ---------------------------------------------------------------------------------------------
// The client's changes

async function lockedItem(db: Database, userId: string, id: string): Promise<repo.ItemRow> {
  const request = await repo.findRequest(db, userId, id, { lock: true });
  const row = request && (await repo.itemOf(db, userId, id));
  if (!row) throw notFound();
  return row;
}

/** `DELETE cancelPendingEftPac/{id}`: a request not yet with the bank stops (409 `notPending`). */
export async function cancelPending(
  deps: FundingDeps,
  userId: string,
  id: string,
): Promise<{ item: FundingItem }> {
  const { db, cipher } = deps;
  return db.transaction(async (tx) => {
    const row = await lockedItem(tx, userId, id);
    // In the day's payment file (PENDING, waiting for its delivery), it is the bank's now.
    if (
      !isPending(row.request.status as FundingStatus) ||
      (await hasLiveItem(tx, row.request.id))
    ) {
      throw new FundingError(409, 'notPending');
    }
    const person = (await repo.personOf(tx, userId))!;
    await recordChange(tx, cipher, {
      row,
      person,
      to: fundingStatuses.CANCELLED_BY_CLIENT,
      actor: 'client',
      actorId: userId,
      set: { nextDebitDate: null },
      mail: { change: 'cancelled', date: row.request.startDate },
      publicUrl: deps.publicUrl,
    });
    return { item: await itemAfterChange(tx, userId, id, languageOf(person.language)) };
  });
}

/**
 * `DELETE deleteActiveEftPac/{id}`: an active PAC stops after the notice of 10 business days
 * (spec section 9); debits due before then go ahead. 409 `notActive` for anything else.
 */
export async function deleteActive(
  deps: FundingDeps,
  userId: string,
  id: string,
): Promise<{ item: FundingItem; effectiveDate: IsoDate }> {
  const { db, cipher } = deps;
  const today = await deps.clock.today();
  return db.transaction(async (tx) => {
    const row = await lockedItem(tx, userId, id);
    const { request } = row;
    if (
      request.fundingTypeId !== fundingTypes.Recurring ||
      request.parentId !== null ||
      request.status !== fundingStatuses.APPROVED
    ) {
      throw new FundingError(409, 'notActive');
    }
    const calendar = businessCalendarOf(regionOfInstitution(row.bankAccount.institutionNumber));
    const effectiveDate = deleteEffectiveDate(today, calendar);
    const person = (await repo.personOf(tx, userId))!;
    await recordChange(tx, cipher, {
      row,
      person,
      to: fundingStatuses.DELETED_BY_CLIENT,
      actor: 'client',
      actorId: userId,
      set: { effectiveDate },
      mail: { change: 'pacDeleted', date: effectiveDate },
      publicUrl: deps.publicUrl,
    });
    return {
      item: await itemAfterChange(tx, userId, id, languageOf(person.language)),
      effectiveDate,
    };
  });
}
