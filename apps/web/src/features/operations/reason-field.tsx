import { useTranslation } from '../../lib/i18n.ts';
import { actionReasonSchema } from '@portal/domain/operations/operations-api';
import { describedByOf, FieldMessages } from '../../ui/field-messages.tsx';
import formStyles from '../../ui/forms.module.css';
import styles from './operations.module.css';

/** A multi-line answer with its label, hint and error (GOV.UK textarea). */
export function TextAreaField({
  id,
  label,
  hint,
  error,
  value,
  onChange,
}: {
  id: string;
  label: string;
  hint?: string;
  error?: string;
  value: string;
  onChange(value: string): void;
}) {
  return (
    <div className={error ? `${formStyles.field} ${formStyles.fieldError}` : formStyles.field}>
      <label className={formStyles.label} htmlFor={id}>
        {label}
      </label>
      <FieldMessages id={id} hint={hint} error={error} />
      <textarea
        id={id}
        className={styles.textarea}
        value={value}
        aria-describedby={describedByOf(id, hint, error)}
        aria-invalid={error ? true : undefined}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}

/** The message key of a text the domain's reason rule refuses (5 to 1000 characters), or null. */
export function textProblem(value: string): 'tooShort' | 'tooLong' | null {
  const checked = actionReasonSchema.safeParse(value);
  if (checked.success) return null;
  return checked.error.issues[0]?.message === 'tooLong' ? 'tooLong' : 'tooShort';
}

/** The reason every action needs: it goes to the audit trail, never to the client. */
export function ReasonField({
  id,
  value,
  onChange,
  problem,
  label,
}: {
  id: string;
  value: string;
  onChange(value: string): void;
  problem: 'tooShort' | 'tooLong' | null;
  /** Says more than "Reason" where it matters (a decline's internal note). */
  label?: string;
}) {
  const { t } = useTranslation('operations');
  return (
    <TextAreaField
      id={id}
      label={label ?? t('common.reason')}
      hint={t('common.reasonHint')}
      error={problem ? t(`errors.${problem}`) : undefined}
      value={value}
      onChange={onChange}
    />
  );
}
