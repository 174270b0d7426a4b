import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../lib/i18n.ts';
import { accountApi, attempt, type AccountSettings } from './account-api.ts';
import { MfaTurnOff } from './mfa-turn-off.tsx';
import { NewRecoveryCodes } from './new-recovery-codes.tsx';
import { RecoveryCodes } from './recovery-codes.tsx';
import { SettingsSection, SuccessMessage } from './settings-section.tsx';
import styles from './settings.module.css';
import { SmsSetup } from './sms-setup.tsx';
import { TotpSetup } from './totp-setup.tsx';

type Panel =
  | { kind: 'totp' }
  | { kind: 'sms' }
  | { kind: 'off' }
  | { kind: 'newCodes' }
  | { kind: 'codes'; codes: string[] }
  | null;

/**
 * Section 5: two-step verification. Its state (app, text messages, recovery codes left); for
 * clients who have none, a recommendation to set one up; an authenticator app (the password,
 * then a QR code or key, then a code), text messages as the fallback (a number and the
 * password, then a code), new recovery codes, and turning it off (hidden for the roles that
 * require it). Every one of them asks for the password first. One panel opens at a time.
 */
export function MfaSection({
  settings,
  onChange,
}: {
  settings: AccountSettings;
  onChange(settings: AccountSettings): void;
}) {
  const { t } = useTranslation('account');
  const { mfa } = settings;
  const enabled = mfa.totp || mfa.sms !== null;
  const [panel, setPanel] = useState<Panel>(null);
  const [result, setResult] = useState<string | null>(null);
  const resultRef = useRef<HTMLParagraphElement>(null);
  const [focusResult, setFocusResult] = useState(0);
  useEffect(() => {
    if (focusResult > 0) resultRef.current?.focus();
  }, [focusResult]);

  /** The settings after a change whose answer does not carry them. */
  async function refresh() {
    const outcome = await attempt(() => accountApi.get());
    if (outcome.kind === 'done') onChange(outcome.data);
  }

  function finish(message: string, codes?: string[]) {
    setResult(message);
    if (codes && codes.length > 0) setPanel({ kind: 'codes', codes });
    else {
      setPanel(null);
      setFocusResult((value) => value + 1);
    }
  }

  const open = (next: Panel) => {
    setResult(null);
    setPanel(next);
  };
  const close = () => setPanel(null);

  function body() {
    switch (panel?.kind) {
      case 'codes':
        return (
          <RecoveryCodes
            codes={panel.codes}
            onDone={() => {
              setPanel(null);
              setFocusResult((value) => value + 1);
            }}
          />
        );
      case 'totp':
        return (
          <TotpSetup
            onCancel={close}
            onAlreadyOn={() => {
              finish(t('errors.alreadyEnabled'));
              void refresh();
            }}
            onEnabled={(codes) => {
              finish(t('mfa.totpOn'), codes);
              void refresh();
            }}
          />
        );
      case 'sms':
        return (
          <SmsSetup
            onCancel={close}
            onEnabled={(codes) => {
              finish(t('mfa.smsOn'), codes);
              void refresh();
            }}
          />
        );
      case 'off':
        return (
          <MfaTurnOff
            settings={settings}
            onCancel={close}
            onDone={(next) => {
              onChange(next);
              finish(next.mfa.totp || next.mfa.sms ? t('mfa.factorOff') : t('mfa.off'));
            }}
          />
        );
      case 'newCodes':
        return (
          <NewRecoveryCodes
            onCancel={close}
            onCodes={(codes) => {
              finish(t('mfa.newCodesReady'), codes);
              void refresh();
            }}
          />
        );
      default:
        return (
          <div className="actions">
            {!mfa.totp && (
              <button
                type="button"
                className="button button-primary"
                onClick={() => open({ kind: 'totp' })}
              >
                {t('mfa.setUpApp')}
              </button>
            )}
            {mfa.sms === null && (
              <button
                type="button"
                className="button button-secondary"
                onClick={() => open({ kind: 'sms' })}
              >
                {mfa.totp ? t('mfa.addSms') : t('mfa.useSms')}
              </button>
            )}
            {enabled && (
              <button
                type="button"
                className="button button-secondary"
                onClick={() => open({ kind: 'newCodes' })}
              >
                {t('mfa.newCodes')}
              </button>
            )}
            {enabled && !mfa.required && (
              <button
                type="button"
                className="button button-secondary"
                onClick={() => open({ kind: 'off' })}
              >
                {t('mfa.turnOff')}
              </button>
            )}
          </div>
        );
    }
  }

  return (
    <SettingsSection id="settings-mfa" title={t('mfa.heading')}>
      <p>{t('mfa.intro')}</p>
      <SuccessMessage text={result} focusRef={resultRef} />
      <dl className={styles.facts}>
        <div>
          <dt>{t('mfa.status')}</dt>
          <dd>
            <strong className="status-tag" data-status={enabled ? 'ok' : 'todo'}>
              {enabled ? t('mfa.on') : t('mfa.offStatus')}
            </strong>
          </dd>
        </div>
        <div>
          <dt>{t('mfa.app')}</dt>
          <dd>{mfa.totp ? t('mfa.appOn') : t('mfa.notSetUp')}</dd>
        </div>
        <div>
          <dt>{t('mfa.sms')}</dt>
          <dd>{mfa.sms ? t('mfa.smsTo', { phone: mfa.sms.phoneMasked }) : t('mfa.notSetUp')}</dd>
        </div>
        {enabled && (
          <div>
            <dt>{t('mfa.recoveryCodes')}</dt>
            <dd>{t('mfa.codesLeft', { count: mfa.recoveryCodesLeft })}</dd>
          </div>
        )}
      </dl>
      {mfa.required ? (
        <p>{t(enabled ? 'mfa.requiredForRole' : 'mfa.requiredSetUp')}</p>
      ) : (
        !enabled &&
        panel === null && (
          <div className="notice-info">
            <h3 className={styles.noticeHeading}>{t('mfa.recommendedHeading')}</h3>
            <p>{t('mfa.recommended')}</p>
          </div>
        )
      )}
      {body()}
    </SettingsSection>
  );
}
