import { randomUUID } from 'node:crypto';
import type { IsoDate } from '@portal/domain/calendar/iso-date';
import { namedAccountTypes, type NamedAccountTypeName } from '@portal/domain/enums/account-types';
import { fundingStatuses } from '@portal/domain/enums/funding';
import type { PensionJurisdiction } from '@portal/domain/enums/pension-jurisdictions';
import {
  transferInStatuses,
  type EsignStatus,
  type TransferInStatus,
  type TransferType,
} from '@portal/domain/enums/transfers';
import { toAccountLabel } from '@portal/domain/funding/funding-item';
import { isMessageCode } from '@portal/domain/messages/message-code';
import type { Cents } from '@portal/domain/money/cents';
import { lockedInPlanFor } from '@portal/domain/rules/account-catalogue';
import { onboardingAccountTypes } from '@portal/domain/enums/onboarding';
import {
  fundingOpen,
  type ApplicationState,
} from '@portal/domain/status/application-status-machine';
import { deliveringInstitutionNameOf } from '@portal/domain/transfers/delivering-institutions';
import {
  transferAccountTypeNameOf,
  type TransferAccountTypeName,
} from '@portal/domain/transfers/transfer-compatibility';
import { describeTransferProblem } from '@portal/domain/transfers/transfer-messages';
import {
  transferEsignReturnPath,
  type TransferReturnTarget,
} from '@portal/domain/transfers/transfer-return';
import {
  expectedTransferDates,
  feeRefundFor,
  transferTimingKindOf,
} from '@portal/domain/transfers/transfer-offer';
import {
  precheckTransfer,
  type PartialTransferLine,
  type ProfileHolder,
  type StatementHolder,
  type TransferAddress,
  type TransferProblem,
  type UnpaidMinimumInstruction,
} from '@portal/domain/transfers/transfer-precheck';
import {
  transferAccountModelSchema,
  transferCancellableStatuses,
  TRANSFER_ACCOUNT_NUMBER_MAX_LENGTH,
  type CoAccount,
  type TransferAccountModel,
  type TransferAccountResult,
  type TransferDisplayStatus,
  type TransferPrecheckRefusal,
  type TransferView,
} from '@portal/domain/transfers/transfer-request';
import type { AccountTypeId } from '@portal/domain/enums/account-types';
import type { Database } from '../../db/client.ts';
import type { FieldCipher } from '../../lib/crypto/field-cipher.ts';
import type { EsignProvider } from '../../providers/esign/esign-provider.ts';
import type { BankClock } from '../../providers/sandbox-bank/bank-clock.ts';
import {
  findParticipantApplication,
  recordAuditEvent,
  savedStepsOf,
} from '../applications/applications.service.ts';
import { savedSin } from '../applications/sealed-fields.ts';
import { DocumentError, uploadDocument } from '../documents/documents.service.ts';
import type { EnvelopeNewsHandler } from '../esign/esign-webhook.ts';
import { businessCalendarOf } from '../funding/business-calendar.ts';
import * as fundingRepo from '../funding/funding.repo.ts';
import { Refusal, type RefusalLanguage } from '../../lib/refusals/refusal.ts';
import { fundingPageUrl, toAccountsFor } from '../funding/funding.service.ts';
import { enqueueMessage, type MessageLanguage } from '../outbox/outbox.service.ts';
import { renderTransferAuthorization } from './transfer-authorization.pdf.ts';
import {
  TRANSFER_STATUS_TEMPLATE,
  transferStatusMail,
  type TransferChange,
} from './transfer-mail.ts';
import * as repo from './transfers.repo.ts';

/**
 * Transfers in from other institutions (issue 15; spec sections 2-5, 7-9; ADR 0021). A request
 * is checked against the profile and the receiving account by the domain's pre-check before
 * anything is saved; saved, it waits for the client's signature of the transfer authorization
 * with the e-sign vendor (status null, never processed while unsigned); signed (by the
 * vendor's webhook or a forced status check), it is SC_IN_PROGRESS and the processing job moves
 * it on. Every status change writes a `transfer_events` row and the client's mail in its
 * transaction. The delivering account number, the statement's holders and address and an
 * RESP's contract numbers are encrypted with the field cipher, bound to the row; answers show
 * the account number's last 3 characters only; nothing here logs them.
 */

