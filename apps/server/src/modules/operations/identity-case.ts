import {
  REVEAL_SECONDS,
  reviewedIdentityMethods,
  type FintracRecord,
  type IdentityCase,
  type IdentityRevealAnswer,
  type IdentityRevealBody,
  type PhotoIdCheckView,
} from '@portal/domain';
import type { Database } from '../../db/client.ts';
import type { FieldCipher } from '../../lib/crypto/field-cipher.ts';
import { Refusal } from '../../lib/refusals/refusal.ts';
import type { DocumentVerificationProvider } from '../../providers/document-verification/document-verification-provider.ts';
import { recordAuditEvent } from '../applications/applications.service.ts';
import {
  forgetCheckOnceDecided,
  hasExpired,
  photoIdRecordOf,
  photoIdReviewOf,
  type PhotoIdReview,
} from '../identity-capture/identity-webhook.ts';
import * as identityRepo from '../identity/identity.repo.ts';
import { requireClaim } from './work-claims.ts';
import { identityItemsOf } from './work-queues.ts';

/**
 * One identity attempt sent for review, as its case (issue 34): the queue's view, and for a
 * photo ID its vendor left to us, the check's reports and the document the vendor read, its
 * number masked until a reviewer holding the claim reveals it (audited, as SINs are). Approving
 * such an attempt records the photo-ID method from that document with the check's id as its
 * reference; once decided, the vendor forgets the check.
 */

const notFound = () => new Refusal(404, 'notFound');
const isReviewed = (method: string) =>
  (reviewedIdentityMethods as readonly string[]).includes(method);

/** All but the last three characters hidden; a short number is hidden whole. */
export function maskedNumber(number: string): string {
  const shown = number.length > 4 ? number.slice(-3) : '';
  return '*'.repeat(Math.max(number.length - shown.length, 4)) + shown;
}

function checkViewOf(
  attempt: identityRepo.AttemptRow,
  review: PhotoIdReview,
  now: Date,
): PhotoIdCheckView {
  const document = review.document;
  return {
    vendor: attempt.vendor ?? '',
    checkId: review.vendorReference,
    reports: review.reports,
    document: document
      ? {
          documentType: document.type,
          jurisdiction: document.jurisdiction,
          country: document.country,
          expiryDate: document.expiryDate,
          expired: hasExpired(document.expiryDate, now),
          name: document.name,
          dateOfBirth: document.dateOfBirth ?? null,
          numberMasked: maskedNumber(document.number),
        }
      : null,
  };
}

/** `GET ops/identity/{attemptId}`: any attempt of a reviewed method, decided or not. */
export async function identityCase(
  db: Database,
  cipher: FieldCipher,
  staffId: string,
  attemptId: string,
  now: Date = new Date(),
): Promise<IdentityCase> {
  const attempt = await identityRepo.findAttempt(db, attemptId);
  if (!attempt || !isReviewed(attempt.method)) throw notFound();
  const [item] = await identityItemsOf(db, cipher, [attempt], staffId);
  if (!item) throw notFound();
  const decidable = attempt.outcome === 'needsReview';
  const review = decidable ? photoIdReviewOf(cipher, attempt) : undefined;
  return {
    ...item,
    outcome: attempt.outcome,
    decidable,
    photoIdCheck: review ? checkViewOf(attempt, review, now) : null,
  };
}

/**
 * `POST ops/identity/{attemptId}/reveal`: the document number the vendor read, for the staff
 * member holding the claim, with the audit event (`identityDocumentRevealed`: the field and
 * the reason, never the value) in the same transaction. The value is answered, never logged.
 */
export async function revealIdentityField(
  deps: { db: Database; cipher: FieldCipher; now?: () => Date },
  staffId: string,
  attemptId: string,
  body: IdentityRevealBody,
): Promise<IdentityRevealAnswer> {
  const now = deps.now?.() ?? new Date();
  return deps.db.transaction(async (tx) => {
    await requireClaim(tx, { kind: 'identity', id: attemptId, staffId, now });
    const attempt = await identityRepo.findAttempt(tx, attemptId);
    // Need-to-know: only while the attempt waits for this review.
    if (!attempt || attempt.method !== 'photoId' || attempt.outcome !== 'needsReview') {
      throw notFound();
    }
    const number = photoIdReviewOf(deps.cipher, attempt)?.document?.number;
    if (!number) throw new Refusal(400, 'nothingToReveal');
    await recordAuditEvent(tx, {
      applicationId: attempt.applicationId,
      actorId: staffId,
      action: 'identityDocumentRevealed',
      details: { attemptId, role: attempt.role, field: body.field, reason: body.reason },
      createdAt: now,
    });
    return { field: body.field, value: number, seconds: REVEAL_SECONDS };
  });
}

/**
 * A photo-ID attempt's FINTRAC record as the reviewer approves it: the photo-ID method, from the
 * document the vendor read, with the vendor's check id as its reference (the same function as
 * the vendor's own approval, so both records are alike). Refused when the vendor read no
 * document (nothing to record: refuse instead) or when it has expired (the product refuses an
 * expired document whoever approves it).
 */
export function reviewedPhotoIdRecord(
  cipher: FieldCipher,
  attempt: identityRepo.AttemptRow,
  now: Date,
): { record: Extract<FintracRecord, { method: 'photoId' }>; review: PhotoIdReview } {
  const review = photoIdReviewOf(cipher, attempt);
  const document = review?.document;
  if (!review || !document || !attempt.vendor) throw new Refusal(409, 'photoIdNotRead');
  if (hasExpired(document.expiryDate, now)) throw new Refusal(409, 'photoIdExpired');
  return {
    record: photoIdRecordOf(document, attempt.vendor, review.vendorReference, now),
    review,
  };
}

/** Where the console reports a deletion at the vendor that failed (its class, never data). */
export interface VendorForgetLog {
  warn(details: { errorClass: string }, message: string): void;
}

/**
 * After a staff decision on a photo-ID attempt has committed: the vendor forgets the check (the
 * applicant and the images). A failure is logged and undoes nothing: the decision stands, and
 * the deletion is left to be done by hand (docs/vendors.md).
 */
export async function forgetDecidedCheck(
  deps: {
    db: Database;
    documentVerification?: Pick<DocumentVerificationProvider, 'name' | 'forget'>;
    log?: VendorForgetLog;
  },
  attempt: Pick<identityRepo.AttemptRow, 'method' | 'vendorReference'>,
): Promise<void> {
  const provider = deps.documentVerification;
  if (attempt.method !== 'photoId' || !provider || !attempt.vendorReference) return;
  try {
    await forgetCheckOnceDecided(deps.db, provider, attempt.vendorReference);
  } catch (error) {
    const errorClass = error instanceof Error ? error.name : 'Error';
    deps.log?.warn({ errorClass }, 'vendor deletion after a staff decision failed');
  }
}
