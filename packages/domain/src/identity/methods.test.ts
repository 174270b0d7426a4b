import { describe, expect, it } from 'vitest';
import { verificationStatuses } from '../enums/identity-verification.ts';
import {
  identityMethods,
  identityScreenFor,
  identityStates,
  identityStatusOf,
  nextMethodAfter,
  offeredIdentityMethods,
} from './methods.ts';

describe('identity methods', () => {
  it('are tried credit file, photo ID, two documents, then manual', () => {
    expect(identityMethods).toEqual(['creditFile', 'photoId', 'dualProcess', 'manual']);
    expect(nextMethodAfter('creditFile')).toBe('photoId');
    expect(nextMethodAfter('photoId')).toBe('dualProcess');
    expect(nextMethodAfter('dualProcess')).toBe('manual');
    expect(nextMethodAfter('manual')).toBeNull();
  });

  it('leave out the credit file where no bureau is configured, in the same order', () => {
    expect(offeredIdentityMethods({ creditBureau: true })).toEqual(identityMethods);
    const withoutBureau = offeredIdentityMethods({ creditBureau: false });
    expect(withoutBureau).toEqual(['photoId', 'dualProcess', 'manual']);
    expect(nextMethodAfter('photoId', withoutBureau)).toBe('dualProcess');
    expect(nextMethodAfter('manual', withoutBureau)).toBeNull();
  });

  it('skip a method not offered when naming the next one', () => {
    expect(nextMethodAfter('creditFile', ['creditFile', 'dualProcess'])).toBe('dualProcess');
  });

  it('end in the hard stop after the last method offered, a failure screen before it', () => {
    const offered = ['photoId', 'manual'] as const;
    expect(identityScreenFor({ state: 'failed', method: 'photoId', offered })).toBe(
      identityScreenFor({ state: 'failed', method: 'creditFile' }),
    );
    expect(identityScreenFor({ state: 'failed', method: 'manual', offered })).toBe(
      identityScreenFor({ state: 'failed', method: 'manual' }),
    );
  });
});

describe('verification statuses of the spec', () => {
  it.each([
    ['NOTSTARTED', 'notStarted'],
    ['INCOMPLETE', 'inProgress'],
    ['OK', 'pending'],
    ['MATCH', 'verified'],
    ['NOMATCH', 'failed'],
    ['ERROR', 'failed'],
    ['HARDSTOP', 'needsReview'],
  ] as const)('%s is %s', (status, state) => {
    expect(identityStatusOf(status)).toBe(state);
  });

  it('each maps to a known state', () => {
    for (const status of verificationStatuses) {
      expect(identityStates).toContain(identityStatusOf(status));
    }
  });
});

describe('screens of the spec', () => {
  it.each([
    [{ state: 'notStarted', method: 'creditFile' }, 1],
    [{ state: 'inProgress', method: 'creditFile' }, 3],
    [{ state: 'inProgress', method: 'photoId' }, 3],
    [{ state: 'inProgress', method: 'dualProcess' }, 8],
    [{ state: 'inProgress', method: 'manual' }, 8],
    [{ state: 'pending', method: 'photoId' }, 4],
    [{ state: 'pending', method: 'photoId', waitedMs: 29_999 }, 4],
    [{ state: 'pending', method: 'photoId', waitedMs: 30_000 }, 5],
    [{ state: 'needsReview', method: 'manual' }, 5],
    [{ state: 'verified', method: 'dualProcess' }, 6],
    [{ state: 'failed', method: 'creditFile' }, 7],
    [{ state: 'failed', method: 'dualProcess' }, 7],
    [{ state: 'failed', method: 'manual' }, 9],
    [{ state: 'expired', method: 'photoId' }, 7],
  ] as const)('%o shows screen %i', (input, screen) => {
    expect(identityScreenFor(input)).toBe(screen);
  });

  it('never shows None or the SMS entry on its own (the client chooses the hand-off)', () => {
    for (const state of identityStates) {
      for (const method of identityMethods) {
        expect([0, 2]).not.toContain(identityScreenFor({ state, method }));
      }
    }
  });
});