/** A refusal of the transfer service (the routes answer it; tests match it by class). */
export class TransferError extends Refusal {
  override name = 'TransferError';
}

/**
 * The pre-check found problems (422, nothing saved): each problem is answered with its
 * message and both sides of a difference, in the answer's language.
 */
export class TransferPrecheckError extends Refusal {
  override name = 'TransferPrecheckError';
  constructor(readonly problems: TransferProblem[]) {
    super(422, 'transferPrecheckFailed');
  }

  override detailsIn(language: RefusalLanguage): Pick<TransferPrecheckRefusal, 'problems'> {
    return {
      problems: this.problems.map((problem) => {
        const { message, details } = describeTransferProblem(problem, language);
        return { ...problem, message: [message, ...details].join(' ') };
      }),
    };
  }
}

export interface TransferDeps {
  db: Database;
  cipher: FieldCipher;
  clock: BankClock;
  provider: EsignProvider;
  /** For links in mail (`https://portal.example.ca`). */
  publicUrl: string;
  uploadQuotaBytes: number;
  now?: () => Date;
}

/** The signed-in caller: their id, sign-in address and account language (they sign in it). */
export interface TransferCaller {
  id: string;
  email: string;
  language: string;
}

const notFound = () => new TransferError(404, 'notFound');
const invalid = (fields: Record<string, string>) =>
  new TransferError(400, 'invalidInput', { fields });
const languageOf = (language: string | undefined): MessageLanguage =>
  language === 'fr' ? 'fr' : 'en';
const record = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

function fieldsOf(issues: readonly { path: PropertyKey[]; message: string }[]) {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const path = issue.path.map(String).join('.') || 'transferAccountModel';
    fields[path] ??= isMessageCode(issue.message) ? issue.message : 'invalid';
  }
  return fields;
}

/** Each encrypted field is bound to its row and column (ADR 0008). */
export const transferContext = (id: string, field: 'accountNumber' | 'statement' | 'resp') =>
  `transfer_requests:${id}:${field}`;

/** The statement as kept, encrypted: the holders and address the client copied. */
export interface StoredStatement {
  holders: StatementHolder[];
  address: TransferAddress;
}

/** The document types a statement may be kept as (spec section 3's upload types). */
export const statementDocumentTypes = ['investmentStatement', 'transferForm'] as const;
export type StatementDocumentType = (typeof statementDocumentTypes)[number];

/** `•••••123`: all an answer or a mail ever shows of a delivering account number. */
export const maskedTransferAccount = (last3: string) => `•••••${last3}`;

// ---------------------------------------------------------------------------------------------
// The application and its accounts

interface OwnedApplication {
  id: string;
  status: ApplicationState;
}

/** The caller's own application (as primary applicant), open for funding; 404 otherwise. */
async function fundableApplication(
  db: Database,
  userId: string,
  applicationId: string,
): Promise<OwnedApplication> {
  const application = await findParticipantApplication(db, userId, applicationId);
  if (!application || application.role !== 'primary') throw notFound();
  if (!fundingOpen(application.status)) throw new TransferError(409, 'fundingNotOpen');
  return application;
}

/** The newest application of the caller's open for funding (the upload names none). */
async function newestFundableApplication(db: Database, userId: string): Promise<string> {
  const owned = await fundingRepo.ownedApplications(db, userId);
  const open = owned.find((application) => fundingOpen(application.status as ApplicationState));
  if (!open) throw new TransferError(409, 'fundingNotOpen');
  return open.id;
}

const fundingDepsOf = (deps: TransferDeps) => ({
  db: deps.db,
  cipher: deps.cipher,
  clock: deps.clock,
  publicUrl: deps.publicUrl,
  uploadQuotaBytes: deps.uploadQuotaBytes,
});

/** The application's accounts, created from its answers the first time (as funding does). */
async function accountsOf(
  deps: TransferDeps,
  userId: string,
  applicationId: string,
): Promise<repo.ClientAccountRow[]> {
  await toAccountsFor(fundingDepsOf(deps), userId, applicationId);
  return fundingRepo.clientAccountsOf(deps.db, userId, [applicationId]);
}

