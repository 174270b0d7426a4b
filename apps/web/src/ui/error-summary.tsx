import { useEffect, useMemo, useRef } from 'react';
import { useTranslation, type TFunction } from '../lib/i18n.ts';
import styles from './forms.module.css';

export interface FieldProblem {
  /** The id of the field (or fieldset) the link moves focus to. */
  fieldId: string;
  message: string;
  /** The message's key, when it is one of the domain's (`invalid`, `required`). */
  code?: string;
  /** Whose answer it is, when not the person filling in the form (forms.json `whose`). */
  whose?: 'joint' | 'spouse' | 'jointSpouse';
}

/**
 * GOV.UK error summary: shown at the top when a save is refused, takes focus so screen readers
 * read it at once, and links each problem to its field. Each entry says whose answer it is, if
 * not the reader's, and the field ("Spouse - Date of birth: Required.").
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
  // Focus comes for a new refusal, not when a corrected answer only takes its problem away
  // (the same problem objects, fewer): the person is typing in that field.
  const shown = useRef<FieldProblem[]>([]);
  useEffect(() => {
    const onlyFewer = problems.every((problem) => shown.current.includes(problem));
    shown.current = problems;
    if (problems.length > 0 && !onlyFewer) ref.current?.focus();
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
              {entryText(problem, names[problem.fieldId] ?? '', t)}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * One entry's words. The spec's bare "Invalid." is clear beside a field that shows its format,
 * not in a list away from it: there the entry asks to check the format and repeats the field's
 * hint ("For example, 27 3 1985").
 */
function entryText(problem: FieldProblem, field: string, t: TFunction<'forms'>): string {
  const hint =
    problem.code === 'invalid'
      ? document.getElementById(`${problem.fieldId}-hint`)?.textContent?.trim()
      : undefined;
  const message =
    problem.code === 'invalid'
      ? [t('checkFormat'), hint].filter(Boolean).join(' ')
      : problem.message;
  if (!field) return message;
  if (!problem.whose) return t('summaryItem', { field, message });
  return t('summaryItemWhose', { whose: t(`whose.${problem.whose}`), field, message });
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
  // Groups whose fields repeat (an address, phones, a second holder's names) name the group too.
  const group = field.parentElement?.closest(
    'fieldset.address, fieldset.phones, fieldset[data-summary-group]',
  );
  // A group may name itself better than its legend (a person once their name is typed).
  const groupName = group
    ? ((group as HTMLElement).dataset.summaryName ?? text(group.querySelector(':scope > legend')))
    : '';
  // A question's own mark would sit oddly before the colon ("...home address?: Required.").
  const name = groupName && groupName !== own ? `${groupName}, ${own}` : own;
  return name.replace(/\s*[?:]$/, '');
}
