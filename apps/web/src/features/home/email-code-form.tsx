import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '../../lib/i18n.ts';
import { EMAIL_CODE_VALIDITY_MS, emailCodeSchema } from '@portal/domain/rules/account-security';
import { accountApi, attempt, type AccountSettings } from './account-api.ts';
import { OneTimeCodeField } from './one-time-code-field.tsx';
import { FormActions, FormMessages } from './settings-section.tsx';
import { useSectionForm } from './use-section-form.ts';

/** The refusals that need a new code: the summary links them to "Send a new code". */
const needsNewCode = new Set(['tooManyAttempts', 'codeExpired', 'noCodePending']);

/**
 * The 6-digit code that proves an email address (issue "Account security", A.3 and B): the
 * settings page and `#/home/verify-email` both use it. It checks the code's form before
 * sending it; a wrong code says how many tries are left; a spent, expired or missing code
 * points to "Send a new code"; asking too often says when a new code can be sent. A refusal
 * keeps what was typed; a new code empties the box (the old one no longer works).
 */
export function EmailCodeForm({
  address,
  changing,
  onVerified,
  idPrefix = 'email-code',
}: {
  /** Where the code went: the address being proved. */
  address: string;
  /** A change of address: the code went to the new address. */
  changing: boolean;
  onVerified(settings: AccountSettings): void;
  /** Unique on the page. */
  idPrefix?: string;
}) {
  const { t, i18n } = useTranslation('account');
  const form = useSectionForm(idPrefix);
  const codeId = `${idPrefix}-code`;
  const resendId = `${idPrefix}-resend`;
  const [code, setCode] = useState('');
  const [sending, setSending] = useState(false);
  const [focusCode, setFocusCode] = useState(0);
  const codeField = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (focusCode > 0) codeField.current?.querySelector('input')?.focus();
  }, [focusCode]);

  const time = (seconds: number) =>
    new Intl.DateTimeFormat(i18n.language === 'fr' ? 'fr-CA' : 'en-CA', {
      timeStyle: 'short',
    }).format(new Date(Date.now() + seconds * 1000));

  /** Proved elsewhere (another tab, the mail's link): the settings as they now stand. */
  async function alreadyProved() {
    const outcome = await attempt(() => accountApi.get());
    if (outcome.kind === 'done') onVerified(outcome.data);
    else form.setNotice(t('errors.tryAgain'));
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (form.busy) return;
    form.begin();
    const parsed = emailCodeSchema.safeParse(code);
    if (!parsed.success) {
      form.setProblems([{ fieldId: codeId, message: form.message('codeFormat') }]);
      return;
    }
    await form.send(() => accountApi.verifyEmail(parsed.data), {
      done: onVerified,
      refused: (refusal) => {
        if (refusal.errorCode === 'alreadyVerified') void alreadyProved();
        else if (needsNewCode.has(refusal.errorCode)) {
          form.setProblems([{ fieldId: resendId, message: form.message(refusal.errorCode) }]);
        } else return false;
        return true;
      },
      ids: { code: codeId },
      fieldIdForCode: { wrongCode: codeId, codeFormat: codeId },
    });
  }

  async function sendNewCode() {
    if (sending) return;
    form.begin();
    setSending(true);
    const outcome = await attempt(() => accountApi.sendEmailCode());
    setSending(false);
    if (outcome.kind === 'done') {
      setCode('');
      const next = outcome.data?.resendAvailableAt;
      form.setSuccess(
        `${t('emailCode.sent', { address })}${
          next
            ? ` ${t('emailCode.nextCodeAt', { time: time((Date.parse(next) - Date.now()) / 1000) })}`
            : ''
        }`,
      );
      setFocusCode((value) => value + 1);
    } else if (outcome.kind === 'failed') {
      form.setNotice(t('errors.sendFailed'));
    } else if (outcome.refusal.errorCode === 'alreadyVerified') {
      await alreadyProved();
    } else if (outcome.refusal.errorCode === 'tooManyCodes') {
      const wait = outcome.refusal.retryAfterSeconds;
      form.setNotice(
        wait === undefined
          ? form.message('tooManyCodes')
          : `${form.message('tooManyCodes')} ${t('emailCode.nextCodeAt', { time: time(wait) })}`,
      );
    } else {
      form.showRefusal(outcome.refusal, {});
    }
  }

  return (
    <div>
      <FormMessages form={form} />
      <p>
        {changing ? t('emailCode.introChanging', { address }) : t('emailCode.intro', { address })}
      </p>
      <form noValidate onSubmit={submit}>
        <div ref={codeField}>
          <OneTimeCodeField
            id={codeId}
            label={t('emailCode.label')}
            hint={t('emailCode.hint', { minutes: EMAIL_CODE_VALIDITY_MS / 60_000 })}
            form={form}
            value={code}
            onChange={setCode}
          />
        </div>
        <FormActions
          busy={form.busy}
          label={changing ? t('emailCode.confirmNew') : t('emailCode.verify')}
          busyLabel={t('emailCode.checking')}
        >
          <button
            id={resendId}
            type="button"
            className="button button-secondary"
            onClick={() => void sendNewCode()}
            aria-disabled={sending}
          >
            {sending ? t('emailCode.sending') : t('emailCode.resend')}
          </button>
        </FormActions>
      </form>
    </div>
  );
}