/** The pension law of a locked-in account, from the application's account details. */
function jurisdictionOf(
  account: Pick<repo.ClientAccountRow, 'accountTypeName'>,
  steps: Record<string, unknown>,
): PensionJurisdiction | null {
  const name = account.accountTypeName as NamedAccountTypeName;
  if (!(name in namedAccountTypes) || !lockedInPlanFor(name)) return null;
  const chosen = text(record(steps.account).pensionJurisdiction);
  return chosen === '' ? null : (chosen as PensionJurisdiction);
}

const isJoint = (account: Pick<repo.ClientAccountRow, 'ownershipTypeId'>) =>
  account.ownershipTypeId === onboardingAccountTypes.Joint;

/** A profile step's holder: names, SIN (decrypted), birth date and home address. */
function profileHolderOf(
  cipher: FieldCipher,
  applicationId: string,
  step: 'profile' | 'profilejoint',
  saved: unknown,
): ProfileHolder | undefined {
  const profile = record(saved);
  if (Object.keys(profile).length === 0) return undefined;
  const home = record(profile.homeAddress);
  return {
    firstName: text(profile.firstName),
    lastName: text(profile.lastName),
    sin: savedSin(cipher, applicationId, step, saved) ?? '',
    birthDate: text(profile.birthDate),
    address: {
      suite: text(home.suite) || null,
      streetNumber: text(home.streetNumber),
      streetName: text(home.streetName),
      city: text(home.city),
      provinceId: typeof home.provinceId === 'number' ? home.provinceId : 0,
      postalCode: text(home.postalCode),
      countryId: typeof home.countryId === 'number' ? home.countryId : null,
    },
  };
}

/** The receiving account's holders: the applicant, and the joint applicant for a joint one. */
function holdersOf(
  cipher: FieldCipher,
  applicationId: string,
  steps: Record<string, unknown>,
  account: Pick<repo.ClientAccountRow, 'ownershipTypeId'>,
): ProfileHolder[] {
  const primary = profileHolderOf(cipher, applicationId, 'profile', steps.profile);
  const joint = isJoint(account)
    ? profileHolderOf(cipher, applicationId, 'profilejoint', steps.profilejoint)
    : undefined;
  return [primary, joint].filter((holder): holder is ProfileHolder => holder !== undefined);
}

/**
 * The statement with each SIN left blank taken as the profile's holder's at the same place: the
 * form prefills the holders from the profile, and shows the SIN only masked (the plain number
 * never reaches the browser, ADR 0008), so a blank says "the one on file".
 */
function withSinsOnFile(
  statement: TransferAccountModel['statement'],
  profile: readonly ProfileHolder[],
): TransferAccountModel['statement'] {
  const holders = statement.holders.map((holder, index) => {
    const onFile = profile[index]?.sin ?? '';
    return holder.sin.trim() === '' && onFile !== '' ? { ...holder, sin: onFile } : holder;
  });
  return { ...statement, holders };
}

// ---------------------------------------------------------------------------------------------
// Views

function displayStatusOf(row: repo.TransferRow): TransferDisplayStatus {
  if (row.status === fundingStatuses.CANCELLED_BY_CLIENT) return 'CANCELLED';
  if (row.status === null) return 'UNSIGNED';
  return row.status as TransferInStatus;
}

