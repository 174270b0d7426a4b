import {
  verifiesIdentityAt,
  bureauMaintenanceAt,
  type BureauAvailability,
  creditFileAccepted,
  dualProcessSubmissionSchemaFor,
  expiryProblem,
  normalizeExpiryText,
  identityScreenFor,
  kbaAnswersSchemaFor,
  kbaQuestionsSchema,
  offeredIdentityMethods,
  type BiometricConsent,
  type FintracRecord,
  type IdentityMethod,
  type IdentityState,
  type KbaQuestion,
  type SavedSteps,
} from '@portal/domain';
import type { Database } from '../../db/client.ts';
import type { FieldCipher } from '../../lib/crypto/field-cipher.ts';
import type {
  BureauPerson,
  CreditBureauProvider,
} from '../../providers/credit-bureau/credit-bureau-provider.ts';
import {
  findParticipantApplication,
  recordAuditEvent,
  savedStepsOf,
  type ParticipantRole,
} from '../applications/applications.service.ts';
import { completeAttempt, startAttempt, workingOf } from './identity-outcome.ts';
import * as repo from './identity.repo.ts';

/**
 * The caller's own identity verification (issue 13; ADR 0018): what they see (GET identity),
 * and the methods they run from the desktop: the credit file with the bureau's questions, two
 * documents (dual-process) and manual verification. The photo-ID hand-off lives in module
 * identity-capture; every outcome goes through identity-outcome.
 */

export type IdentityErrorCode =
  | 'notFound'
  | 'identityNotOpen'
  | 'alreadyVerified'
  | 'bureauOffline'
  | 'attemptClosed'
  | 'methodNotOffered'
  | 'invalid';

export class IdentityError extends Error {
  override name = 'IdentityError';
  constructor(
    readonly status: 400 | 404 | 409 | 503,
    readonly errorCode: IdentityErrorCode,
    readonly extra: { fields?: Record<string, string>; endsAt?: string } = {},
  ) {
    super(errorCode);
  }
}

export interface IdentityDeps {
  db: Database;
  cipher: FieldCipher;
  /** The credit bureau; none configured (CREDIT_BUREAU_PROVIDER=none): no credit-file method. */
  bureau?: CreditBureauProvider;
  /** Feature flag bypass-qualId: every person counts as verified, the step does not apply. */
  bypassQualId: () => boolean;
  /** The person's running photo-ID hand-off as the desktop shows it (module identity-capture). */
  currentHandoff?: (input: {
    applicationId: string;
    role: ParticipantRole;
    now: Date;
  }) => Promise<object | undefined>;
  now?: () => Date;
  /** The site's address, for the links in the mails a verification sends (the next turn). */
  publicUrl?: string;
  /** False only on the end-to-end servers: the bureau is never in maintenance. */
  maintenanceWindows?: boolean;
}

const notFound = () => new IdentityError(404, 'notFound');

/** The methods this server offers, in ADR 0018's order: the credit file only with a bureau. */
export const methodsOfferedBy = (deps: Pick<IdentityDeps, 'bureau'>) =>
  offeredIdentityMethods({ creditBureau: deps.bureau !== undefined });

/** The bureau, or 409 methodNotOffered where none is configured. */
function bureauOf(deps: IdentityDeps): CreditBureauProvider {
  if (!deps.bureau) throw new IdentityError(409, 'methodNotOffered');
  return deps.bureau;
}
const nowOf = (deps: Pick<IdentityDeps, 'now'>) => deps.now?.() ?? new Date();

type Participation = NonNullable<Awaited<ReturnType<typeof findParticipantApplication>>>;

async function participationOf(
  db: Database,
  userId: string,
  applicationId: string,
): Promise<Participation> {
  const participation = await findParticipantApplication(db, userId, applicationId);
  if (!participation) throw notFound();
  return participation;
}

/** The caller may start a method now: their turn, and not verified yet. */
async function openParticipation(deps: IdentityDeps, userId: string, applicationId: string) {
  const participation = await participationOf(deps.db, userId, applicationId);
  if (!verifiesIdentityAt(participation.role, participation.status)) {
    throw new IdentityError(409, 'identityNotOpen');
  }
  const verification = await repo.findVerification(deps.db, applicationId, participation.role);
  if (verification?.state === 'verified') throw new IdentityError(409, 'alreadyVerified');
  return participation;
}

