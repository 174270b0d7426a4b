import type { NamedAccountTypeName } from '../enums/account-types.ts';
import { onboardingAccountTypes } from '../enums/onboarding.ts';
import {
  onboardingSteps,
  progressStepFor,
  type OnboardingStep,
  type ProgressStep,
} from '../onboarding-steps.ts';
import { acceptsChanges, type ApplicationState } from '../status/application-status-machine.ts';
import { includesMargin } from './margin.ts';

/** What has been saved so far, step by step (the server's `steps` of an application). */
export type SavedSteps = Partial<Record<OnboardingStep, unknown>>;

const field = (data: unknown, key: string): unknown =>
  typeof data === 'object' && data !== null ? (data as Record<string, unknown>)[key] : undefined;

/**
 * The accounts chosen on the list that applies now: the full list for people who know what
 * they want, the goals helper's otherwise. An answer on the other list (from before the
 * person changed their mind) does not count.
 */
export function chosenAccounts(saved: SavedSteps): NamedAccountTypeName[] {
  const step = field(saved.doyouknow, 'knowsAccount') === true ? 'allaccounts' : 'relatedaccounts';
  const accounts = field(saved[step], 'accounts');
  return Array.isArray(accounts) ? (accounts as NamedAccountTypeName[]) : [];
}

/**
 * Which steps this application goes through (spec section 2 order): the goals helper and its
 * related accounts only for people who do not know which account they want, the full list for
 * those who do; options only with a margin account; the joint profile only for joint ones.
 */
export interface StepOptions {
  /**
   * Feature flag bypass-qualId (issue 13): unless it is given as off, identity verification is
   * passed (the flag is not a saved answer, so whoever knows it says so).
   */
  bypassQualId?: boolean;
}

export function stepApplies(
  step: OnboardingStep,
  saved: SavedSteps,
  options: StepOptions = {},
): boolean {
  const knows = field(saved.doyouknow, 'knowsAccount');
  switch (step) {
    case 'goals':
    case 'relatedaccounts':
      return knows !== true;
    case 'allaccounts':
      return knows === true;
    case 'options':
      return includesMargin(chosenAccounts(saved));
    case 'profilejoint':
      return field(saved.ownership, 'ownershipTypeId') === onboardingAccountTypes.Joint;
    // Funding (issue 14) follows the review for every application. It is never required:
    // "skip and fund later" is one of its options, it is not an answer step, and `resumeStep`
    // never sends anyone back to it.
    case 'funding':
      return true;
    case 'qualid':
      return options.bypassQualId === false;
    default:
      return true;
  }
}

/**
 * The steps whose answers are saved, up to agreeing to the review. What follows (signing, next
 * steps) follows the application's status, not saved answers: see `resumeStep`.
 */
export const answerSteps = onboardingSteps.slice(0, onboardingSteps.indexOf('review') + 1);

/** The first answer step that applies and is not saved; null once the review is agreed. */
export function firstIncompleteStep(saved: SavedSteps): OnboardingStep | null {
  return answerSteps.find((step) => stepApplies(step, saved) && saved[step] === undefined) ?? null;
}

/** Whose view of an application: the primary applicant's, or the joint applicant's. */
export type ApplicantRole = 'primary' | 'joint';

/**
 * The statuses at which a person verifies their identity (issue 13): the primary applicant once
 * the review is agreed and until they sign, the joint applicant once they joined and until
 * their identity moves the application on to signing.
 */
const identityStatuses: Record<ApplicantRole, readonly ApplicationState[]> = {
  primary: ['esignatureRequired', 'jointActionRequired', 'jointEidUndetermined', 'uploadJointEid'],
  joint: ['jointEidUndetermined', 'uploadJointEid'],
};

export function verifiesIdentityAt(role: ApplicantRole, status: ApplicationState): boolean {
  return identityStatuses[role].includes(status);
}

export interface ResumeOptions {
  /** Whether the person's identity is verified; absent when it is not checked (bypass-qualId). */
  identityVerified?: boolean;
}

/** What a person has to do on an application now, if anything: verify who they are, or sign. */
export type ApplicantTurn = 'verifyIdentity' | 'sign' | null;

/**
 * Whose turn it is, from one person's side, once the review is agreed. The primary applicant
 * verifies their identity as soon as they have agreed, while the joint applicant is invited
 * (spec section 4: "the co-owner is emailed for a signed consent, then the primary continues
 * to security questions"); the joint applicant once they joined. Each signs on their turn
 * (the primary first), after their identity is verified. The dashboard's call to action, where
 * Continue resumes and the mails that tell a person it is their turn all read this.
 */
export function turnOf(
  role: ApplicantRole,
  status: ApplicationState,
  options: ResumeOptions = {},
): ApplicantTurn {
  if (acceptsChanges(status)) return null;
  if (options.identityVerified === false && verifiesIdentityAt(role, status)) {
    return 'verifyIdentity';
  }
  const turnToSign = role === 'primary' ? 'esignatureRequired' : 'jointEsignatureRequired';
  return status === turnToSign ? 'sign' : null;
}

/**
 * Where Continue takes someone: the first unanswered step while the answers may change; once
 * the review is agreed, the identity step when it is the person's turn to verify, the signing
 * step when it is their turn to sign, else the next steps page, which says what the application
 * waits for.
 */
export function resumeStep(
  status: ApplicationState,
  saved: SavedSteps,
  role: ApplicantRole = 'primary',
  options: ResumeOptions = {},
): OnboardingStep | null {
  if (acceptsChanges(status)) return role === 'primary' ? firstIncompleteStep(saved) : null;
  const turn = turnOf(role, status, options);
  return turn === 'verifyIdentity' ? 'qualid' : turn === 'sign' ? 'esign' : 'nextsteps';
}

/** Where Save & Continue goes: the next step in order that applies to this application. */
export function nextStepAfter(step: OnboardingStep, saved: SavedSteps): OnboardingStep | null {
  const later = onboardingSteps.slice(onboardingSteps.indexOf(step) + 1);
  return later.find((candidate) => stepApplies(candidate, saved)) ?? null;
}

/** Where Back goes: the step before in order that applies, or null before the first one. */
export function previousStepBefore(step: OnboardingStep, saved: SavedSteps): OnboardingStep | null {
  const earlier = onboardingSteps.slice(0, onboardingSteps.indexOf(step));
  return earlier.findLast((candidate) => stepApplies(candidate, saved)) ?? null;
}

/**
 * A step can be answered when it applies and every step before it that applies is answered:
 * the screens open it, and the server saves it, on the same rule.
 */
export function stepOpen(step: OnboardingStep, saved: SavedSteps): boolean {
  if (!stepApplies(step, saved)) return false;
  const next = firstIncompleteStep(saved);
  return next === null || onboardingSteps.indexOf(step) <= onboardingSteps.indexOf(next);
}

/** Statuses in which the application is finished on the applicants' side: all have signed. */
const completeStatuses: readonly ApplicationState[] = [
  'requiresReview',
  'underReview',
  'approved',
  'declined',
];

/**
 * Where the application really is on the six-step progress bar. A screen's own stage, except
 * that the pages after the answers (next steps) are "Complete" only once every applicant has
 * signed: a joint application agreed but waiting for its joint applicant, or any application
 * waiting for a signature, is still at "Identification and signature".
 */
export function progressStepOf(step: OnboardingStep, status: ApplicationState): ProgressStep {
  const stage = progressStepFor(step);
  if (stage === 'complete' && !completeStatuses.includes(status)) return 'identification';
  return stage;
}
