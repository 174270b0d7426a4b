import { fieldsOfIssues } from '../../lib/refusals/refusal.ts';
import { randomUUID } from 'node:crypto';
import type { AccountTypeId } from '@portal/domain/enums/account-types';
import { fundingStatuses } from '@portal/domain/enums/funding';
import {
  fundingOpen,
  type ApplicationState,
} from '@portal/domain/status/application-status-machine';
import { transferAccountTypeNameOf } from '@portal/domain/transfers/transfer-compatibility';
import type { TransferReturnTarget } from '@portal/domain/transfers/transfer-return';
import {
  transferAccountModelSchema,
  TRANSFER_ACCOUNT_NUMBER_MAX_LENGTH,
  type CoAccount,
  type TransferAccountModel,
  type TransferAccountResult,
  type TransferView,
} from '@portal/domain/transfers/transfer-request';
import type { Database } from '../../db/client.ts';
import {
  findParticipantApplication,
  recordAuditEvent,
  savedStepsOf,
} from '../applications/applications.service.ts';
import { DocumentError, uploadDocument } from '../documents/documents.service.ts';
import * as fundingRepo from '../funding/funding.repo.ts';
import { toAccountsFor } from '../funding/funding.service.ts';
import type { MessageLanguage } from '../outbox/outbox.service.ts';
import { recordTransferChange } from './transfer-changes.ts';
import { languageOf, type TransferCaller, type TransferDeps } from './transfer-deps.ts';
import { lineCountsOf, lineRowsOf } from './transfer-lines.ts';
import { jurisdictionOf, precheckedStatement } from './transfer-precheck.ts';
import { invalid, notFound, TransferError } from './transfer-refusal.ts';
import {
  maskedTransferAccount,
  transferContext,
  type StoredStatement,
} from './transfer-sealed-fields.ts';
import { signingUrlFor } from './transfer-signing.ts';
import { isCancellable, transferView, viewOf } from './transfer-views.ts';
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
 *
 * This file holds the application's accounts, the statement upload, the request and its cancel;
 * the pre-check, the lines, the signature, the status changes and the views are modules beside
 * it (issue 32), re-exported here so callers keep one import.
 */

export { TransferError } from './transfer-refusal.ts';
export { TransferPrecheckError } from './transfer-precheck.ts';
export type { TransferCaller, TransferDeps } from './transfer-deps.ts';
export {
  maskedTransferAccount,
  transferContext,
  type StoredStatement,
} from './transfer-sealed-fields.ts';
export { transferView } from './transfer-views.ts';
export { recordTransferChange } from './transfer-changes.ts';
export {
  esignOf,
  recordSigned,
  transferEnvelopeHandler,
  transferEnvelopeNewsOf,
  type EsignMode,
  type TransferEnvelopeNews,
} from './transfer-signing.ts';

const fieldsOf = (issues: readonly { path: PropertyKey[]; message: string }[]) =>
  fieldsOfIssues(issues, 'transferAccountModel');

/** The document types a statement may be kept as (spec section 3's upload types). */
export const statementDocumentTypes = ['investmentStatement', 'transferForm'] as const;
export type StatementDocumentType = (typeof statementDocumentTypes)[number];

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

// ---------------------------------------------------------------------------------------------
// The accounts and their transfers

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
  const lineCounts = lineCountsOf(lines);
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

  const statement = await precheckedStatement(db, cipher, application.id, account, model);

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
      lineRowsOf(model.lines),
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