const record = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/** The person as their saved profile describes them (the bureau searches on it). */
export function bureauPersonOf(steps: SavedSteps, role: ParticipantRole): BureauPerson {
  const profile = record(
    (steps as Record<string, unknown>)[role === 'joint' ? 'profilejoint' : 'profile'],
  );
  const home = record(profile.homeAddress);
  return {
    firstName: text(profile.firstName),
    lastName: text(profile.lastName),
    dateOfBirth: text(profile.birthDate),
    address: {
      streetNumber: text(home.streetNumber),
      streetName: text(home.streetName),
      city: text(home.city),
      postalCode: text(home.postalCode),
    },
  };
}

const fullName = (person: { firstName: string; lastName: string }) =>
  `${person.firstName} ${person.lastName}`.trim();

// ---------------------------------------------------------------------------------------------
// GET identity

const verificationStatusOf: Record<IdentityState, string> = {
  notStarted: 'NOTSTARTED',
  inProgress: 'INCOMPLETE',
  pending: 'OK',
  needsReview: 'HARDSTOP',
  verified: 'MATCH',
  failed: 'NOMATCH',
  expired: 'ERROR',
};

/** An attempt that ended without verifying the person (a replaced hand-off did not fail). */
const failedAttempt = (attempt: repo.AttemptRow) =>
  (attempt.outcome === 'failed' || attempt.outcome === 'expired') && attempt.reason !== 'replaced';

export async function identityView(deps: IdentityDeps, userId: string, applicationId: string) {
  const now = nowOf(deps);
  const participation = await participationOf(deps.db, userId, applicationId);
  const role = participation.role;
  // The hand-off first: reading it closes one whose time is up, which changes the state.
  const handoff = await deps.currentHandoff?.({ applicationId, role, now });
  const verification = await repo.findVerification(deps.db, applicationId, role);
  const attempts = await repo.attemptsOf(deps.db, applicationId, role);
  const state = (verification?.state ?? 'notStarted') as IdentityState;
  const method = (verification?.method ?? null) as IdentityMethod | null;
  const latest = attempts[0];
  const waitedMs = latest ? now.getTime() - latest.startedAt.getTime() : 0;
  const bureau = deps.bureau ? maintenanceOf(deps, now) : { offline: false };
  const methods = methodsOfferedBy(deps);
  const lastFailed = latest && failedAttempt(latest) ? latest : undefined;
  const tried = [
    ...new Set(attempts.filter(failedAttempt).map((attempt) => attempt.method as IdentityMethod)),
  ];
  return {
    role,
    state,
    bypassed: deps.bypassQualId(),
    method,
    screen: identityScreenFor({
      state,
      method: method ?? methods[0] ?? 'photoId',
      waitedMs,
      offered: methods,
    }),
    methods,
    verificationStatus: verificationStatusOf[state],
    bureau: {
      offline: bureau.offline,
      ...(bureau.endsAt && { endsAt: bureau.endsAt.toISOString() }),
    },
    tried,
    ...(lastFailed && {
      lastFailure: {
        method: lastFailed.method as IdentityMethod,
        reason: lastFailed.reason ?? 'failed',
      },
    }),
    attempts: attempts.map((attempt) => ({
      id: attempt.id,
      method: attempt.method as IdentityMethod,
      outcome: attempt.outcome,
      ...(attempt.reason && { reason: attempt.reason }),
      startedAt: attempt.startedAt.toISOString(),
      ...(attempt.completedAt && { completedAt: attempt.completedAt.toISOString() }),
    })),
    ...(handoff && { handoff }),
  };
}

/** Whether the person counts as verified for signing (bypass-qualId: everyone does). */
export async function identityVerifiedFor(
  db: Database,
  applicationId: string,
  role: ParticipantRole,
  bypassQualId: boolean,
): Promise<boolean> {
  if (bypassQualId) return true;
  return (await repo.findVerification(db, applicationId, role))?.state === 'verified';
}

// ---------------------------------------------------------------------------------------------
// Credit file and the bureau's questions

/** What the product keeps on a credit-file attempt while its questions are out. */
interface CreditFileWorking {
  bureau: 'equifax' | 'transunion';
  fileReference: string;
  fileAgeYears: number;
  tradelines: number;
  verifiedName: string;
  questions: KbaQuestion[];
}

