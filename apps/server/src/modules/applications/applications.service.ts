import {
  acceptsChanges,
  chosenAccounts,
  canDelete,
  resumeStep,
  stepApplies,
  nextState,
  stepOpen,
  type ApplicationDetail,
  type ApplicationEvent,
  type ApplicationState,
  type ApplicationSummary,
  type IdentityState,
  type SavedStepAnswer,
  type OnboardingStep,
  type SavedSteps,
} from '@portal/domain';
import { isMessageCode } from '@portal/domain/messages/message-code';
import { promoFitsAccounts } from '@portal/domain/promo/promo-api';
import { withSinsAsCanadianTins } from '@portal/domain/rules/affiliations';
import { stepSchemaFor, withServerFacts } from '@portal/domain/rules/step-schemas';
import type { Profile } from '@portal/domain/rules/profile';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { applicationDocuments, informationRequests } from '../../db/schema.ts';
import type { FieldCipher } from '../../lib/crypto/field-cipher.ts';
import {
  countIdentityRefusal,
  holdsIdentityRefusal,
  identityChecksWait,
  identityRefusalOf,
  prefillExistingClientProfile,
} from '../client-identities/client-identities.ts';
import { identityStatesOf } from '../identity/identity-states.ts';
import { isWorkEmailVerified } from '../promo/verified-work-emails.ts';
import { renameUser } from '../users/users.service.ts';
import { answerContext, outcomesOf, type Outcome } from './application-outcomes.ts';
import * as repo from './applications.repo.ts';
import { restoreBlankFields, savedSin, sealFields, withoutSealedValues } from './sealed-fields.ts';
import { findPromoCode } from '../../db/promo-codes.ts';
import { lastInTransaction } from '../../db/pipelined-transactions.ts';

/** A refusal the routes turn into an HTTP answer. */
export class ApplicationError extends Error {
  override name = 'ApplicationError';
  constructor(
    readonly status: 400 | 404 | 409 | 429,
    readonly errorCode: string,
    readonly details: {
      fields?: Record<string, string>;
      currentVersion?: number;
      retryAfterSeconds?: number;
    } = {},
  ) {
    super(errorCode);
  }
}

const notFound = () => new ApplicationError(404, 'notFound');

const roleOf = (row: repo.ApplicationRow, userId: string): ParticipantRole =>
  row.ownerId === userId ? 'primary' : 'joint';

/**
 * What agreeing to the review sets off beyond the status: for a joint application, the joint
 * applicant's invitation (their code by mail). Given by the routes, which wire the modules, so
 * this service needs no other module's.
 */
export interface ReviewAgreedHooks {
  onJointReviewAgreed?(db: Database, application: { id: string; steps: SavedSteps }): Promise<void>;
}

/**
 * An application as the caller sees it; with their own identity state (issue 13) unless the
 * bypass-qualId flag is on, when identity is not asked for and the field is absent.
 */
function summaryOf(
  row: repo.ApplicationRow,
  steps: SavedSteps,
  role: ParticipantRole = 'primary',
  identityState?: IdentityState,
  outcome: Outcome = {},
): ApplicationSummary & { identity?: { state: IdentityState } } {
  const status = row.status as ApplicationState;
  const resume =
    identityState === undefined ? {} : { identityVerified: identityState === 'verified' };
  return {
    id: row.id,
    status,
    role,
    version: row.version,
    ownershipTypeId: row.ownershipTypeId,
    nextStep: resumeStep(status, steps, role, resume),
    accounts: chosenAccounts(steps),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    ...(identityState !== undefined && { identity: { state: identityState } }),
    ...outcome,
  };
}

/** Whether the applications read answer with the caller's identity (bypass-qualId off). */
export interface IdentityOptions {
  bypassQualId?: boolean;
}

async function identityStatesFor(
  db: Database,
  userId: string,
  rows: readonly repo.ApplicationRow[],
  options: IdentityOptions,
): Promise<Map<string, IdentityState> | undefined> {
  if (options.bypassQualId !== false) return undefined;
  return identityStatesOf(db, userId, rows);
}

export async function createApplication(
  db: Database,
  ownerId: string,
  cipher?: FieldCipher,
): Promise<ApplicationSummary> {
  return db.transaction(async (tx) => {
    const row = await repo.insertApplication(tx, ownerId);
    // An existing client's new application starts from their approved profile (issue 17).
    const profileFrom = cipher && (await prefillExistingClientProfile(tx, cipher, ownerId, row.id));
    await repo.insertAudit(tx, {
      applicationId: row.id,
      actorId: ownerId,
      action: 'created',
      toStatus: row.status,
      ...(profileFrom && { details: { profileFrom } }),
    });
    return summaryOf(row, {});
  });
}

