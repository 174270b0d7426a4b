import { SELFIE_COMPARISON_MAX_MS } from '@portal/domain';
import { detectFileType, sanitizeFileName } from '@portal/domain/rules/uploads';
import type { Database } from '../../db/client.ts';
import type { IdentityDocumentType } from '@portal/domain/enums/documents';
import type { CaptureSide, HandoffStage } from '@portal/domain/identity/handoff';
import type { CapturedImage } from '../../providers/document-verification/document-verification-provider.ts';
import { savedStepsOf } from '../applications/applications.service.ts';
import { completeAttempt } from '../identity/identity-outcome.ts';
import type { MessageLanguage } from '../outbox/outbox.service.ts';
import { countAttempt } from '../security/security.repo.ts';
import { personOf } from './capture-person.ts';
import { credentialOf } from './handoff-credentials.ts';
import { expireIfDue } from './handoff-state.ts';
import { clock, type IdentityCaptureDeps } from './identity-capture-deps.ts';
import { IdentityCaptureError } from './identity-capture-error.ts';
import * as repo from './identity-capture.repo.ts';

/**
 * The phone pages' API (issue 13; ADR 0018): the credential in the path is the only authority.
 * The person chooses the document, captures front, back (not for a passport) and a selfie, and
 * submits; the images go to the vendor and are deleted here.
 */

/** Each captured image and its file name are bound to the hand-off and side (ADR 0008). */
const captureContext = (attemptId: string, side: string, part: 'content' | 'fileName') =>
  `identity_captures:${attemptId}:${side}:${part}`;

/** What the phone pages show. */
export interface CaptureView {
  language: MessageLanguage;
  firstName: string;
  stage: HandoffStage;
  documentType?: string;
  expiresAt: string;
  captured: { front: boolean; back: boolean; selfie: boolean };
  needsBack: boolean;
  outcome?: 'pending' | 'verified' | 'failed';
  reason?: string;
}

/** Failed look-ups allowed per address and minute before the address waits. */
export const CAPTURE_LOOKUP_LIMIT = 10;
const LOOKUP_WINDOW_MS = 60_000;
const throttleKey = (address: string) => `identityCapture:${address}`;

function outcomeOf(
  attempt: repo.HandoffWithAttempt['attempt'],
): Pick<CaptureView, 'outcome' | 'reason'> {
  switch (attempt.outcome) {
    case 'pending':
      return { outcome: 'pending' };
    case 'needsReview':
      return { outcome: 'pending', reason: 'review' };
    case 'verified':
      return { outcome: 'verified' };
    case 'failed':
    case 'expired':
      return { outcome: 'failed', ...(attempt.reason && { reason: attempt.reason }) };
    default:
      return {};
  }
}

async function captureViewOf(tx: Database, found: repo.HandoffWithAttempt): Promise<CaptureView> {
  const { handoff, attempt } = found;
  const sides = new Set(await repo.capturedSides(tx, handoff.attemptId));
  const person = await personOf(
    tx,
    attempt.userId,
    attempt.role,
    await savedStepsOf(tx, attempt.applicationId),
  );
  return {
    language: person.language,
    firstName: person.firstName,
    stage: handoff.stage as HandoffStage,
    ...(handoff.documentType && { documentType: handoff.documentType }),
    expiresAt: handoff.expiresAt.toISOString(),
    captured: { front: sides.has('front'), back: sides.has('back'), selfie: sides.has('selfie') },
    needsBack: handoff.documentType !== 'passport',
    ...outcomeOf(attempt),
  };
}

/**
 * Looks the credential up under the hand-off's row lock, refusing an address that failed too
 * often (429), an unknown credential and one past its time (404 handoffExpired; the attempt is
 * closed first and the refusal thrown after the commit, so it does not roll the closing back).
 * A refusal thrown by `work` rolls its own changes back.
 */
