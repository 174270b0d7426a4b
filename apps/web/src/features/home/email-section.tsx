import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '../../lib/i18n.ts';
import { normalizeEmail, registrationSchema } from '@portal/domain/rules/account';
import { TextField } from '../../ui/text-field.tsx';
import { accountApi, type AccountSettings } from './account-api.ts';
import { EmailCodeForm } from './email-code-form.tsx';
import { CurrentPasswordField } from './password-confirm.tsx';
import { FormActions, FormMessages, SettingsSection, SuccessMessage } from './settings-section.tsx';
import styles from './settings.module.css';
import { useSectionForm } from './use-section-form.ts';

/**
 * Section 3: the address, whether it is proved, its code, and a change of address (the new
 * address gets a code and replaces the old one once proved; the change can be cancelled).
 */
export function EmailSection({
  settings,
  onChange,
}: {
  settings: AccountSettings;
  onChange(settings: AccountSettings): void;
}) {
  const { t } = useTranslation('account');
  const [changeOpen, setChangeOpen] = useState(false);
  const cancelForm = useSectionForm('email-cancel');
  // Said once something changed; focused, since the form that was pressed has gone.
  const [result, setResult] = useState<string | null>(null);
  const resultRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (result) resultRef.current?.focus();
  }, [result]);
  const toggleRef = useRef<HTMLButtonElement>(null);

  function verified(next: AccountSettings) {
    onChange(next);
    setResult(t('email.verified', { address: next.email }));
  }

  async function cancelChange() {
    if (cancelForm.busy) return;
    cancelForm.begin();
    setResult(null);
    await cancelForm.send(() => accountApi.cancelEmailChange(), {
      done: (next) => {
        onChange(next);
        setResult(t('email.changeCancelled', { address: next.email }));
      },
    });
  }

  const pending = settings.pendingEmail;

  return (
    <SettingsSection id="settings-email" title={t('email.heading')}>
      <SuccessMessage text={result} focusRef={resultRef} />
      <dl className={styles.facts}>
        <div>
          <dt>{t('email.address')}</dt>
          <dd>
            <span className={styles.address}>{settings.email}</span>{' '}
            <strong className="status-tag" data-status={settings.emailVerified ? 'ok' : 'todo'}>
              {settings.emailVerified ? t('email.isVerified') : t('email.notVerified')}
            </strong>
          </dd>
        </div>
        {pending && (
          <div>
            <dt>{t('email.pending')}</dt>
            <dd>
              <span className={styles.address}>{pending}</span>{' '}
              <strong className="status-tag" data-status="todo">
                {t('email.waitingForCode')}
              </strong>
            </dd>
          </div>
        )}
      </dl>

      {pending ? (
        <>
          <h3>{t('email.confirmNewHeading')}</h3>
          <EmailCodeForm
            key={pending}
            idPrefix="settings-email-code"
            address={pending}
            changing
            onVerified={verified}
          />
          <h3>{t('email.cancelHeading')}</h3>
          <FormMessages form={cancelForm} />
          <p>{t('email.cancelHelp', { address: settings.email })}</p>
          <button
            type="button"
            className="button button-secondary"
            onClick={() => void cancelChange()}
            aria-disabled={cancelForm.busy}
          >
            {cancelForm.busy ? t('email.cancelling') : t('email.cancel')}
          </button>
        </>
      ) : (
        <>
          {!settings.emailVerified && (
            <>
              <h3>{t('email.verifyHeading')}</h3>
              <p>{t('email.whyVerify')}</p>
              <EmailCodeForm
                idPrefix="settings-email-code"
                address={settings.email}
                changing={false}
                onVerified={verified}
              />
            </>
          )}
          <h3>{t('email.changeHeading')}</h3>
          {changeOpen ? (
            <ChangeEmailForm
              email={settings.email}
              onStarted={(next) => {
                onChange(next);
                setChangeOpen(false);
                setResult(t('email.changeStarted', { address: next.pendingEmail ?? '' }));
              }}
              onClose={() => {
                setChangeOpen(false);
                // Back to the button that opened the form.
                requestAnimationFrame(() => toggleRef.current?.focus());
              }}
            />
          ) : (
            <button
              ref={toggleRef}
              type="button"
              className="button button-secondary"
              onClick={() => {
                setResult(null);
                setChangeOpen(true);
              }}
            >
              {t('email.change')}
            </button>
          )}
        </>
      )}
    </SettingsSection>
  );
}

const ids = { email: 'settings-new-email', password: 'settings-email-password' };

/** A new address and the current password; a code then goes to the new address. */
function ChangeEmailForm({
  email,
  onStarted,
  onClose,
}: {
  email: string;
  onStarted(settings: AccountSettings): void;
  onClose(): void;
}) {
  const { t } = useTranslation('account');
  const form = useSectionForm('email-change');
  const [values, setValues] = useState({ email: '', password: '' });
  const first = useRef<HTMLDivElement>(null);
  useEffect(() => first.current?.querySelector('input')?.focus(), []);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (form.busy) return;
    form.begin();
    const problems: Record<string, string> = {};
    const parsedEmail = registrationSchema.shape.email.safeParse(values.email);
    if (!parsedEmail.success) problems.email = parsedEmail.error.issues[0]?.message ?? 'invalid';
    else if (parsedEmail.data === normalizeEmail(email)) problems.email = 'sameEmail';
    if (values.password === '') problems.password = 'required';
    if (Object.keys(problems).length > 0) {
      form.showFields(problems, ids);
      return;
    }
    await form.send(
      () =>
        accountApi.changeEmail({
          email: parsedEmail.data ?? values.email,
          password: values.password,
        }),
      {
        done: onStarted,
        ids,
        fieldIdForCode: {
          wrongPassword: ids.password,
          emailTaken: ids.email,
          sameEmail: ids.email,
        },
      },
    );
  }

  return (
    <div className={styles.reveal}>
      <FormMessages form={form} />
      <form noValidate onSubmit={submit}>
        <div ref={first}>
          <TextField
            id={ids.email}
            type="email"
            label={t('email.newAddress')}
            hint={t('email.newAddressHint')}
            value={values.email}
            onChange={(value) => setValues({ ...values, email: value })}
            error={form.errorFor(ids.email)}
            autoComplete="email"
          />
        </div>
        <CurrentPasswordField
          id={ids.password}
          form={form}
          hint={t('email.passwordHint')}
          value={values.password}
          onChange={(password) => setValues({ ...values, password })}
        />
        <FormActions
          busy={form.busy}
          label={t('email.sendCodeToNew')}
          busyLabel={t('email.sendingCode')}
          onCancel={onClose}
        />
      </form>
    </div>
  );
}
