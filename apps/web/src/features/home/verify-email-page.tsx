import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Page } from '../../ui/page.tsx';
import type { AccountSettings } from './account-api.ts';
import { EmailCodeForm } from './email-code-form.tsx';
import { LoadState } from './settings-section.tsx';
import { useAccountPage } from './use-account-page.ts';
import { FormErrorsContext } from './use-section-form.ts';

/**
 * `#/home/verify-email` (issue "Account security", B): where the dashboard's notice and the
 * verification mail lead. The code form of the settings page, for the address waiting to be
 * proved (a new one while a change is pending); once proved, the way back to the applications.
 */
export function VerifyEmailPage() {
  const { t, updateUser, resource, retry, set, errors } = useAccountPage();
  const [justVerified, setJustVerified] = useState(false);
  const done = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (justVerified) done.current?.focus();
  }, [justVerified]);

  function verified(settings: AccountSettings) {
    set(settings);
    updateUser({ email: settings.email, emailVerified: settings.emailVerified });
    setJustVerified(true);
  }

  const settings = resource.state === 'ready' ? resource.data : null;
  const waiting = settings?.pendingEmail ?? (settings?.emailVerified ? null : settings?.email);

  return (
    <Page title={t('verify.title')} heading={t('verify.heading')} hasErrors={errors.hasErrors}>
      <LoadState
        state={resource.state}
        loading={t('settings.loading')}
        failed={t('settings.loadFailed')}
        onRetry={retry}
      />
      {settings && waiting && (
        <FormErrorsContext.Provider value={errors.report}>
          <p className="lead">{t('verify.intro')}</p>
          <EmailCodeForm
            idPrefix="verify-email-code"
            address={waiting}
            changing={settings.pendingEmail !== null}
            onVerified={verified}
          />
          <p>
            {t('verify.wrongAddress')} <Link to="/home/settings">{t('verify.toSettings')}</Link>
          </p>
        </FormErrorsContext.Provider>
      )}
      {settings && !waiting && (
        <div className="notice-success">
          <h2 ref={done} tabIndex={-1}>
            {justVerified ? t('verify.doneHeading') : t('verify.alreadyHeading')}
          </h2>
          <p>{t('verify.done', { address: settings.email })}</p>
          <div className="actions">
            <Link className="button button-primary" to="/home/dashboard">
              {t('verify.toDashboard')}
            </Link>
          </div>
        </div>
      )}
    </Page>
  );
}
