import { useState, type ClipboardEvent } from 'react';
import { useTranslation } from '../lib/i18n.ts';
import { describedByOf, FieldMessages } from './field-messages.tsx';
import styles from './forms.module.css';

/** 'YYYY-MM-DD' from the three boxes, or what was typed when it is not a whole date yet. */
function joinDate(day: string, month: string, year: string): string {
  if (!day && !month && !year) return '';
  return `${year.padStart(4, '0')}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;
}

function splitDate(value: string | undefined) {
  const match = /^(\d{1,4})-(\d{1,2})-(\d{1,2})$/.exec(value ?? '');
  if (!match) return { day: '', month: '', year: '' };
  const [, year = '', month = '', day = ''] = match;
  return { day: String(Number(day)), month: String(Number(month)), year: String(Number(year)) };
}

/**
 * A whole date pasted (or typed) into one box: year first as computers write it (1985-03-27,
 * 1985/03/27) or day, month and year in the order of the boxes (27/03/1985, 27 3 1985).
 * Undefined for anything else, which the box then takes as usual.
 */
export function pastedDateParts(text: string) {
  const trimmed = text.trim();
  const yearFirst = /^(\d{4})[-/. ](\d{1,2})[-/. ](\d{1,2})$/.exec(trimmed);
  if (yearFirst) return { year: yearFirst[1]!, month: yearFirst[2]!, day: yearFirst[3]! };
  const dayFirst = /^(\d{1,2})[-/. ]+(\d{1,2})[-/. ]+(\d{4})$/.exec(trimmed);
  if (dayFirst) return { day: dayFirst[1]!, month: dayFirst[2]!, year: dayFirst[3]! };
  return undefined;
}

/**
 * GOV.UK date input: day, month and year in three labelled boxes inside one fieldset, the
 * order French and English readers both expect for a date of birth. Emits 'YYYY-MM-DD'; the
 * domain schema says whether it is a real date.
 */
export function DateField({
  id,
  legend,
  hint,
  error,
  value,
  onChange,
}: {
  id: string;
  legend: string;
  hint?: string;
  error?: string;
  value: string | undefined;
  onChange(value: string): void;
}) {
  const { t } = useTranslation('forms');
  const [parts, setParts] = useState(() => splitDate(value));
  const update = (part: 'day' | 'month' | 'year', text: string) => {
    const next = { ...parts, [part]: text.replace(/\D/g, '') };
    setParts(next);
    onChange(joinDate(next.day, next.month, next.year));
  };
  // A whole date pasted into a box fills the three, where the box alone would cut it to "19".
  const paste = (event: ClipboardEvent<HTMLInputElement>) => {
    const whole = pastedDateParts(event.clipboardData.getData('text'));
    if (!whole) return;
    event.preventDefault();
    const next = {
      day: String(Number(whole.day)),
      month: String(Number(whole.month)),
      year: whole.year,
    };
    setParts(next);
    onChange(joinDate(next.day, next.month, next.year));
  };
  const box = (part: 'day' | 'month' | 'year', maxLength: number) => (
    <div className={styles.dateItem}>
      <label htmlFor={`${id}-${part}`}>{t(`date.${part}`)}</label>
      <input
        id={`${id}-${part}`}
        className={`${styles.input} ${part === 'year' ? styles.inputYear : styles.inputDay}`}
        inputMode="numeric"
        autoComplete="off"
        maxLength={maxLength}
        value={parts[part]}
        aria-invalid={error ? true : undefined}
        onChange={(event) => update(part, event.target.value)}
        onPaste={paste}
      />
    </div>
  );
  return (
    <div className={error ? `${styles.field} ${styles.fieldError}` : styles.field}>
      <fieldset id={id} aria-describedby={describedByOf(id, hint, error)} tabIndex={-1}>
        <legend className={styles.legend}>{legend}</legend>
        <FieldMessages id={id} hint={hint} error={error} />
        <div className={styles.dateInputs}>
          {box('day', 2)}
          {box('month', 2)}
          {box('year', 4)}
        </div>
      </fieldset>
    </div>
  );
}
