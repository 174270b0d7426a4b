import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { TOTP_DIGITS, TOTP_PERIOD_SECONDS } from '@portal/domain/rules/account-security';
import { TextField } from '../../ui/text-field.tsx';
import { accountApi, attempt, type TotpEnrollment } from './account-api.ts';
import { FormMessages } from './settings-section.tsx';
import styles from './settings.module.css';
import { useSectionForm } from './use-section-form.ts';

const CODE = 'totp-code';
const RESTART = 'totp-restart';
const sixDigits = new RegExp(`^\\d{${TOTP_DIGITS}}$`);

/** `data:` URL of the server's SVG (the page's policy allows `img-src data:`, nothing else). */
export const qrImageSource = (svg: string) => `data:image/svg+xml;utf8,${encodeURIComponent(svg)}`;

/**
 * Setting up an authenticator app: scan the QR code (drawn by our server: no third party sees
 * the secret) or type the key, then prove it with the code the app shows. The recovery codes
 * come back with the success.
 */
export function TotpSetup({
  enrollment,
  onEnabled,
  onCancel,
  onRestart,
}: {
  enrollment: TotpEnrollment;
  onEnabled(recoveryCodes: string[]): void;
  onCancel(): void;
  /** A new secret (the server lost or expired this one). */
  onRestart(): void;
}) {
  const { t } = useTranslation('account');
  const form = useSectionForm('totp');
  const [code, setCode] = useState('');
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (form.busy) return;
    form.begin();
    const typed = code.replace(/\s/g, '');
    if (!sixDigits.test(typed)) {
      form.setProblems([{ fieldId: CODE, message: form.message('appCodeFormat') }]);
      return;
    }
    form.setBusy(true);
    const outcome = await attempt(() => accountApi.confirmTotp(typed));
    form.setBusy(false);
    if (outcome.kind === 'done') onEnabled(outcome.data.recoveryCodes ?? []);
    else if (outcome.kind === 'failed') form.setNotice(t('errors.tryAgain'));
    else if (outcome.refusal.errorCode === 'noEnrollment') {
      form.setProblems([{ fieldId: RESTART, message: form.message('noEnrollment') }]);
    } else {
      form.showRefusal(outcome.refusal, { code: CODE }, { wrongCode: CODE, codeFormat: CODE });
    }
  }

  return (
    <div className={styles.reveal}>
      <h3 ref={heading} tabIndex={-1}>
        {t('totp.heading')}
      </h3>
      <FormMessages form={form} />
      <ol className={styles.steps}>
        <li>{t('totp.install')}</li>
        <li>
          <p>{t('totp.scan')}</p>
          <img
            className={styles.qr}
            src={qrImageSource(enrollment.qrSvg)}
            alt={t('totp.qrAlt')}
            width={200}
            height={200}
          />
        </li>
        <li>
          <p>{t('totp.manual')}</p>
          <p>
            <code className={styles.secret}>{enrollment.secret}</code>
          </p>
        </li>
        <li>
          <form noValidate onSubmit={submit}>
            <TextField
              id={CODE}
              label={t('totp.codeLabel')}
              hint={t('totp.codeHint', { digits: TOTP_DIGITS, seconds: TOTP_PERIOD_SECONDS })}
              error={form.errorFor(CODE)}
              value={code}
              onChange={setCode}
              autoComplete="one-time-code"
              inputMode="numeric"
              width="short"
            />
            <div className="actions">
              <button type="submit" className="button button-primary" aria-disabled={form.busy}>
                {form.busy ? t('mfa.turningOn') : t('totp.turnOn')}
              </button>
              <button type="button" className="button button-secondary" onClick={onCancel}>
                {t('cancel')}
              </button>
              {form.problems.some((problem) => problem.fieldId === RESTART) && (
                <button
                  id={RESTART}
                  type="button"
                  className="button button-secondary"
                  onClick={onRestart}
                >
                  {t('totp.restart')}
                </button>
              )}
            </div>
          </form>
        </li>
      </ol>
    </div>
  );
}
