import { useEffect, useState, type FormEvent } from 'react';
import { messageFor } from '@portal/domain/messages/messages';
import { useTranslation } from '../../../lib/i18n.ts';
import { refusalOf } from '../../../lib/applications-api.ts';
import {
  handoffRunning,
  identityApi,
  type BiometricConsent,
  type IdentityHandoff,
} from '../../../lib/identity-api.ts';
import { ErrorSummary, type FieldProblem } from '../../../ui/error-summary.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import { ScreenHeading } from './screen-heading.tsx';
import styles from './identity.module.css';

/** Spec section 9: the waiting screen after 30 seconds. */
const LONG_WAIT_AFTER_MS = 30_000;

const digitsOf = (value: string) => value.replace(/\D/g, '');

/** Ten digits, a leading 1 (country code) dropped. */
function phoneDigits(value: string): string {
  const digits = digitsOf(value);
  return digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
}

/** Ticks every second while `running`, so countdowns move. */
function useNow(running: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [running]);
  return now;
}

/**
 * The desktop side of the photo-ID hand-off (spec screens DesktopSMSEntry 2 and workflow 3):
 * the mobile number (prefilled, editable, 10 digits), Send; then three ways to reach the phone
 * page side by side (the text with Re-send after a minute, a QR code, a short address to type
 * with Copy), the phone's progress said politely as it changes, and the time left.
 */
