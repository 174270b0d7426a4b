import { useTranslation } from '../lib/i18n.ts';
import { progressSteps, type ProgressStep } from '@portal/domain/onboarding-steps';
import styles from './progress-bar.module.css';

/**
 * Shows where the applicant is among the six steps. The current step carries
 * `aria-current="step"`, and the status line tells screen readers "Step n of 6".
 */
export function ProgressBar({ current }: { current: ProgressStep }) {
  const { t } = useTranslation('signedIn');
  const currentIndex = progressSteps.indexOf(current);
  return (
    <nav className={styles.progress} aria-label={t('progress.label')}>
      <p className={styles.status}>
        {t('progress.stepStatus', { current: currentIndex + 1, total: progressSteps.length })}
      </p>
      <ol className={styles.steps}>
        {progressSteps.map((step, index) => {
          const state = index < currentIndex ? 'done' : index === currentIndex ? 'current' : 'todo';
          return (
            <li
              key={step}
              className={styles.step}
              data-state={state}
              aria-current={state === 'current' ? 'step' : undefined}
            >
              <span className={styles.marker} aria-hidden="true">
                {index + 1}
              </span>
              <span className={styles.label}>{t(`progress.steps.${step}`)}</span>
              {state === 'done' && (
                <span className="visually-hidden"> ({t('progress.completed')})</span>
              )}
              {state === 'current' && (
                <span className="visually-hidden"> ({t('progress.current')})</span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
