import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './forms.module.css';

export interface FieldProblem {
  /** The id of the field (or fieldset) the link moves focus to. */
  fieldId: string;
  message: string;
}

/**
 * GOV.UK error summary: shown at the top when a save is refused, takes focus so screen readers
 * read it at once, and links each problem to its field.
 */
export function ErrorSummary({ problems }: { problems: FieldProblem[] }) {
  const { t } = useTranslation('forms');
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (problems.length > 0) ref.current?.focus();
  }, [problems]);
  if (problems.length === 0) return null;
  return (
    <div
      ref={ref}
      className={styles.errorSummary}
      role="alert"
      aria-labelledby="error-summary-title"
      tabIndex={-1}
    >
      <h2 id="error-summary-title" className={styles.errorSummaryTitle}>
        {t('errorSummary')}
      </h2>
      <ul>
        {problems.map((problem) => (
          <li key={problem.fieldId}>
            <a
              href={`#${problem.fieldId}`}
              onClick={(event) => {
                // Hash routing owns the fragment: move focus without changing the address.
                event.preventDefault();
                const field = document.getElementById(problem.fieldId);
                const focusable = field?.matches('input, select, textarea')
                  ? field
                  : field?.querySelector<HTMLElement>('input, select, textarea');
                field?.scrollIntoView({ block: 'center' });
                (focusable ?? field)?.focus();
              }}
            >
              {problem.message}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
