import {
  dualProcessSubmissionSchemaFor,
  fundingStatuses,
  fundingTypes,
  OPERATIONS_TIME_ZONE,
  reviewedIdentityMethods,
  todayIn,
  transferInStatuses,
  type ApplicationState,
  type ClaimKind,
  type DocumentViewBody,
  type FintracRecord,
  type FundingAction,
  type FundingStatus,
  type IdentityRefusalReason,
  type TransferAction,
  type VerifyIdentityBody,
} from '@portal/domain';
import { nextBusinessDay } from '@portal/domain/calendar/payments-calendar';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import {
  applicationDocuments,
  bankAccounts,
  fundingRequests,
  transferRequests,
  users,
} from '../../db/schema.ts';
import type { FieldCipher } from '../../lib/crypto/field-cipher.ts';
import { Refusal } from '../../lib/refusals/refusal.ts';
import type { DocumentVerificationProvider } from '../../providers/document-verification/document-verification-provider.ts';
import type { BankClock } from '../../providers/sandbox-bank/bank-clock.ts';
import * as applicationsRepo from '../applications/applications.repo.ts';
import { recordAuditEvent } from '../applications/applications.service.ts';
import * as fundingRepo from '../funding/funding.repo.ts';
import { recordChange } from '../funding/funding.service.ts';
import { completeAttempt, workingOf } from '../identity/identity-outcome.ts';
import * as identityRepo from '../identity/identity.repo.ts';
import { reviewedDualProcessRecord, type ManualWorking } from '../identity/identity.service.ts';
import { enqueueMessage } from '../outbox/outbox.service.ts';
import * as transfersRepo from '../transfers/transfers.repo.ts';
import {
  IDENTITY_REFUSED_TEMPLATE,
  IDENTITY_VERIFIED_TEMPLATE,
  identityDecisionMail,
} from './operations-work-mail.ts';
import { REVIEWED_STATUSES } from './application-decisions.ts';
import {
  forgetDecidedCheck,
  reviewedPhotoIdRecord,
  type VendorForgetLog,
} from './identity-case.ts';
import { attemptDocumentIds, HELD_PREFIX } from './work-queues.ts';
import { requireClaim } from './work-claims.ts';

/**
 * Staff's actions outside the applications queue (issue 16; ADR 0023): deciding an identity
 * attempt sent for review, acting on funding requests and transfers a bank, the delivering
 * institution or a processing job left waiting, and reading a document. Each action runs in
 * one transaction with the caller's claim (locked), the change through the owning module's own
 * function (so the history and the client's mail are the module's), and its audit event with
 * the staff member's reason.
 */

export interface WorkDeps {
  db: Database;
  cipher: FieldCipher;
  publicUrl: string;
  /** The bank's today (the sandbox bank's clock in sandbox mode). */
  clock?: BankClock;
  /** The photo-ID vendor, which forgets a check once staff have decided it (issue 34). */
  documentVerification?: Pick<DocumentVerificationProvider, 'name' | 'forget'>;
  /** Where a failed deletion at the vendor is reported (the request's log). */
  log?: VendorForgetLog;
  now?: () => Date;
}

const notFound = () => new Refusal(404, 'notFound');
const notDecidable = () => new Refusal(409, 'notDecidable');
const movingNow = () => new Refusal(409, 'movingNow');
const nowOf = (deps: WorkDeps) => deps.now?.() ?? new Date();
const dashboardUrlOf = (deps: WorkDeps) =>
  deps.publicUrl ? `${deps.publicUrl}/#/home/dashboard` : undefined;

// ---------------------------------------------------------------------------------------------
// Identity

/**
 * A manual attempt's FINTRAC record: the dual-process method, from the two documents the
 * reviewer relied on (ADR 0018), judged by the domain's dual-process rule with the applicant's
 * name (the applicant is never a source). Field codes as `sources.<index>.<field>`.
 */
