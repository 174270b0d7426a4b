import { useState } from 'react';
import { BIOMETRIC_CONSENT_VERSION } from '@portal/domain/identity/biometric-consent';
import { useTranslation } from '../../../lib/i18n.ts';
import { identityApi, type BiometricConsent } from '../../../lib/identity-api.ts';
import { ScreenHeading } from './screen-heading.tsx';

/**
 * Before the camera: the person's express consent to the comparison of their selfie with their
 * photo ID (ADR 0036), in their language. Agreeing goes on to the phone hand-off, which sends the
 * consent with the attempt it starts; refusing is recorded too, and leads to the methods without
 * biometrics. Nothing is started until the person answers.
 */
export function ConsentPanel({
  applicationId,
  focusOnShow,
  onAgreed,
  onDeclined,
}: {
  applicationId: string;
  focusOnShow: boolean;
  onAgreed(consent: BiometricConsent): void;
  onDeclined(): void;
}) {
  const { t, i18n } = useTranslation('identity');
  const consent: BiometricConsent = {
    version: BIOMETRIC_CONSENT_VERSION,
    language: i18n.language === 'fr' ? 'fr' : 'en',
  };
  const [declining, setDeclining] = useState(false);
  const [declineFailed, setDeclineFailed] = useState(false);

  async function decline() {
    if (declining) return;
    setDeclining(true);
    setDeclineFailed(false);
    try {
      await identityApi.refuseBiometricConsent(applicationId, consent);
      onDeclined();
    } catch {
      setDeclineFailed(true);
    } finally {
      setDeclining(false);
    }
  }

  return (
    <section aria-labelledby="identity-consent-heading">
      <ScreenHeading focusOnShow={focusOnShow}>
        <span id="identity-consent-heading">{t('consent.heading')}</span>
      </ScreenHeading>
      <p>{t('consent.intro')}</p>
      <h3>{t('consent.pointsHeading')}</h3>
      <ul>
        <li>{t('consent.purpose')}</li>
        <li>{t('consent.where')}</li>
        <li>{t('consent.kept')}</li>
        <li>{t('consent.choice')}</li>
      </ul>
      {declineFailed && (
        <div className="notice-warning" role="alert">
          <p>{t('consent.declineFailed')}</p>
        </div>
      )}
      <div className="actions">
        <button
          type="button"
          className="button button-primary"
          disabled={declining}
          onClick={() => onAgreed(consent)}
        >
          {t('consent.agree')}
        </button>
        <button
          type="button"
          className="button button-secondary"
          aria-disabled={declining}
          onClick={() => void decline()}
        >
          {declining ? t('consent.declining') : t('consent.decline')}
        </button>
      </div>
    </section>
  );
}
