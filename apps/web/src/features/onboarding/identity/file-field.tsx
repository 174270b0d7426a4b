import { UPLOAD_EXTENSIONS } from '@portal/domain/constants';
import { describedByOf, FieldMessages } from '../../../ui/field-messages.tsx';
import formStyles from '../../../ui/forms.module.css';

const anyUpload = UPLOAD_EXTENSIONS.map((extension) => `.${extension}`).join(',');

/** A labelled file input (no camera needed) with its hint and error, as the documents panel's. */
export function FileField({
  id,
  label,
  hint,
  error,
  accept = anyUpload,
  onChange,
}: {
  id: string;
  label: string;
  hint?: string;
  error?: string;
  accept?: string;
  onChange(file: File | null): void;
}) {
  return (
    <div className={error ? `${formStyles.field} ${formStyles.fieldError}` : formStyles.field}>
      <label className={formStyles.label} htmlFor={id}>
        {label}
      </label>
      <FieldMessages id={id} hint={hint} error={error} />
      <input
        id={id}
        type="file"
        accept={accept}
        aria-describedby={describedByOf(id, hint, error)}
        aria-invalid={error ? true : undefined}
        onChange={(event) => onChange(event.target.files?.[0] ?? null)}
      />
    </div>
  );
}
