/** Spec section 2: the onboarding steps, in order. */
export const onboardingSteps = [
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
] as const;
export type OnboardingStep = (typeof onboardingSteps)[number];

/** Spec section 2: the six steps of the progress bar. */
export const progressSteps = [
  'account',
  'profile',
  'financial',
  'review',
  'identification',
  'complete',
] as const;
export type ProgressStep = (typeof progressSteps)[number];

/** Where each onboarding step sits on the progress bar. */
const progressStepOf: Readonly<Record<OnboardingStep, ProgressStep>> = {
  ownership: 'account',
  doyouknow: 'account',
  goals: 'account',
  relatedaccounts: 'account',
  allaccounts: 'account',
  options: 'account',
  account: 'account',
  profile: 'profile',
  profilejoint: 'profile',
  otherinterests: 'financial',
  review: 'review',
  // Funding comes after agreeing (the review is done) and before identity and signature, the
  // stage it opens.
  funding: 'identification',
  qualid: 'identification',
  esign: 'identification',
  nextsteps: 'complete',
  rsa: 'complete',
};

export function progressStepFor(step: OnboardingStep): ProgressStep {
  return progressStepOf[step];
}

export function progressIndexFor(step: OnboardingStep): number {
  return progressSteps.indexOf(progressStepOf[step]);
}