export type CreditFileStart =
  | { outcome: 'questions'; attemptId: string; questions: KbaQuestion[] }
  | { outcome: 'failed'; reason: 'noMatch' | 'thinFile' | 'hardStop' };

function offline(endsAt?: Date): IdentityError {
  return new IdentityError(503, 'bureauOffline', endsAt ? { endsAt: endsAt.toISOString() } : {});
}

/** The bureau's maintenance at `now`, unless the configuration turned the windows off. */
function maintenanceOf(deps: IdentityDeps, now: Date): BureauAvailability {
  return deps.maintenanceWindows === false ? { offline: false } : bureauMaintenanceAt(now);
}

export async function startCreditFile(
  deps: IdentityDeps,
  userId: string,
  applicationId: string,
): Promise<CreditFileStart> {
  const now = nowOf(deps);
  const bureau = bureauOf(deps);
  const participation = await openParticipation(deps, userId, applicationId);
  const maintenance = maintenanceOf(deps, now);
  if (maintenance.offline) throw offline(maintenance.endsAt);

  const person = bureauPersonOf(await savedStepsOf(deps.db, applicationId), participation.role);
  // The bureau is called outside any transaction: no lock is held across a remote call.
  const found = await bureau.matchFile(person);
  if (found.outcome === 'offline') throw offline(found.endsAt);

  let failure: 'noMatch' | 'thinFile' | 'hardStop' | undefined;
  let working: CreditFileWorking | undefined;
  if (found.outcome !== 'match') {
    failure = found.outcome;
  } else if (!found.nameMatch || !found.addressMatch || !found.dobMatch) {
    failure = 'noMatch';
  } else if (!creditFileAccepted(found)) {
    // Too young or too few sources: FINTRAC's method does not allow this file.
    failure = 'thinFile';
  } else {
    working = {
      bureau: found.bureau,
      fileReference: found.fileReference,
      fileAgeYears: found.fileAgeYears,
      tradelines: found.tradelines,
      verifiedName: fullName(person),
      questions: kbaQuestionsSchema.parse(found.questions),
    };
  }

  return deps.db.transaction(async (tx) => {
    const { attemptId } = await startAttempt(tx, deps.cipher, {
      applicationId,
      role: participation.role,
      userId,
      method: 'creditFile',
      vendor: bureau.name,
      ...(found.outcome === 'match' && { vendorReference: found.checkReference }),
      ...(working && { working }),
      now,
      methodsOffered: methodsOfferedBy(deps),
    });
    if (failure || !working) {
      const reason = failure ?? 'noMatch';
      await completeAttempt(tx, deps.cipher, { attemptId, outcome: 'failed', reason, now });
      return { outcome: 'failed', reason };
    }
    return { outcome: 'questions', attemptId, questions: working.questions };
  });
}

export type CreditFileAnswer =
  { outcome: 'verified' } | { outcome: 'failed'; reason: 'questionsFailed' };

function fieldsOf(issues: readonly { path: PropertyKey[]; message: string }[]) {
  return Object.fromEntries(
    issues.map((issue) => [issue.path.map(String).join('.'), issue.message]),
  );
}