function manualRecordOf(
  cipher: FieldCipher,
  attempt: identityRepo.AttemptRow,
  review: { reviewedBy: string; now: Date; sources: VerifyIdentityBody['sources'] },
): Extract<FintracRecord, { method: 'manual' }> {
  const working = workingOf(cipher, attempt) as ManualWorking | undefined;
  if (!working) throw notDecidable();
  const checked = dualProcessSubmissionSchemaFor({
    applicantNames: [working.verifiedName].filter((name) => name !== ''),
  }).safeParse({ sources: review.sources ?? [] });
  if (!checked.success) {
    const fields: Record<string, string> = {};
    for (const issue of checked.error.issues) fields[issue.path.join('.')] ??= issue.message;
    throw new Refusal(400, 'invalid', { fields });
  }
  return {
    method: 'manual',
    methodUsed: 'dualProcess',
    verifiedName: working.verifiedName,
    verifiedAt: review.now.toISOString(),
    vendor: 'operations',
    vendorReference: `${attempt.id}:${review.reviewedBy}`,
    reviewedBy: review.reviewedBy,
    sources: checked.data.sources,
  };
}

async function mailIdentityDecision(
  tx: Database,
  deps: WorkDeps,
  attempt: identityRepo.AttemptRow,
  refusal?: IdentityRefusalReason,
): Promise<void> {
  const [person] = await tx
    .select({ email: users.email, language: users.language, firstName: users.firstName })
    .from(users)
    .where(eq(users.id, attempt.userId));
  if (!person) return;
  const language = person.language === 'fr' ? 'fr' : 'en';
  const dashboardUrl = dashboardUrlOf(deps);
  await enqueueMessage(tx, deps.cipher, {
    channel: 'email',
    recipient: person.email,
    language,
    template: refusal ? IDENTITY_REFUSED_TEMPLATE : IDENTITY_VERIFIED_TEMPLATE,
    applicationId: attempt.applicationId,
    content: identityDecisionMail(language, {
      firstName: person.firstName,
      ...(refusal && { refusal }),
      ...(dashboardUrl && { dashboardUrl }),
    }),
  });
}

async function waitingAttempt(tx: Database, attemptId: string) {
  const attempt = await identityRepo.findAttempt(tx, attemptId, { lock: true });
  if (!attempt || !(reviewedIdentityMethods as readonly string[]).includes(attempt.method)) {
    throw notFound();
  }
  if (attempt.outcome !== 'needsReview') throw notDecidable();
  return attempt;
}

/**
 * `POST ops/identity/{attemptId}/verify`. A photo ID's vendor forgets the check once the
 * decision has committed (the images were there for the reviewer until then).
 */
export async function verifyIdentity(
  deps: WorkDeps,
  staffId: string,
  attemptId: string,
  body: VerifyIdentityBody,
): Promise<{ state: 'verified' }> {
  const now = nowOf(deps);
  const decided = await deps.db.transaction(async (tx) => {
    await requireClaim(tx, { kind: 'identity', id: attemptId, staffId, now });
    const attempt = await waitingAttempt(tx, attemptId);
    let record: FintracRecord;
    let photoIdDetails: Record<string, unknown> = {};
    if (attempt.method === 'dualProcess') {
      record = reviewedDualProcessRecord(deps.cipher, attempt, { reviewedBy: staffId, now });
    } else if (attempt.method === 'photoId') {
      const reviewed = reviewedPhotoIdRecord(deps.cipher, attempt, now);
      record = reviewed.record;
      // What the reviewer overrode, by its kind: never the document's number or name.
      photoIdDetails = {
        reviewedBy: staffId,
        vendor: record.vendor,
        documentType: record.documentType,
        subResults: reviewed.review.reports.flatMap((report) =>
          report.subResult ? [report.subResult] : [],
        ),
      };
    } else {
      record = manualRecordOf(deps.cipher, attempt, {
        reviewedBy: staffId,
        now,
        sources: body.sources,
      });
    }
    await completeAttempt(tx, deps.cipher, {
      attemptId,
      outcome: 'verified',
      record,
      verifiedName: record.verifiedName,
      actorId: staffId,
      now,
      publicUrl: deps.publicUrl,
    });
    await recordAuditEvent(tx, {
      applicationId: attempt.applicationId,
      actorId: staffId,
      action: 'identityVerifiedByStaff',
      details: {
        attemptId,
        role: attempt.role,
        method: attempt.method,
        // What kind of evidence, never the sources' names or numbers (those are the record's).
        ...(record.method === 'manual' && {
          methodUsed: record.methodUsed,
          categories: record.sources.map((source) => source.category),
          documentTypes: record.sources.map((source) => source.documentType),
        }),
        ...photoIdDetails,
        reason: body.reason,
      },
      createdAt: now,
    });
    await mailIdentityDecision(tx, deps, attempt);
    return attempt;
  });
  await forgetDecidedCheck(deps, decided);
  return { state: 'verified' };
}