async function withHandoff<T>(
  deps: IdentityCaptureDeps,
  value: string,
  address: string,
  work: (tx: Database, found: repo.HandoffWithAttempt, now: Date) => Promise<T>,
): Promise<T> {
  const now = clock(deps);
  if (await repo.isThrottled(deps.db, throttleKey(address), now)) {
    throw new IdentityCaptureError(429, 'tooManyAttempts', { retryAfterSeconds: 60 });
  }
  const credential = credentialOf(deps.cipher, value);
  type Looked = { kind: 'missing' } | { kind: 'expired' } | { kind: 'found'; value: T };
  const looked: Looked = credential
    ? await deps.db.transaction(async (tx): Promise<Looked> => {
        const found = await repo.findHandoffByCredential(tx, credential, { lock: true });
        if (!found) return { kind: 'missing' };
        if (found.handoff.stage === 'expired') return { kind: 'expired' };
        if (await expireIfDue(tx, deps.cipher, found.handoff, now)) return { kind: 'expired' };
        return { kind: 'found', value: await work(tx, found, now) };
      })
    : { kind: 'missing' };
  if (looked.kind === 'found') return looked.value;
  if (looked.kind === 'missing') {
    await countAttempt(deps.db, throttleKey(address), {
      now,
      windowStart: new Date(now.getTime() - LOOKUP_WINDOW_MS),
      limit: CAPTURE_LOOKUP_LIMIT,
      lockUntil: new Date(now.getTime() + LOOKUP_WINDOW_MS),
    });
  }
  throw new IdentityCaptureError(404, 'handoffExpired');
}

const changeable = (found: repo.HandoffWithAttempt) => {
  if (['submitted', 'decided'].includes(found.handoff.stage)) {
    throw new IdentityCaptureError(409, 'handoffSubmitted');
  }
};

/** GET identityCapture/{credential}: the first look moves the stage from `sent` to `opened`. */
export async function readCapture(deps: IdentityCaptureDeps, credential: string, address: string) {
  return withHandoff(deps, credential, address, async (tx, found, now) => {
    if (found.handoff.stage === 'sent') {
      await repo.updateHandoff(tx, found.handoff.attemptId, { stage: 'opened', updatedAt: now });
      found.handoff.stage = 'opened';
    }
    return captureViewOf(tx, found);
  });
}

export async function chooseDocument(
  deps: IdentityCaptureDeps,
  credential: string,
  address: string,
  documentType: IdentityDocumentType,
) {
  return withHandoff(deps, credential, address, async (tx, found, now) => {
    changeable(found);
    // A passport has no back: one captured for a card no longer belongs.
    if (documentType === 'passport') await repo.deleteCapture(tx, found.handoff.attemptId, 'back');
    await repo.updateHandoff(tx, found.handoff.attemptId, {
      stage: 'document',
      documentType,
      updatedAt: now,
    });
    found.handoff.stage = 'document';
    found.handoff.documentType = documentType;
    return captureViewOf(tx, found);
  });
}

export interface UploadedImage {
  fileName: string;
  bytes: Buffer;
  truncated: boolean;
}

export async function storeImage(
  deps: IdentityCaptureDeps,
  credential: string,
  address: string,
  side: CaptureSide,
  file: UploadedImage | undefined,
) {
  return withHandoff(deps, credential, address, async (tx, found, now) => {
    changeable(found);
    const { handoff } = found;
    if (!handoff.documentType) throw new IdentityCaptureError(409, 'documentTypeRequired');
    if (side === 'back' && handoff.documentType === 'passport') {
      throw new IdentityCaptureError(400, 'backNotNeeded');
    }
    if (!file || file.bytes.length === 0) {
      throw new IdentityCaptureError(400, 'invalidFile', { fields: { file: 'required' } });
    }
    if (file.truncated)
      throw new IdentityCaptureError(413, 'fileTooLarge', { fields: { file: 'fileTooLarge' } });
    const type = detectFileType(file.bytes);
    if (type !== 'jpeg' && type !== 'png') {
      throw new IdentityCaptureError(400, 'invalidFile', { fields: { file: 'contentMismatch' } });
    }
    const fileName = sanitizeFileName(file.fileName, type === 'jpeg' ? 'jpg' : 'png');
    await repo.upsertCapture(tx, {
      attemptId: handoff.attemptId,
      side,
      contentType: type === 'jpeg' ? 'image/jpeg' : 'image/png',
      fileNameEncrypted: deps.cipher.encrypt(
        fileName,
        captureContext(handoff.attemptId, side, 'fileName'),
      ),
      contentEncrypted: deps.cipher.encryptBytes(
        file.bytes,
        captureContext(handoff.attemptId, side, 'content'),
      ),
      capturedAt: now,
    });
    await repo.updateHandoff(tx, handoff.attemptId, { stage: side, updatedAt: now });
    found.handoff.stage = side;
    return captureViewOf(tx, found);
  });
}

