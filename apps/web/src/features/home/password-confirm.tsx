import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from '../../lib/i18n.ts';
import { TextField } from '../../ui/text-field.tsx';
import type { Refusal } from './account-api.ts';
import { FormActions, SettingsPanel } from './settings-section.tsx';
import { useSectionForm } from './use-section-form.ts';

/**
 * The current password, asked again before a change that could hand the account to someone
 * else (ASVS 7.5.1): one label, and `current-password` so password managers fill it in.
 */
export function CurrentPasswordField({
  id,
  form,
  value,
  onChange,
  hint,
}: {
  id: string;
  form: ReturnType<typeof useSectionForm>;
  value: string;
  onChange(value: string): void;
  hint?: string;
}) {
  const { t } = useTranslation('account');
  return (
    <TextField
      id={id}
      type="password"
      label={t('currentPassword')}
      hint={hint}
      error={form.errorFor(id)}
      value={value}
      onChange={onChange}
      autoComplete="current-password"
    />
  );
}

/**
 * A panel that asks for the current password and nothing else before one call (new recovery
 * codes, starting an authenticator app): its heading takes focus; an empty password is
 * required; a wrong one shows beside the field; a lock or an outage shows as a notice; what
 * was typed stays. `onRefused` handles a refusal of its own first (it returns true).
 */
export function PasswordConfirm<T>({
  name,
  heading,
  children,
  submitLabel,
  busyLabel,
  send,
  onDone,
  onRefused,
  onCancel,
}: {
  /** The form's name; the password field's id is `${name}-password`. */
  name: string;
  heading: string;
  /** What happens after the password, above the form. */
  children: ReactNode;
  submitLabel: string;
  busyLabel: string;
  send(password: string): Promise<T>;
  onDone(data: T): void;
  onRefused?(refusal: Refusal): boolean;
  onCancel(): void;
}) {
  const form = useSectionForm(name);
  const passwordId = `${name}-password`;
  const [password, setPassword] = useState('');

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (form.busy) return;
    form.begin();
    if (password === '') {
      form.showFields({ password: 'required' }, { password: passwordId });
      return;
    }
    await form.send(() => send(password), {
      done: onDone,
      refused: onRefused,
      ids: { password: passwordId },
      fieldIdForCode: { wrongPassword: passwordId },
    });
  }

  return (
    <SettingsPanel heading={heading} form={form}>
      {children}
      <form noValidate onSubmit={submit}>
        <CurrentPasswordField id={passwordId} form={form} value={password} onChange={setPassword} />
        <FormActions
          busy={form.busy}
          label={submitLabel}
          busyLabel={busyLabel}
          onCancel={onCancel}
        />
      </form>
    </SettingsPanel>
  );
}