export async function listApplications(
  db: Database,
  ownerId: string,
  options: IdentityOptions = {},
): Promise<ApplicationSummary[]> {
  const rows = await repo.listParticipating(db, ownerId);
  const steps = await repo.stepsOf(
    db,
    rows.map((row) => row.id),
  );
  const identities = await identityStatesFor(db, ownerId, rows, options);
  const outcomes = await outcomesOf(db, rows);
  return rows.map((row) =>
    summaryOf(
      row,
      steps.get(row.id) ?? {},
      roleOf(row, ownerId),
      identities?.get(row.id),
      outcomes.get(row.id),
    ),
  );
}

export async function getApplication(
  db: Database,
  ownerId: string,
  id: string,
  options: IdentityOptions = {},
): Promise<ApplicationDetail> {
  const row = await repo.findParticipating(db, ownerId, id);
  if (!row) throw notFound();
  const steps = (await repo.stepsOf(db, [id])).get(id) ?? {};
  const identity = (await identityStatesFor(db, ownerId, [row], options))?.get(id);
  const outcome = (await outcomesOf(db, [row])).get(id);
  return {
    ...summaryOf(row, steps, roleOf(row, ownerId), identity, outcome),
    steps: withoutSealedValues(steps),
  };
}

/** The applicant's answer to what operations asked (issue 16), with documents they uploaded. */
export interface InformationAnswerInput {
  answer: string;
  documentIds: string[];
}

/**
 * Answers the open information request of an application that requires review, in one
 * transaction: the owner or the joint applicant only (anyone else 404), only the open request
 * (another 404), documents the caller uploaded to this application only (else 400); the answer
 * is encrypted with the field cipher and the application returns to the review queue
 * (`resubmitted`), with its audit event. Answers the summary.
 */
export async function answerInformationRequest(
  db: Database,
  cipher: FieldCipher,
  userId: string,
  id: string,
  requestId: string,
  input: InformationAnswerInput,
  options: IdentityOptions = {},
): Promise<ApplicationSummary> {
  return db.transaction(async (tx) => {
    const row = await repo.findParticipating(tx, userId, id, { lock: true });
    if (!row) throw notFound();
    const [request] = await tx
      .select()
      .from(informationRequests)
      .where(and(eq(informationRequests.id, requestId), eq(informationRequests.applicationId, id)))
      .for('update');
    if (!request || request.answeredAt !== null || row.status !== 'requiresReview') {
      throw notFound();
    }
    const documentIds = [...new Set(input.documentIds)];
    if (documentIds.length > 0) {
      const own = new Set(
        (
          await tx
            .select({ id: applicationDocuments.id, uploadedBy: applicationDocuments.uploadedBy })
            .from(applicationDocuments)
            .where(eq(applicationDocuments.applicationId, id))
        )
          .filter((document) => document.uploadedBy === userId)
          .map((document) => document.id),
      );
      const fields: Record<string, string> = {};
      documentIds.forEach((documentId, index) => {
        if (!own.has(documentId)) fields[`documentIds.${index}`] = 'invalid';
      });
      if (Object.keys(fields).length > 0) {
        throw new ApplicationError(400, 'invalidInput', { fields });
      }
    }
    const now = new Date();
    await tx
      .update(informationRequests)
      .set({
        answeredBy: userId,
        answeredAt: now,
        answerEncrypted: cipher.encrypt(input.answer, answerContext(requestId)),
        answerDocumentIds: documentIds,
      })
      .where(eq(informationRequests.id, requestId));
    const status = row.status as ApplicationState;
    const to = nextState(status, 'resubmitted');
    const updated = await repo.updateApplication(tx, id, {
      status: to,
      version: row.version + 1,
      updatedAt: now,
    });
    // The trail names the request and the documents, never the answer (personal data).
    await repo.insertAudit(tx, {
      applicationId: id,
      actorId: userId,
      action: 'resubmitted',
      fromStatus: status,
      toStatus: to,
      details: { requestId, documentIds },
    });
    const steps = (await repo.stepsOf(tx, [id])).get(id) ?? {};
    const identity = (await identityStatesFor(tx, userId, [updated], options))?.get(id);
    const outcome = (await outcomesOf(tx, [updated])).get(id);
    return summaryOf(updated, steps, roleOf(updated, userId), identity, outcome);
  });
}

export async function deleteApplication(db: Database, ownerId: string, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await repo.findOwned(tx, ownerId, id, { lock: true });
    if (!row) throw notFound();
    if (!canDelete(row.status as ApplicationState)) {
      throw new ApplicationError(409, 'applicationLocked');
    }
    await repo.deleteApplication(tx, id);
    await repo.insertAudit(tx, {
      applicationId: id,
      actorId: ownerId,
      action: 'deleted',
      fromStatus: row.status,
    });
  });
}

