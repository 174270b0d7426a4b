import { randomUUID } from 'node:crypto';
import {
  acceptsChanges,
  MAX_UPLOAD_BYTES,
  verifiesIdentityAt,
  type ApplicationState,
} from '@portal/domain';
import {
  contentTypeOfFileType,
  detectFileType,
  extensionOf,
  sanitizeFileName,
  uploadProblems,
  type DocumentSummary,
} from '@portal/domain/rules/uploads';
import type { Database } from '../../db/client.ts';
import type { FieldCipher } from '../../lib/crypto/field-cipher.ts';
import type { NamedAccountTypeName } from '@portal/domain/enums/account-types';
import { chosenAccounts } from '@portal/domain/rules/onboarding-flow';
import {
  findParticipantApplication,
  recordAuditEvent,
  savedStepsOf,
  type ParticipantRole,
} from '../applications/applications.service.ts';
import * as repo from './documents.repo.ts';

/** How many documents one application keeps (bounds what one person can store: 20 x 10 MB). */
export const MAX_DOCUMENTS_PER_APPLICATION = 20;

/** A refusal the routes turn into an HTTP answer. */
export class DocumentError extends Error {
  override name = 'DocumentError';
  constructor(
    readonly status: 400 | 404 | 409,
    readonly errorCode: string,
    readonly details: { fields?: Record<string, string> } = {},
  ) {
    super(errorCode);
  }
}

/** What one person may store: `uploadQuotaBytes` of the configuration (200 MB unless set). */
export interface UploadLimits {
  quotaBytes: number;
}

export interface UploadInput {
  documentType?: string;
  /** An account of the application by name; blank or absent for the whole application. */
  account?: string;
  reason?: string;
  file?: {
    fileName: string;
    bytes: Buffer;
    /** The multipart reader stopped at the size limit: the file was larger than it. */
    truncated: boolean;
  };
}

const notFound = () => new DocumentError(404, 'notFound');

/** Each encrypted field is bound to its row and column (ADR 0008). */
const contextOf = (documentId: string, field: 'content' | 'fileName' | 'reason') =>
  `application_documents:${documentId}:${field}`;

function summaryOf(cipher: FieldCipher, row: repo.DocumentListing): DocumentSummary {
  return {
    id: row.id,
    documentType: row.documentType,
    account: row.account,
    reason:
      row.reasonEncrypted === null
        ? null
        : cipher.decrypt(row.reasonEncrypted, contextOf(row.id, 'reason')),
    fileName: cipher.decrypt(row.fileNameEncrypted, contextOf(row.id, 'fileName')),
    size: row.size,
    contentType: row.contentType,
    uploadedAt: row.uploadedAt.toISOString(),
  };
}

/**
 * The documents a person sends to verify their identity (issue 13: photo ID for manual
 * verification, two documents for dual-process), accepted after the review is agreed, from
 * whichever applicant verifies, while they do (ADR 0018).
 */
const identityDocumentTypes: ReadonlySet<string> = new Set([
  'photoID',
  'photoIDFront',
  'photoIDBack',
  'passport',
  'bankStatement',
  'creditStatement',
  'utilityBill',
  'investmentStatement',
  'other',
]);

function sendsIdentityDocument(
  application: { role: ParticipantRole; status: ApplicationState },
  documentType: string | undefined,
): boolean {
  return (
    documentType !== undefined &&
    identityDocumentTypes.has(documentType) &&
    verifiesIdentityAt(application.role, application.status)
  );
}

/**
 * The void cheque (or direct-deposit form) that funds the accounts (issue 14), and the statement
 * or transfer form of an account transferred in (issue 15), accepted after the review is agreed
 * from the primary applicant, who funds them, until the application is declined.
 */
const fundingDocumentTypes: ReadonlySet<string> = new Set([
  'voidCheque',
  'investmentStatement',
  'transferForm',
]);

function sendsFundingDocument(
  application: { role: ParticipantRole; status: ApplicationState },
  documentType: string | undefined,
): boolean {
  return (
    documentType !== undefined &&
    fundingDocumentTypes.has(documentType) &&
    application.role === 'primary' &&
    !acceptsChanges(application.status) &&
    application.status !== 'declined'
  );
}

/**
 * Stores one uploaded file in one transaction: the application must be the caller's (else 404)
 * and still open (409 `applicationLocked`); the upload must pass the domain's rules (400 with
 * field codes); the same content may not be there already (409 `fileAlreadyExists`, compared
 * by keyed fingerprint); the person's documents in all their applications, this one included,
 * may not pass their quota (409 `storageQuotaExceeded`); then the encrypted row and its audit
 * event are written together.
 */