/**
 * `POST ops/identity/{attemptId}/refuse`: the attempt fails with the refusal's code; a photo
 * ID's vendor forgets the check once that has committed.
 */
export async function refuseIdentity(
  deps: WorkDeps,
  staffId: string,
  attemptId: string,
  body: { reason: string; refusal: IdentityRefusalReason },
): Promise<{ state: 'failed' }> {
  const now = nowOf(deps);
  const decided = await deps.db.transaction(async (tx) => {
    await requireClaim(tx, { kind: 'identity', id: attemptId, staffId, now });
    const attempt = await waitingAttempt(tx, attemptId);
    await completeAttempt(tx, deps.cipher, {
      attemptId,
      outcome: 'failed',
      reason: body.refusal,
      actorId: staffId,
      now,
    });
    await recordAuditEvent(tx, {
      applicationId: attempt.applicationId,
      actorId: staffId,
      action: 'identityRefusedByStaff',
      details: {
        attemptId,
        role: attempt.role,
        method: attempt.method,
        refusal: body.refusal,
        reason: body.reason,
      },
      createdAt: now,
    });
    await mailIdentityDecision(tx, deps, attempt, body.refusal);
    return attempt;
  });
  await forgetDecidedCheck(deps, decided);
  return { state: 'failed' };
}

// ---------------------------------------------------------------------------------------------
// Funding and transfers

type Leased = { claimedBy: string | null; claimedUntil: Date | null };

/** A lease a job holds right now (a held mark is no lease: the job set the row aside). */
const leasedNow = (row: Leased, now: Date) =>
  row.claimedUntil !== null &&
  row.claimedUntil.getTime() > now.getTime() &&
  !(row.claimedBy?.startsWith(HELD_PREFIX) ?? false);
const heldNow = (row: Leased, now: Date) =>
  row.claimedUntil !== null &&
  row.claimedUntil.getTime() > now.getTime() &&
  (row.claimedBy?.startsWith(HELD_PREFIX) ?? false);

/**
 * The row, locked without waiting: a job's pass holds its rows locked while it moves them
 * (`FOR UPDATE SKIP LOCKED`), so a row we cannot lock is one a job is moving: 409 `movingNow`.
 */
async function lockedWithoutWaiting<Row extends Leased>(
  lock: () => Promise<Row | undefined>,
  exists: () => Promise<boolean>,
  now: Date,
): Promise<Row> {
  const row = await lock();
  if (!row) throw (await exists()) ? movingNow() : notFound();
  if (leasedNow(row, now)) throw movingNow();
  return row;
}

const lockedFunding = (tx: Database, id: string, now: Date) =>
  lockedWithoutWaiting(
    async () =>
      (
        await tx
          .select()
          .from(fundingRequests)
          .where(eq(fundingRequests.id, id))
          .for('update', { skipLocked: true })
      )[0],
    async () =>
      (
        await tx
          .select({ id: fundingRequests.id })
          .from(fundingRequests)
          .where(eq(fundingRequests.id, id))
      ).length > 0,
    now,
  );

const lockedTransfer = (tx: Database, id: string, now: Date) =>
  lockedWithoutWaiting(
    async () =>
      (
        await tx
          .select()
          .from(transferRequests)
          .where(eq(transferRequests.id, id))
          .for('update', { skipLocked: true })
      )[0],
    async () =>
      (
        await tx
          .select({ id: transferRequests.id })
          .from(transferRequests)
          .where(eq(transferRequests.id, id))
      ).length > 0,
    now,
  );

