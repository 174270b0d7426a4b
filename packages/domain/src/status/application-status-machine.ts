import type { ApplicationStatus } from '../enums/application-statuses.ts';

/**
 * What can happen to an application. The spec names the dashboard statuses but not the
 * transitions; this machine is the design (docs/adr/0006-application-status-machine.md).
 */
export type ApplicationEvent =
  | 'stepSaved'
  | 'reviewAgreedIndividual'
  | 'reviewAgreedJoint'
  | 'jointConsented'
  | 'jointIdentityVerified'
  | 'jointIdentityFailed'
  | 'primarySignedIndividual'
  | 'primarySignedJoint'
  | 'jointSigned'
  | 'reviewRequested'
  | 'resubmitted'
  | 'approved'
  | 'declined';

/*
 * Identity (issue 13). Only the JOINT applicant's identity moves the application: once they
 * consent it is jointEidUndetermined until their identity is verified online
 * (jointIdentityVerified -> esignatureRequired) or their online methods fail
 * (jointIdentityFailed -> uploadJointEid: they send documents and operations review them;
 * operations verifying those documents is again jointIdentityVerified). The primary
 * applicant's identity never changes the status: an individual application stays
 * esignatureRequired, and e-signing is gated by each person's own verification, not here.
 */

/** Terminal: approved applications leave the dashboard (they become accounts). */
export type ApplicationState = ApplicationStatus | 'approved';

const transitions: Readonly<
  Record<ApplicationState, Partial<Record<ApplicationEvent, ApplicationState>>>
> = {
  new: { stepSaved: 'continue' },
  continue: {
    stepSaved: 'continue',
    reviewAgreedIndividual: 'esignatureRequired',
    reviewAgreedJoint: 'jointActionRequired',
  },
  jointActionRequired: { jointConsented: 'jointEidUndetermined' },
  jointEidUndetermined: {
    jointIdentityVerified: 'esignatureRequired',
    jointIdentityFailed: 'uploadJointEid',
  },
  uploadJointEid: { jointIdentityVerified: 'esignatureRequired' },
  esignatureRequired: {
    primarySignedIndividual: 'underReview',
    primarySignedJoint: 'jointEsignatureRequired',
  },
  jointEsignatureRequired: { jointSigned: 'underReview' },
  // Operations decide (issue 16): approve, decline, or ask the applicant for more.
  underReview: { reviewRequested: 'requiresReview', declined: 'declined', approved: 'approved' },
  requiresReview: { resubmitted: 'underReview', declined: 'declined' },
  declined: {},
  approved: {},
};

export class TransitionRefused extends Error {
  override name = 'TransitionRefused';
  constructor(
    readonly from: ApplicationState,
    readonly event: ApplicationEvent,
  ) {
    super(`an application that is ${from} cannot take ${event}`);
  }
}

/** The state after an event, or TransitionRefused for anything the machine does not allow. */
export function nextState(from: ApplicationState, event: ApplicationEvent): ApplicationState {
  const to = transitions[from][event];
  if (!to) throw new TransitionRefused(from, event);
  return to;
}

export function allows(from: ApplicationState, event: ApplicationEvent): boolean {
  return transitions[from][event] !== undefined;
}

/** Once review is agreed, the applicant's answers no longer change (spec section 4). */
export function acceptsChanges(state: ApplicationState): boolean {
  return state === 'new' || state === 'continue';
}

/** An application may be deleted only before it is submitted for review. */
export const canDelete = acceptsChanges;

/** Every transition, for documentation and exhaustive tests. */
export function transitionTable(): [ApplicationState, ApplicationEvent, ApplicationState][] {
  return Object.entries(transitions).flatMap(([from, events]) =>
    Object.entries(events).map(
      ([event, to]) =>
        [from as ApplicationState, event as ApplicationEvent, to as ApplicationState] as [
          ApplicationState,
          ApplicationEvent,
          ApplicationState,
        ],
    ),
  );
}

/**
 * Whether an application's accounts can be funded: its review is agreed (the answers are
 * locked) and it is not declined. Funding is the primary applicant's, who opens the accounts.
 */
export function fundingOpen(status: ApplicationState): boolean {
  return !acceptsChanges(status) && status !== 'declined';
}
