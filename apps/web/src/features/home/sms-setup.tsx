import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from '../../lib/i18n.ts';
import {
  formatPhoneNumber,
  isValidPhoneNumber,
  normalizePhoneNumber,
} from '@portal/domain/rules/phone';
import { normalizeTypedCode } from '@portal/domain/rules/typed-code';
import { TextField } from '../../ui/text-field.tsx';
import type { SmsDeliveryProblem } from '@portal/domain/messages/sms-delivery-messages';
import { accountApi } from './account-api.ts';
import { OneTimeCodeField } from './one-time-code-field.tsx';
import { CurrentPasswordField } from './password-confirm.tsx';
import { FormActions, SettingsPanel } from './settings-section.tsx';
import { useSectionForm } from './use-section-form.ts';

const PHONE = 'sms-phone';
const PASSWORD = 'sms-password';
const CODE = 'sms-code';
const RESEND = 'sms-resend';
/**
 * How often, and how long, the form asks whether the last code reached the number: the SMS
 * vendor reports a refusal within seconds and a failed delivery within a minute or two.
 */
export const TEXT_DELIVERY_POLL_MS = 5_000;
export const TEXT_DELIVERY_POLLS = 24;
/** The refusals of a code that need a new one: the summary links them to "Send a new code". */
const needsNewCode = new Set(['codeExpired', 'tooManyAttempts', 'noEnrollment', 'noCodePending']);

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
  /** Why the last code did not reach the number, once the vendor said so. */
  const [textProblem, setTextProblem] = useState<SmsDeliveryProblem | null>(null);
  /** Bumped by each code sent, so the question starts again for the new one. */
  const [sends, setSends] = useState(0);
  useEffect(() => {
    if (sentTo) document.getElementById(CODE)?.focus();
  }, [sentTo]);

  // While a code is awaited, ask now and then whether it arrived; stop at the first answer
  // that it did not (the person is told why) or after a couple of minutes.
  useEffect(() => {
    if (!sentTo) return;
    let polls = 0;
    let stopped = false;
    const timer = setInterval(() => {
      polls += 1;
      if (polls > TEXT_DELIVERY_POLLS) return clearInterval(timer);
      accountApi.smsDelivery().then(
        ({ problem }) => {
          if (stopped || !problem) return;
          clearInterval(timer);
          setTextProblem(problem);
        },
        // A missed answer is asked again at the next turn.
        () => undefined,
      );
    }, TEXT_DELIVERY_POLL_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [sentTo, sends]);

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
    await form.send(() => accountApi.startSms({ phone: number, password }), {
      done: () => {
        setCode('');
        setTextProblem(null);
        setSends((count) => count + 1);
        setSentTo(number);
        form.setSuccess(t('sms.sent', { phone: formatPhoneNumber(number) }));
      },
      refused: (refusal) => {
        if (refusal.fields.phone) {
          // The server's own number rule: the same words as ours.
          form.setProblems([
            { fieldId: sentTo ? RESEND : PHONE, message: form.message('phoneFormat') },
          ]);
        } else if (sentTo && (refusal.errorCode === 'wrongPassword' || refusal.fields.password)) {
          // Changed meanwhile (another device): back to the number and the password to fix it.
          changeNumber();
          form.showRefusal(refusal, { password: PASSWORD }, { wrongPassword: PASSWORD });
        } else return false;
        return true;
      },
      ids: { phone: PHONE, password: PASSWORD },
      fieldIdForCode: { wrongPassword: PASSWORD },
      failed: t('errors.sendFailed'),
    });
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
    const typed = normalizeTypedCode(code);
    if (!/^\d{6}$/.test(typed)) {
      form.setProblems([{ fieldId: CODE, message: form.message('smsCodeFormat') }]);
      return;
    }
    await form.send(() => accountApi.confirmSms(typed), {
      done: (data) => onEnabled(data?.recoveryCodes),
      refused: (refusal) => {
        if (!needsNewCode.has(refusal.errorCode)) return false;
        form.setProblems([{ fieldId: RESEND, message: form.message(refusal.errorCode) }]);
        return true;
      },
      ids: { code: CODE },
      fieldIdForCode: { wrongCode: CODE, codeFormat: CODE },
    });
  }

  return (
    <SettingsPanel heading={t('sms.heading')} form={form}>
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
          <FormActions
            busy={form.busy}
            label={t('sms.send')}
            busyLabel={t('sms.sending')}
            onCancel={onCancel}
          />
        </form>
      ) : (
        <form noValidate onSubmit={confirm}>
          {textProblem && (
            <div className="notice-warning" role="alert">
              <p>{form.message(textProblem)}</p>
              <p>{t('sms.otherWays')}</p>
            </div>
          )}
          <OneTimeCodeField
            id={CODE}
            label={t('sms.codeLabel')}
            hint={t('sms.codeHint', { phone: formatPhoneNumber(sentTo) })}
            form={form}
            value={code}
            onChange={setCode}
          />
          <FormActions busy={form.busy} label={t('sms.turnOn')} busyLabel={t('mfa.turningOn')}>
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
          </FormActions>
        </form>
      )}
    </SettingsPanel>
  );
}
