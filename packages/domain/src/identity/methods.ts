import { MOBILE_ID_WAITING_SCREEN_AFTER_MS } from '../constants.ts';
import {
  identityVerificationScreens,
  type IdentityVerificationScreen,
  type VerificationStatus,
} from '../enums/identity-verification.ts';

/**
 * The FINTRAC methods the product offers (regulatory facts §1), in the order it tries them:
 * the credit file, then photo ID with a selfie, then two documents (dual-process), then a
 * person at operations verifying what was sent (manual).
 */
export const identityMethods = ['creditFile', 'photoId', 'dualProcess', 'manual'] as const;
export type IdentityMethod = (typeof identityMethods)[number];

/** What the brokerage has configured that a method depends on. */
export interface IdentityVendorsConfigured {
  /** A credit bureau answers the credit-file questions (no bureau publishes a public API). */
  creditBureau: boolean;
}

/**
 * The methods offered, in ADR 0018's order: the credit file only where a bureau is configured;
 * photo ID always (a vendor, real or the sandbox, is always configured for it); two documents
 * and manual verification need no vendor (our staff decide).
 */
export function offeredIdentityMethods(
  configured: IdentityVendorsConfigured,
): readonly IdentityMethod[] {
  return identityMethods.filter((method) => method !== 'creditFile' || configured.creditBureau);
}

/**
 * The method offered when `method` fails, among those offered; null after manual verification
 * (call support).
 */
export function nextMethodAfter(
  method: IdentityMethod,
  offered: readonly IdentityMethod[] = identityMethods,
): IdentityMethod | null {
  const after = identityMethods.slice(identityMethods.indexOf(method) + 1);
  return after.find((next) => offered.includes(next)) ?? null;
}

/**
 * A person's verification state, vendor-neutral (regulatory facts §1, "What the product must
 * do" 7): each vendor's statuses and webhooks are mapped onto these.
 */
export const identityStates = [
  'notStarted',
  'inProgress',
  'pending',
  'needsReview',
  'verified',
  'failed',
  'expired',
] as const;
export type IdentityState = (typeof identityStates)[number];

/**
 * The spec's verification statuses (section 3) as states. OK is the provider accepting what
 * was sent, not a decision yet (pending); ERROR and NOMATCH end the method (failed, the next
 * one is offered); HARDSTOP ends the online methods: a person must look (needsReview).
 */
const stateOfStatus = {
  NOTSTARTED: 'notStarted',
  INCOMPLETE: 'inProgress',
  OK: 'pending',
  MATCH: 'verified',
  NOMATCH: 'failed',
  ERROR: 'failed',
  HARDSTOP: 'needsReview',
} as const satisfies Record<VerificationStatus, IdentityState>;

export function identityStatusOf(status: VerificationStatus): IdentityState {
  return stateOfStatus[status];
}

export interface IdentityScreenInput {
  state: IdentityState;
  method: IdentityMethod;
  /** How long the person has waited for a decision; LongWait after the spec's 30 seconds. */
  waitedMs?: number;
  /** The methods offered (all four when absent). */
  offered?: readonly IdentityMethod[];
}

/**
 * The spec's screen (section 3) for a person's state. Sending documents (dual-process, or
 * manual) happens on DocumentsUpload; the credit-file questions and the photo-ID capture are
 * the third-party workflow; a failure with a method left shows Fail (which offers it), a
 * failure of the last method HardStop (call support).
 */
export function identityScreenFor({
  state,
  method,
  waitedMs = 0,
  offered = identityMethods,
}: IdentityScreenInput): IdentityVerificationScreen {
  const s = identityVerificationScreens;
  switch (state) {
    case 'notStarted':
      return s.Landing;
    case 'inProgress':
      return method === 'dualProcess' || method === 'manual'
        ? s.DocumentsUpload
        : s.ThirdPartyWorkflow;
    case 'pending':
      return waitedMs >= MOBILE_ID_WAITING_SCREEN_AFTER_MS ? s.LongWait : s.PleaseWait;
    case 'needsReview':
      return s.LongWait;
    case 'verified':
      return s.Success;
    case 'failed':
      return nextMethodAfter(method, offered) === null ? s.HardStop : s.Fail;
    case 'expired':
      return s.Fail;
  }
}
