import { useEffect, useMemo, useRef } from 'react';
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
export function ErrorSummary({
  problems,
  titleId = 'error-summary-title',
}: {
  problems: FieldProblem[];
  /** Unique on the page: a second form's summary (a panel beside a step) needs its own. */
  titleId?: string;
}) {
  const { t } = useTranslation('forms');
  const ref = useRef<HTMLDivElement>(null);
  // The spec's messages are generic ("Required."): each link also names its field, read from
  // the field's own label or legend. The fields are on the page before any save is refused.
  const names = useMemo(
    () => Object.fromEntries(problems.map((p) => [p.fieldId, fieldNameOf(p.fieldId)])),
    [problems],
  );
  useEffect(() => {
    if (problems.length > 0) ref.current?.focus();
  }, [problems]);
  if (problems.length === 0) return null;
  return (
    <div
      ref={ref}
      className={styles.errorSummary}
      role="alert"
      aria-labelledby={titleId}
      tabIndex={-1}
    >
      <h2 id={titleId} className={styles.errorSummaryTitle}>
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
              {names[problem.fieldId]
                ? t('summaryItem', { field: names[problem.fieldId], message: problem.message })
                : problem.message}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** A field's visible name: its label or legend, after the legend of the group it sits in. */
function fieldNameOf(fieldId: string): string {
  const field = document.getElementById(fieldId);
  if (!field) return '';
  const text = (element: Element | null | undefined) => element?.textContent?.trim() ?? '';
  const own =
    field.tagName === 'FIELDSET'
      ? text(field.querySelector(':scope > legend'))
      : text(document.querySelector(`label[for="${CSS.escape(fieldId)}"]`));
  const group = field.parentElement?.closest('fieldset.address, fieldset.phones');
  const groupName = group ? text(group.querySelector(':scope > legend')) : '';
  // A question's own mark would sit oddly before the colon ("...home address?: Required.").
  const name = groupName && groupName !== own ? `${groupName}, ${own}` : own;
  return name.replace(/\s*[?:]$/, '');
}
