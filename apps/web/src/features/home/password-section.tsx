import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../lib/i18n.ts';
import { PASSWORD_MIN_LENGTH } from '@portal/domain/rules/account';
import { passwordChangeSchema } from '@portal/domain/rules/account-security';
import { TextField } from '../../ui/text-field.tsx';
import { accountApi } from './account-api.ts';
import { CurrentPasswordField } from './password-confirm.tsx';
import { FormMessages, SettingsSection, SubmitButton } from './settings-section.tsx';
import { useSectionForm } from './use-section-form.ts';

const ids = { currentPassword: 'settings-current-password', newPassword: 'settings-new-password' };
const empty = { currentPassword: '', newPassword: '' };

/**
 * Section 4: a new password, after the current one. The rule is length (the hint says it);
 * the server refuses common passwords and ones holding the email address, with field codes.
 * A new password signs out every other device.
 */
export function PasswordSection({ onChanged }: { onChanged(): void }) {
  const { t } = useTranslation('account');
  const form = useSectionForm('password');
  const [values, setValues] = useState(empty);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (form.busy) return;
    form.begin();
    const parsed = passwordChangeSchema.safeParse(values);
    if (!parsed.success) {
      form.showFields(
        Object.fromEntries(
          parsed.error.issues.map((issue) => [issue.path.join('.'), issue.message]),
        ),
        ids,
      );
      return;
    }
    await form.send(() => accountApi.changePassword(parsed.data), {
      done: () => {
        // Done: nothing typed is needed any more, and passwords should not linger on screen.
        setValues(empty);
        form.setSuccess(t('password.changed'));
        onChanged();
      },
      ids,
      fieldIdForCode: { wrongPassword: ids.currentPassword },
    });
  }

  return (
    <SettingsSection id="settings-password" title={t('password.heading')}>
      <FormMessages form={form} />
      <form noValidate onSubmit={submit}>
        <CurrentPasswordField
          id={ids.currentPassword}
          form={form}
          value={values.currentPassword}
          onChange={(currentPassword) => setValues({ ...values, currentPassword })}
        />
        <TextField
          id={ids.newPassword}
          type="password"
          label={t('password.new')}
          hint={t('password.rule', { min: PASSWORD_MIN_LENGTH })}
          value={values.newPassword}
          onChange={(newPassword) => setValues({ ...values, newPassword })}
          error={form.errorFor(ids.newPassword)}
          autoComplete="new-password"
        />
        <p>{t('password.othersSignedOut')}</p>
        <SubmitButton busy={form.busy} label={t('password.save')} busyLabel={t('saving')} />
      </form>
    </SettingsSection>
  );
}
