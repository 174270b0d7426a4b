import { randomUUID } from 'node:crypto';
import { takesEftContributions } from '@portal/domain/rules/eft-eligibility';
import {
  addCalendarDays,
  compareIsoDates,
  fromSpecDate,
  toSpecDate,
  type IsoDate,
} from '@portal/domain/calendar/iso-date';
import { nextBusinessDay } from '@portal/domain/calendar/payments-calendar';
import { PAD_PRE_NOTIFICATION_CALENDAR_DAYS } from '@portal/domain/constants';
import { namedAccountTypes, type NamedAccountTypeName } from '@portal/domain/enums/account-types';
import {
  bankAccountSources,
  currencyOfTypeId,
  currencyTypeIdOf,
  eftFrequencies,
  eftFrequencyLabels,
  eftUserStatusOf,
  fundingStatuses,
  fundingTypes,
  type BankAccountSource,
  type CurrencyTypeId,
  type EftFrequency,
  type FundingStatus,
  type FundingType,
} from '@portal/domain/enums/funding';
import {
  institutionNames,
  maskAccountNumber,
  type BankAccount,
} from '@portal/domain/funding/bank-account';
import { toAccountLabel, type FundingItem } from '@portal/domain/funding/funding-item';
import { isPending } from '@portal/domain/funding/funding-lifecycle';
import {
  cashInvestedOn,
  deleteEffectiveDate,
  earliestStartDate,
} from '@portal/domain/funding/funding-rules';
import {
  chequeUploadFieldsSchema,
  fundingRequestSchema,
  fundingSourceOf,
} from '@portal/domain/funding/funding-schemas';
import { isMessageCode } from '@portal/domain/messages/message-code';
import { centsToDollars, formatCents } from '@portal/domain/money/cents';
import { chosenAccounts } from '@portal/domain/rules/onboarding-flow';
import {
  fundingOpen,
  type ApplicationState,
} from '@portal/domain/status/application-status-machine';
import type { Database } from '../../db/client.ts';
import type { FieldCipher } from '../../lib/crypto/field-cipher.ts';
import type { BankClock } from '../../providers/sandbox-bank/bank-clock.ts';
import { findParticipantApplication, savedStepsOf } from '../applications/applications.service.ts';
import { DocumentError, uploadDocument } from '../documents/documents.service.ts';
import { enqueueMessage, type MessageLanguage } from '../outbox/outbox.service.ts';
import { businessCalendarOf, businessDaysFrom, regionOfInstitution } from './business-calendar.ts';
import {
  FUNDING_CONFIRMATION_TEMPLATE,
  FUNDING_STATUS_TEMPLATE,
  fundingConfirmationMail,
  fundingStatusMail,
  type FundingChange,
} from './funding-mail.ts';
import { Refusal } from '../../lib/refusals/refusal.ts';
import * as repo from './funding.repo.ts';
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
 */

/** A refusal of the funding service (the routes answer it; tests match it by class). */
export class FundingError extends Refusal {
  override name = 'FundingError';
}

export interface FundingDeps {
  db: Database;
  cipher: FieldCipher;
  clock: BankClock;
  /** For links in mail (`https://portal.example.ca`). */
  publicUrl: string;
  /** The documents module's quota of one person's files (the void cheque counts). */
  uploadQuotaBytes: number;
  now?: () => Date;
}

const notFound = () => new FundingError(404, 'notFound');
const invalid = (fields: Record<string, string>) =>
  new FundingError(400, 'invalidInput', { fields });

function fieldsOf(issues: readonly { path: PropertyKey[]; message: string }[]) {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const path = issue.path.map(String).join('.') || 'body';
    fields[path] ??= isMessageCode(issue.message) ? issue.message : 'invalid';
  }
  return fields;
}

const languageOf = (language: string): MessageLanguage => (language === 'fr' ? 'fr' : 'en');

/** The client's funding page, where every mail points. */
export const fundingPageUrl = (publicUrl: string) => `${publicUrl}/#/home/funding`;