function isCancellable(row: repo.TransferRow): boolean {
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

async function viewOf(db: Database, row: repo.TransferRow, language: MessageLanguage) {
  const lines = await repo.linesOf(db, [row.id]);
  return transferView(row, lines.length, language);
}

/** `GET coapplications/{id}/coaccounts`: the application's accounts with their transfers in. */
export async function coAccountsFor(
  deps: TransferDeps,
  userId: string,
  applicationId: string,
  language: MessageLanguage,
): Promise<CoAccount[]> {
  const application = await findParticipantApplication(deps.db, userId, applicationId);
  if (!application || application.role !== 'primary') throw notFound();
  if (!fundingOpen(application.status)) return [];
  const accounts = await accountsOf(deps, userId, applicationId);
  const steps = await savedStepsOf(deps.db, applicationId);
  const transfers = await repo.transfersIntoAccounts(
    deps.db,
    userId,
    accounts.map((account) => account.id),
  );
  const lines = await repo.linesOf(
    deps.db,
    transfers.map((transfer) => transfer.id),
  );
  const lineCounts = new Map<string, number>();
  for (const line of lines) {
    lineCounts.set(line.transferRequestId, (lineCounts.get(line.transferRequestId) ?? 0) + 1);
  }
  return accounts.map((account) => ({
    accountId: account.id,
    accountTypeId: account.accountTypeId,
    accountTypeName: account.accountTypeName,
    transferAccountType: transferAccountTypeNameOf(account.accountTypeId as AccountTypeId) ?? null,
    ownershipTypeId: account.ownershipTypeId,
    currencyTypeId: account.currencyTypeId,
    jurisdiction: jurisdictionOf(account, steps),
    accountNumber: account.accountNumber,
    transfers: transfers
      .filter((transfer) => transfer.toAccountId === account.id)
      .map((transfer) => transferView(transfer, lineCounts.get(transfer.id) ?? 0, language)),
  }));
}

// ---------------------------------------------------------------------------------------------
// The statement upload

export interface StatementUpload {
  fields: Record<string, string>;
  file?: { fileName: string; bytes: Buffer; truncated: boolean };
}

/**
 * `POST transferAccounts/upload`: the statement (or transfer form) of the account to transfer,
 * stored as a document of the application (the one named by `applicationId`, else the newest
 * open for funding) by the documents module's rules. Answers its id, for `documentUploadedId`.
 */
export async function uploadStatement(
  deps: TransferDeps,
  userId: string,
  upload: StatementUpload,
): Promise<{
  documentUploadedId: string;
  documentType: StatementDocumentType;
  applicationId: string;
  accountNumber: string;
}> {
  const { db, cipher } = deps;
  const fields: Record<string, string> = {};
  const accountNumber = (upload.fields.accountNumber ?? '').normalize('NFC').trim();
  if (accountNumber === '') fields.accountNumber = 'deliveringAccountNumberRequired';
  else if (accountNumber.length > TRANSFER_ACCOUNT_NUMBER_MAX_LENGTH) {
    fields.accountNumber = 'invalid';
  }
  const documentType = (upload.fields.documentType ??
    'investmentStatement') as StatementDocumentType;
  if (!statementDocumentTypes.includes(documentType)) fields.documentType = 'invalid';
  const named = upload.fields.applicationId?.trim();
  if (named !== undefined && named !== '' && !/^[0-9a-f-]{36}$/i.test(named)) {
    fields.applicationId = 'invalid';
  }
  if (!upload.file) fields.document = 'required';
  if (Object.keys(fields).length > 0 || !upload.file) throw invalid(fields);
  const applicationId = named ? named : await newestFundableApplication(db, userId);
  await fundableApplication(db, userId, applicationId);
  try {
    const document = await uploadDocument(
      db,
      cipher,
      userId,
      applicationId,
      { documentType, file: upload.file },
      { quotaBytes: deps.uploadQuotaBytes },
    );
    return {
      documentUploadedId: document.id,
      documentType,
      applicationId,
      accountNumber: maskedTransferAccount(accountNumber.slice(-3)),
    };
  } catch (error) {
    throw fromDocumentError(error);
  }
}

/** The documents module names the file part `file`; these forms name it `document`. */
function fromDocumentError(error: unknown): unknown {
  if (!(error instanceof DocumentError)) return error;
  if (error.status === 400) {
    const renamed: Record<string, string> = {};
    for (const [path, code] of Object.entries(error.details.fields ?? {})) {
      renamed[path === 'file' ? 'document' : path] = code;
    }
    return invalid(renamed);
  }
  return new TransferError(error.status, error.errorCode);
}

// ---------------------------------------------------------------------------------------------
// The request

export interface TransferForm {
  /** The form field `transferAccountModel`: JSON text. */
  model: string | undefined;
  file?: { fileName: string; bytes: Buffer; truncated: boolean };
  /** Where the ceremony brings the caller back: one of the domain's known in-app targets. */
  returnTo?: TransferReturnTarget;
}

function parsedModel(form: TransferForm): TransferAccountModel {
  if (form.model === undefined || form.model.trim() === '') {
    throw invalid({ transferAccountModel: 'required' });
  }
  let json: unknown;
  try {
    json = JSON.parse(form.model);
  } catch {
    throw invalid({ transferAccountModel: 'invalid' });
  }
  const parsed = transferAccountModelSchema.safeParse(json ?? {});
  if (!parsed.success) throw invalid(fieldsOf(parsed.error.issues));
  return parsed.data;
}

/** The pre-check's problems as the 422 carries them, each with its message in `language`. */
/**
 * `PUT transferAccounts`: validates the form (400 with field codes), checks the receiving
 * account is one of the caller's application's, open for funding (404, 409), runs the
 * pre-check against the profile and the account (422, nothing saved), then saves the request
 * with its lines, the statement file when one came with it, and sends the transfer
 * authorization to be signed.
 */
export async function submitTransfer(
  deps: TransferDeps,
  caller: TransferCaller,
  form: TransferForm,
): Promise<TransferAccountResult> {
  const { db, cipher } = deps;
  const model = parsedModel(form);
  const application = await fundableApplication(db, caller.id, model.applicationId);
  const account = (await accountsOf(deps, caller.id, application.id)).find(
    (candidate) => candidate.id === model.toAccountId,
  );
  if (!account) throw notFound();
  if (model.documentUploadedId) {
    const document = await repo.findStatementDocument(
      db,
      application.id,
      model.documentUploadedId,
      statementDocumentTypes,
    );
    if (!document) throw notFound();
  }

  const steps = await savedStepsOf(db, application.id);
  const profileHolders = holdersOf(cipher, application.id, steps, account);
  const statement = withSinsOnFile(model.statement, profileHolders);
  const receivingType = transferAccountTypeNameOf(account.accountTypeId as AccountTypeId);
  if (!receivingType) {
    throw new TransferPrecheckError([
      { field: 'toAccountId', code: 'planNotAccepted', values: { delivering: model.accountType } },
    ]);
  }
  const result = precheckTransfer({
    deliveringInstitutionId: model.fromInstitutionId,
    deliveringAccountNumber: model.accountNumber,
    deliveringAccountType: model.accountType,
    deliveringJurisdiction: model.deliveringJurisdiction,
    transferType: model.transferType,
    unpaidMinimum: model.unpaidMinimum,
    statement,
    receiving: {
      accountType: receivingType,
      jurisdiction: jurisdictionOf(account, steps),
      holders: profileHolders,
    },
    resp: model.resp,
    lines: model.lines,
  });
  if (!result.ok) throw new TransferPrecheckError(result.problems);

  const id = randomUUID();
  const language = languageOf(caller.language);
  await db.transaction(async (tx) => {
    let statementDocumentId = model.documentUploadedId;
    if (form.file) {
      try {
        const document = await uploadDocument(
          tx,
          cipher,
          caller.id,
          application.id,
          { documentType: 'investmentStatement', file: form.file },
          { quotaBytes: deps.uploadQuotaBytes },
        );
        statementDocumentId = document.id;
      } catch (error) {
        throw fromDocumentError(error);
      }
    }
    const stored: StoredStatement = {
      holders: statement.holders,
      address: statement.address,
    };
    await repo.insertTransfer(
      tx,
      {
        id,
        userId: caller.id,
        applicationId: application.id,
        toAccountId: account.id,
        fromInstitutionId: model.fromInstitutionId,
        accountNumberEncrypted: cipher.encrypt(
          model.accountNumber,
          transferContext(id, 'accountNumber'),
        ),
        accountNumberLast3: model.accountNumber.slice(-3),
        accountType: model.accountType,
        deliveringJurisdiction: model.deliveringJurisdiction,
        transferTypeId: model.transferType,
        approximateValueCents: model.approximateValue,
        liquidationValueCents: model.liquidationValue,
        transferFeeCents: model.transferFee,
        mutualFunds: model.mutualFunds,
        unpaidMinimum: model.unpaidMinimum,
        statementEncrypted: cipher.encrypt(
          JSON.stringify(stored),
          transferContext(id, 'statement'),
        ),
        respEncrypted: model.resp
          ? cipher.encrypt(JSON.stringify(model.resp), transferContext(id, 'resp'))
          : null,
        statementDocumentId,
        language,
      },
      model.lines.map((line, position) =>
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
      ),
    );
    // The trail names the transfer, never its account number or the statement (personal data).
    await recordAuditEvent(tx, {
      applicationId: application.id,
      actorId: caller.id,
      action: 'transferRequested',
      fromStatus: application.status,
      toStatus: application.status,
      details: { transferId: id, toAccountId: account.id, transferType: model.transferType },
    });
  });
  const esignUrl = await signingUrlFor(deps, caller, id, form.returnTo ?? 'funding');
  return { transferAccountId: id, esignUrl, esignStatus: 'UNSIGNED' };
}

// ---------------------------------------------------------------------------------------------
// The e-signature

async function decryptedStatement(cipher: FieldCipher, row: repo.TransferRow) {
  return JSON.parse(
    cipher.decrypt(row.statementEncrypted, transferContext(row.id, 'statement')),
  ) as StoredStatement;
}

/** Builds the authorization of a saved transfer and sends it to the vendor, for the caller. */
async function sendEnvelope(
  deps: TransferDeps,
  caller: TransferCaller,
  row: repo.TransferRow,
  returnPath: string,
): Promise<{ envelopeId: string; signingUrl: string }> {
  const { db, cipher } = deps;
  const language = languageOf(row.language);
  const steps = await savedStepsOf(db, row.applicationId);
  const profile = record(steps.profile);
  const name = `${text(profile.firstName)} ${text(profile.lastName)}`.trim();
  if (!name) throw new TransferError(409, 'signerUnknown');
  const account = await repo.findClientAccountById(db, row.toAccountId);
  if (!account) throw notFound();
  const statement = await decryptedStatement(cipher, row);
  const lines = await repo.linesOf(db, [row.id]);
  const document = await renderTransferAuthorization({
    language,
    createdAt: deps.now?.() ?? new Date(),
    details: {
      transferId: row.id,
      receivingAccountLabel: toAccountLabel(
        {
          accountTypeName: account.accountTypeName as NamedAccountTypeName,
          accountNumber: account.accountNumber,
        },
        language,
      ),
      institutionName: deliveringInstitutionNameOf(row.fromInstitutionId, language),
      accountNumber: cipher.decrypt(
        row.accountNumberEncrypted,
        transferContext(row.id, 'accountNumber'),
      ),
      accountType: row.accountType as TransferAccountTypeName,
      jurisdiction: row.deliveringJurisdiction,
      transferType: row.transferTypeId as TransferType,
      approximateValueCents: row.approximateValueCents,
      liquidationValueCents: row.liquidationValueCents,
      transferFeeCents: row.transferFeeCents,
      mutualFunds: row.mutualFunds,
      unpaidMinimum: row.unpaidMinimum as UnpaidMinimumInstruction | null,
      holders: statement.holders,
      address: statement.address,
      resp: row.respEncrypted
        ? (JSON.parse(cipher.decrypt(row.respEncrypted, transferContext(row.id, 'resp'))) as {
            deliveringContractNumber: string;
            receivingContractNumber: string;
          })
        : null,
      lines: lines.map((line): PartialTransferLine =>
        line.kind === 'cash'
          ? { kind: 'cash', amountCents: line.amountCents ?? 0 }
          : {
              kind: line.kind as 'inKind' | 'inCash',
              symbol: line.symbol ?? '',
              securityName: line.securityName ?? '',
              quantity: line.quantity ?? 0,
            },
      ),
    },
  });
  return deps.provider.createEnvelope({
    signer: { email: caller.email, name },
    language,
    document: { name: document.name, bytes: document.bytes },
    returnPath,
  });
}

/**
 * Where the caller signs a transfer not signed yet: its pending envelope, or a new one when
 * there is none or the vendor can no longer sign it (declined, expired). Null once signed or
 * cancelled. The ceremony returns to `returnTo` (a resumed envelope too: vendors take the return
 * with each signing view). The vendor is called outside any transaction.
 */
async function signingUrlFor(
  deps: TransferDeps,
  caller: TransferCaller,
  id: string,
  returnTo: TransferReturnTarget,
): Promise<string | null> {
  const { db, provider } = deps;
  const row = await repo.findTransfer(db, caller.id, id);
  if (!row || row === 'locked') throw notFound();
  if (row.esignStatus === 'SIGNED' || row.status !== null) return null;
  const returnPath = transferEsignReturnPath(returnTo, {
    transferId: row.id,
    applicationId: row.applicationId,
  });
  if (row.esignEnvelopeId && row.esignProvider === provider.name) {
    const resumed = await provider.signingUrl(row.esignEnvelopeId, { returnPath });
    if (resumed) return resumed;
  }
  const created = await sendEnvelope(deps, caller, row, returnPath);
  const standing = await db.transaction(async (tx) => {
    const locked = await repo.findTransfer(tx, caller.id, id, { lock: 'wait' });
    if (!locked || locked === 'locked') throw notFound();
    if (locked.esignStatus === 'SIGNED' || locked.status !== null) return null;
    // Another request sent an envelope meanwhile: that one stands.
    if (locked.esignEnvelopeId && locked.esignEnvelopeId !== row.esignEnvelopeId) {
      return locked.esignEnvelopeId;
    }
    await repo.updateTransfer(tx, id, {
      esignProvider: provider.name,
      esignEnvelopeId: created.envelopeId,
      esignStatus: 'UNSIGNED',
    });
    return created.envelopeId;
  });
  if (standing === null) return null;
  if (standing !== created.envelopeId) return provider.signingUrl(standing, { returnPath });
  return created.signingUrl;
}

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

/**
 * Records the vendor's report that a transfer's authorization is signed, in the caller's
 * transaction, under the transfer's row lock: SC_IN_PROGRESS from the bank's today (read
 * before the transaction), the expected
 * dates by the section 9 timings on the business-day calendar, the event and the mail. A
 * transfer already signed, cancelled, or whose envelope was replaced records nothing, so the
 * webhook and a forced check arriving together record it once.
 */
export async function recordSigned(
  tx: Database,
  deps: Pick<TransferDeps, 'cipher' | 'publicUrl' | 'provider'>,
  report: { envelopeId: string; today: IsoDate },
  reportedBy: 'webhook' | 'statusCheck',
): Promise<repo.TransferRow | undefined> {
  const { envelopeId, today } = report;
  const row = await repo.findTransferByEnvelope(tx, deps.provider.name, envelopeId, { lock: true });
  if (!row || row.esignStatus === 'SIGNED' || row.status !== null) return undefined;
  const statement = await decryptedStatement(deps.cipher, row);
  const kind = transferTimingKindOf({
    deliveringAccountType: row.accountType as TransferAccountTypeName,
    holderCount: statement.holders.length,
    mutualFundsOnly: row.mutualFunds,
  });
  const expected = expectedTransferDates(today, kind, businessCalendarOf('national'));
  const updated = await recordTransferChange(tx, deps, {
    row,
    to: transferInStatuses.SC_IN_PROGRESS,
    actor: 'esign',
    set: {
      esignStatus: 'SIGNED',
      signedOn: today,
      expectedEarliest: expected.earliest,
      expectedLatest: expected.latest,
    },
    mail: { change: 'signed', date: today },
  });
  await recordAuditEvent(tx, {
    applicationId: row.applicationId,
    actorId: row.userId,
    action: 'transferSigned',
    details: { transferId: row.id, reportedBy },
  });
  return updated;
}

export type EsignMode = 'url' | 'check' | 'force';

/**
 * `GET transferAccounts/{id}/esign`: without a mode, where the caller signs (a new envelope
 * when the last one can no longer be signed; null once signed); `check` reads the status the
 * server knows; `force` asks the vendor and records a signature it reports.
 */
export async function esignOf(
  deps: TransferDeps,
  caller: TransferCaller,
  id: string,
  mode: EsignMode,
  returnTo: TransferReturnTarget = 'funding',
): Promise<TransferAccountResult> {
  const row = await repo.findTransfer(deps.db, caller.id, id);
  if (!row || row === 'locked') throw notFound();
  if (mode === 'url') {
    if (row.status === fundingStatuses.CANCELLED_BY_CLIENT) {
      throw new TransferError(409, 'transferCancelled');
    }
    const esignUrl = await signingUrlFor(deps, caller, id, returnTo);
    const current = await repo.findTransfer(deps.db, caller.id, id);
    const status = current && current !== 'locked' ? current.esignStatus : row.esignStatus;
    return { transferAccountId: id, esignUrl, esignStatus: status as EsignStatus };
  }
  if (
    mode === 'force' &&
    row.esignStatus !== 'SIGNED' &&
    row.status === null &&
    row.esignEnvelopeId &&
    row.esignProvider === deps.provider.name &&
    (await deps.provider.envelopeStatus(row.esignEnvelopeId)) === 'signed'
  ) {
    const report = { envelopeId: row.esignEnvelopeId, today: await deps.clock.today() };
    await deps.db.transaction((tx) => recordSigned(tx, deps, report, 'statusCheck'));
  }
  const latest = await repo.findTransfer(deps.db, caller.id, id);
  if (!latest || latest === 'locked') throw notFound();
  return {
    transferAccountId: id,
    esignUrl: null,
    esignStatus: latest.esignStatus as EsignStatus,
  };
}

/** What the vendor's webhook brought about a transfer's envelope: signed, to be recorded. */
export interface TransferEnvelopeNews {
  envelopeId: string;
  /** The bank's date when the news came: the transfer's signing date. */
  today: IsoDate;
}

/**
 * The vendor's webhook, before its transaction: whether the envelope is a transfer's still
 * unsigned, and whether the vendor now reports it signed (a declined or expired envelope
 * changes nothing: the client is offered a new one). Undefined when there is nothing to record.
 */
export async function transferEnvelopeNewsOf(
  deps: Pick<TransferDeps, 'db' | 'provider' | 'clock'>,
  envelopeId: string,
): Promise<TransferEnvelopeNews | undefined> {
  const row = await repo.findTransferByEnvelope(deps.db, deps.provider.name, envelopeId);
  if (!row || row.esignStatus === 'SIGNED' || row.status !== null) return undefined;
  const status = await deps.provider.envelopeStatus(envelopeId);
  return status === 'signed' ? { envelopeId, today: await deps.clock.today() } : undefined;
}

// ---------------------------------------------------------------------------------------------
// Cancel

/**
 * `DELETE transferAccounts/cancel/{id}`: an unsigned transfer, or a signed one still in a
 * cancellable status (SC_IN_PROGRESS: not yet with the other firm), is CANCELLED_BY_CLIENT
 * (62). 409 `transferBeingProcessed` while the processing job holds it, `notCancellable` once
 * it moved on or was cancelled already.
 */
export async function cancelTransfer(
  deps: TransferDeps,
  userId: string,
  id: string,
  language: MessageLanguage,
): Promise<{ transfer: TransferView }> {
  const today = await deps.clock.today();
  const now = deps.now?.() ?? new Date();
  return deps.db.transaction(async (tx) => {
    const row = await repo.findTransfer(tx, userId, id, { lock: 'skip' });
    if (!row) throw notFound();
    if (row === 'locked' || repo.isHeld(row, now)) {
      throw new TransferError(409, 'transferBeingProcessed');
    }
    if (!isCancellable(row)) throw new TransferError(409, 'notCancellable');
    const updated = await recordTransferChange(tx, deps, {
      row,
      to: fundingStatuses.CANCELLED_BY_CLIENT,
      actor: 'client',
      actorId: userId,
      set: { cancelledAt: now },
      mail: { change: 'cancelled', date: today },
    });
    await recordAuditEvent(tx, {
      applicationId: row.applicationId,
      actorId: userId,
      action: 'transferCancelled',
      details: { transferId: row.id, fromStatus: row.status },
    });
    return { transfer: await viewOf(tx, updated, language) };
  });
}

/** The e-sign webhook's handler of transfer envelopes (esign-webhook.ts). */
export function transferEnvelopeHandler(
  deps: Pick<TransferDeps, 'db' | 'cipher' | 'publicUrl' | 'clock' | 'provider'>,
): EnvelopeNewsHandler<TransferEnvelopeNews> {
  return {
    newsOf: (envelopeId) => transferEnvelopeNewsOf(deps, envelopeId),
    knows: async (envelopeId) =>
      (await repo.findTransferByEnvelope(deps.db, deps.provider.name, envelopeId)) !== undefined,
    async record(tx, news) {
      await recordSigned(tx, deps, news, 'webhook');
    },
  };
}
