import type { z } from 'zod';
import type { OnboardingStep } from '../onboarding-steps.ts';
import {
  accountDetailsStepSchema,
  accountsStepSchema,
  doYouKnowStepSchema,
  goalsStepSchema,
  optionsStepSchema,
  ownershipStepSchema,
} from './account-selection.ts';
import { chosenAccounts, type SavedSteps } from './onboarding-flow.ts';
import { otherInterestsContextOf, otherInterestsSavedStepSchema } from './other-interests-step.ts';
import { dealerDate } from './person.ts';
import { profileStepSchema } from './profile.ts';
import { withTrustedContactDeclines, type Affiliations } from './affiliations.ts';
import {
  reviewIsFrenchFirst,
  reviewStepSchemaFor,
  savedReviewOf,
  type ReviewAgreement,
} from './review.ts';

/**
 * The schema a step's answer is saved with, given the answers saved so far: the server's save
 * and the in-memory mode's (ADR 0028) check with the same one. Undefined for a step that
 * cannot be saved yet, because it turns on an earlier answer not saved, or not at all here.
 * `primarySin` answers the primary applicant's SIN (the joint profile must differ from it):
 * the server keeps it sealed and opens it only when the joint profile is saved.
 */
export function stepSchemaFor(
  step: OnboardingStep,
  saved: SavedSteps,
  primarySin: () => string | undefined,
  now = new Date(),
): z.ZodType | undefined {
  switch (step) {
    case 'ownership':
      return ownershipStepSchema;
    case 'doyouknow':
      return doYouKnowStepSchema;
    case 'goals':
      return goalsStepSchema;
    case 'relatedaccounts':
    case 'allaccounts': {
      const ownership = ownershipStepSchema.safeParse(saved.ownership);
      return ownership.success ? accountsStepSchema(ownership.data) : undefined;
    }
    case 'options':
      return optionsStepSchema;
    case 'profile':
      return profileStepSchema({ today: dealerDate(now), accounts: chosenAccounts(saved) });
    case 'profilejoint': {
      const email = (saved.profile as { email?: string } | undefined)?.email;
      const sin = primarySin();
      if (!sin || !email) return undefined;
      return profileStepSchema({
        today: dealerDate(now),
        accounts: chosenAccounts(saved),
        primary: { sin, email },
      });
    }
    case 'account': {
      const ownership = ownershipStepSchema.safeParse(saved.ownership);
      if (!ownership.success) return undefined;
      return accountDetailsStepSchema({ ...ownership.data, accounts: chosenAccounts(saved) });
    }
    case 'review':
      return reviewStepSchemaFor({ frenchFirst: reviewIsFrenchFirst(saved) });
    case 'otherinterests':
      // Its rules turn on the profile (the home province decides Quebec's beneficiary rule).
      if (saved.profile === undefined) return undefined;
      return otherInterestsSavedStepSchema(otherInterestsContextOf(saved, dealerDate(now)));
    default:
      return undefined;
  }
}

/**
 * What only the server may state in a saved step (issue 12 items 10 and 16): when and to which
 * file and hash the review's agreement was given, in which language, with the express choice's
 * words; when an applicant declined to name a trusted contact. Never taken from the client; the
 * in-memory mode (ADR 0028) states the same.
 */
export function withServerFacts(
  step: OnboardingStep,
  data: unknown,
  saved: SavedSteps,
  now: Date,
): unknown {
  if (step === 'review') {
    return savedReviewOf(data as ReviewAgreement, { frenchFirst: reviewIsFrenchFirst(saved), now });
  }
  if (step === 'otherinterests') {
    const answer = data as { affiliations?: Affiliations };
    if (!answer.affiliations) return data;
    const previous = (saved.otherinterests as { affiliations?: unknown } | undefined)?.affiliations;
    return {
      ...answer,
      affiliations: withTrustedContactDeclines(answer.affiliations, previous, now),
    };
  }
  return data;
}