const rejectedFunding: ReadonlySet<number> = new Set([
  fundingStatuses.REJECTED_BY_BANK,
  fundingStatuses.DECLINED_IN_DP,
]);

async function bankToday(deps: WorkDeps, now: Date): Promise<string> {
  return deps.clock ? deps.clock.today() : todayIn(OPERATIONS_TIME_ZONE, now);
}

/**
 * `POST ops/funding/{requestId}/{action}`: `retry` puts a rejected or held one-time debit back
 * to SUBMITTED for the next business day (the settlement job sends it then); `decline` ends it
 * DECLINED (16), the client told it will not be debited.
 */
export async function actOnFunding(
  deps: WorkDeps,
  staffId: string,
  requestId: string,
  action: FundingAction,
  reason: string,
): Promise<{ status: number }> {
  const now = nowOf(deps);
  const today = await bankToday(deps, now);
  return deps.db.transaction(async (tx) => {
    await requireClaim(tx, { kind: 'funding', id: requestId, staffId, now });
    const request = await lockedFunding(tx, requestId, now);
    const held = heldNow(request, now);
    if (!rejectedFunding.has(request.status) && !held) throw notDecidable();
    const row = await fundingRepo.itemOf(tx, request.userId, request.id);
    const person = await fundingRepo.personOf(tx, request.userId);
    if (!row || !person) throw notFound();
    const release = { claimedBy: null, claimedUntil: null };
    let to: FundingStatus;
    if (action === 'retry') {
      if (request.fundingTypeId !== fundingTypes.OneTime) throw notDecidable();
      to = fundingStatuses.SUBMITTED;
      const startDate = nextBusinessDay(today, 1);
      // Back in the settlement job's hands; it mails the client when it sends the debit.
      await recordChange(tx, deps.cipher, {
        row,
        person,
        to,
        actor: 'staff',
        actorId: staffId,
        set: { ...release, startDate, nextDebitDate: startDate, sentOn: null },
        publicUrl: deps.publicUrl,
      });
    } else {
      to = fundingStatuses.DECLINED;
      await recordChange(tx, deps.cipher, {
        row,
        person,
        to,
        actor: 'staff',
        actorId: staffId,
        set: { ...release, nextDebitDate: null },
        mail: { change: 'cancelled', date: request.startDate },
        publicUrl: deps.publicUrl,
      });
    }
    await recordAuditEvent(tx, {
      applicationId: request.applicationId,
      actorId: staffId,
      action: action === 'retry' ? 'fundingRetriedByStaff' : 'fundingDeclinedByStaff',
      details: { fundingRequestId: request.id, fromStatus: request.status, toStatus: to, reason },
      createdAt: now,
    });
    return { status: to };
  });
}

/**
 * `POST ops/transfers/{transferId}/{action}`: `resubmit` puts a declined or held transfer back
 * to SC_IN_PROGRESS (52), so the processing job sends it again; `close` keeps a declined one
 * SC_DECLINED and records that staff acted on it.
 */
export async function actOnTransfer(
  deps: WorkDeps,
  staffId: string,
  transferId: string,
  action: TransferAction,
  reason: string,
): Promise<{ status: number }> {
  const now = nowOf(deps);
  const today = await bankToday(deps, now);
  return deps.db.transaction(async (tx) => {
    await requireClaim(tx, { kind: 'transfer', id: transferId, staffId, now });
    const row = await lockedTransfer(tx, transferId, now);
    const declined = row.status === transferInStatuses.SC_DECLINED;
    const held = heldNow(row, now);
    if (!declined && !(held && action === 'resubmit')) throw notDecidable();
    const release = { claimedBy: null, claimedUntil: null };
    const to =
      action === 'resubmit' ? transferInStatuses.SC_IN_PROGRESS : transferInStatuses.SC_DECLINED;
    // The module's own row and event writes, as recordTransferChange does, without its mail:
    // the job mails the client when it sends the transfer again (`sentToDeliverer`), and a
    // closed one was mailed its decline already. A resubmission restarts the job's timing from
    // the bank's today, so the transfer goes out the next business day.
    await transfersRepo.updateTransfer(tx, row.id, {
      ...release,
      status: to,
      ...(action === 'resubmit' && { sentOn: null, completedOn: null, signedOn: today }),
    });
    await transfersRepo.insertEvent(tx, {
      transferRequestId: row.id,
      actor: 'staff',
      actorId: staffId,
      fromStatus: row.status,
      toStatus: to,
    });
    await recordAuditEvent(tx, {
      applicationId: row.applicationId,
      actorId: staffId,
      action: action === 'resubmit' ? 'transferResubmittedByStaff' : 'transferClosedByStaff',
      details: { transferId: row.id, fromStatus: row.status, toStatus: to, reason },
      createdAt: now,
    });
    return { status: to };
  });
}