export async function answerCreditFile(
  deps: IdentityDeps,
  userId: string,
  applicationId: string,
  attemptId: string,
  body: unknown,
): Promise<CreditFileAnswer> {
  const now = nowOf(deps);
  const participation = await participationOf(deps.db, userId, applicationId);
  const attempt = await repo.findAttempt(deps.db, attemptId);
  if (
    !attempt ||
    attempt.applicationId !== applicationId ||
    attempt.role !== participation.role ||
    attempt.method !== 'creditFile'
  ) {
    throw notFound();
  }
  if (attempt.outcome !== 'inProgress' || !attempt.vendorReference) {
    throw new IdentityError(409, 'attemptClosed');
  }
  const working = workingOf(deps.cipher, attempt) as CreditFileWorking | undefined;
  if (!working) throw new IdentityError(409, 'attemptClosed');
  const parsed = kbaAnswersSchemaFor(working.questions).safeParse(body);
  if (!parsed.success) {
    throw new IdentityError(400, 'invalid', { fields: fieldsOf(parsed.error.issues) });
  }

  const bureau = bureauOf(deps);
  const checked = await bureau.checkAnswers(attempt.vendorReference, parsed.data.answers);
  if (checked === 'closed') throw new IdentityError(409, 'attemptClosed');
  const vendorReference = attempt.vendorReference;

  return deps.db.transaction(async (tx) => {
    const { changed } =
      checked === 'passed'
        ? await completeAttempt(tx, deps.cipher, {
            attemptId,
            outcome: 'verified',
            verifiedName: working.verifiedName,
            record: {
              method: 'creditFile',
              verifiedName: working.verifiedName,
              verifiedAt: now.toISOString(),
              vendor: bureau.name,
              vendorReference,
              bureau: working.bureau,
              fileReference: working.fileReference,
              fileAgeYears: working.fileAgeYears,
              tradelines: working.tradelines,
            },
            actorId: userId,
            now,
            ...(deps.publicUrl && { publicUrl: deps.publicUrl }),
          })
        : await completeAttempt(tx, deps.cipher, {
            attemptId,
            outcome: 'failed',
            reason: 'questionsFailed',
            actorId: userId,
            now,
          });
    if (!changed) throw new IdentityError(409, 'attemptClosed');
    return checked === 'passed'
      ? { outcome: 'verified' }
      : { outcome: 'failed', reason: 'questionsFailed' };
  });
}

// ---------------------------------------------------------------------------------------------
// Documents: dual-process and manual verification (operations decide)

/** What operations need to decide a dual-process attempt (kept encrypted on the attempt). */
export interface DualProcessWorking {
  verifiedName: string;
  documentIds: string[];
  sources: {
    sourceName: string;
    category: string;
    documentType: string;
    referenceNumber: string;
  }[];
}

const photoIdDocumentTypes: ReadonlySet<string> = new Set([
  'photoID',
  'photoIDFront',
  'photoIDBack',
  'passport',
]);

/** What operations need to decide a manual attempt. */
export interface ManualWorking {
  verifiedName: string;
  documentType: string;
  /** The typed `MM/YYYY`. */
  expiry: string;
  documentIds: string[];
}

interface DocumentsBody {
  documents?: unknown;
}

async function ownDocuments(
  db: Database,
  applicationId: string,
  userId: string,
  ids: readonly string[],
) {
  const rows = await repo.documentsOf(db, applicationId, ids);
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.map((id) => {
    const row = byId.get(id);
    // Another person's document (or none) is unknown here.
    return row && row.uploadedBy === userId ? row : undefined;
  });
}

export async function submitDualProcess(
  deps: IdentityDeps,
  userId: string,
  applicationId: string,
  body: DocumentsBody,
): Promise<{ state: 'needsReview' }> {
  const now = nowOf(deps);
  const participation = await openParticipation(deps, userId, applicationId);
  const person = bureauPersonOf(await savedStepsOf(deps.db, applicationId), participation.role);
  const documents = Array.isArray(body.documents) ? body.documents.map(record) : [];
  const ids = documents.map((document) => text(document.documentId));
  const found = await ownDocuments(deps.db, applicationId, userId, ids);
  const fields: Record<string, string> = {};
  found.forEach((row, index) => {
    if (!row) fields[`documents.${index}.documentId`] = ids[index] === '' ? 'required' : 'invalid';
  });
  // One document sent twice is one source, not two.
  ids.forEach((id, index) => {
    if (index > 0 && id !== '' && ids.indexOf(id) < index) {
      fields[`documents.${index}.documentId`] ??= 'sameDocument';
    }
  });
  const parsed = dualProcessSubmissionSchemaFor({
    applicantNames: [fullName(person)].filter((name) => name !== ''),
  }).safeParse({
    sources: documents.map((document, index) => ({
      sourceName: text(document.sourceName),
      // The type of the uploaded file decides what it can prove, not what the client says.
      documentType: found[index]?.documentType ?? text(document.documentType),
      category: text(document.category),
      referenceNumber: text(document.referenceNumber),
    })),
  });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const [, index, field] = issue.path.map(String);
      fields[index === undefined ? 'documents' : `documents.${index}.${field ?? ''}`] =
        issue.message;
    }
  }
  if (!parsed.success || Object.keys(fields).length > 0) {
    throw new IdentityError(400, 'invalid', { fields });
  }
  const working: DualProcessWorking = {
    verifiedName: fullName(person),
    documentIds: ids,
    sources: parsed.data.sources,
  };
  await sendForReview(deps, participation, userId, 'dualProcess', working, now);
  return { state: 'needsReview' };
}

