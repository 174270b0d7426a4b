import type { NamedAccountTypeName } from './enums/account-types.ts';
import type { OnboardingStep } from './onboarding-steps.ts';
import type { ApplicantRole, SavedSteps } from './rules/onboarding-flow.ts';
import type { ApplicationState } from './status/application-status-machine.ts';
import type { DeclineCategory } from './operations/decline-categories.ts';
import type { OpenedAccount, PepFormStatus } from './operations/operations-api.ts';

/** An application as the dashboard lists it (`GET /service/jaxrs/applications`). */
export interface ApplicationSummary {
  id: string;
  status: ApplicationState;
  /** The caller's part in it: the primary applicant who started it, or the joint applicant. */
  role: ApplicantRole;
  /** Bumped by every change; a save carries the version it read (ADR 0007). */
  version: number;
  ownershipTypeId: number | null;
  /** Where Continue resumes. */
  nextStep: OnboardingStep | null;
  /** The accounts chosen so far. */
  accounts: NamedAccountTypeName[];
  createdAt: string;
  updatedAt: string;
  /** Approved: the accounts it opened, with their numbers (issue 16). */
  openedAccounts?: OpenedAccount[];
  /** Declined: the category the applicant is told (never the staff member's note). */
  decline?: { category: DeclineCategory };
  /** Requires review: what operations ask, until it is answered. */
  informationRequest?: {
    id: string;
    message: string;
    documentTypes: string[];
    askedAt: string;
  };
  /** A PEP/HIO applicant's form: due 21 days after submission (spec section 9). */
  pepForm?: PepFormStatus;
}

/**
 * `POST applications/{id}/informationRequests/{requestId}/answer`: the applicant's answer to
 * what operations asked, with the documents they uploaded for it (ids from `documents`). The
 * application returns to the review queue (requiresReview -> underReview).
 */
export interface InformationAnswerBody {
  answer: string;
  documentIds: string[];
}

/** One application with what was saved on each step (`GET applications/{id}`). */
export interface ApplicationDetail extends ApplicationSummary {
  steps: SavedSteps;
}

/**
 * The answer to a step's save (`PUT applications/{id}/steps/{step}`): the summary, and the
 * step as the server keeps it (normalized, SINs and TINs only masked), which replaces the
 * client's copy so that what it shows is what was saved.
 */
export interface SavedStepAnswer extends ApplicationSummary {
  saved: unknown;
}
