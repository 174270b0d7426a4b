import { FieldMessages } from '../../../ui/field-messages.tsx';
import { TextField } from '../../../ui/text-field.tsx';

/** A prefilled answer the person cannot change here, or a text box. */
export function ReadOnlyOrText(props: Parameters<typeof TextField>[0] & { readOnly: boolean }) {
  const { readOnly, ...field } = props;
  if (!readOnly) return <TextField {...field} />;
  return (
    <div className="read-only-field">
      <p className="read-only-label" id={`${field.id}-label`}>
        {field.label}
      </p>
      <p id={field.id} aria-labelledby={`${field.id}-label`} className="read-only-value">
        {field.value}
      </p>
      {/* A refusal of a read-only answer (the server's identity check) is still said here. */}
      {field.error ? (
        <FieldMessages id={field.id} hint={field.hint} error={field.error} />
      ) : (
        field.hint && <p className="hint">{field.hint}</p>
      )}
    </div>
  );
}
