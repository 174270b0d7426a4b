import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  formatPhoneNumber,
  isValidPhoneNumber,
  normalizePhoneNumber,
} from '@portal/domain/rules/phone';
import { TextField } from '../../ui/text-field.tsx';
import { accountApi, attempt } from './account-api.ts';
import { CurrentPasswordField } from './password-confirm.tsx';
import { FormMessages } from './settings-section.tsx';
import styles from './settings.module.css';
import { useSectionForm } from './use-section-form.ts';

const PHONE = 'sms-phone';
const PASSWORD = 'sms-password';
const CODE = 'sms-code';
const RESEND = 'sms-resend';

/**
 * Text messages as the second factor, for people without an authenticator app: a mobile
 * number and the current password (a stolen sign-in alone must not add someone else's phone)
 * get a code, and the code proves the number. The password stays with the form until it
 * closes, because a new code asks for it again; if it is refused then, the number and password
 * form comes back with the error beside the password.
 */
export function SmsSetup({
  onEnabled,
  onCancel,
}: {
  onEnabled(recoveryCodes: string[] | undefined): void;
  onCancel(): void;
}) {
  const { t } = useTranslation('account');
  const form = useSectionForm('sms');
  const [phone, setPhone] = useState('');
  const [password, setPassword] = useState('');
  /** The number the code went to, once sent. */
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  useEffect(() => {
    if (sentTo) document.getElementById(CODE)?.focus();
  }, [sentTo]);

  async function send(event?: FormEvent) {
    event?.preventDefault();
    if (form.busy) return;
    form.begin();
    const number = normalizePhoneNumber(sentTo ?? phone);
    const problems = [
      ...(isValidPhoneNumber(number)
        ? []
        : [{ fieldId: PHONE, message: form.message(number === '' ? 'required' : 'phoneFormat') }]),
      ...(password === '' ? [{ fieldId: PASSWORD, message: form.message('required') }] : []),
    ];
    if (problems.length > 0) {
      form.setProblems(problems);
      return;
    }
    form.setBusy(true);
    const outcome = await attempt(() => accountApi.startSms({ phone: number, password }));
    form.setBusy(false);
    if (outcome.kind === 'done') {
      setCode('');
      setSentTo(number);
      form.setSuccess(t('sms.sent', { phone: formatPhoneNumber(number) }));
    } else if (outcome.kind === 'failed') {
      form.setNotice(t('errors.sendFailed'));
    } else if (outcome.refusal.fields.phone) {
      // The server's own number rule: the same words as ours.
      form.setProblems([
        { fieldId: sentTo ? RESEND : PHONE, message: form.message('phoneFormat') },
      ]);
    } else if (
      sentTo &&
      (outcome.refusal.errorCode === 'wrongPassword' || outcome.refusal.fields.password)
    ) {
      // Changed meanwhile (another device): back to the number and the password to fix it.
      changeNumber();
      form.showRefusal(outcome.refusal, { password: PASSWORD }, { wrongPassword: PASSWORD });
    } else {
      form.showRefusal(
        outcome.refusal,
        { phone: PHONE, password: PASSWORD },
        { wrongPassword: PASSWORD },
      );
    }
  }

  /** Back to the number (and the password, kept) to send to another one. */
  function changeNumber() {
    if (sentTo) setPhone(sentTo);
    setSentTo(null);
  }

  async function confirm(event: FormEvent) {
    event.preventDefault();
    if (form.busy) return;
    form.begin();
    const typed = code.replace(/\s/g, '');
    if (!/^\d{6}$/.test(typed)) {
      form.setProblems([{ fieldId: CODE, message: form.message('smsCodeFormat') }]);
      return;
    }
    form.setBusy(true);
    const outcome = await attempt(() => accountApi.confirmSms(typed));
    form.setBusy(false);
    if (outcome.kind === 'done') onEnabled(outcome.data?.recoveryCodes);
    else if (outcome.kind === 'failed') form.setNotice(t('errors.tryAgain'));
    else if (
      ['codeExpired', 'tooManyAttempts', 'noEnrollment', 'noCodePending'].includes(
        outcome.refusal.errorCode,
      )
    ) {
      form.setProblems([{ fieldId: RESEND, message: form.message(outcome.refusal.errorCode) }]);
    } else {
      form.showRefusal(outcome.refusal, { code: CODE }, { wrongCode: CODE, codeFormat: CODE });
    }
  }

  return (
    <div className={styles.reveal}>
      <h3 ref={heading} tabIndex={-1}>
        {t('sms.heading')}
      </h3>
      <FormMessages form={form} />
      {sentTo === null ? (
        <form noValidate onSubmit={send}>
          <TextField
            id={PHONE}
            type="tel"
            label={t('sms.phoneLabel')}
            hint={t('sms.phoneHint')}
            error={form.errorFor(PHONE)}
            value={phone}
            onChange={setPhone}
            autoComplete="tel-national"
            width="short"
          />
          <CurrentPasswordField
            id={PASSWORD}
            form={form}
            value={password}
            onChange={setPassword}
            hint={t('sms.passwordHint')}
          />
          <div className="actions">
            <button type="submit" className="button button-primary" aria-disabled={form.busy}>
              {form.busy ? t('sms.sending') : t('sms.send')}
            </button>
            <button type="button" className="button button-secondary" onClick={onCancel}>
              {t('cancel')}
            </button>
          </div>
        </form>
      ) : (
        <form noValidate onSubmit={confirm}>
          <TextField
            id={CODE}
            label={t('sms.codeLabel')}
            hint={t('sms.codeHint', { phone: formatPhoneNumber(sentTo) })}
            error={form.errorFor(CODE)}
            value={code}
            onChange={setCode}
            autoComplete="one-time-code"
            inputMode="numeric"
            width="short"
          />
          <div className="actions">
            <button type="submit" className="button button-primary" aria-disabled={form.busy}>
              {form.busy ? t('mfa.turningOn') : t('sms.turnOn')}
            </button>
            <button
              id={RESEND}
              type="button"
              className="button button-secondary"
              onClick={() => void send()}
            >
              {t('sms.resend')}
            </button>
            <button
              type="button"
              className="link-button"
              onClick={() => {
                form.begin();
                changeNumber();
              }}
            >
              {t('sms.otherNumber')}
            </button>
          </div>
        </form>
      )}
    </div>
  );
}
