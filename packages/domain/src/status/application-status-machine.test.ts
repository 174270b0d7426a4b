import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applicationStatuses } from '../enums/application-statuses.ts';
import {
  acceptsChanges,
  allows,
  canDelete,
  nextState,
  transitionTable,
  TransitionRefused,
  type ApplicationEvent,
  type ApplicationState,
} from './application-status-machine.ts';

/**
 * Every arc the machine allows, written out by hand from the machine and ADR 0006 (spec
 * section 4 names the statuses and says answers no longer change after review, but shows no
 * transitions). Not read from the machine: a wrong, missing or extra arc there fails the test.
 */
const arcs: readonly (readonly [ApplicationState, ApplicationEvent, ApplicationState])[] = [
  ['new', 'stepSaved', 'continue'],
  ['continue', 'stepSaved', 'continue'],
  ['continue', 'reviewAgreedIndividual', 'esignatureRequired'],
  ['continue', 'reviewAgreedJoint', 'jointActionRequired'],
  ['jointActionRequired', 'jointConsented', 'jointEidUndetermined'],
  ['jointEidUndetermined', 'jointIdentityVerified', 'esignatureRequired'],
  ['jointEidUndetermined', 'jointIdentityFailed', 'uploadJointEid'],
  ['uploadJointEid', 'jointIdentityVerified', 'esignatureRequired'],
  ['esignatureRequired', 'primarySignedIndividual', 'underReview'],
  ['esignatureRequired', 'primarySignedJoint', 'jointEsignatureRequired'],
  ['jointEsignatureRequired', 'jointSigned', 'underReview'],
  ['underReview', 'reviewRequested', 'requiresReview'],
  ['underReview', 'declined', 'declined'],
  // Operations approve (issue 16): only from under review, never while the client is asked.
  ['underReview', 'approved', 'approved'],
  ['requiresReview', 'resubmitted', 'underReview'],
  ['requiresReview', 'declined', 'declined'],
];

/** The ten dashboard statuses of spec section 4, and approved, which leaves the dashboard. */
const states: readonly ApplicationState[] = [
  'new',
  'continue',
  'esignatureRequired',
  'jointEidUndetermined',
  'jointActionRequired',
  'uploadJointEid',
  'jointEsignatureRequired',
  'requiresReview',
  'underReview',
  'declined',
  'approved',
];
const events: readonly ApplicationEvent[] = [
  'stepSaved',
  'reviewAgreedIndividual',
  'reviewAgreedJoint',
  'jointConsented',
  'jointIdentityVerified',
  'jointIdentityFailed',
  'primarySignedIndividual',
  'primarySignedJoint',
  'jointSigned',
  'reviewRequested',
  'resubmitted',
  'approved',
  'declined',
];

const arcText = ([from, event, to]: readonly [string, string, string]) =>
  `${from} -${event}-> ${to}`;

describe('application status machine', () => {
  it('takes an individual application from new to under review', () => {
    const path: ApplicationEvent[] = [
      'stepSaved',
      'stepSaved',
      'reviewAgreedIndividual',
      'primarySignedIndividual',
    ];
    expect(path.reduce<ApplicationState>(nextState, 'new')).toBe('underReview');
  });

  it('takes a joint application through consent, identity and both signatures', () => {
    const path: ApplicationEvent[] = [
      'stepSaved',
      'reviewAgreedJoint',
      'jointConsented',
      'jointIdentityFailed',
      'jointIdentityVerified',
      'primarySignedJoint',
      'jointSigned',
    ];
    const visited = path.reduce<ApplicationState[]>(
      (trail, event) => [...trail, nextState(trail.at(-1) as ApplicationState, event)],
      ['new'],
    );
    expect(visited).toEqual([
      'new',
      'continue',
      'jointActionRequired',
      'jointEidUndetermined',
      'uploadJointEid',
      'esignatureRequired',
      'jointEsignatureRequired',
      'underReview',
    ]);
  });

  it('moves a joint application on as soon as the joint applicant is verified online', () => {
    expect(nextState('jointEidUndetermined', 'jointIdentityVerified')).toBe('esignatureRequired');
  });

  it('keeps an application waiting while the joint applicant has not been verified', () => {
    // The documents being sent is not an event: only operations verifying them moves on.
    expect(allows('uploadJointEid', 'jointIdentityFailed')).toBe(false);
    expect(allows('jointEidUndetermined', 'primarySignedJoint')).toBe(false);
    expect(allows('uploadJointEid', 'primarySignedJoint')).toBe(false);
  });

  it('covers every dashboard status and approved', () => {
    expect([...states].sort()).toEqual([...Object.values(applicationStatuses), 'approved'].sort());
  });

  it('allows each arc of the list, to the state the list names', () => {
    for (const [from, event, to] of arcs) {
      expect(allows(from, event), `${from} -${event}->`).toBe(true);
      expect(nextState(from, event), `${from} -${event}->`).toBe(to);
    }
  });

  it('lists exactly the arcs of the list, no more', () => {
    expect(transitionTable().map(arcText).sort()).toEqual(arcs.map(arcText).sort());
  });

  it('refuses every other pair of state and event', () => {
    const listed = new Set(arcs.map(([from, event]) => `${from}:${event}`));
    let refused = 0;
    for (const from of states) {
      for (const event of events) {
        if (listed.has(`${from}:${event}`)) continue;
        expect(allows(from, event), `${from} -${event}->`).toBe(false);
        expect(() => nextState(from, event), `${from} -${event}->`).toThrow(TransitionRefused);
        refused += 1;
      }
    }
    expect(refused).toBe(states.length * events.length - arcs.length);
    expect(() => nextState('underReview', 'stepSaved')).toThrow(
      'an application that is underReview cannot take stepSaved',
    );
  });

  it('takes answers, and may be deleted, only while new or continuing', () => {
    expect(states.filter(acceptsChanges)).toEqual(['new', 'continue']);
    expect(states.filter(canDelete)).toEqual(['new', 'continue']);
  });

  it('never reopens answers once review is agreed, whatever happens next', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...events), { maxLength: 20 }), (sequence) => {
        let state: ApplicationState = 'continue';
        let agreed = false;
        for (const event of sequence) {
          if (!allows(state, event)) continue;
          state = nextState(state, event);
          if (!acceptsChanges(state)) agreed = true;
          if (agreed && acceptsChanges(state)) return false;
        }
        return true;
      }),
    );
  });

  it('has no way out of declined or approved', () => {
    for (const event of events) {
      expect(allows('declined', event)).toBe(false);
      expect(allows('approved', event)).toBe(false);
    }
  });
});