export function PhonePanel({
  applicationId,
  handoff,
  defaultPhone,
  focusOnShow,
  consent,
  onHandoff,
  onConsentNeeded,
}: {
  applicationId: string;
  /** The running hand-off: the server's, with the link and QR code of this page's last send. */
  handoff: IdentityHandoff | null;
  defaultPhone: string;
  focusOnShow: boolean;
  /** The consent given on this page before the camera; none yet when a hand-off was running. */
  consent: BiometricConsent | null;
  onHandoff(handoff: IdentityHandoff): void;
  /** A new hand-off needs the person's consent first (an earlier page's has run out). */
  onConsentNeeded(): void;
}) {
  const { t, i18n } = useTranslation('identity');
  const [phone, setPhone] = useState(defaultPhone);
  const [problems, setProblems] = useState<FieldProblem[]>([]);
  const [sending, setSending] = useState(false);
  const [notice, setNotice] = useState<'resent' | 'resendTooSoon' | 'failed' | null>(null);
  const [copied, setCopied] = useState(false);
  const now = useNow(handoff !== null);
  const running = handoffRunning(handoff ?? undefined, now);
  // When this page first saw the images submitted: the long-wait words come 30 s later.
  const stage = handoff?.stage ?? null;
  const [seen, setSeen] = useState({ stage, since: stage === 'submitted' ? now : null });
  if (seen.stage !== stage) setSeen({ stage, since: stage === 'submitted' ? now : null });
  const submittedSince = seen.since;

  async function send(event?: FormEvent) {
    event?.preventDefault();
    if (sending) return;
    const digits = phoneDigits(phone);
    const problem =
      digits.length === 0 ? 'numberRequired' : digits.length !== 10 ? 'numberInvalid' : null;
    if (problem) {
      setProblems([{ fieldId: 'identity-phone', message: t(`phone.${problem}`), code: problem }]);
      return;
    }
    setProblems([]);
    const resend = running;
    if (!resend && !consent) {
      onConsentNeeded();
      return;
    }
    setSending(true);
    setNotice(null);
    try {
      const answer =
        !resend && consent
          ? await identityApi.startPhotoId(applicationId, consent, digits)
          : await identityApi.resendSms(applicationId, digits);
      onHandoff(answer.handoff);
      if (resend) setNotice('resent');
    } catch (error) {
      const refusal = refusalOf(error);
      if (refusal?.status === 429) setNotice('resendTooSoon');
      else if (refusal?.status === 400 && refusal.body.errorCode === 'phoneRequired') {
        setProblems([{ fieldId: 'identity-phone', message: t('phone.phoneRequired') }]);
      } else setNotice('failed');
    } finally {
      setSending(false);
    }
  }

  async function copy(address: string) {
    try {
      await navigator.clipboard.writeText(address);
      setCopied(true);
    } catch {
      // Without clipboard access the address stays on screen to type or select.
      setCopied(false);
    }
  }

  const numberField = (
    <TextField
      id="identity-phone"
      label={t('phone.number')}
      hint={t('phone.numberHint')}
      error={problems[0]?.message}
      value={phone}
      onChange={setPhone}
      type="tel"
      autoComplete="tel-national"
      width="short"
    />
  );

  const noticeText =
    notice === 'resent'
      ? t('phone.resent')
      : notice === 'resendTooSoon'
        ? t('phone.resendTooSoon')
        : notice === 'failed'
          ? t('phone.failed')
          : '';

  if (!handoff || !running) {
    const expired = handoff !== null;
    return (
      <>
        <ScreenHeading focusOnShow={focusOnShow}>{t('phone.heading')}</ScreenHeading>
        <ErrorSummary problems={problems} titleId="phone-error-summary" />
        {expired ? (
          <div className="notice-warning" role="alert">
            <p>{t('phone.expired')}</p>
          </div>
        ) : (
          <p>{t('phone.intro')}</p>
        )}
        <form noValidate onSubmit={send}>
          {numberField}
          <div role="status" aria-live="polite">
            {noticeText && <p>{noticeText}</p>}
          </div>
          <div className="actions">
            <button type="submit" className="button button-primary" aria-disabled={sending}>
              {sending ? t('phone.sending') : expired ? t('phone.sendAgain') : t('phone.send')}
            </button>
          </div>
        </form>
      </>
    );
  }

  const resendAt = handoff.canResendAt ? Date.parse(handoff.canResendAt) : 0;
  const resendIn = Math.max(0, Math.ceil((resendAt - now) / 1000));
  const left = Math.max(0, Math.floor((Date.parse(handoff.expiresAt) - now) / 1000));
  const address = handoff.shortLink.replace(/^https?:\/\//, '');
  const longWait = submittedSince !== null && now - submittedSince >= LONG_WAIT_AFTER_MS;

  return (
    <>
      <ScreenHeading focusOnShow={focusOnShow}>{t('phone.waysHeading')}</ScreenHeading>
      <div className={styles.ways}>
        <section aria-labelledby="identity-sms-heading">
          <h3 id="identity-sms-heading">
            {handoff.phoneMasked
              ? t('phone.sentTo', { phone: handoff.phoneMasked })
              : t('phone.sentToNumber')}
          </h3>
          {handoff.textProblem && (
            <div className="notice-warning" role="alert">
              <p>{messageFor(handoff.textProblem, i18n.language === 'fr' ? 'fr' : 'en')}</p>
              <p>{t('phone.textProblemOtherWays')}</p>
            </div>
          )}
          <form noValidate onSubmit={send}>
            <ErrorSummary problems={problems} titleId="phone-error-summary" />
            {numberField}
            <p id="identity-resend-hint" className="hint">
              {resendIn > 0 ? t('phone.resendIn', { seconds: resendIn }) : ''}
            </p>
            <button
              type="submit"
              className="button button-secondary"
              disabled={resendIn > 0}
              aria-describedby="identity-resend-hint"
            >
              {sending ? t('phone.sending') : t('phone.resend')}
            </button>
          </form>
        </section>
        <section aria-labelledby="identity-qr-heading">
          <h3 id="identity-qr-heading">{t('phone.qrHeading')}</h3>
          {handoff.qrSvg ? (
            <>
              <div
                className={styles.qr}
                role="img"
                aria-label={t('phone.qrLabel')}
                // Our own server draws the SVG (the `qrcode` package); it holds no script.
                dangerouslySetInnerHTML={{ __html: handoff.qrSvg }}
              />
              <p className="hint">{t('phone.qrHint')}</p>
            </>
          ) : (
            <p className="hint">{t('phone.qrAfterResend')}</p>
          )}
        </section>
        <section aria-labelledby="identity-short-heading">
          <h3 id="identity-short-heading">{t('phone.shortHeading')}</h3>
          <p className={styles.shortLink}>
            {/* A line may break before the code, never inside it. */}
            <code>
              {address.slice(0, address.lastIndexOf('/') + 1)}
              <wbr />
              <span className={styles.code}>{address.slice(address.lastIndexOf('/') + 1)}</span>
            </code>
          </p>
          <p className="hint">{t('phone.shortHint')}</p>
          <button type="button" className="button button-secondary" onClick={() => copy(address)}>
            {t('phone.copy')}
          </button>
        </section>
      </div>
      <section aria-labelledby="identity-progress-heading">
        <h3 id="identity-progress-heading">{t('phone.progressHeading')}</h3>
        {/* Said when the stage changes, not on every poll: the text only changes then. */}
        <div role="status" aria-live="polite">
          <p>
            <strong>{t(`phone.stages.${handoff.stage}`)}</strong>
          </p>
          {noticeText && <p>{noticeText}</p>}
          {copied && <p>{t('phone.copied')}</p>}
          {longWait && <p>{t('phone.longWait')}</p>}
        </div>
        <p className="hint">
          {t('phone.timeLeft', { minutes: Math.floor(left / 60), seconds: left % 60 })}
        </p>
      </section>
    </>
  );
}