export async function removeImage(
  deps: IdentityCaptureDeps,
  credential: string,
  address: string,
  side: CaptureSide,
) {
  return withHandoff(deps, credential, address, async (tx, found) => {
    changeable(found);
    await repo.deleteCapture(tx, found.handoff.attemptId, side);
    return captureViewOf(tx, found);
  });
}

/**
 * POST identityCapture/{credential}/submit: the images go to the vendor (outside any
 * transaction: no row lock is held across a remote call), the attempt waits for its decision
 * (`pending`) and the images are deleted here: the vendor holds them now. The phone number is
 * kept only when the person asked to be texted the result.
 */
export async function submitCaptures(
  deps: IdentityCaptureDeps,
  credential: string,
  address: string,
  options: { notifyBySms: boolean },
): Promise<{ stage: 'submitted'; outcome: 'pending' }> {
  const prepared = await withHandoff(deps, credential, address, async (tx, found) => {
    changeable(found);
    const { handoff, attempt } = found;
    const captures = await repo.capturesOf(tx, handoff.attemptId);
    const bySide = new Map(captures.map((capture) => [capture.side, capture]));
    const needed: CaptureSide[] =
      handoff.documentType === 'passport' ? ['front', 'selfie'] : ['front', 'back', 'selfie'];
    const missing = needed.filter((side) => !bySide.has(side));
    if (!handoff.documentType || missing.length > 0) {
      throw new IdentityCaptureError(409, 'capturesMissing', {
        fields: Object.fromEntries(
          (handoff.documentType ? missing : ['documentType']).map((side) => [side, 'required']),
        ),
      });
    }
    const image = (side: CaptureSide): CapturedImage | undefined => {
      const capture = bySide.get(side);
      if (!capture || !needed.includes(side)) return undefined;
      return {
        fileName: deps.cipher.decrypt(
          capture.fileNameEncrypted,
          captureContext(handoff.attemptId, side, 'fileName'),
        ),
        contentType: capture.contentType === 'image/png' ? 'image/png' : 'image/jpeg',
        bytes: deps.cipher.decryptBytes(
          capture.contentEncrypted,
          captureContext(handoff.attemptId, side, 'content'),
        ),
      };
    };
    const front = image('front');
    const selfie = image('selfie');
    if (!front || !selfie) throw new Error('captures checked above');
    const back = image('back');
    const person = await personOf(
      tx,
      attempt.userId,
      attempt.role,
      await savedStepsOf(tx, attempt.applicationId),
    );
    return {
      attemptId: handoff.attemptId,
      request: {
        documentType: handoff.documentType as IdentityDocumentType,
        images: { front, selfie, ...(back && { back }) },
        person: {
          firstName: person.firstName,
          lastName: person.lastName,
          ...(person.provinceCode && { provinceCode: person.provinceCode }),
        },
      },
    };
  });
  const { vendorReference } = await deps.provider.submit(prepared.request);
  return withHandoff(deps, credential, address, async (tx, found, now) => {
    // Submitted twice at once: the first one's reference stands.
    changeable(found);
    await repo.setAttemptVendor(tx, prepared.attemptId, deps.provider.name, vendorReference);
    await completeAttempt(tx, deps.cipher, {
      attemptId: prepared.attemptId,
      outcome: 'pending',
      now,
    });
    await repo.deleteCapture(tx, prepared.attemptId);
    // The comparison may take up to ten minutes from now, even late in the fifteen.
    const deadline = Math.max(
      found.handoff.expiresAt.getTime(),
      now.getTime() + SELFIE_COMPARISON_MAX_MS,
    );
    await repo.updateHandoff(tx, prepared.attemptId, {
      stage: 'submitted',
      expiresAt: new Date(deadline),
      ...(!options.notifyBySms && { phoneEncrypted: null }),
      updatedAt: now,
    });
    return { stage: 'submitted' as const, outcome: 'pending' as const };
  });
}
