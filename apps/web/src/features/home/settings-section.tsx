import type { ReactNode } from 'react';
import { ErrorSummary } from '../../ui/error-summary.tsx';
import styles from './settings.module.css';
import type { useSectionForm } from './use-section-form.ts';

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
 * What a small form says about its last press: the error summary (which takes focus), a
 * refusal not about one field (read out at once), and a success (read out politely).
 */
export function FormMessages({ form }: { form: ReturnType<typeof useSectionForm> }) {
  return (
    <>
      <ErrorSummary problems={form.problems} titleId={form.summaryId} />
      {form.notice && (
        <div className="notice-warning" role="alert">
          <p>{form.notice}</p>
        </div>
      )}
      <div role="status" aria-live="polite">
        {form.success && <p className="notice-success">{form.success}</p>}
      </div>
    </>
  );
}
