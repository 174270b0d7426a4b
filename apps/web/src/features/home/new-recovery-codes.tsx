import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { RECOVERY_CODE_COUNT } from '@portal/domain/rules/account-security';
import { TextField } from '../../ui/text-field.tsx';
import { accountApi, attempt } from './account-api.ts';
import { FormMessages } from './settings-section.tsx';
import styles from './settings.module.css';
import { useSectionForm } from './use-section-form.ts';

const PASSWORD = 'recovery-codes-password';

/** A new set of recovery codes, after the password; the old set stops working. */
export function NewRecoveryCodes({
  onCodes,
  onCancel,
}: {
  onCodes(codes: string[]): void;
  onCancel(): void;
}) {
  const { t } = useTranslation('account');
  const form = useSectionForm('recovery-codes-new');
  const [password, setPassword] = useState('');
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (form.busy) return;
    form.begin();
    if (password === '') {
      form.showFields({ password: 'required' }, { password: PASSWORD });
      return;
    }
    form.setBusy(true);
    const outcome = await attempt(() => accountApi.newRecoveryCodes(password));
    form.setBusy(false);
    if (outcome.kind === 'done') onCodes(outcome.data.recoveryCodes);
    else if (outcome.kind === 'refused') {
      form.showRefusal(outcome.refusal, { password: PASSWORD }, { wrongPassword: PASSWORD });
    } else form.setNotice(t('errors.tryAgain'));
  }

  return (
    <div className={styles.reveal}>
      <h3 ref={heading} tabIndex={-1}>
        {t('newCodes.heading')}
      </h3>
      <FormMessages form={form} />
      <p>{t('newCodes.explain', { count: RECOVERY_CODE_COUNT })}</p>
      <form noValidate onSubmit={submit}>
        <TextField
          id={PASSWORD}
          type="password"
          label={t('currentPassword')}
          error={form.errorFor(PASSWORD)}
          value={password}
          onChange={setPassword}
          autoComplete="current-password"
        />
        <div className="actions">
          <button type="submit" className="button button-primary" aria-disabled={form.busy}>
            {form.busy ? t('newCodes.getting') : t('newCodes.submit')}
          </button>
          <button type="button" className="button button-secondary" onClick={onCancel}>
            {t('cancel')}
          </button>
        </div>
      </form>
    </div>
  );
}
