import { describe, expect, it } from 'vitest';
import {
  answerSteps,
  chosenAccounts,
  firstIncompleteStep,
  nextStepAfter,
  previousStepBefore,
  progressStepOf,
  resumeStep,
  stepApplies,
  stepOpen,
  turnOf,
} from './onboarding-flow.ts';

describe('onboarding flow', () => {
  it('starts with ownership', () => {
    expect(firstIncompleteStep({})).toBe('ownership');
  });

  it('sends people who do not know their account through the goals helper', () => {
    const saved = { ownership: { ownershipTypeId: 1 }, doyouknow: { knowsAccount: false } };
    expect(firstIncompleteStep(saved)).toBe('goals');
    expect(stepApplies('allaccounts', saved)).toBe(false);
    expect(firstIncompleteStep({ ...saved, goals: { goals: [1] } })).toBe('relatedaccounts');
  });

  it('sends people who know their account to the full list', () => {
    const saved = { ownership: { ownershipTypeId: 1 }, doyouknow: { knowsAccount: true } };
    expect(firstIncompleteStep(saved)).toBe('allaccounts');
    expect(stepApplies('goals', saved)).toBe(false);
  });

  it('asks about options only with a margin account', () => {
    const base = { ownership: { ownershipTypeId: 1 }, doyouknow: { knowsAccount: true } };
    expect(firstIncompleteStep({ ...base, allaccounts: { accounts: ['tfsa', 'margin'] } })).toBe(
      'options',
    );
    expect(firstIncompleteStep({ ...base, allaccounts: { accounts: ['tfsa'] } })).toBe('account');
  });

  it('includes the joint profile only for joint applications', () => {
    expect(stepApplies('profilejoint', { ownership: { ownershipTypeId: 2 } })).toBe(true);
    expect(stepApplies('profilejoint', { ownership: { ownershipTypeId: 1 } })).toBe(false);
  });
});

describe('moving between steps', () => {
  it('Save & Continue skips the steps that do not apply', () => {
    const saved = {
      ownership: { ownershipTypeId: 1 },
      doyouknow: { knowsAccount: true },
      allaccounts: { accounts: ['tfsa'] },
    };
    expect(nextStepAfter('doyouknow', saved)).toBe('allaccounts');
    expect(nextStepAfter('allaccounts', saved)).toBe('account');
    expect(nextStepAfter('allaccounts', { ...saved, allaccounts: { accounts: ['margin'] } })).toBe(
      'options',
    );
    expect(nextStepAfter('rsa', saved)).toBeNull();
  });

  it('Back goes to the step before that applies, and nowhere before the first', () => {
    const saved = { ownership: { ownershipTypeId: 1 }, doyouknow: { knowsAccount: false } };
    expect(previousStepBefore('relatedaccounts', saved)).toBe('goals');
    expect(previousStepBefore('account', saved)).toBe('relatedaccounts');
    expect(previousStepBefore('ownership', saved)).toBeNull();
  });
});

describe('chosen accounts', () => {
  it('come from the list that applies now, not one answered before a change of mind', () => {
    const saved = {
      doyouknow: { knowsAccount: false },
      allaccounts: { accounts: ['margin'] },
      relatedaccounts: { accounts: ['tfsa'] },
    };
    expect(chosenAccounts(saved)).toEqual(['tfsa']);
    expect(chosenAccounts({ ...saved, doyouknow: { knowsAccount: true } })).toEqual(['margin']);
  });
});

describe('open steps', () => {
  it('opens a step only once every step before it that applies is answered', () => {
    expect(stepOpen('ownership', {})).toBe(true);
    expect(stepOpen('doyouknow', {})).toBe(false);
    const saved = { ownership: { ownershipTypeId: 1 }, doyouknow: { knowsAccount: true } };
    expect(stepOpen('allaccounts', saved)).toBe(true);
    expect(stepOpen('goals', saved)).toBe(false);
    expect(stepOpen('account', saved)).toBe(false);
    expect(stepOpen('ownership', saved)).toBe(true);
  });
});

