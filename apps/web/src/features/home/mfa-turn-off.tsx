import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../lib/i18n.ts';
import { RadioChoices } from '../../ui/choices.tsx';
import { accountApi, type AccountSettings, type MfaFactor } from './account-api.ts';
import { CurrentPasswordField } from './password-confirm.tsx';
import { FormActions, SettingsPanel } from './settings-section.tsx';
import { useSectionForm } from './use-section-form.ts';

const FACTOR = 'mfa-off-factor';
const PASSWORD = 'mfa-off-password';

/**
 * Turning a second factor off, after the password. With both an app and text messages the
 * person says which; staff and advisors never see this (their role requires one).
 */
export function MfaTurnOff({
  settings,
  onDone,
  onCancel,
}: {
  settings: AccountSettings;
  onDone(settings: AccountSettings): void;
  onCancel(): void;
}) {
  const { t } = useTranslation('account');
  const form = useSectionForm('mfa-off');
  const both = settings.mfa.totp && settings.mfa.sms !== null;
  const [factor, setFactor] = useState<MfaFactor | undefined>(both ? undefined : 'all');
  const [password, setPassword] = useState('');

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (form.busy) return;
    form.begin();
    const problems: Record<string, string> = {};
    if (!factor) problems.factor = 'required';
    if (password === '') problems.password = 'required';
    if (!factor || Object.keys(problems).length > 0) {
      form.showFields(problems, { factor: FACTOR, password: PASSWORD });
      return;
    }
    await form.send(() => accountApi.disableMfa({ password, factor }), {
      done: onDone,
      ids: { factor: FACTOR, password: PASSWORD },
      fieldIdForCode: { wrongPassword: PASSWORD },
    });
  }

  return (
    <SettingsPanel heading={t('mfaOff.heading')} form={form}>
      <p>{t('mfaOff.warning')}</p>
      <form noValidate onSubmit={submit}>
        {both && (
          <RadioChoices<MfaFactor>
            id={FACTOR}
            legend={t('mfaOff.which')}
            error={form.errorFor(FACTOR)}
            value={factor}
            onChange={setFactor}
            choices={[
              { value: 'totp', label: t('mfaOff.totp') },
              { value: 'sms', label: t('mfaOff.sms') },
              { value: 'all', label: t('mfaOff.all') },
            ]}
          />
        )}
        <CurrentPasswordField id={PASSWORD} form={form} value={password} onChange={setPassword} />
        <FormActions
          busy={form.busy}
          label={t('mfaOff.submit')}
          busyLabel={t('mfaOff.turningOff')}
          onCancel={onCancel}
        />
      </form>
    </SettingsPanel>
  );
}