// ---------------------------------------------------------------------------------------------
// Bank accounts

/** Each encrypted field is bound to its row and column (ADR 0008). */
export const bankAccountContext = (id: string, field: 'accountNumber' | 'holderName') =>
  `bank_accounts:${id}:${field}`;

/** The MAC purpose of account numbers: its own key, so no other hash can stand for one. */
export const BANK_ACCOUNT_MAC_PURPOSE = 'bank-account-number';

/** The keyed hash of a bank account: "already on file" is answered without decrypting. */
export function bankAccountNumberHash(
  cipher: FieldCipher,
  numbers: { institutionNumber: string; transitNumber: string; accountNumber: string },
): string {
  return cipher.mac(
    BANK_ACCOUNT_MAC_PURPOSE,
    `${numbers.institutionNumber}:${numbers.transitNumber}:${numbers.accountNumber}`,
  );
}

export interface NewBankAccount {
  userId: string;
  source: BankAccountSource;
  nickname: string;
  institutionNumber: string;
  /** The bank's own name for itself (a connection reports it); from our table otherwise. */
  institutionName?: string;
  transitNumber: string;
  /** Digits only; encrypted here, never stored or answered whole. */
  accountNumber: string;
  currencyTypeId: CurrencyTypeId;
  documentId?: string;
  connectionId?: string;
  holderName?: string;
  holderMatches?: boolean;
}

/**
 * Stores a bank account, its number encrypted and hashed, in the caller's transaction (the
 * void cheque here; the bank-connection module for connected accounts).
 */
export async function recordBankAccount(
  db: Database,
  cipher: FieldCipher,
  input: NewBankAccount,
): Promise<repo.BankAccountRow> {
  const id = randomUUID();
  return repo.insertBankAccount(db, {
    id,
    userId: input.userId,
    source: input.source,
    nickname: input.nickname,
    institutionNumber: input.institutionNumber,
    institutionName:
      input.institutionName ??
      institutionNames[input.institutionNumber]?.en ??
      input.institutionNumber,
    transitNumber: input.transitNumber,
    accountNumberEncrypted: cipher.encrypt(
      input.accountNumber,
      bankAccountContext(id, 'accountNumber'),
    ),
    accountNumberLast3: input.accountNumber.slice(-3),
    accountNumberHash: bankAccountNumberHash(cipher, input),
    currencyTypeId: input.currencyTypeId,
    documentId: input.documentId ?? null,
    connectionId: input.connectionId ?? null,
    holderNameEncrypted:
      input.holderName === undefined
        ? null
        : cipher.encrypt(input.holderName, bankAccountContext(id, 'holderName')),
    holderMatches: input.holderMatches ?? null,
  });
}

/** Whether the person already has this account from this source (not deleted). */
export async function hasBankAccount(
  db: Database,
  cipher: FieldCipher,
  userId: string,
  numbers: { institutionNumber: string; transitNumber: string; accountNumber: string },
  source: BankAccountSource,
): Promise<boolean> {
  const hash = bankAccountNumberHash(cipher, numbers);
  const rows = await repo.bankAccountsOf(db, userId, { source });
  return rows.some((row) => row.accountNumberHash === hash);
}

function institutionNameOf(
  row: Pick<repo.BankAccountRow, 'institutionNumber' | 'institutionName'>,
  language: MessageLanguage,
): string {
  return institutionNames[row.institutionNumber]?.[language] ?? row.institutionName;
}

const maskedOf = (row: Pick<repo.BankAccountRow, 'accountNumberLast3'>) =>
  maskAccountNumber(row.accountNumberLast3);

