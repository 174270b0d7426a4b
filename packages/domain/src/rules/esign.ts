import { onboardingAccountTypes } from '../enums/onboarding.ts';
import type { ApplicationEvent, ApplicationState } from '../status/application-status-machine.ts';

/**
 * The e-signature of an application (spec sections 2 and 4: eSign, polling). Each applicant
 * signs the generated application document in the e-sign vendor's ceremony; the client then
 * polls the signing status at a caller-given interval until it is signed.
 */

/** What the e-sign vendor reports of one envelope (one signer, one document). */
export const envelopeStatuses = ['pending', 'signed', 'declined', 'expired'] as const;
export type EnvelopeStatus = (typeof envelopeStatuses)[number];

/** What `GET applications/{id}/esign` reports: an envelope's status, or none sent yet. */
export const signatureStatuses = ['notStarted', ...envelopeStatuses] as const;
export type SignatureStatus = (typeof signatureStatuses)[number];

/** Who signs: the primary applicant, then (joint applications) the joint applicant. */
export type SignerRole = 'primary' | 'joint';

/** How often the signing screen asks for the status, unless its caller gives an interval. */
export const ESIGN_POLL_INTERVAL_MS = 2_000;

/** How long a signing envelope stays open before the vendor expires it (default). */
export const ESIGN_ENVELOPE_TTL_DAYS = 7;

/** The query flag the ceremony adds to the return path: the person is back from signing. */
export const ESIGN_RETURNED_PARAM = 'returned';

/**
 * What the ceremony adds to the return path when the person leaves without signing ("Finish
 * later"): the screen then says they have not signed yet instead of checking for a signature.
 */
export const ESIGN_EVENT_PARAM = 'event';
export const ESIGN_FINISH_LATER_EVENT = 'later';

/**
 * How many times the screen asks for the status after the person comes back from the
 * ceremony before it stops saying it is checking (a vendor may report a signature a moment
 * late); after that, or after "Finish later", it says they have not signed yet.
 */
export const ESIGN_RETURN_CHECKS = 5;

/**
 * The waits between those checks: the first after `firstMs` (the caller's interval, else
 * `ESIGN_POLL_INTERVAL_MS`), each half as long again as the one before, up to ten seconds
 * (2, 3, 4.5, 6.75 and 10 s: about half a minute in all). A signature the vendor reports within
 * seconds is seen at once; one that never comes is not asked about for long (A minor 10).
 */
export function returnCheckDelaysMs(firstMs: number = ESIGN_POLL_INTERVAL_MS): number[] {
  return Array.from({ length: ESIGN_RETURN_CHECKS }, (_, index) =>
    Math.min(Math.round(firstMs * 1.5 ** index), Math.max(firstMs, 10_000)),
  );
}

/**
 * While a person waits for the other applicant to sign first, the screen asks again after
 * 10 s, then doubling up to 2 minutes, eight times (about twelve minutes); after that, and
 * meanwhile, whenever the person comes back to the page (A minor 19). The mail tells them
 * when it is their turn; this only spares a reload to someone who keeps the page open.
 */
export const ESIGN_TURN_CHECK_DELAYS_MS: readonly number[] = [
  10_000, 20_000, 40_000, 80_000, 120_000, 120_000, 120_000, 120_000,
];

/** The return path with the "Finish later" event: the person left without signing. */
export function finishLaterPath(returnPath: string): string {
  const separator = returnPath.includes('?') ? '&' : '?';
  return `${returnPath}${separator}${ESIGN_EVENT_PARAM}=${ESIGN_FINISH_LATER_EVENT}`;
}

/** `GET applications/{id}/esign`. */
export interface EsignState {
  status: SignatureStatus;
  /** The caller's part in the application. */
  role: SignerRole;
  applicationStatus: ApplicationState;
  /** Whether it is the caller's turn to sign now (POST would open a ceremony). */
  canSign: boolean;
  /**
   * Whether the caller's identity is verified, which signing waits for (issue 13); always true
   * when identity is not checked (bypass-qualId). Absent from a server that predates it.
   */
  identityVerified?: boolean;
}

/** `POST applications/{id}/esign`: where the signing ceremony is. */
export interface EsignStart {
  signingUrl: string;
  status: 'pending';
}

/** Whose turn it is to sign in a status: the primary first, the joint applicant second. */
export function signerOnTurn(status: ApplicationState): SignerRole | null {
  if (status === 'esignatureRequired') return 'primary';
  if (status === 'jointEsignatureRequired') return 'joint';
  return null;
}

/**
 * Whether the person in `role` has signed, read from the status: the primary once the joint
 * applicant's turn comes or the application is past signing, the joint applicant once past it.
 * Their signed copy can then be downloaded.
 */
export function hasSigned(role: SignerRole, status: ApplicationState): boolean {
  if (
    status === 'underReview' ||
    status === 'requiresReview' ||
    status === 'approved' ||
    status === 'declined'
  ) {
    return true;
  }
  return role === 'primary' && status === 'jointEsignatureRequired';
}

/** The status-machine event a completed signature fires (ADR 0006). */
export function signedEvent(role: SignerRole, ownershipTypeId: unknown): ApplicationEvent {
  if (role === 'joint') return 'jointSigned';
  return ownershipTypeId === onboardingAccountTypes.Joint
    ? 'primarySignedJoint'
    : 'primarySignedIndividual';
}

/** The client's signing screen, where the ceremony sends the person back (a hash route). */
export function esignReturnPath(applicationId: string): string {
  return `/#/application/${encodeURIComponent(applicationId)}/esign?${ESIGN_RETURNED_PARAM}=1`;
}
