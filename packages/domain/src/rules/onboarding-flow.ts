import type { NamedAccountTypeName } from '../enums/account-types.ts';
import { onboardingAccountTypes } from '../enums/onboarding.ts';
import { onboardingSteps, type OnboardingStep } from '../onboarding-steps.ts';
import { includesMargin } from './account-selection.ts';

/** What has been saved so far, step by step (the server's `steps` of an application). */
export type SavedSteps = Partial<Record<OnboardingStep, unknown>>;

const field = (data: unknown, key: string): unknown =>
  typeof data === 'object' && data !== null ? (data as Record<string, unknown>)[key] : undefined;

export function chosenAccounts(saved: SavedSteps): NamedAccountTypeName[] {
  const fromStep = (step: OnboardingStep) => field(saved[step], 'accounts');
  const accounts = fromStep('allaccounts') ?? fromStep('relatedaccounts');
  return Array.isArray(accounts) ? (accounts as NamedAccountTypeName[]) : [];
}

/**
 * Which steps this application goes through (spec section 2 order): the goals helper and its
 * related accounts only for people who do not know which account they want, the full list for
 * those who do; options only with a margin account; the joint profile only for joint ones.
 */
export function stepApplies(step: OnboardingStep, saved: SavedSteps): boolean {
  const knows = field(saved.doyouknow, 'knowsAccount');
  switch (step) {
    case 'goals':
    case 'relatedaccounts':
      return knows !== true;
    case 'allaccounts':
      return knows === true;
    case 'options':
      return includesMargin(chosenAccounts(saved));
    case 'profilejoint':
      return field(saved.ownership, 'ownershipTypeId') === onboardingAccountTypes.Joint;
    default:
      return true;
  }
}

/** Where Continue takes the applicant: the first step that applies and is not saved. */
export function firstIncompleteStep(saved: SavedSteps): OnboardingStep | null {
  return (
    onboardingSteps.find((step) => stepApplies(step, saved) && saved[step] === undefined) ?? null
  );
}
