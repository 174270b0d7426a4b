import {
  fintracRecordSchema,
  type ApplicationEvent,
  type BiometricConsent,
  type FintracRecord,
  type IdentityMethod,
  type IdentityState,
} from '@portal/domain';
import type { Database } from '../../db/client.ts';
import type { FieldCipher } from '../../lib/crypto/field-cipher.ts';
import { applyApplicationEvent, recordAuditEvent } from '../applications/applications.service.ts';
import * as applicationsRepo from '../applications/applications.repo.ts';
import { queuePrimaryTurn } from '../esign/turn-notices.ts';
import * as repo from './identity.repo.ts';

/**
 * Where every identity attempt starts and ends (issue 13; ADR 0018), whatever the method and
 * whoever reports the outcome (the applicant answering the bureau's questions, the document
 * vendor's webhook, operations): the FINTRAC record, the person's verification state, the joint
 * applicant's status transition and the audit trail are written here, in the caller's
 * transaction, so they always agree.
 */

export type AttemptOutcome = 'verified' | 'failed' | 'needsReview' | 'expired' | 'pending';

/** FINTRAC: records are kept at least five years from the verification. */
const RETENTION_YEARS = 5;

/**
 * Outcomes nothing changes any more. `needsReview` is not one: operations later decide it
 * (verified or failed); `pending` waits for the vendor.
 */
const finalOutcomes: ReadonlySet<string> = new Set(['verified', 'failed', 'expired']);

export const isFinalOutcome = (outcome: string) => finalOutcomes.has(outcome);

const recordContext = (attemptId: string) => `identity_attempts:${attemptId}:record`;
const workingContext = (attemptId: string) => `identity_attempts:${attemptId}:working`;
const nameContext = (attemptId: string) => `identity_attempts:${attemptId}:verified_name`;

function retainUntilOf(startedAt: Date): Date {
  const until = new Date(startedAt);
  until.setUTCFullYear(until.getUTCFullYear() + RETENTION_YEARS);
  return until;
}

export async function startAttempt(
  tx: Database,
  cipher: FieldCipher,
  input: {
    applicationId: string;
    role: 'primary' | 'joint';
    userId: string;
    method: IdentityMethod;
    vendor?: string;
    vendorReference?: string;
    working?: unknown;
    now?: Date;
    /** The methods the person was offered when they chose this one (ADR 0018's order). */
    methodsOffered: readonly IdentityMethod[];
    /** Photo ID: the consent to the comparison of the selfie with the photo ID (ADR 0036). */
    biometricConsent?: BiometricConsent;
  },
): Promise<{ attemptId: string }> {
  const now = input.now ?? new Date();
  const attemptId = crypto.randomUUID();
  await repo.insertAttempt(tx, {
    id: attemptId,
    applicationId: input.applicationId,
    role: input.role,
    userId: input.userId,
    method: input.method,
    outcome: 'inProgress',
    vendor: input.vendor ?? null,
    vendorReference: input.vendorReference ?? null,
    workingEncrypted:
      input.working === undefined
        ? null
        : cipher.encrypt(JSON.stringify(input.working), workingContext(attemptId)),
    startedAt: now,
    retainUntil: retainUntilOf(now),
  });
  await repo.upsertVerification(tx, {
    applicationId: input.applicationId,
    role: input.role,
    userId: input.userId,
    state: 'inProgress',
    method: input.method,
    now,
  });
  await recordAuditEvent(tx, {
    applicationId: input.applicationId,
    actorId: input.userId,
    action: 'identityAttemptStarted',
    details: {
      method: input.method,
      attemptId,
      methodsOffered: [...input.methodsOffered],
      ...(input.biometricConsent && { biometricConsent: input.biometricConsent }),
    },
    createdAt: now,
  });
  return { attemptId };
}

/** The method's working state kept while the attempt runs (decrypted); undefined when none. */
export function workingOf(cipher: FieldCipher, attempt: repo.AttemptRow): unknown {
  if (!attempt.workingEncrypted) return undefined;
  return JSON.parse(cipher.decrypt(attempt.workingEncrypted, workingContext(attempt.id)));
}

/** Replaces the working state of a running attempt (e.g. the vendor's reference arrived). */
export async function updateWorking(
  tx: Database,
  cipher: FieldCipher,
  attemptId: string,
  working: unknown,
): Promise<void> {
  await repo.updateAttempt(tx, attemptId, {
    workingEncrypted: cipher.encrypt(JSON.stringify(working), workingContext(attemptId)),
  });
}

/** The attempt's FINTRAC record, decrypted and checked; null while it has none. */
export function decryptedRecordOf(
  cipher: FieldCipher,
  attempt: Pick<repo.AttemptRow, 'id' | 'recordEncrypted'>,
): FintracRecord | null {
  if (!attempt.recordEncrypted) return null;
  return fintracRecordSchema.parse(
    JSON.parse(cipher.decrypt(attempt.recordEncrypted, recordContext(attempt.id))),
  );
}

