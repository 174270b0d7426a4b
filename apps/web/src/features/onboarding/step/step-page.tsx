import { useId, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';
import { Link, useLocation } from 'react-router';
import type { OnboardingStep } from '@portal/domain/onboarding-steps';
import { previousStepBefore, stepOpen } from '@portal/domain/rules/onboarding-flow';
import { usePageTitle } from '../../../lib/page-title.ts';
import { ErrorSummary, type FieldProblem } from '../../../ui/error-summary.tsx';
import { useApplication, stepPath } from './application-context.tsx';
import { returnsToReview } from './return-to-review.ts';
import type { StepNotice } from './use-step-form.ts';

/**
 * The page around one step (GOV.UK question page): Back link (to the review when the step was
 * opened from it), error summary, the form and its Save & Continue button. The title says "Error: " while the summary shows.
 */
export function StepPage({
  step,
  title,
  heading,
  problems,
  notice,
  saving,
  onSubmit,
  hideSubmit = false,
  submitLabel,
  beforeActions,
  children,
}: {
  step: OnboardingStep;
  title: string;
  /** Omitted when the question's legend is the page heading. */
  heading?: string;
  problems: FieldProblem[];
  notice: StepNotice;
  saving: boolean;
  onSubmit(event: FormEvent): void;
  /** When the answer leads away from this application (a paper application). */
  hideSubmit?: boolean;
  /** Instead of Save and continue, where the button does more (agree and continue). */
  submitLabel?: string;
  /**
   * Shown after the questions and before Save and continue, outside the step's form: a part
   * with a form of its own (the documents upload), since forms cannot nest.
   */
  beforeActions?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation('onboarding');
  const formId = useId();
  const { application } = useApplication();
  // The `form` attribute keeps the button the form's own when it sits after `beforeActions`.
  const actions = hideSubmit ? null : (
    <div className="actions">
      <button type="submit" form={formId} className="button button-primary" aria-disabled={saving}>
        {saving ? t('saving') : (submitLabel ?? t('saveAndContinue'))}
      </button>
    </div>
  );
  usePageTitle(title, { hasErrors: problems.length > 0 });
  const { search } = useLocation();
  // Opened from the review's Change link: Back goes to the review, as Save does.
  const previous =
    step !== 'review' && returnsToReview(search) && stepOpen('review', application.steps)
      ? 'review'
      : previousStepBefore(step, application.steps);
  return (
    <div className="panel">
      <Link
        className="back-link"
        to={previous ? stepPath(application.id, previous) : '/home/dashboard'}
      >
        <span aria-hidden="true">‹ </span>
        {t('back')}
      </Link>
      <ErrorSummary problems={problems} />
      {(notice === 'restored' || notice === 'kept') && (
        <div className="notice-info step-notice" role="status">
          <h2>{t(`notices.${notice}Heading`)}</h2>
          <p>{t(`notices.${notice}`)}</p>
        </div>
      )}
      {notice && notice !== 'restored' && notice !== 'kept' && (
        <div className="notice-warning" role="alert">
          <p>{t(`notices.${notice}`)}</p>
          {notice === 'locked' && <Link to="/home/dashboard">{t('layout.toDashboard')}</Link>}
        </div>
      )}
      {heading && <h1>{heading}</h1>}
      <form id={formId} noValidate onSubmit={onSubmit}>
        {children}
        {beforeActions === undefined && actions}
      </form>
      {beforeActions !== undefined && (
        <>
          {beforeActions}
          {actions}
        </>
      )}
    </div>
  );
}
