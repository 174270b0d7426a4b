import type { SmsDeliveryProblem } from '@portal/domain/messages/sms-delivery-messages';
import type { IdentityDocumentType } from '@portal/domain/enums/documents';
import type { HandoffStage } from '@portal/domain/identity/handoff';
import type { KbaQuestion } from '@portal/domain/identity/kba';
import type { BiometricConsent } from '@portal/domain/identity/biometric-consent';
import {
  identityMethods,
  type IdentityMethod,
  type IdentityState,
} from '@portal/domain/identity/methods';
import { verifiesIdentityAt } from '@portal/domain/rules/onboarding-flow';
import type { ApplicationState } from '@portal/domain/status/application-status-machine';
import { http } from './http/http.ts';

export { identityMethods, type IdentityMethod, type IdentityState };
export type { BiometricConsent, KbaQuestion };

export type { HandoffStage, IdentityDocumentType };

/** The live photo-ID hand-off to the person's phone. `link` and `qrSvg` come only in POST answers. */
export interface IdentityHandoff {
  attemptId: string;
  stage: HandoffStage;
  expiresAt: string;
  smsSentAt?: string;
  canResendAt?: string;
  phoneMasked?: string;
  documentType?: IdentityDocumentType;
  link?: string;
  shortLink: string;
  qrSvg?: string;
  /** Why the link's text did not reach the phone, once the SMS vendor said so. */
  textProblem?: SmsDeliveryProblem;
}

export interface IdentityAttemptSummary {
  id: string;
  method: IdentityMethod;
  outcome: string;
  reason?: string;
  startedAt: string;
  completedAt?: string;
}

/** `GET applications/{id}/identity`: the caller's own verification. */
export interface IdentityView {
  role: 'primary' | 'joint';
  state: IdentityState;
  bypassed: boolean;
  method: IdentityMethod | null;
  screen: number;
  verificationStatus: string;
  bureau: { offline: boolean; endsAt?: string };
  /** The methods this brokerage offers, in order (no credit file without a bureau). */
  methods: IdentityMethod[];
  tried: IdentityMethod[];
  lastFailure?: { method: IdentityMethod; reason: string };
  attempts: IdentityAttemptSummary[];
  handoff?: IdentityHandoff;
}

export type CreditFileStart =
  | { outcome: 'questions'; attemptId: string; questions: KbaQuestion[] }
  | { outcome: 'failed'; reason: string };

export type CreditFileAnswer = { outcome: 'verified' } | { outcome: 'failed'; reason: string };

export interface DualProcessDocument {
  documentId: string;
  documentType: string;
  sourceName: string;
  category: 'nameAddress' | 'nameDateOfBirth' | 'nameFinancialAccount';
  referenceNumber: string;
}

export interface ManualRequest {
  documentType: IdentityDocumentType;
  expiry: string;
  documentIds: string[];
}

// Every identity screen shows its own designed error states: no call goes to the glitch page.
const quiet = { noErrorPage: true } as const;

const identityPath = (applicationId: string) =>
  `/applications/${encodeURIComponent(applicationId)}/identity`;

/** The caller's identity verification of one application (server module `identity`). */
export const identityApi = {
  get: (applicationId: string, signal?: AbortSignal) =>
    http.get<IdentityView>(identityPath(applicationId), { ...quiet, signal }),
  startCreditFile: (applicationId: string) =>
    http.post<CreditFileStart>(`${identityPath(applicationId)}/creditFile`, undefined, quiet),
  answerCreditFile: (
    applicationId: string,
    attemptId: string,
    answers: { questionId: string; choiceId: string }[],
  ) =>
    http.post<CreditFileAnswer>(
      `${identityPath(applicationId)}/creditFile/${encodeURIComponent(attemptId)}/answers`,
      { answers },
      quiet,
    ),
  startPhotoId: (applicationId: string, consent: BiometricConsent, phone?: string) =>
    http.post<{ handoff: IdentityHandoff }>(
      `${identityPath(applicationId)}/photoId`,
      { biometricConsent: consent, ...(phone && { phone }) },
      quiet,
    ),
  refuseBiometricConsent: (applicationId: string, consent: BiometricConsent) =>
    http.post<void>(`${identityPath(applicationId)}/photoId/consentRefusal`, consent, quiet),
  resendSms: (applicationId: string, phone?: string) =>
    http.post<{ handoff: IdentityHandoff }>(
      `${identityPath(applicationId)}/photoId/sms`,
      phone ? { phone } : {},
      quiet,
    ),
  submitDualProcess: (applicationId: string, documents: DualProcessDocument[]) =>
    http.post<{ state: IdentityState }>(
      `${identityPath(applicationId)}/dualProcess`,
      { documents },
      quiet,
    ),
  requestManual: (applicationId: string, request: ManualRequest) =>
    http.post<{ state: IdentityState }>(`${identityPath(applicationId)}/manual`, request, quiet),
};

/** A hand-off still running: the phone may still open the link and capture. */
export function handoffRunning(handoff: IdentityHandoff | undefined, now: number): boolean {
  if (!handoff) return false;
  if (handoff.stage === 'decided' || handoff.stage === 'expired') return false;
  return Date.parse(handoff.expiresAt) > now;
}

/**
 * The caller's identity as the application resource gives it (`identity: { state }`). An
 * application without it comes from a server that does not verify identity (bypass): null.
 */
export function identityStateOf(application: object): IdentityState | null {
  const identity = (application as { identity?: { state?: unknown } }).identity;
  return typeof identity?.state === 'string' ? (identity.state as IdentityState) : null;
}

/** What the dashboard says of the caller's identity: verified, to verify, or in review. */
export function identitySummaryOf(state: IdentityState): 'verified' | 'toVerify' | 'inReview' {
  if (state === 'verified') return 'verified';
  if (state === 'needsReview' || state === 'pending') return 'inReview';
  return 'toVerify';
}

/** The person still has to verify now: their turn, and neither verified nor waiting for us. */
export function identityToDo(
  role: 'primary' | 'joint',
  status: ApplicationState,
  state: IdentityState | null,
): boolean {
  if (state === null || !verifiesIdentityAt(role, status)) return false;
  return state !== 'verified' && state !== 'needsReview' && state !== 'pending';
}
