import { randomUUID } from 'node:crypto';
import {
  accountNumberOf,
  allows,
  REVEAL_SECONDS,
  type ApplicationEvent,
  type ApplicationState,
  type ApproveBody,
  type DecisionAnswer,
  type DeclineBody,
  type Language,
  type NamedAccountTypeName,
  type OpenedAccount,
  type RequestInformationBody,
  type RevealAnswer,
  type RevealBody,
} from '@portal/domain';
import { isUploadDocumentType } from '@portal/domain/rules/uploads';
import { and, asc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { clientAccounts, informationRequests, reviewCases, users } from '../../db/schema.ts';
import type { FieldCipher } from '../../lib/crypto/field-cipher.ts';
import { Refusal } from '../../lib/refusals/refusal.ts';
import * as applicationsRepo from '../applications/applications.repo.ts';
import {
  applyApplicationEvent,
  recordAuditEvent,
  savedStepsOf,
} from '../applications/applications.service.ts';
import { savedSealedValue } from '../applications/sealed-fields.ts';
import { recordApplicantIdentities } from '../client-identities/client-identities.ts';
import { openChosenAccounts } from '../funding/funding.service.ts';
import { enqueueMessage, type MessageContent } from '../outbox/outbox.service.ts';
import { applicantsOf } from './case-applicants.ts';
import {
  ACCOUNT_OPENED_TEMPLATE,
  accountOpenedMail,
  APPLICATION_DECLINED_TEMPLATE,
  applicationDeclinedMail,
  INFORMATION_REQUESTED_TEMPLATE,
  informationRequestedMail,
} from './operations-mail.ts';
import { revealPlacesOf } from './reveal-fields.ts';
import { openReviewCaseOf } from './review-cases.ts';
import { release, requireClaim } from './work-claims.ts';

/**
 * Operations' actions on an application (issue 16; ADR 0023): reveal a SIN or TIN, approve,
 * decline, ask for more. Each is one transaction: the caller's claim locked (`requireClaim`),
 * the application's row locked, the version the staff member read compared, the change, its
 * audit event and its mail (outbox). A reason is required on every action; it goes to the audit
 * trail, never to the applicant.
 */

export interface DecisionDeps {
  db: Database;
  cipher: FieldCipher;
  /** The site's address, for the dashboard link in mail; no link without it. */
  publicUrl?: string;
  now?: () => Date;
}

export interface Staff {
  id: string;
}

const notFound = () => new Refusal(404, 'notFound');

/** The statuses of applications in operations' hands: the case shows them, reveal reads them. */
export const REVIEWED_STATUSES: readonly ApplicationState[] = [
  'underReview',
  'requiresReview',
  'approved',
  'declined',
];

/**
 * In the action's transaction: the caller's claim, then the application locked, at the version
 * read, in a state that takes `event`.
 */
async function decidable(
  tx: Database,
  staff: Staff,
  applicationId: string,
  version: number,
  event: ApplicationEvent,
) {
  await requireClaim(tx, { kind: 'application', id: applicationId, staffId: staff.id });
  const row = await applicationsRepo.findById(tx, applicationId, { lock: true });
  if (!row) throw notFound();
  if (row.version !== version) throw new Refusal(409, 'staleVersion');
  if (!allows(row.status as ApplicationState, event)) throw new Refusal(409, 'notDecidable');
  return row;
}

/** The case of the application, created if it reached review before cases existed. */
async function caseOf(tx: Database, applicationId: string, updatedAt: Date) {
  const find = async () =>
    (
      await tx
        .select()
        .from(reviewCases)
        .where(eq(reviewCases.applicationId, applicationId))
        .for('update')
    )[0];
  const found = await find();
  if (found) return found;
  await openReviewCaseOf(tx, applicationId, updatedAt);
  const created = await find();
  if (!created) throw new Error('review case missing after its creation');
  return created;
}

const dashboardUrlOf = (deps: DecisionDeps) =>
  deps.publicUrl ? `${deps.publicUrl}/#/home/dashboard` : undefined;

/** One mail to each applicant (primary and joint), each in their own language. */
async function mailApplicants(
  tx: Database,
  deps: DecisionDeps,
  row: { id: string; ownerId: string; jointUserId: string | null },
  template: string,
  content: (language: Language, firstName: string) => MessageContent,
): Promise<void> {
  const steps = await savedStepsOf(tx, row.id);
  const sent = new Set<string>();
  for (const applicant of await applicantsOf(tx, row, steps)) {
    if (!applicant.email || sent.has(applicant.email)) continue;
    sent.add(applicant.email);
    await enqueueMessage(tx, deps.cipher, {
      channel: 'email',
      recipient: applicant.email,
      language: applicant.language,
      template,
      content: content(applicant.language, applicant.firstName),
      applicationId: row.id,
    });
  }
}

/** The accounts an application opened, with their numbers, in the order they were created. */
export async function openedAccountsOf(
  db: Database,
  applicationId: string,
): Promise<OpenedAccount[]> {
  const rows = await db
    .select({
      accountTypeName: clientAccounts.accountTypeName,
      accountNumber: clientAccounts.accountNumber,
    })
    .from(clientAccounts)
    .where(
      and(eq(clientAccounts.applicationId, applicationId), isNotNull(clientAccounts.accountNumber)),
    )
    .orderBy(asc(clientAccounts.createdAt), asc(clientAccounts.accountTypeName));
  return rows.map((row) => ({
    accountTypeName: row.accountTypeName as NamedAccountTypeName,
    accountNumber: row.accountNumber ?? '',
  }));
}

/** The next value of a number sequence, as an 8-character number. */
async function nextNumber(
  tx: Database,
  sequence: 'account_number_seq' | 'client_number_seq',
): Promise<string> {
  const result = (await tx.execute(
    sql`select nextval(${sequence}::regclass)::int as value`,
  )) as unknown as { rows: { value: number | string }[] };
  return accountNumberOf(Number(result.rows[0]?.value));
}

async function versionOf(tx: Database, applicationId: string): Promise<number> {
  const row = await applicationsRepo.findById(tx, applicationId);
  if (!row) throw notFound();
  return row.version;
}

// ---------------------------------------------------------------------------------------------
// Reveal

/**
 * Decrypts exactly one SIN or TIN for a staff member holding the claim, with the audit event
 * (`sinRevealed` / `tinRevealed`: the field and the reason, never the value) in the same
 * transaction. The value is answered, never logged.
 */
export async function reveal(
  deps: DecisionDeps,
  staff: Staff,
  applicationId: string,
  body: RevealBody,
): Promise<RevealAnswer> {
  return deps.db.transaction(async (tx) => {
    await requireClaim(tx, { kind: 'application', id: applicationId, staffId: staff.id });
    const row = await applicationsRepo.findById(tx, applicationId, { lock: true });
    // Need-to-know: only an application in operations' hands, as the case shows them.
    if (!row || !REVIEWED_STATUSES.includes(row.status as ApplicationState)) throw notFound();
    const steps = await savedStepsOf(tx, applicationId);
    const place = revealPlacesOf(steps).find((candidate) => candidate.field === body.field);
    const value =
      place &&
      savedSealedValue(
        deps.cipher,
        applicationId,
        place.step,
        steps[place.step],
        place.path,
        place.key,
      );
    if (!place || !value) throw new Refusal(400, 'nothingToReveal');
    await recordAuditEvent(tx, {
      applicationId,
      actorId: staff.id,
      action: place.key === 'sin' ? 'sinRevealed' : 'tinRevealed',
      fromStatus: row.status,
      toStatus: row.status,
      details: { field: body.field, reason: body.reason },
    });
    return { field: body.field, value, seconds: REVEAL_SECONDS };
  });
}

// ---------------------------------------------------------------------------------------------
// Approve

/** Numbers each account of the application that has none yet (a sequence value each). */
async function numberAccounts(tx: Database, applicationId: string): Promise<void> {
  const unnumbered = await tx
    .select({ id: clientAccounts.id })
    .from(clientAccounts)
    .where(
      and(eq(clientAccounts.applicationId, applicationId), isNull(clientAccounts.accountNumber)),
    )
    .orderBy(asc(clientAccounts.createdAt), asc(clientAccounts.accountTypeName));
  for (const account of unnumbered) {
    await tx
      .update(clientAccounts)
      .set({ accountNumber: await nextNumber(tx, 'account_number_seq') })
      .where(eq(clientAccounts.id, account.id));
  }
}

/**
 * Each applicant's account is onboarded, with a client number unless it has one. Their rows are
 * locked first, in one order, before anything that references them is written: the accounts'
 * foreign keys share-lock them, and two approvals of one person's applications would otherwise
 * each wait for the other's share lock to take their own update lock.
 */
async function lockApplicants(tx: Database, userIds: readonly string[]) {
  const rows = [];
  for (const userId of [...userIds].sort()) {
    const [user] = await tx
      .select({ id: users.id, ibId: users.ibId })
      .from(users)
      .where(eq(users.id, userId))
      .for('update');
    if (user) rows.push(user);
  }
  return rows;
}

async function onboardApplicants(
  tx: Database,
  applicants: readonly { id: string; ibId: string | null }[],
): Promise<void> {
  for (const user of applicants) {
    await tx
      .update(users)
      .set({
        onboardingComplete: true,
        ...(user.ibId === null && { ibId: await nextNumber(tx, 'client_number_seq') }),
      })
      .where(eq(users.id, user.id));
  }
}

/**
 * Approves an application. A PEP/HIO application needs two different staff members: the first
 * approval is recorded on the case (`approvalProposed`) and releases the approver's claim; the
 * same person approving again is refused (409 `secondApproverRequired`). The final approval
 * opens the accounts (created if funding has not yet), numbers each, onboards each applicant
 * with a client number, and mails each of them in their language with the numbers.
 */
export async function approve(
  deps: DecisionDeps,
  staff: Staff,
  applicationId: string,
  body: ApproveBody,
): Promise<DecisionAnswer> {
  const now = deps.now?.() ?? new Date();
  return deps.db.transaction(async (tx) => {
    const row = await decidable(tx, staff, applicationId, body.version, 'approved');
    const reviewCase = await caseOf(tx, applicationId, row.updatedAt);
    if (reviewCase.pep) {
      if (reviewCase.firstApprovalBy === staff.id) {
        throw new Refusal(409, 'secondApproverRequired');
      }
      if (reviewCase.firstApprovalBy === null) {
        await tx
          .update(reviewCases)
          .set({ firstApprovalBy: staff.id, firstApprovalAt: now })
          .where(eq(reviewCases.applicationId, applicationId));
        // The version moves on: a decision read before the first approval is stale.
        const updated = await applicationsRepo.updateApplication(tx, applicationId, {
          version: row.version + 1,
          updatedAt: now,
        });
        await recordAuditEvent(tx, {
          applicationId,
          actorId: staff.id,
          action: 'approvalProposed',
          fromStatus: row.status,
          toStatus: row.status,
          details: { reason: body.reason },
        });
        await release(tx, { kind: 'application', id: applicationId, staffId: staff.id });
        return {
          status: updated.status as ApplicationState,
          version: updated.version,
          outcome: 'awaitingSecondApproval',
          accounts: [],
        };
      }
    }
    const applicants = await lockApplicants(
      tx,
      [row.ownerId, row.jointUserId].filter((id): id is string => id !== null),
    );
    const status = await applyApplicationEvent(tx, {
      applicationId,
      actorId: staff.id,
      event: 'approved',
      details: {
        reason: body.reason,
        ...(reviewCase.pep && { firstApprovalBy: reviewCase.firstApprovalBy }),
      },
    });
    await openChosenAccounts(tx, row, row.ownerId);
    await numberAccounts(tx, applicationId);
    await onboardApplicants(tx, applicants);
    await recordApplicantIdentities(tx, deps.cipher, row);
    await tx
      .update(reviewCases)
      .set({ decidedAt: now })
      .where(eq(reviewCases.applicationId, applicationId));
    const accounts = await openedAccountsOf(tx, applicationId);
    await mailApplicants(tx, deps, row, ACCOUNT_OPENED_TEMPLATE, (language, firstName) =>
      accountOpenedMail(language, { firstName, accounts, dashboardUrl: dashboardUrlOf(deps) }),
    );
    await release(tx, { kind: 'application', id: applicationId, staffId: staff.id });
    return { status, version: await versionOf(tx, applicationId), outcome: 'approved', accounts };
  });
}

// ---------------------------------------------------------------------------------------------
// Decline

/** Declines an application: the applicants are mailed the category, never the reason. */
export async function decline(
  deps: DecisionDeps,
  staff: Staff,
  applicationId: string,
  body: DeclineBody,
): Promise<DecisionAnswer> {
  const now = deps.now?.() ?? new Date();
  return deps.db.transaction(async (tx) => {
    const row = await decidable(tx, staff, applicationId, body.version, 'declined');
    await caseOf(tx, applicationId, row.updatedAt);
    const status = await applyApplicationEvent(tx, {
      applicationId,
      actorId: staff.id,
      event: 'declined',
      details: { category: body.category, reason: body.reason },
    });
    await tx
      .update(reviewCases)
      .set({ declineCategory: body.category, decidedAt: now })
      .where(eq(reviewCases.applicationId, applicationId));
    await mailApplicants(tx, deps, row, APPLICATION_DECLINED_TEMPLATE, (language, firstName) =>
      applicationDeclinedMail(language, {
        firstName,
        category: body.category,
        dashboardUrl: dashboardUrlOf(deps),
      }),
    );
    await release(tx, { kind: 'application', id: applicationId, staffId: staff.id });
    return {
      status,
      version: await versionOf(tx, applicationId),
      outcome: 'declined',
      accounts: [],
    };
  });
}

// ---------------------------------------------------------------------------------------------
// Request information

/**
 * Asks the applicants for more (requires review): the request is written with the message as
 * the staff member wrote it to them and the document types asked for, and mailed to each. A
 * PEP/HIO case's first approval is withdrawn, so the answer is approved by two people again.
 */
export async function requestInformation(
  deps: DecisionDeps,
  staff: Staff,
  applicationId: string,
  body: RequestInformationBody,
): Promise<DecisionAnswer> {
  const unknownType = body.documentTypes.findIndex((type) => !isUploadDocumentType(type));
  if (unknownType >= 0) {
    throw new Refusal(400, 'invalidInput', {
      fields: { [`documentTypes.${unknownType}`]: 'invalid' },
    });
  }
  const now = deps.now?.() ?? new Date();
  return deps.db.transaction(async (tx) => {
    const row = await decidable(tx, staff, applicationId, body.version, 'reviewRequested');
    const reviewCase = await caseOf(tx, applicationId, row.updatedAt);
    // Four eyes on what is decided: the answer is new, so a first approval given before it
    // no longer counts, and two people review the case again (ASVS 2.3.5).
    const withdrawnApproval = reviewCase.firstApprovalBy;
    if (withdrawnApproval !== null) {
      await tx
        .update(reviewCases)
        .set({ firstApprovalBy: null, firstApprovalAt: null })
        .where(eq(reviewCases.applicationId, applicationId));
    }
    const requestId = randomUUID();
    await tx.insert(informationRequests).values({
      id: requestId,
      applicationId,
      askedBy: staff.id,
      message: body.message,
      documentTypes: body.documentTypes,
      askedAt: now,
    });
    const status = await applyApplicationEvent(tx, {
      applicationId,
      actorId: staff.id,
      event: 'reviewRequested',
      details: {
        reason: body.reason,
        requestId,
        documentTypes: body.documentTypes,
        ...(withdrawnApproval !== null && { firstApprovalWithdrawn: withdrawnApproval }),
      },
    });
    await mailApplicants(tx, deps, row, INFORMATION_REQUESTED_TEMPLATE, (language, firstName) =>
      informationRequestedMail(language, {
        firstName,
        message: body.message,
        dashboardUrl: dashboardUrlOf(deps),
      }),
    );
    await release(tx, { kind: 'application', id: applicationId, staffId: staff.id });
    return {
      status,
      version: await versionOf(tx, applicationId),
      outcome: 'informationRequested',
      accounts: [],
    };
  });
}