/**
 * Saves one step in one transaction: the row is locked, the caller's version must be the
 * current one (else 409 with the current version), answers must still be open, the data must
 * pass the step's domain schema, and the status moves through the machine.
 */
export async function saveStep(
  db: Database,
  ownerId: string,
  id: string,
  step: OnboardingStep,
  input: { version: number; data: unknown },
  cipher: FieldCipher,
  hooks: ReviewAgreedHooks = {},
  options: IdentityOptions = {},
): Promise<SavedStepAnswer> {
  const checksIdentity = step === 'profile' || step === 'profilejoint';
  if (checksIdentity) {
    const wait = await identityChecksWait(db, ownerId);
    if (wait !== null) {
      throw new ApplicationError(429, 'tooManyIdentityChecks', { retryAfterSeconds: wait });
    }
  }
  try {
    return await saveStepOnce(db, ownerId, id, step, input, cipher, hooks, options);
  } catch (error) {
    if (checksIdentity && error instanceof ApplicationError) {
      if (holdsIdentityRefusal(error.details.fields)) await countIdentityRefusal(db, ownerId);
    }
    throw error;
  }
}

async function saveStepOnce(
  db: Database,
  ownerId: string,
  id: string,
  step: OnboardingStep,
  input: { version: number; data: unknown },
  cipher: FieldCipher,
  hooks: ReviewAgreedHooks,
  options: IdentityOptions,
): Promise<SavedStepAnswer> {
  return db.transaction(async (tx) => {
    // One statement locks the row and reads every saved step (the rules and the answer's next
    // step need them all) and, unless bypass-qualId is on, the caller's identity state.
    const checksIdentityState = options.bypassQualId === false;
    const found = await repo.lockOwnedWithSteps(tx, ownerId, id, {
      identity: checksIdentityState,
    });
    if (!found) throw notFound();
    const { row } = found;
    const saved = found.steps as SavedSteps;
    const status = row.status as ApplicationState;
    if (!acceptsChanges(status)) throw new ApplicationError(409, 'applicationLocked');
    if (row.version !== input.version) {
      throw new ApplicationError(409, 'staleVersion', { currentVersion: row.version });
    }
    const primarySin = () => savedSin(cipher, id, 'profile', saved.profile);
    const schema = stepOpen(step, saved) ? stepSchemaFor(step, saved, primarySin) : undefined;
    if (!schema) throw new ApplicationError(400, 'stepNotAvailable');
    const restored = restoreBlankFields(cipher, id, step, input.data, saved[step]);
    // Canada's TIN is the SIN given on the profile: a Canadian residence left blank takes it.
    const submitted =
      step === 'otherinterests'
        ? withSinsAsCanadianTins(restored, {
            primary: primarySin(),
            joint: savedSin(cipher, id, 'profilejoint', saved.profilejoint),
          })
        : restored;
    const parsed = schema.safeParse(submitted);
    if (!parsed.success) {
      const fields: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        fields[['data', ...issue.path].join('.')] ??= isMessageCode(issue.message)
          ? issue.message
          : 'invalid';
      }
      throw new ApplicationError(400, 'invalidInput', { fields });
    }
    if (step === 'profile' || step === 'profilejoint') {
      const refusal = await identityRefusalOf(tx, cipher, {
        step,
        ownerId,
        jointUserId: row.jointUserId,
        profile: parsed.data as Profile,
      });
      if (refusal) {
        throw new ApplicationError(400, 'invalidInput', {
          fields: { [`data.${refusal.field}`]: refusal.code },
        });
      }
    }
    // The accounts may have changed since the promo code was taken: agreeing needs it to fit.
    if (step === 'review' && row.promoCode) {
      const promo = await findPromoCode(tx, row.promoCode);
      if (promo && !promoFitsAccounts(promo, chosenAccounts(saved))) {
        throw new ApplicationError(400, 'invalidInput', {
          fields: { 'data.promoCode': 'promoNoLongerEligible' },
        });
      }
    }
    // A partner employee's work email must be proved by its code first (issue 17).
    const workEmail =
      step === 'otherinterests' && (parsed.data as { workEmail?: string }).workEmail;
    if (workEmail && !(await isWorkEmailVerified(tx, ownerId, workEmail))) {
      throw new ApplicationError(400, 'invalidInput', {
        fields: { 'data.workEmail': 'workEmailNotVerified' },
      });
    }
    const now = new Date();
    const stored = sealFields(cipher, id, step, withServerFacts(step, parsed.data, saved, now));
    // The applicant's own name, corrected on their profile, is their account's name too.
    if (step === 'profile') {
      await renameUser(tx, ownerId, parsed.data as { firstName: string; lastName: string });
    }
    const joint = stepApplies('profilejoint', saved);
    const event: ApplicationEvent =
      step !== 'review' ? 'stepSaved' : joint ? 'reviewAgreedJoint' : 'reviewAgreedIndividual';
    const to = nextState(status, event);
    const ownershipTypeId =
      step === 'ownership'
        ? (parsed.data as { ownershipTypeId: number }).ownershipTypeId
        : row.ownershipTypeId;
    const version = row.version + 1;
    // The step, the application's new status and version, and the audit event: one statement.
    const write = () =>
      repo.writeStepSave(tx, {
        applicationId: id,
        step,
        data: stored,
        now,
        values: { status: to, version, ownershipTypeId },
        audit: {
          actorId: ownerId,
          action: event,
          fromStatus: status,
          toStatus: to,
          details: { step, version },
        },
      });
    const steps = { ...saved, [step]: stored };
    // Agreeing to a joint review has more to write; any other save ends with this statement, so
    // the transaction's COMMIT goes with it, and only the answer's assembly follows.
    let updated: Awaited<ReturnType<typeof write>>;
    if (event === 'reviewAgreedJoint') {
      updated = await write();
      await hooks.onJointReviewAgreed?.(tx, { id, steps });
    } else {
      updated = await lastInTransaction(tx, write);
    }
    // The client replaces its copy of the step with this (normalized postal codes, masked SIN).
    // Agreeing to the review may send the person to the identity step next (issue 13); a save
    // never changes the identity state read with the lock.
    const identity = checksIdentityState
      ? ((found.identityState ?? 'notStarted') as IdentityState)
      : undefined;
    return {
      ...summaryOf(updated, steps, 'primary', identity),
      saved: withoutSealedValues({ [step]: stored })[step],
    };
  });
}

