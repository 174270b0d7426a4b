import { TextField } from '../../ui/text-field.tsx';
import type { useSectionForm } from './use-section-form.ts';

/**
 * The box for a code sent by email or text message, or shown by an authenticator app: digits
 * on a phone's keyboard, and `one-time-code` so the phone can offer the code it received.
 */
export function OneTimeCodeField({
  id,
  label,
  hint,
  form,
  value,
  onChange,
}: {
  id: string;
  label: string;
  hint: string;
  form: ReturnType<typeof useSectionForm>;
  value: string;
  onChange(value: string): void;
}) {
  return (
    <TextField
      id={id}
      label={label}
      hint={hint}
      error={form.errorFor(id)}
      value={value}
      onChange={onChange}
      autoComplete="one-time-code"
      inputMode="numeric"
      width="short"
    />
  );
}