/** The name as verified, decrypted; null when the attempt verified no one. */
export function verifiedNameOf(
  cipher: FieldCipher,
  attempt: Pick<repo.AttemptRow, 'id' | 'verifiedNameEncrypted'>,
): string | null {
  if (!attempt.verifiedNameEncrypted) return null;
  return cipher.decrypt(attempt.verifiedNameEncrypted, nameContext(attempt.id));
}

const stateOfOutcome: Record<AttemptOutcome, IdentityState> = {
  verified: 'verified',
  failed: 'failed',
  needsReview: 'needsReview',
  expired: 'expired',
  pending: 'pending',
};

/**
 * The joint applicant's identity moves the application (status machine, ADR 0006): verified
 * ends `jointEidUndetermined` or `uploadJointEid`; sent for review from `jointEidUndetermined`
 * means the online methods are behind them (`uploadJointEid`). The primary's identity gates
 * signing only, never the status.
 */
function jointEventFor(outcome: AttemptOutcome, status: string): ApplicationEvent | undefined {
  if (outcome === 'verified' && (status === 'jointEidUndetermined' || status === 'uploadJointEid'))
    return 'jointIdentityVerified';
  if (outcome === 'needsReview' && status === 'jointEidUndetermined') return 'jointIdentityFailed';
  return undefined;
}

export async function completeAttempt(
  tx: Database,
  cipher: FieldCipher,
  input: {
    attemptId: string;
    outcome: AttemptOutcome;
    reason?: string;
    record?: FintracRecord;
    verifiedName?: string;
    actorId?: string;
    now?: Date;
    /** The site's address, for the link in the mail that tells the next person it is their turn. */
    publicUrl?: string;
  },
): Promise<{ changed: boolean }> {
  const now = input.now ?? new Date();
  const attempt = await repo.findAttempt(tx, input.attemptId, { lock: true });
  if (!attempt) throw new Error('no such identity attempt');
  if (isFinalOutcome(attempt.outcome) || attempt.outcome === input.outcome) {
    return { changed: false };
  }
  if (input.outcome === 'verified' && !input.record) {
    throw new Error('a verified attempt needs its FINTRAC record');
  }
  // Exactly the method's fields (strict schemas): a field FINTRAC does not ask for is refused.
  const record = input.record && fintracRecordSchema.parse(input.record);
  const final = isFinalOutcome(input.outcome);
  await repo.updateAttempt(tx, attempt.id, {
    outcome: input.outcome,
    reason: input.reason ?? null,
    ...(record && {
      recordEncrypted: cipher.encrypt(JSON.stringify(record), recordContext(attempt.id)),
    }),
    ...(input.verifiedName && {
      verifiedNameEncrypted: cipher.encrypt(input.verifiedName, nameContext(attempt.id)),
    }),
    ...(final && { completedAt: now, workingEncrypted: null }),
  });

  const role = attempt.role as repo.IdentityRole;
  const verification = await repo.findVerification(tx, attempt.applicationId, role);
  const newerStarted = (await repo.attemptsOf(tx, attempt.applicationId, role)).some(
    (other) => other.startedAt.getTime() > attempt.startedAt.getTime(),
  );
  // An older attempt's late news never overwrites a newer attempt's state, nor undoes a
  // verification; a verification always counts.
  const updatesState =
    input.outcome === 'verified' || (verification?.state !== 'verified' && !newerStarted);
  if (updatesState) {
    await repo.upsertVerification(tx, {
      applicationId: attempt.applicationId,
      role,
      userId: attempt.userId,
      state: stateOfOutcome[input.outcome],
      method: attempt.method,
      ...(input.outcome === 'verified' && { verifiedAt: now }),
      now,
    });
  }

  const actorId = input.actorId ?? attempt.userId;
  await recordAuditEvent(tx, {
    applicationId: attempt.applicationId,
    actorId,
    action: 'identityAttemptCompleted',
    details: {
      attemptId: attempt.id,
      method: attempt.method,
      outcome: input.outcome,
      ...(input.reason && { reason: input.reason }),
    },
    createdAt: now,
  });

  if (role === 'joint' && updatesState) {
    const application = await applicationsRepo.findById(tx, attempt.applicationId, {
      lock: true,
    });
    const event = application && jointEventFor(input.outcome, application.status);
    if (event) {
      const status = await applyApplicationEvent(tx, {
        applicationId: attempt.applicationId,
        actorId,
        event,
        details: { method: attempt.method },
      });
      // The joint applicant's identity confirmed: the primary's turn, who is told by mail
      // (issue 30, audit A-M2), to sign or first to confirm their own identity.
      if (status === 'esignatureRequired') {
        const primary = await repo.findVerification(tx, attempt.applicationId, 'primary');
        await queuePrimaryTurn(
          tx,
          { cipher, ...(input.publicUrl && { publicUrl: input.publicUrl }) },
          { applicationId: attempt.applicationId, primaryVerified: primary?.state === 'verified' },
        );
      }
    }
  }
  return { changed: true };
}

export async function findAttemptByVendorReference(
  tx: Database,
  vendor: string,
  reference: string,
): Promise<repo.AttemptRow | undefined> {
  return repo.findAttemptByVendorReference(tx, vendor, reference);
}
