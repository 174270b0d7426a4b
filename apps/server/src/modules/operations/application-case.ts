import {
  answersOutline,
  businessDaysSince,
  pepFormStatusOf,
  type ApplicationCase,
  type ApplicationState,
  type CaseAuditEvent,
  type CaseIdentity,
  type CaseIdentityAttempt,
  type DeclineCategory,
  type Language,
} from '@portal/domain';
import { asc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import {
  applicationDocuments,
  applicationSignatures,
  auditEvents,
  identityAttempts,
  identityVerifications,
  informationRequests,
  outboxMessages,
  reviewCases,
  users,
} from '../../db/schema.ts';
import type { FieldCipher } from '../../lib/crypto/field-cipher.ts';
import { Refusal } from '../../lib/refusals/refusal.ts';
import { answerContext } from '../applications/application-outcomes.ts';
import * as applicationsRepo from '../applications/applications.repo.ts';
import { savedStepsOf } from '../applications/applications.service.ts';
import { documentsOfApplication } from '../documents/documents.service.ts';
import { promoCodeOfApplication } from '../promo/promo.service.ts';
import { referenceLabelsOf } from '../esign/esign.service.ts';
import { workingOf } from '../identity/identity-outcome.ts';
import { openedAccountsOf, REVIEWED_STATUSES } from './application-decisions.ts';
import { applicantsOf } from './case-applicants.ts';
import { revealPlacesOf } from './reveal-fields.ts';
import { ensureReviewCases } from './review-cases.ts';
import { claimsById } from './work-claims.ts';

/**
 * One application as operations decide it (issue 16; ADR 0023): every answer as the review
 * shows it (the outline the signed document is built from, in the staff member's language),
 * the documents, identity, signatures, the audit trail with who acted, the mails sent (never
 * their content), the SINs and TINs masked (revealed one at a time, audited), what was asked
 * and answered, the decision. Only applications that reached review are shown; others 404.
 */

const role = (value: string) => (value === 'joint' ? 'joint' : 'primary');

const staffRoles = new Set(['client', 'staff', 'advisor', 'trial']);

export async function applicationCase(
  deps: { db: Database; cipher: FieldCipher; now?: () => Date },
  caller: { id: string; language: string },
  applicationId: string,
): Promise<ApplicationCase> {
  const { db, cipher } = deps;
  const now = deps.now?.() ?? new Date();
  const row = await applicationsRepo.findById(db, applicationId);
  if (!row || !REVIEWED_STATUSES.includes(row.status as ApplicationState)) {
    throw new Refusal(404, 'notFound');
  }
  await ensureReviewCases(db);
  const language: Language = caller.language === 'fr' ? 'fr' : 'en';
  const steps = await savedStepsOf(db, applicationId);
  const [reviewCase] = await db
    .select()
    .from(reviewCases)
    .where(eq(reviewCases.applicationId, applicationId));

  const documents = await documentsOfApplication(db, cipher, applicationId);
  const uploaders = new Map(
    (
      await db
        .select({ id: applicationDocuments.id, uploadedBy: applicationDocuments.uploadedBy })
        .from(applicationDocuments)
        .where(eq(applicationDocuments.applicationId, applicationId))
    ).map((document) => [document.id, document.uploadedBy]),
  );
  const uploaderRole = (userId: string | undefined) =>
    userId === row.ownerId ? 'primary' : userId === row.jointUserId ? 'joint' : 'staff';

  const verifications = await db
    .select()
    .from(identityVerifications)
    .where(eq(identityVerifications.applicationId, applicationId));
  const attempts = await db
    .select()
    .from(identityAttempts)
    .where(eq(identityAttempts.applicationId, applicationId))
    .orderBy(asc(identityAttempts.startedAt));
  const attemptView = (attempt: (typeof attempts)[number]): CaseIdentityAttempt => {
    const working =
      attempt.method === 'dualProcess' || attempt.method === 'manual'
        ? (workingOf(cipher, attempt) as { documentIds?: unknown } | undefined)
        : undefined;
    return {
      id: attempt.id,
      method: attempt.method,
      outcome: attempt.outcome,
      reason: attempt.reason,
      startedAt: attempt.startedAt.toISOString(),
      completedAt: attempt.completedAt?.toISOString() ?? null,
      documentIds: Array.isArray(working?.documentIds)
        ? working.documentIds.filter((id): id is string => typeof id === 'string')
        : [],
    };
  };
  const identity: CaseIdentity[] = verifications.map((verification) => ({
    role: role(verification.role),
    state: verification.state,
    method: verification.method,
    verifiedAt: verification.verifiedAt?.toISOString() ?? null,
    attempts: attempts.filter((attempt) => attempt.role === verification.role).map(attemptView),
  }));

  const signatures = await db
    .select({
      role: applicationSignatures.role,
      status: applicationSignatures.status,
      completedAt: applicationSignatures.completedAt,
    })
    .from(applicationSignatures)
    .where(eq(applicationSignatures.applicationId, applicationId));

  const trail = await db
    .select()
    .from(auditEvents)
    .where(eq(auditEvents.applicationId, applicationId))
    .orderBy(asc(auditEvents.createdAt), asc(auditEvents.id));
  const actorIds = [
    ...new Set([
      ...trail.map((event) => event.actorId),
      ...(reviewCase?.firstApprovalBy ? [reviewCase.firstApprovalBy] : []),
    ]),
  ];
  const actors = new Map(
    actorIds.length === 0
      ? []
      : (
          await db
            .select({
              id: users.id,
              firstName: users.firstName,
              lastName: users.lastName,
              role: users.role,
            })
            .from(users)
            .where(inArray(users.id, actorIds))
        ).map((actor) => [actor.id, actor]),
  );
  const nameOf = (id: string) => {
    const actor = actors.get(id);
    return actor ? `${actor.firstName} ${actor.lastName}`.trim() : '';
  };
  const audit: CaseAuditEvent[] = trail.map((event) => {
    const actorRole = actors.get(event.actorId)?.role;
    return {
      id: event.id,
      action: event.action,
      actorName: nameOf(event.actorId),
      actorRole:
        actorRole && staffRoles.has(actorRole)
          ? (actorRole as CaseAuditEvent['actorRole'])
          : 'system',
      fromStatus: event.fromStatus,
      toStatus: event.toStatus,
      // Details never hold a SIN, TIN or bank number (a reveal names only the field).
      details: (event.details ?? {}) as Record<string, unknown>,
      createdAt: event.createdAt.toISOString(),
    };
  });

  const mails = await db
    .select({
      template: outboxMessages.template,
      recipient: outboxMessages.recipient,
      language: outboxMessages.language,
      createdAt: outboxMessages.createdAt,
      sentAt: outboxMessages.sentAt,
      channel: outboxMessages.channel,
    })
    .from(outboxMessages)
    .where(eq(outboxMessages.applicationId, applicationId))
    .orderBy(asc(outboxMessages.createdAt));

  const requests = await db
    .select()
    .from(informationRequests)
    .where(eq(informationRequests.applicationId, applicationId))
    .orderBy(asc(informationRequests.askedAt));

  const claim = (await claimsById(db, 'application', [applicationId], caller.id, now)).get(
    applicationId,
  );
  const submittedAt = reviewCase?.submittedAt ?? null;

  return {
    id: row.id,
    status: row.status as ApplicationState,
    version: row.version,
    submittedAt: submittedAt?.toISOString() ?? null,
    ageBusinessDays: submittedAt ? businessDaysSince(submittedAt, now) : null,
    promoCode: await promoCodeOfApplication(db, applicationId),
    partnerAgreement: row.partnerAgreement ?? null,
    pep: reviewCase?.pep ?? false,
    joint: reviewCase?.joint ?? false,
    applicants: (await applicantsOf(db, row, steps)).map(
      ({ firstName: _first, ...applicant }) => applicant,
    ),
    outline: answersOutline(steps, language, {
      voice: 'record',
      references: await referenceLabelsOf(db, language),
      documents,
    }),
    documents: documents.map((document) => ({
      id: document.id,
      documentType: document.documentType,
      fileName: document.fileName,
      contentType: document.contentType,
      size: document.size,
      uploadedAt: document.uploadedAt,
      uploadedBy: uploaderRole(uploaders.get(document.id)),
      account: document.account,
    })),
    identity,
    signatures: signatures.map((signature) => ({
      role: role(signature.role),
      status: signature.status,
      signedAt:
        signature.status === 'signed' ? (signature.completedAt?.toISOString() ?? null) : null,
    })),
    audit,
    mails: mails
      .filter((mail) => mail.channel === 'email')
      .map((mail) => ({
        template: mail.template,
        recipient: mail.recipient,
        language: mail.language === 'fr' ? 'fr' : 'en',
        createdAt: mail.createdAt.toISOString(),
        sentAt: mail.sentAt?.toISOString() ?? null,
      })),
    revealable: revealPlacesOf(steps).map(({ field, masked }) => ({ field, masked })),
    informationRequests: requests.map((request) => ({
      id: request.id,
      message: request.message,
      documentTypes: request.documentTypes,
      askedAt: request.askedAt.toISOString(),
      answeredAt: request.answeredAt?.toISOString() ?? null,
      answer: request.answerEncrypted
        ? cipher.decrypt(request.answerEncrypted, answerContext(request.id))
        : null,
      answerDocumentIds: request.answerDocumentIds,
    })),
    firstApproval:
      reviewCase?.firstApprovalBy && reviewCase.firstApprovalAt
        ? {
            staffId: reviewCase.firstApprovalBy,
            staffName: nameOf(reviewCase.firstApprovalBy),
            at: reviewCase.firstApprovalAt.toISOString(),
          }
        : null,
    pepForm:
      reviewCase?.pep && reviewCase.pepFormDueOn
        ? pepFormStatusOf(
            {
              dueOn: reviewCase.pepFormDueOn,
              receivedAt: reviewCase.pepFormReceivedAt,
              remindersSent: reviewCase.pepRemindersSent,
            },
            now,
          )
        : null,
    accounts: await openedAccountsOf(db, applicationId),
    decline: reviewCase?.declineCategory
      ? { category: reviewCase.declineCategory as DeclineCategory }
      : null,
    claim: claim ?? null,
  };
}
