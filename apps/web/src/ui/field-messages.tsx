import type { ReactNode } from 'react';
import { useTranslation } from '../lib/i18n.ts';
import styles from './forms.module.css';

/** The ids a field's `aria-describedby` names: its hint and its error, when shown. */
export function describedByOf(id: string, hint: unknown, error: unknown): string | undefined {
  return [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') || undefined;
}

/**
 * A question's hint and error message, in GOV.UK order (hint, then error), with ids the field
 * names in `aria-describedby` and "Error:" said to screen readers before the message.
 */
export function FieldMessages({
  id,
  hint,
  error,
}: {
  id: string;
  hint?: ReactNode;
  error?: string;
}) {
  const { t } = useTranslation('forms');
  return (
    <>
      {hint && (
        <div id={`${id}-hint`} className={styles.hint}>
          {hint}
        </div>
      )}
      {error && (
        <p id={`${id}-error`} className={styles.errorMessage}>
          <span className="visually-hidden">{t('errorPrefix')}</span>
          {error}
        </p>
      )}
    </>
  );
}
