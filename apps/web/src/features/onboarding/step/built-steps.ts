import type { OnboardingStep } from '@portal/domain/onboarding-steps';

/**
 * The onboarding steps this client has screens for. Save & Continue past the last of them
 * returns to the dashboard, where the application waits with its answers saved.
 */
export const builtSteps: ReadonlySet<OnboardingStep> = new Set<OnboardingStep>([
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
]);
