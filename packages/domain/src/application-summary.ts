import type { NamedAccountTypeName } from './enums/account-types.ts';
import type { OnboardingStep } from './onboarding-steps.ts';
import type { ApplicantRole, SavedSteps } from './rules/onboarding-flow.ts';
import type { ApplicationState } from './status/application-status-machine.ts';

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
