import { describe, expect, it } from 'vitest';
import { firstIncompleteStep, stepApplies } from './onboarding-flow.ts';

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