/** A bank account as every answer carries it: the number masked, the holder's name to its owner. */
export function bankAccountView(
  cipher: FieldCipher,
  row: repo.BankAccountRow,
  language: MessageLanguage,
): BankAccount {
  return {
    id: row.id,
    bankAccountNumber: maskedOf(row),
    nickname: row.nickname,
    financialInstitutionId: row.institutionNumber,
    financialInstitutionName: institutionNameOf(row, language),
    transitNumber: row.transitNumber,
    currencyTypeId: row.currencyTypeId as CurrencyTypeId,
    source: row.source as BankAccountSource,
    ...(row.documentId && { documentUploadedId: row.documentId }),
    ...(row.source === bankAccountSources.connection && { flinksBankAccountId: row.id }),
    ...(row.holderNameEncrypted && {
      holderName: cipher.decrypt(row.holderNameEncrypted, bankAccountContext(row.id, 'holderName')),
    }),
  };
}

// ---------------------------------------------------------------------------------------------
// The accounts an application opens

function toAccountView(row: repo.ClientAccountRow): FundingItem['toAccount'] {
  return {
    accountId: row.id,
    accountNumber: row.accountNumber,
    accountTypeId: row.accountTypeId,
    accountTypeName: row.accountTypeName as NamedAccountTypeName,
    eftEligible: row.eftEligible,
    ownershipTypeId: row.ownershipTypeId,
    currencyTypeId: row.currencyTypeId as CurrencyTypeId,
  };
}

/**
 * Creates the `client_accounts` rows of the accounts an application chose, those it lacks (an
 * existing row stays as it is): funding asks for them first, approval (issue 16) makes sure of
 * them before numbering them. The primary applicant, who funds them, owns them.
 */
export async function openChosenAccounts(
  db: Database,
  application: { id: string; ownershipTypeId: number | null },
  ownerUserId: string,
): Promise<void> {
  const names = chosenAccounts(await savedStepsOf(db, application.id)).filter(
    (name): name is NamedAccountTypeName => name in namedAccountTypes,
  );
  await repo.insertClientAccounts(
    db,
    names.map((name) => {
      const type = namedAccountTypes[name];
      return {
        applicationId: application.id,
        ownerUserId,
        accountTypeName: name,
        accountTypeId: type.typeId,
        currencyTypeId: currencyTypeIdOf(type.currency),
        ownershipTypeId: application.ownershipTypeId ?? 1,
        eftEligible: takesEftContributions(type.typeId),
      };
    }),
  );
}

/**
 * The accounts the person's agreed applications open (one application when named: someone
 * else's answers 404), created from the chosen accounts the first time they are asked for.
 */
export async function toAccountsFor(
  deps: FundingDeps,
  userId: string,
  applicationId?: string,
): Promise<{ accounts: FundingItem['toAccount'][] }> {
  const { db } = deps;
  const owned = await repo.ownedApplications(db, userId, applicationId);
  if (applicationId && owned.length === 0) throw notFound();
  const open = owned.filter((application) => fundingOpen(application.status as ApplicationState));
  for (const application of open) await openChosenAccounts(db, application, userId);
  const rows = await repo.clientAccountsOf(
    db,
    userId,
    open.map((application) => application.id),
  );
  return { accounts: rows.map(toAccountView) };
}

// ---------------------------------------------------------------------------------------------
// Dates

/** The start dates offered: the earliest allowed, then the 30 business days from it. */
export const OFFERED_START_DATES = 30;

export async function startDatesFor(
  deps: FundingDeps,
  { preNotificationWaived, institution }: { preNotificationWaived: boolean; institution?: string },
): Promise<{ today: IsoDate; earliest: IsoDate; dates: IsoDate[] }> {
  const today = await deps.clock.today();
  const region = regionOfInstitution(institution);
  const earliest = earliestStartDate(today, { preNotificationWaived }, businessCalendarOf(region));
  return { today, earliest, dates: businessDaysFrom(earliest, OFFERED_START_DATES, region) };
}