// ---------------------------------------------------------------------------------------------
// Documents

export interface StaffDocument {
  applicationId: string;
  fileName: string;
  contentType: string;
  content: Buffer;
}

const documentContext = (id: string, field: string) => `application_documents:${id}:${field}`;

/**
 * Whether the document belongs to the claimed item: any document of an application in
 * operations' hands (as the SIN reveal), the documents an identity attempt waiting for review
 * sent, the void cheque of the account a funding request debits, a transfer's statement.
 */
async function belongsToItem(
  tx: Database,
  cipher: FieldCipher,
  document: { id: string; applicationId: string },
  item: { kind: ClaimKind; itemId: string },
): Promise<boolean> {
  switch (item.kind) {
    case 'application': {
      if (document.applicationId !== item.itemId) return false;
      const application = await applicationsRepo.findById(tx, item.itemId);
      return REVIEWED_STATUSES.includes(application?.status as ApplicationState);
    }
    case 'identity': {
      const attempt = await identityRepo.findAttempt(tx, item.itemId);
      return (
        attempt?.outcome === 'needsReview' &&
        attempt.applicationId === document.applicationId &&
        attemptDocumentIds(cipher, attempt).includes(document.id)
      );
    }
    case 'funding': {
      const [request] = await tx
        .select({ documentId: bankAccounts.documentId })
        .from(fundingRequests)
        .innerJoin(bankAccounts, eq(bankAccounts.id, fundingRequests.bankAccountId))
        .where(eq(fundingRequests.id, item.itemId));
      return request?.documentId === document.id;
    }
    case 'transfer': {
      const [transfer] = await tx
        .select({ documentId: transferRequests.statementDocumentId })
        .from(transferRequests)
        .where(eq(transferRequests.id, item.itemId));
      return transfer?.documentId === document.id;
    }
  }
}

/**
 * `POST ops/documents/{documentId}/view`: the decrypted file, for the staff member holding the
 * claim on the item it belongs to (need-to-know, the SIN reveal's rule), its viewing audited
 * with the item and the reason in the same transaction. Without the claim 409, as every
 * action; a document of another item (or none) 404.
 */
export async function documentForStaff(
  deps: WorkDeps,
  staffId: string,
  documentId: string,
  body: DocumentViewBody,
): Promise<StaffDocument> {
  const now = nowOf(deps);
  return deps.db.transaction(async (tx) => {
    await requireClaim(tx, { kind: body.kind, id: body.itemId, staffId, now });
    const [row] = await tx
      .select()
      .from(applicationDocuments)
      .where(eq(applicationDocuments.id, documentId));
    if (!row || !(await belongsToItem(tx, deps.cipher, row, body))) throw notFound();
    await recordAuditEvent(tx, {
      applicationId: row.applicationId,
      actorId: staffId,
      action: 'documentViewed',
      details: {
        documentId: row.id,
        documentType: row.documentType,
        claimKind: body.kind,
        itemId: body.itemId,
        reason: body.reason,
      },
      createdAt: now,
    });
    return {
      applicationId: row.applicationId,
      fileName: deps.cipher.decrypt(row.fileNameEncrypted, documentContext(row.id, 'fileName')),
      contentType: row.contentType,
      content: deps.cipher.decryptBytes(row.contentEncrypted, documentContext(row.id, 'content')),
    };
  });
}
