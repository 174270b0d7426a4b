import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applicationStatuses } from '../enums/application-statuses.ts';
import {
  acceptsChanges,
  allows,
  nextState,
  transitionTable,
  TransitionRefused,
  type ApplicationEvent,
  type ApplicationState,
} from './application-status-machine.ts';

const states = [...Object.values(applicationStatuses), 'approved'] as ApplicationState[];
const events: ApplicationEvent[] = [
  'stepSaved',
  'reviewAgreedIndividual',
  'reviewAgreedJoint',
  'jointConsented',
  'jointIdentityVerified',
  'jointIdentityFailed',
  'jointIdentityUploaded',
  'primarySignedIndividual',
  'primarySignedJoint',
  'jointSigned',
  'reviewRequested',
  'resubmitted',
  'declined',
];

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
      'jointIdentityUploaded',
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

  it('refuses every transition it does not list', () => {
    const allowed = new Set(transitionTable().map(([from, event]) => `${from}:${event}`));
    for (const from of states) {
      for (const event of events) {
        if (allowed.has(`${from}:${event}`)) continue;
        expect(() => nextState(from, event)).toThrow(TransitionRefused);
        expect(allows(from, event)).toBe(false);
      }
    }
    expect(() => nextState('underReview', 'stepSaved')).toThrow(
      'an application that is underReview cannot take stepSaved',
    );
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
