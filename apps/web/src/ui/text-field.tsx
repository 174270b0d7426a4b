import { describedByOf, FieldMessages } from './field-messages.tsx';
import styles from './forms.module.css';

/** A labelled text input with its hint and error message (GOV.UK text input). */
export function TextField({
  id,
  label,
  hint,
  error,
  value,
  onChange,
  autoComplete,
  inputMode,
  maxLength,
  width = 'full',
  type = 'text',
}: {
  id: string;
  label: string;
  hint?: string;
  error?: string;
  value: string;
  onChange(value: string): void;
  autoComplete?: string;
  inputMode?: 'text' | 'numeric';
  maxLength?: number;
  width?: 'full' | 'short';
  /** `password` hides what is typed (pasting stays allowed); `email` and `tel` bring their keyboards. */
  type?: 'text' | 'email' | 'password' | 'tel';
}) {
  return (
    <div className={error ? `${styles.field} ${styles.fieldError}` : styles.field}>
      <label className={styles.label} htmlFor={id}>
        {label}
      </label>
      <FieldMessages id={id} hint={hint} error={error} />
      <input
        id={id}
        className={width === 'short' ? `${styles.input} ${styles.inputShort}` : styles.input}
        type={type}
        value={value}
        aria-describedby={describedByOf(id, hint, error)}
        aria-invalid={error ? true : undefined}
        autoComplete={autoComplete}
        inputMode={inputMode}
        maxLength={maxLength}
        spellCheck={false}
        autoCapitalize={type === 'text' ? undefined : 'none'}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}
