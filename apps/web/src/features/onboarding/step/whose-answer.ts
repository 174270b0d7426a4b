import type { OnboardingStep } from '@portal/domain/onboarding-steps';

/** Whose answer a field holds, when it is not the applicant filling in the step. */
export type Whose = 'joint' | 'spouse' | 'jointSpouse';

/**
 * Whose answer sits at `path` (`spouse.birthDate`) of a step, for the error summary to say it:
 * the same labels ("Date of birth") appear for the applicant, their spouse and, on a joint
 * application, the joint applicant, so a bare "Date of birth: Required." would not say which.
 * Fields whose label already names the person (the joint applicant's experience) need nothing.
 */
export function whoseAnswer(step: OnboardingStep, path: string): Whose | undefined {
  const spouse = path === 'spouse' || path.startsWith('spouse.');
  if (step === 'profilejoint') return spouse ? 'jointSpouse' : 'joint';
  if (step === 'profile') return spouse ? 'spouse' : undefined;
  if (step === 'otherinterests' && path.startsWith('affiliations.joint')) return 'joint';
  return undefined;
}
