import { useEffect, useRef, type ReactNode, type Ref } from 'react';
import { useTranslation } from '../../lib/i18n.ts';
import type { Resource } from '../../lib/use-resource.ts';
import { ErrorSummary } from '../../ui/error-summary.tsx';
import styles from './settings.module.css';
import type { useSectionForm } from './use-section-form.ts';

type SectionForm = ReturnType<typeof useSectionForm>;

/** One section of the settings page: a heading of its own and what belongs under it. */
export function SettingsSection({
  id,
  title,
  children,
}: {
  id: string;
  title: string;
  children: ReactNode;
}) {
  return (
    <section className={styles.section} aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className={styles.sectionHeading}>
        {title}
      </h2>
      {children}
    </section>
  );
}

/**
 * A success, read out politely. With `focusRef` it can take focus (a section's result, said
 * once the form that was pressed has gone).
 */
export function SuccessMessage({
  text,
  focusRef,
}: {
  text: string | null;
  focusRef?: Ref<HTMLParagraphElement>;
}) {
  return (
    <div role="status" aria-live="polite">
      {text &&
        (focusRef ? (
          <p className="notice-success" ref={focusRef} tabIndex={-1}>
            {text}
          </p>
        ) : (
          <p className="notice-success">{text}</p>
        ))}
    </div>
  );
}

/**
 * What a small form says about its last press: the error summary (which takes focus), a
 * refusal not about one field (read out at once), and a success (read out politely).
 */
export function FormMessages({ form }: { form: SectionForm }) {
  return (
    <>
      <ErrorSummary problems={form.problems} titleId={form.summaryId} />
      {form.notice && (
        <div className="notice-warning" role="alert">
          <p>{form.notice}</p>
        </div>
      )}
      <SuccessMessage text={form.success} />
    </>
  );
}

/**
 * A panel opened inside a section (a setup, a confirmation): its heading takes focus when it
 * opens, and its form's messages stand under it.
 */
export function SettingsPanel({
  heading,
  form,
  children,
}: {
  heading: string;
  form: SectionForm;
  children: ReactNode;
}) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <div className={styles.reveal}>
      <h3 ref={headingRef} tabIndex={-1}>
        {heading}
      </h3>
      <FormMessages form={form} />
      {children}
    </div>
  );
}

/** A form's button; while its call runs it says so and presses send nothing. */
export function SubmitButton({
  busy,
  label,
  busyLabel,
}: {
  busy: boolean;
  label: string;
  busyLabel: string;
}) {
  return (
    <button type="submit" className="button button-primary" aria-disabled={busy}>
      {busy ? busyLabel : label}
    </button>
  );
}

/** The buttons under a form: its submit button, then Cancel (when it can be) and any others. */
export function FormActions({
  busy,
  label,
  busyLabel,
  onCancel,
  children,
}: {
  busy: boolean;
  label: string;
  busyLabel: string;
  onCancel?(): void;
  children?: ReactNode;
}) {
  const { t } = useTranslation('account');
  return (
    <div className="actions">
      <SubmitButton busy={busy} label={label} busyLabel={busyLabel} />
      {onCancel && (
        <button type="button" className="button button-secondary" onClick={onCancel}>
          {t('cancel')}
        </button>
      )}
      {children}
    </div>
  );
}

/** What the page says while something it shows loads, and when loading it failed. */
export function LoadState({
  state,
  loading,
  failed,
  onRetry,
}: {
  state: Resource<unknown>['state'];
  loading: string;
  failed: string;
  onRetry(): void;
}) {
  const { t } = useTranslation('account');
  return (
    <>
      {state === 'loading' && (
        <p className="loading-inline" role="status">
          {loading}
        </p>
      )}
      {state === 'failed' && (
        <div className="notice-warning" role="alert">
          <p>{failed}</p>
          <button type="button" className="button button-secondary" onClick={onRetry}>
            {t('settings.retry')}
          </button>
        </div>
      )}
    </>
  );
}
