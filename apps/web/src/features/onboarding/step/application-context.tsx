import { createContext, useContext } from 'react';
import type { OnboardingStep } from '@portal/domain/onboarding-steps';
import type { ApplicationDetail } from '../../../lib/applications-api.ts';

/** What a refused or failed save means for the person. */
export type SaveOutcome =
  | { kind: 'saved'; next: OnboardingStep | null }
  | { kind: 'invalid'; fields: Record<string, string> }
  /** Changed in another tab or window: the latest version is loaded, the typed answers kept. */
  | { kind: 'stale' }
  /** Review was agreed: answers no longer change. */
  | { kind: 'locked' }
  /** The network or the server failed: nothing was saved, nothing typed is lost. */
  | { kind: 'failed' };

export interface ApplicationContextValue {
  application: ApplicationDetail;
  /** What was typed on a step and not saved yet; kept while moving Back and forth. */
  draftOf<T>(step: OnboardingStep): T | undefined;
  /** Keeps the form's values; `data` (what would be saved) tells whether anything changed. */
  setDraft(step: OnboardingStep, values: unknown, data: unknown): void;
  save(step: OnboardingStep, data: unknown): Promise<SaveOutcome>;
  /**
   * The application as a screen read it afresh (its status moved on elsewhere: a signature, the
   * joint applicant's consent), so the frame (the progress bar) shows where it really is.
   */
  refreshed(application: ApplicationDetail): void;
}

export const ApplicationContext = createContext<ApplicationContextValue | null>(null);

export function useApplication(): ApplicationContextValue {
  const value = useContext(ApplicationContext);
  if (!value) throw new Error('useApplication is used outside an application');
  return value;
}

export const stepPath = (applicationId: string, step: OnboardingStep) =>
  `/application/${applicationId}/${step}`;