export async function requestManual(
  deps: IdentityDeps,
  userId: string,
  applicationId: string,
  body: { documentType?: unknown; expiry?: unknown; documentIds?: unknown },
): Promise<{ state: 'needsReview' }> {
  const now = nowOf(deps);
  const participation = await openParticipation(deps, userId, applicationId);
  const fields: Record<string, string> = {};
  const documentType = text(body.documentType);
  if (!['driversLicence', 'passport', 'identityCard'].includes(documentType)) {
    fields.documentType = documentType === '' ? 'required' : 'invalid';
  }
  const expiry = normalizeExpiryText(text(body.expiry));
  const problem = expiryProblem(expiry, now.toISOString().slice(0, 10));
  if (problem) fields.expiry = problem;
  const ids = Array.isArray(body.documentIds) ? body.documentIds.map(text) : [];
  if (ids.length < 1 || ids.length > 2) {
    fields.documentIds = ids.length === 0 ? 'required' : 'invalid';
  } else {
    const found = await ownDocuments(deps.db, applicationId, userId, ids);
    // Pictures of the photo ID itself: a statement is for the two-documents method.
    if (found.some((row) => !row || !photoIdDocumentTypes.has(row.documentType))) {
      fields.documentIds = 'invalid';
    }
  }
  if (Object.keys(fields).length > 0) throw new IdentityError(400, 'invalid', { fields });
  const person = bureauPersonOf(await savedStepsOf(deps.db, applicationId), participation.role);
  const working: ManualWorking = {
    verifiedName: fullName(person),
    documentType,
    expiry,
    documentIds: ids,
  };
  await sendForReview(deps, participation, userId, 'manual', working, now);
  return { state: 'needsReview' };
}

/**
 * POST applications/{id}/identity/photoId/consentRefusal: the person declined the comparison
 * of their selfie with their photo ID. Kept in the audit trail as the consent would have been
 * (which words, in which language); the page then offers the methods without biometrics.
 */
export async function refuseBiometricConsent(
  deps: IdentityDeps,
  userId: string,
  applicationId: string,
  consent: BiometricConsent,
): Promise<void> {
  const participation = await openParticipation(deps, userId, applicationId);
  await recordAuditEvent(deps.db, {
    applicationId,
    actorId: userId,
    action: 'biometricConsentRefused',
    details: { role: participation.role, version: consent.version, language: consent.language },
    createdAt: nowOf(deps),
  });
}

/** Starts the attempt and leaves it to operations (outcome needsReview) in one transaction. */
async function sendForReview(
  deps: IdentityDeps,
  participation: Participation,
  userId: string,
  method: 'dualProcess' | 'manual',
  working: DualProcessWorking | ManualWorking,
  now: Date,
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const { attemptId } = await startAttempt(tx, deps.cipher, {
      applicationId: participation.id,
      role: participation.role,
      userId,
      method,
      working,
      now,
      methodsOffered: methodsOfferedBy(deps),
    });
    await completeAttempt(tx, deps.cipher, {
      attemptId,
      outcome: 'needsReview',
      actorId: userId,
      now,
    });
  });
}

/**
 * The FINTRAC record of a dual-process attempt operations verified: the two sources the
 * applicant described, with who reviewed them as the vendor reference.
 */
export function reviewedDualProcessRecord(
  cipher: FieldCipher,
  attempt: repo.AttemptRow,
  review: { reviewedBy: string; now: Date },
): FintracRecord {
  const working = workingOf(cipher, attempt) as DualProcessWorking | undefined;
  if (attempt.method !== 'dualProcess' || !working) {
    throw new Error('not a dual-process attempt waiting for review');
  }
  return {
    method: 'dualProcess',
    verifiedName: working.verifiedName,
    verifiedAt: review.now.toISOString(),
    vendor: 'operations',
    vendorReference: `${attempt.id}:${review.reviewedBy}`,
    sources: working.sources as Extract<FintracRecord, { method: 'dualProcess' }>['sources'],
  };
}
