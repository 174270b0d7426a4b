/**
 * A document-verification vendor (issue 13: photo ID and selfie, the FINTRAC photo-ID method):
 * it receives the images of an identity document and a selfie, checks the document is authentic
 * and that the selfie is the same person, and calls back by signed webhook
 * (`/webhooks/identity`, event `verification.decided`) once it has decided, as real vendors do
 * (their comparison takes seconds to minutes). The sandbox (`sandbox-document-verification.ts`)
 * plays one; a real adapter (Onfido, Jumio, ...) implements the same call.
 */

import type { IdentityDocumentType } from '@portal/domain/enums/documents';
import type { PhotoIdReport } from '@portal/domain/identity/photo-id-check';

/** One captured image as the phone sent it (the file name is what the person's file was called). */
export interface CapturedImage {
  fileName: string;
  contentType: 'image/jpeg' | 'image/png';
  bytes: Uint8Array;
}

export interface VerificationRequest {
  documentType: IdentityDocumentType;
  /** The back is absent for a passport (its photo page is the front). */
  images: { front: CapturedImage; back?: CapturedImage; selfie: CapturedImage };
  /** Who the person says they are (the vendor reads the document's name against it). */
  person: { firstName: string; lastName: string; provinceCode?: string };
}

/** Why a vendor declines (domain identity message codes). */
export const verificationReasons = [
  'documentExpired',
  'likenessFailed',
  'captureFailed',
  'documentUnreadable',
  'timeout',
] as const;
export type VerificationReason = (typeof verificationReasons)[number];

/** The document as the vendor read it, on `approved` (and on some declines). */
export interface VerifiedDocument {
  type: IdentityDocumentType;
  number: string;
  /** Issuing province or state (`ON`); null for a national document (a passport). */
  jurisdiction: string | null;
  /** ISO 3166-1 alpha-2 (`CA`). */
  country: string;
  /** `YYYY-MM-DD`. */
  expiryDate: string;
  /** The name printed on the document. */
  name: string;
  /** `YYYY-MM-DD`, when the vendor read one (shown to a reviewer; not part of the record). */
  dateOfBirth?: string;
}

/**
 * What the vendor's reports found, per report (the document, the face against the document's
 * photo), in the product's words (packages/domain photo-id-check.ts): staff decide a `review`
 * from it. Every adapter maps its vendor's breakdown onto these names.
 */
export type VerificationReport = PhotoIdReport;

/** The data of a `verification.decided` webhook. */
export interface VerificationDecision {
  vendorReference: string;
  decision: 'approved' | 'declined' | 'review';
  reasons: VerificationReason[];
  document?: VerifiedDocument;
  /** The reports' breakdown; what staff read when the decision is `review`. */
  reports?: VerificationReport[];
}

export const VERIFICATION_DECIDED_EVENT = 'verification.decided';
export const IDENTITY_WEBHOOK_ROLE = 'identity';
export const IDENTITY_WEBHOOK_PATH = '/webhooks/identity';

export interface DocumentVerificationProvider {
  /** Kept on the attempt (`identity_attempts.vendor`) with the reference it answers. */
  readonly name: string;
  /** Sends the images; the decision arrives later by webhook under the reference answered. */
  submit(request: VerificationRequest): Promise<{ vendorReference: string }>;
  /**
   * The decision on a check as the vendor's API reports it (webhooks are notices: the job that
   * follows up attempts still pending asks here); undefined while the vendor has not decided,
   * or when it does not know the reference.
   */
  decisionOf(vendorReference: string): Promise<VerificationDecision | undefined>;
  /**
   * Deletes what the vendor keeps of the check (the person, the images) once the portal has
   * kept its own record of the decision: at once for approved and declined, only after staff
   * decide a `review` (until then the images are at the vendor for them). Absent where the
   * vendor keeps nothing of ours (the sandbox's images are ours, kept under our own retention).
   */
  forget?(vendorReference: string): Promise<void>;
}
