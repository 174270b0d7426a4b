import { describe, expect, it } from 'vitest';
import {
  onboardingSteps,
  progressIndexFor,
  progressStepFor,
  progressSteps,
} from './onboarding-steps.ts';

describe('onboarding steps', () => {
  it('follow the order of spec section 2', () => {
    expect(onboardingSteps).toEqual([
      'ownership',
      'doyouknow',
      'goals',
      'relatedaccounts',
      'allaccounts',
      'options',
      'account',
      'profile',
      'profilejoint',
      'otherinterests',
      'review',
      'funding',
      'qualid',
      'esign',
      'nextsteps',
      'rsa',
    ]);
  });

  it('map onto the six progress-bar steps without going backwards', () => {
    expect(progressSteps).toHaveLength(6);
    const indexes = onboardingSteps.map(progressIndexFor);
    expect(indexes).toEqual([...indexes].sort((a, b) => a - b));
    expect(progressStepFor('ownership')).toBe('account');
    expect(progressStepFor('profilejoint')).toBe('profile');
    expect(progressStepFor('otherinterests')).toBe('financial');
    expect(progressStepFor('esign')).toBe('identification');
    expect(progressStepFor('nextsteps')).toBe('complete');
    expect(new Set(onboardingSteps.map(progressStepFor))).toEqual(new Set(progressSteps));
  });
});