/** The spec's `nextBusinessDay?daysFrom=7&fromDate=MM-DD-YYYY` (national calendar). */
export function nextBusinessDayOf(
  fromDate: string,
  daysFrom: number,
): { nextBusinessDay: string; date: IsoDate } {
  const from = fromSpecDate(fromDate);
  if (!from) throw invalid({ fromDate: 'invalidDate' });
  if (!Number.isInteger(daysFrom) || daysFrom < 0 || daysFrom > 60) {
    throw invalid({ daysFrom: 'invalid' });
  }
  const date = nextBusinessDay(from, daysFrom);
  return { nextBusinessDay: toSpecDate(date), date };
}

// ---------------------------------------------------------------------------------------------
// Void cheques

export interface ChequeUpload {
  fields: Record<string, string>;
  file?: { fileName: string; bytes: Buffer; truncated: boolean };
}

/**
 * A void cheque (or direct-deposit form) for an agreed application of the caller's: the form's
 * numbers validated, the file stored as the application's `voidCheque` document by the
 * documents module's rules (10 MB, types, magic bytes, the same file twice refused), and the
 * bank account recorded, all in one transaction.
 */
export async function uploadCheque(
  deps: FundingDeps,
  userId: string,
  applicationId: string,
  upload: ChequeUpload,
  language: MessageLanguage,
): Promise<{ documentUploadedId: string; bankAccount: BankAccount }> {
  const { db, cipher } = deps;
  const application = await findParticipantApplication(db, userId, applicationId);
  if (!application || application.role !== 'primary') throw notFound();
  if (!fundingOpen(application.status)) throw new FundingError(409, 'fundingNotOpen');
  const parsed = chequeUploadFieldsSchema.safeParse(upload.fields);
  const fields = parsed.success ? {} : fieldsOf(parsed.error.issues);
  if (!upload.file) fields.uploadCheque = 'required';
  if (!parsed.success || !upload.file) throw invalid(fields);
  const { file } = upload;
  const cheque = parsed.data;
  return db.transaction(async (tx) => {
    let documentId: string;
    try {
      const document = await uploadDocument(
        tx,
        cipher,
        userId,
        applicationId,
        { documentType: 'voidCheque', file },
        { quotaBytes: deps.uploadQuotaBytes },
      );
      documentId = document.id;
    } catch (error) {
      if (!(error instanceof DocumentError)) throw error;
      if (error.status === 400) {
        // The documents module names the file part `file`; this form names it `uploadCheque`.
        const renamed: Record<string, string> = {};
        for (const [path, code] of Object.entries(error.details.fields ?? {})) {
          renamed[path === 'file' ? 'uploadCheque' : path] = code;
        }
        throw invalid(renamed);
      }
      throw new FundingError(error.status, error.errorCode);
    }
    const row = await recordBankAccount(tx, cipher, {
      userId,
      source: bankAccountSources.cheque,
      nickname: cheque.nickname,
      institutionNumber: cheque.finInstitution,
      transitNumber: cheque.transitNumber,
      accountNumber: cheque.bankAccountNumber,
      currencyTypeId: currencyTypeIdOf(cheque.currency === 'usd' ? 'USD' : 'CAD'),
      documentId,
    });
    return { documentUploadedId: documentId, bankAccount: bankAccountView(cipher, row, language) };
  });
}

// ---------------------------------------------------------------------------------------------
// Lists of bank accounts

export async function chequesFor(
  deps: FundingDeps,
  userId: string,
  currency: 'cad' | 'usd' | undefined,
  language: MessageLanguage,
) {
  const rows = await repo.bankAccountsOf(deps.db, userId, { source: bankAccountSources.cheque });
  const wanted = currency && currencyTypeIdOf(currency === 'usd' ? 'USD' : 'CAD');
  return {
    cheques: rows
      .filter((row) => row.documentId && (!wanted || row.currencyTypeId === wanted))
      .map((row) => ({
        documentUploadedId: row.documentId!,
        nickname: row.nickname,
        financialInstitutionName: institutionNameOf(row, language),
        bankAccountNumber: maskedOf(row),
        currencyTypeId: row.currencyTypeId as CurrencyTypeId,
        bankAccountId: row.id,
      })),
  };
}

