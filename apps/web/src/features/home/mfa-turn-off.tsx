import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { RadioChoices } from '../../ui/choices.tsx';
import { accountApi, attempt, type AccountSettings, type MfaFactor } from './account-api.ts';
import { CurrentPasswordField } from './password-confirm.tsx';
import { FormMessages } from './settings-section.tsx';
import styles from './settings.module.css';
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
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);

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
    form.setBusy(true);
    const outcome = await attempt(() => accountApi.disableMfa({ password, factor }));
    form.setBusy(false);
    if (outcome.kind === 'done') onDone(outcome.data);
    else if (outcome.kind === 'refused') {
      form.showRefusal(
        outcome.refusal,
        { factor: FACTOR, password: PASSWORD },
        { wrongPassword: PASSWORD },
      );
    } else form.setNotice(t('errors.tryAgain'));
  }

  return (
    <div className={styles.reveal}>
      <h3 ref={heading} tabIndex={-1}>
        {t('mfaOff.heading')}
      </h3>
      <FormMessages form={form} />
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
        <div className="actions">
          <button type="submit" className="button button-primary" aria-disabled={form.busy}>
            {form.busy ? t('mfaOff.turningOff') : t('mfaOff.submit')}
          </button>
          <button type="button" className="button button-secondary" onClick={onCancel}>
            {t('cancel')}
          </button>
        </div>
      </form>
    </div>
  );
}
