import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../lib/i18n.ts';
import { TOTP_DIGITS, TOTP_PERIOD_SECONDS } from '@portal/domain/rules/account-security';
import { normalizeTypedCode } from '@portal/domain/rules/typed-code';
import { accountApi, type TotpEnrollment } from './account-api.ts';
import { OneTimeCodeField } from './one-time-code-field.tsx';
import { PasswordConfirm } from './password-confirm.tsx';
import { FormActions, SettingsPanel } from './settings-section.tsx';
import styles from './settings.module.css';
import { useSectionForm } from './use-section-form.ts';

const CODE = 'totp-code';
const RESTART = 'totp-restart';
const sixDigits = new RegExp(`^\\d{${TOTP_DIGITS}}$`);

/** `data:` URL of the server's SVG (the page's policy allows `img-src data:`, nothing else). */
export const qrImageSource = (svg: string) => `data:image/svg+xml;utf8,${encodeURIComponent(svg)}`;

/**
 * Setting up an authenticator app: the current password first (a stolen sign-in alone must not
 * attach someone else's app), then scan the QR code (drawn by our server: no third party sees
 * the secret) or type the key, and prove it with the code the app shows. The recovery codes
 * come back with the success. Starting again (the server lost or expired the secret) asks for
 * the password again rather than keeping it in memory.
 */
export function TotpSetup({
  onEnabled,
  onCancel,
  onAlreadyOn,
}: {
  onEnabled(recoveryCodes: string[]): void;
  onCancel(): void;
  /** An app was set up meanwhile (another tab): nothing to do here. */
  onAlreadyOn(): void;
}) {
  const { t } = useTranslation('account');
  const [enrollment, setEnrollment] = useState<TotpEnrollment | null>(null);

  if (enrollment === null) {
    return (
      <PasswordConfirm
        name="totp-start"
        heading={t('totp.heading')}
        submitLabel={t('totp.continue')}
        busyLabel={t('mfa.starting')}
        send={(password) => accountApi.startTotp(password)}
        onDone={setEnrollment}
        onRefused={(refusal) => {
          if (refusal.errorCode !== 'alreadyEnabled') return false;
          onAlreadyOn();
          return true;
        }}
        onCancel={onCancel}
      >
        <p>{t('totp.passwordFirst')}</p>
      </PasswordConfirm>
    );
  }
  return (
    <TotpScan
      enrollment={enrollment}
      onEnabled={onEnabled}
      onCancel={onCancel}
      onRestart={() => setEnrollment(null)}
    />
  );
}

/** The QR code and the key of one enrollment, and the code that proves the app has it. */
function TotpScan({
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

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (form.busy) return;
    form.begin();
    const typed = normalizeTypedCode(code);
    if (!sixDigits.test(typed)) {
      form.setProblems([{ fieldId: CODE, message: form.message('appCodeFormat') }]);
      return;
    }
    await form.send(() => accountApi.confirmTotp(typed), {
      done: (data) => onEnabled(data.recoveryCodes ?? []),
      refused: (refusal) => {
        if (refusal.errorCode !== 'noEnrollment') return false;
        form.setProblems([{ fieldId: RESTART, message: form.message('noEnrollment') }]);
        return true;
      },
      ids: { code: CODE },
      fieldIdForCode: { wrongCode: CODE, codeFormat: CODE },
    });
  }

  return (
    <SettingsPanel heading={t('totp.heading')} form={form}>
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
            <OneTimeCodeField
              id={CODE}
              label={t('totp.codeLabel')}
              hint={t('totp.codeHint', { digits: TOTP_DIGITS, seconds: TOTP_PERIOD_SECONDS })}
              form={form}
              value={code}
              onChange={setCode}
            />
            <FormActions
              busy={form.busy}
              label={t('totp.turnOn')}
              busyLabel={t('mfa.turningOn')}
              onCancel={onCancel}
            >
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
            </FormActions>
          </form>
        </li>
      </ol>
    </SettingsPanel>
  );
}
