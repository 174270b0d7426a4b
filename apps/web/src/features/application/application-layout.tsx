import { Outlet, useMatches } from 'react-router';
import type { ProgressStep } from '@portal/domain';
import { ProgressBar } from '../../ui/progress-bar.tsx';

/** What an onboarding step tells the layout through its route `handle`. */
export interface StepHandle {
  progressStep?: ProgressStep;
}

/**
 * The frame of every onboarding step: the six-step progress bar above the step itself. Each
 * step sets its own page title.
 */
export function ApplicationLayout() {
  const step = useMatches()
    .map((match) => (match.handle as StepHandle | undefined)?.progressStep)
    .findLast((progressStep) => progressStep !== undefined);
  return (
    <>
      {step && <ProgressBar current={step} />}
      <Outlet />
    </>
  );
}