describe('after the review is agreed', () => {
  const agreed = {
    ownership: { ownershipTypeId: 2 },
    doyouknow: { knowsAccount: true },
    allaccounts: { accounts: ['tfsa'] },
    account: {},
    profile: {},
    profilejoint: {},
    otherinterests: {},
    review: { agreementId: 'customer-agreements-2026-11', hasConsent: true },
  };

  it('asks no more answers, and goes from the review to funding, then past identity to signing', () => {
    expect(firstIncompleteStep(agreed)).toBeNull();
    expect(firstIncompleteStep({ ...agreed, review: undefined })).toBe('review');
    expect(nextStepAfter('review', agreed)).toBe('funding');
    expect(nextStepAfter('funding', agreed)).toBe('esign');
    expect(previousStepBefore('funding', agreed)).toBe('review');
  });

  it('offers funding to every application without ever requiring it (issue 14)', () => {
    expect(stepApplies('funding', agreed)).toBe(true);
    expect(stepApplies('funding', {})).toBe(true);
    // Not an answer step: nothing unanswered there holds anyone back.
    expect(answerSteps).not.toContain('funding');
    expect(stepOpen('funding', agreed)).toBe(true);
    expect(stepOpen('funding', { ...agreed, review: undefined })).toBe(false);
    for (const status of ['esignatureRequired', 'jointActionRequired', 'underReview'] as const) {
      expect(resumeStep(status, agreed)).not.toBe('funding');
      expect(resumeStep(status, agreed, 'primary', { identityVerified: false })).not.toBe(
        'funding',
      );
    }
  });

  it('resumes where each person has something to do, or on the next steps page', () => {
    expect(resumeStep('continue', { ...agreed, review: undefined })).toBe('review');
    expect(resumeStep('esignatureRequired', agreed)).toBe('esign');
    expect(resumeStep('jointActionRequired', agreed)).toBe('nextsteps');
    expect(resumeStep('jointEsignatureRequired', agreed)).toBe('nextsteps');
    expect(resumeStep('jointEsignatureRequired', agreed, 'joint')).toBe('esign');
    expect(resumeStep('esignatureRequired', agreed, 'joint')).toBe('nextsteps');
    expect(resumeStep('underReview', agreed)).toBe('nextsteps');
  });

  it('passes identity with bypass-qualId on (or unsaid), asks for it with the flag off', () => {
    expect(stepApplies('qualid', agreed)).toBe(false);
    expect(stepApplies('qualid', agreed, { bypassQualId: true })).toBe(false);
    expect(stepApplies('qualid', agreed, { bypassQualId: false })).toBe(true);
  });

  it('resumes at the identity step while a person to verify is not verified (issue 13)', () => {
    const notVerified = { identityVerified: false };
    expect(resumeStep('esignatureRequired', agreed, 'primary', notVerified)).toBe('qualid');
    // Spec section 4: the joint applicant is emailed, then the primary continues to security
    // questions, whatever the joint applicant does meanwhile (audit C-4).
    for (const status of [
      'jointActionRequired',
      'jointEidUndetermined',
      'uploadJointEid',
    ] as const) {
      expect(resumeStep(status, agreed, 'primary', notVerified), status).toBe('qualid');
      expect(turnOf('primary', status, notVerified), status).toBe('verifyIdentity');
      // Verified, the primary waits for the joint applicant: nothing to do.
      expect(turnOf('primary', status, { identityVerified: true }), status).toBeNull();
    }
    expect(resumeStep('jointEidUndetermined', agreed, 'joint', notVerified)).toBe('qualid');
    expect(resumeStep('uploadJointEid', agreed, 'joint', notVerified)).toBe('qualid');
    // Not their turn to verify: the joint applicant waits for the primary's signature.
    expect(resumeStep('jointEsignatureRequired', agreed, 'primary', notVerified)).toBe('nextsteps');
    expect(resumeStep('underReview', agreed, 'primary', notVerified)).toBe('nextsteps');
    expect(resumeStep('esignatureRequired', agreed, 'primary', { identityVerified: true })).toBe(
      'esign',
    );
  });

  it('names each person’s turn: verify, then sign, the primary first', () => {
    const verified = { identityVerified: true };
    expect(turnOf('primary', 'continue', { identityVerified: false })).toBeNull();
    expect(turnOf('joint', 'jointActionRequired', { identityVerified: false })).toBeNull();
    expect(turnOf('joint', 'jointEidUndetermined', { identityVerified: false })).toBe(
      'verifyIdentity',
    );
    expect(turnOf('primary', 'esignatureRequired', verified)).toBe('sign');
    expect(turnOf('joint', 'esignatureRequired', verified)).toBeNull();
    expect(turnOf('joint', 'jointEsignatureRequired', verified)).toBe('sign');
    // bypass-qualId: identity is not asked, so the turn to sign is the only turn.
    expect(turnOf('primary', 'esignatureRequired')).toBe('sign');
    expect(turnOf('primary', 'underReview', verified)).toBeNull();
  });
});

describe('where the application is on the progress bar', () => {
  it('is not "Complete" on the next steps before everyone has signed', () => {
    for (const status of [
      'jointActionRequired',
      'jointEidUndetermined',
      'uploadJointEid',
      'esignatureRequired',
      'jointEsignatureRequired',
    ] as const) {
      expect(progressStepOf('nextsteps', status), status).toBe('identification');
    }
  });

  it('is "Complete" once every applicant has signed', () => {
    for (const status of ['underReview', 'requiresReview', 'approved'] as const) {
      expect(progressStepOf('nextsteps', status), status).toBe('complete');
    }
  });

  it('is each answer screen’s own stage', () => {
    expect(progressStepOf('allaccounts', 'continue')).toBe('account');
    expect(progressStepOf('profilejoint', 'continue')).toBe('profile');
    expect(progressStepOf('esign', 'jointEsignatureRequired')).toBe('identification');
  });

  it('has the review done on the funding page, which opens identification and signature', () => {
    for (const status of ['esignatureRequired', 'jointActionRequired'] as const) {
      expect(progressStepOf('funding', status), status).toBe('identification');
    }
  });
});