export async function uploadDocument(
  db: Database,
  cipher: FieldCipher,
  ownerId: string,
  applicationId: string,
  input: UploadInput,
  limits: UploadLimits,
): Promise<DocumentSummary> {
  return db.transaction(async (tx) => {
    const application = await findParticipantApplication(tx, ownerId, applicationId, {
      lock: true,
    });
    if (!application) throw notFound();
    const verifying = sendsIdentityDocument(application, input.documentType);
    const funding = sendsFundingDocument(application, input.documentType);
    // While operations ask for more (issue 16; ADR 0023), either applicant may answer with
    // documents: uploads stay open after the review for this.
    // The completed PEP/HIO form (issue 16; spec section 9), from either applicant, until the
    // application is declined; filing it as the form is checked by operations' pepForm/upload.
    const answering =
      application.status === 'requiresReview' ||
      (input.documentType === 'pepHioForm' && application.status !== 'declined');
    // The joint applicant sends nothing but their identity documents while they verify.
    if (application.role === 'joint' && !verifying && !answering) throw notFound();
    if (!acceptsChanges(application.status) && !verifying && !funding && !answering) {
      throw new DocumentError(409, 'applicationLocked');
    }

    const { file } = input;
    const reason = input.reason?.trim() || null;
    const account = input.account?.trim() || null;
    const problems = uploadProblems({
      documentType: input.documentType,
      account,
      reason,
      fileName: file?.fileName,
      // The reader stops at the limit, so a truncated file was at least one byte larger.
      size: file ? (file.truncated ? MAX_UPLOAD_BYTES + 1 : file.bytes.length) : undefined,
      bytes: file?.bytes,
    });
    // An account name the domain knows, but not one this application opens, is refused too.
    if (
      account &&
      !problems.some((problem) => problem.path === 'account') &&
      !chosenAccounts(await savedStepsOf(tx, applicationId)).includes(
        account as NamedAccountTypeName,
      )
    ) {
      problems.push({ path: 'account', code: 'invalid' });
    }
    const fileType = file ? detectFileType(file.bytes) : null;
    if (problems.length > 0 || !file || !fileType || !input.documentType) {
      const fields: Record<string, string> = {};
      for (const problem of problems) fields[problem.path] ??= problem.code;
      throw new DocumentError(400, 'invalidInput', { fields });
    }

    const fingerprint = cipher.fingerprint(file.bytes);
    // A document kept under an older key is found by that key's fingerprint (ADR 0043).
    if (await repo.hasFingerprint(tx, applicationId, cipher.fingerprints(file.bytes))) {
      throw new DocumentError(409, 'fileAlreadyExists');
    }
    if ((await repo.countOf(tx, applicationId)) >= MAX_DOCUMENTS_PER_APPLICATION) {
      throw new DocumentError(409, 'tooManyDocuments');
    }
    // Summed under the uploader's lock and inserted before it is released, so two uploads at
    // once near the quota are counted one after the other.
    await repo.lockUploader(tx, ownerId);
    if ((await repo.storedBytesOf(tx, ownerId)) + file.bytes.length > limits.quotaBytes) {
      throw new DocumentError(409, 'storageQuotaExceeded');
    }

    const id = randomUUID();
    const fileName = sanitizeFileName(file.fileName, extensionOf(file.fileName));
    const row = await repo.insertDocument(tx, {
      id,
      applicationId,
      uploadedBy: ownerId,
      documentType: input.documentType,
      account,
      reasonEncrypted: reason === null ? null : cipher.encrypt(reason, contextOf(id, 'reason')),
      fileNameEncrypted: cipher.encrypt(fileName, contextOf(id, 'fileName')),
      contentType: contentTypeOfFileType[fileType],
      size: file.bytes.length,
      contentEncrypted: cipher.encryptBytes(file.bytes, contextOf(id, 'content')),
      contentFingerprint: fingerprint,
    });
    // The trail names the document, never its name, reason or content (personal data).
    await recordAuditEvent(tx, {
      applicationId,
      actorId: ownerId,
      action: 'documentUploaded',
      details: {
        documentId: id,
        documentType: row.documentType,
        ...(row.account === null ? {} : { account: row.account }),
        contentType: row.contentType,
        size: row.size,
      },
    });
    return summaryOf(cipher, row);
  });
}

export async function listDocuments(
  db: Database,
  cipher: FieldCipher,
  ownerId: string,
  applicationId: string,
): Promise<DocumentSummary[]> {
  const application = await findParticipantApplication(db, ownerId, applicationId);
  if (!application) throw notFound();
  if (application.role === 'joint') {
    // The joint applicant sees only what they sent themselves (their identity documents).
    const rows = await repo.listOfApplication(db, applicationId);
    return rows.filter((row) => row.uploadedBy === ownerId).map((row) => summaryOf(cipher, row));
  }
  const rows = await repo.listOwned(db, ownerId, applicationId);
  return rows.map((row) => summaryOf(cipher, row));
}

/**
 * The documents sent with an application, for the document its applicants sign, which lists
 * them as the review does. The caller has checked the person's part in the application.
 */
export async function documentsOfApplication(
  db: Database,
  cipher: FieldCipher,
  applicationId: string,
): Promise<DocumentSummary[]> {
  const rows = await repo.listOfApplication(db, applicationId);
  return rows.map((row) => summaryOf(cipher, row));
}

/** The decrypted file, for its owner only (another person's answers 404). */
export async function readDocument(
  db: Database,
  cipher: FieldCipher,
  ownerId: string,
  applicationId: string,
  documentId: string,
): Promise<{ document: DocumentSummary; content: Buffer }> {
  const row = await repo.findOwnedWithContent(db, ownerId, applicationId, documentId);
  if (!row) throw notFound();
  return {
    document: summaryOf(cipher, row),
    content: cipher.decryptBytes(row.contentEncrypted, contextOf(row.id, 'content')),
  };
}

/** Removes a document while the application still accepts changes, with its audit event. */
export async function deleteDocument(
  db: Database,
  ownerId: string,
  applicationId: string,
  documentId: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    const application = await findParticipantApplication(tx, ownerId, applicationId, {
      lock: true,
    });
    if (!application) throw notFound();
    const document = await repo.findInApplication(tx, applicationId, documentId);
    if (!document) throw notFound();
    // The joint applicant deletes nothing; after the review what was sent stays (the signed
    // document lists it, operations review it): a retake is another upload.
    if (application.role === 'joint') throw notFound();
    if (!acceptsChanges(application.status)) {
      throw new DocumentError(409, 'applicationLocked');
    }
    await repo.deleteDocument(tx, documentId);
    await recordAuditEvent(tx, {
      applicationId,
      actorId: ownerId,
      action: 'documentDeleted',
      details: { documentId, documentType: document.documentType },
    });
  });
}
