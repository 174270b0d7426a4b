import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';
import { messageFor } from '@portal/domain/messages/messages';
import { workEmailSchema } from '@portal/domain/promo/partners-api';
import type { Language } from '@portal/domain/enums/define-enum';
import { workEmailApi, type Refusal } from '../../../lib/promo-api.ts';
import { TextField } from '../../../ui/text-field.tsx';

type Stage =
  { kind: 'idle' } | { kind: 'sent'; email: string } | { kind: 'verified'; email: string };

/**
 * Under the financial background's work email (issue 17; spec sections 3 and 5): "Send a code"
 * mails a six-digit code to the address, and the code proves it. The step's save is refused by
 * the server until the address typed is proved by this person. It sits inside the step's form,
 * so its buttons never submit it, and Enter in the code field confirms the code.
 */
export function WorkEmailVerification({
  applicationId,
  email,
}: {
  applicationId: string;
  email: string;
}) {
  const { t, i18n } = useTranslation('partners');
  const language = i18n.language as Language;
  const parsed = workEmailSchema.safeParse(email);
  const address = parsed.success ? parsed.data : null;
  const [stage, setStage] = useState<Stage>({ kind: 'idle' });
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState<'send' | 'verify' | null>(null);
  const [error, setError] = useState<string | undefined>();
  const [problem, setProblem] = useState<string | null>(null);
  const codeBox = useRef<HTMLDivElement>(null);

  // An address proved before (this application or another) shows as proved at once.
  useEffect(() => {
    if (!address) return;
    const controller = new AbortController();
    workEmailApi.state(applicationId, address, controller.signal).then(
      (state) => {
        if (state.verified) setStage({ kind: 'verified', email: address });
      },
      () => undefined,
    );
    return () => controller.abort();
  }, [applicationId, address]);

  const current =
    address && stage.kind !== 'idle' && stage.email === address ? stage : { kind: 'idle' as const };

  const refusalText = (refusal: Refusal) => {
    const key = `workEmail${refusal.errorCode.charAt(0).toUpperCase()}${refusal.errorCode.slice(1)}`;
    const text = messageFor(key, language);
    return refusal.attemptsLeft !== undefined
      ? `${text} ${t('workEmail.attemptsLeft', { count: refusal.attemptsLeft })}`
      : text;
  };

  async function send() {
    if (!address || busy) return;
    setBusy('send');
    setProblem(null);
    setError(undefined);
    try {
      const answer = await workEmailApi.sendCode(applicationId, address);
      if (answer.ok) {
        setStage({ kind: 'sent', email: address });
        setCode('');
        requestAnimationFrame(() => codeBox.current?.querySelector('input')?.focus());
      } else {
        setProblem(refusalText(answer));
      }
    } catch {
      setProblem(t('workEmail.failed'));
    } finally {
      setBusy(null);
    }
  }

  async function verify() {
    if (!address || busy) return;
    if (!/^\d{6}$/.test(code.trim())) {
      setError(messageFor('workEmailCodeFormat', language));
      return;
    }
    setBusy('verify');
    setProblem(null);
    try {
      const answer = await workEmailApi.verify(applicationId, address, code.trim());
      if (answer.ok) {
        setStage({ kind: 'verified', email: address });
        setError(undefined);
      } else {
        setError(refusalText(answer));
      }
    } catch {
      setProblem(t('workEmail.failed'));
    } finally {
      setBusy(null);
    }
  }

  const onCodeKey = (event: KeyboardEvent) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      void verify();
    }
  };

  if (!address) return null;
  return (
    <div className="work-email-verification">
      <div role="status" aria-live="polite">
        {current.kind === 'verified' && (
          <p className="notice-success">{t('workEmail.verified', { email: address })}</p>
        )}
        {current.kind === 'sent' && <p>{t('workEmail.sent', { email: address })}</p>}
      </div>
      {problem && (
        <p className="notice-warning" role="alert">
          {problem}
        </p>
      )}
      {current.kind !== 'verified' && (
        <>
          {current.kind === 'idle' && <p className="hint">{t('workEmail.needed')}</p>}
          {current.kind === 'sent' && (
            <div ref={codeBox} onKeyDown={onCodeKey}>
              <TextField
                id="workEmailCode"
                label={t('workEmail.codeLabel')}
                value={code}
                onChange={(value) => {
                  setCode(value);
                  setError(undefined);
                }}
                error={error}
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={6}
                width="short"
              />
            </div>
          )}
          <div className="actions">
            {current.kind === 'sent' && (
              <button
                type="button"
                className="button button-primary"
                onClick={verify}
                aria-disabled={busy !== null}
              >
                {busy === 'verify' ? t('workEmail.verifying') : t('workEmail.verify')}
              </button>
            )}
            <button
              type="button"
              className="button button-secondary"
              onClick={send}
              aria-disabled={busy !== null}
            >
              {busy === 'send'
                ? t('workEmail.sending')
                : current.kind === 'sent'
                  ? t('workEmail.resend')
                  : t('workEmail.send')}
            </button>
          </div>
        </>
      )}
    </div>
  );
}