export async function nextStepOf(
  db: Database,
  ownerId: string,
  id: string,
  options: IdentityOptions = {},
): Promise<OnboardingStep | null> {
  // With the caller's identity, as the application itself answers it: without it a person who
  // still has to verify would be sent past the identity step to signing (audit A minor 9).
  return (await getApplication(db, ownerId, id, options)).nextStep;
}

/**
 * For the modules that hang off an application (documents, ...): the caller's application,
 * id and status, or undefined when it is missing or someone else's. `lock` holds the row until
 * the transaction ends, so a status change and the caller's change never interleave.
 */
export async function findOwnedApplication(
  db: Database,
  ownerId: string,
  id: string,
  { lock = false } = {},
): Promise<{ id: string; status: ApplicationState } | undefined> {
  const row = await repo.findOwned(db, ownerId, id, { lock });
  return row && { id: row.id, status: row.status as ApplicationState };
}

export type ParticipantRole = 'primary' | 'joint';

/**
 * For the modules a joint applicant also uses (their code, e-signature): the application the
 * caller takes part in, with the caller's role, or undefined when they take no part in it.
 */
export async function findParticipantApplication(
  db: Database,
  userId: string,
  id: string,
  { lock = false } = {},
): Promise<
  | {
      id: string;
      status: ApplicationState;
      role: ParticipantRole;
      ownerId: string;
      version: number;
    }
  | undefined
> {
  const row = await repo.findParticipating(db, userId, id, { lock });
  return (
    row && {
      id: row.id,
      status: row.status as ApplicationState,
      role: row.ownerId === userId ? 'primary' : 'joint',
      ownerId: row.ownerId,
      version: row.version,
    }
  );
}

/**
 * Moves an application through the status machine on behalf of another module (the joint
 * applicant's code, the e-signature), in the caller's transaction, with its audit event; the
 * version moves on so an open tab's next save sees the change. Refuses a transition the
 * machine does not allow (TransitionRefused).
 */
export async function applyApplicationEvent(
  db: Database,
  change: {
    applicationId: string;
    actorId: string;
    event: ApplicationEvent;
    details?: Record<string, unknown>;
    jointUserId?: string;
  },
): Promise<ApplicationState> {
  const row = await repo.findById(db, change.applicationId, { lock: true });
  if (!row) throw notFound();
  const from = row.status as ApplicationState;
  const to = nextState(from, change.event);
  await repo.updateApplication(db, row.id, {
    status: to,
    version: row.version + 1,
    updatedAt: new Date(),
    ...(change.jointUserId ? { jointUserId: change.jointUserId } : {}),
  });
  await repo.insertAudit(db, {
    applicationId: row.id,
    actorId: change.actorId,
    action: change.event,
    fromStatus: from,
    toStatus: to,
    details: change.details ?? {},
  });
  return to;
}

/** The saved steps of an application, for the modules that render or mail from them. */
export async function savedStepsOf(db: Database, id: string): Promise<SavedSteps> {
  return (await repo.stepsOf(db, [id])).get(id) ?? {};
}

/** Writes an event to the application's audit trail, in the caller's transaction. */
export async function recordAuditEvent(db: Database, event: repo.AuditEvent): Promise<void> {
  await repo.insertAudit(db, event);
}
