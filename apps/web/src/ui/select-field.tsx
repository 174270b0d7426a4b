import { useTranslation } from '../lib/i18n.ts';
import { describedByOf, FieldMessages } from './field-messages.tsx';
import styles from './forms.module.css';

export interface SelectOption {
  id: number | string;
  label: string;
}

/**
 * A labelled native select (keyboard and screen-reader support come with the platform). While
 * its options load it says so and cannot be used; a failed load offers to try again.
 */
export function SelectField({
  id,
  label,
  hint,
  error,
  value,
  onChange,
  options,
  loading = false,
  failed = false,
  onRetry,
}: {
  id: string;
  label: string;
  hint?: string;
  error?: string;
  value: number | string | undefined;
  onChange(value: string): void;
  options: readonly SelectOption[];
  loading?: boolean;
  failed?: boolean;
  onRetry?(): void;
}) {
  const { t } = useTranslation('forms');
  return (
    <div className={error ? `${styles.field} ${styles.fieldError}` : styles.field}>
      <label className={styles.label} htmlFor={id}>
        {label}
      </label>
      <FieldMessages id={id} hint={hint} error={error} />
      <select
        id={id}
        className={styles.select}
        value={value ?? ''}
        aria-describedby={describedByOf(id, hint, error)}
        aria-invalid={error ? true : undefined}
        aria-busy={loading || undefined}
        disabled={loading || failed}
        onChange={(event) => onChange(event.target.value)}
      >
        <option value="">{loading ? t('loadingOptions') : t('choose')}</option>
        {options.map((option) => (
          <option key={option.id} value={option.id}>
            {option.label}
          </option>
        ))}
      </select>
      {failed && (
        <p className={styles.hint} role="alert">
          {t('optionsFailed')}{' '}
          {onRetry && (
            <button type="button" className="link-button" onClick={onRetry}>
              {t('retry')}
            </button>
          )}
        </p>
      )}
    </div>
  );
}