export async function bankAccountsFor(
  deps: FundingDeps,
  userId: string,
  language: MessageLanguage,
  source?: BankAccountSource,
): Promise<BankAccount[]> {
  const rows = await repo.bankAccountsOf(deps.db, userId, source ? { source } : {});
  return rows.map((row) => bankAccountView(deps.cipher, row, language));
}

/** Bank accounts on file with us: from the back office, or already used to fund an account. */
export async function adminAccountsFor(
  deps: FundingDeps,
  userId: string,
  language: MessageLanguage,
): Promise<BankAccount[]> {
  const [rows, used] = await Promise.all([
    repo.bankAccountsOf(deps.db, userId),
    repo.usedBankAccountIds(deps.db, userId),
  ]);
  return rows
    .filter((row) => row.source === bankAccountSources.admin || used.has(row.id))
    .map((row) => bankAccountView(deps.cipher, row, language));
}

export async function adminAccountFor(
  deps: FundingDeps,
  userId: string,
  id: string,
  language: MessageLanguage,
): Promise<BankAccount> {
  const found = (await adminAccountsFor(deps, userId, language)).find((row) => row.id === id);
  if (!found) throw notFound();
  return found;
}

// ---------------------------------------------------------------------------------------------
// Funding items

/** A request as the lists and answers carry it (spec section 3 "Funding item"). */
export function itemView(row: repo.ItemRow, language: MessageLanguage): FundingItem {
  const { request, bankAccount, clientAccount } = row;
  const status = request.status as FundingStatus;
  return {
    id: request.id,
    frequency: request.frequencyId as EftFrequency,
    startDate: request.startDate,
    amount: centsToDollars(request.amountCents),
    amountCents: request.amountCents,
    fromAccount: {
      nickname: bankAccount.nickname,
      accountNumber: maskedOf(bankAccount),
      accountid: bankAccount.id,
      ...(bankAccount.documentId && { documentUploadedId: bankAccount.documentId }),
      ...(bankAccount.source === bankAccountSources.connection && {
        flinksBankAccountId: bankAccount.id,
      }),
      financialInstituionName: institutionNameOf(bankAccount, language),
      currencyTypeId: bankAccount.currencyTypeId as CurrencyTypeId,
    },
    toAccount: toAccountView(clientAccount),
    fundingTypeId: request.fundingTypeId as FundingType,
    fundingStatusTypeId: status,
    userStatus: eftUserStatusOf[status],
    lastModifiedDate: request.lastModifiedAt.toISOString(),
    activeDate: request.activeDate,
    parentId: request.parentId,
    effectiveDate: request.effectiveDate,
    canCancel: isPending(status),
    canDelete:
      request.fundingTypeId === fundingTypes.Recurring &&
      request.parentId === null &&
      status === fundingStatuses.APPROVED,
  };
}

export async function itemsFor(
  deps: FundingDeps,
  userId: string,
  filter: repo.ItemFilter,
  language: MessageLanguage,
): Promise<{ items: FundingItem[] }> {
  const rows = await repo.itemsOf(deps.db, userId, filter);
  return { items: rows.map((row) => itemView(row, language)) };
}

async function itemAfterChange(
  db: Database,
  userId: string,
  id: string,
  language: MessageLanguage,
): Promise<FundingItem> {
  const row = await repo.itemOf(db, userId, id);
  if (!row) throw notFound();
  return itemView(row, language);
}

function frequencyLabelOf(frequency: number, language: MessageLanguage): string {
  const key = (Object.keys(eftFrequencies) as (keyof typeof eftFrequencies)[]).find(
    (name) => eftFrequencies[name] === frequency,
  );
  return key ? eftFrequencyLabels[key][language] : String(frequency);
}

const currencyOf = (currencyTypeId: number) => currencyOfTypeId(currencyTypeId) ?? 'CAD';

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
  const investedOn = cashInvestedOn(
    { depositDate: start, cashBalanceCents: 0, depositCents: request.amountCents },
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
    if (!isPending(row.request.status as FundingStatus)) {
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
