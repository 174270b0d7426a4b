import { useTranslation } from 'react-i18next';
import { Outlet, useMatches } from 'react-router';
import { usePageTitle } from '../../lib/page-title.ts';
import type { ProgressStep } from '@portal/domain';
import { ProgressBar } from '../../ui/progress-bar.tsx';

/** What an onboarding step tells the layout through its route `handle`. */
export interface StepHandle {
  progressStep?: ProgressStep;
}

/** The frame of every onboarding step: the six-step progress bar above the step itself. */
export function ApplicationLayout() {
  const { t } = useTranslation('pages');
  usePageTitle(t('application.title'));
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
