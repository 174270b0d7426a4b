import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useResource } from '../../lib/use-resource.ts';
import { useUpdateUserInfo } from '../../lib/user-info.tsx';
import { addOnDemandCatalogues } from '../../locales/on-demand.ts';
import { Page } from '../../ui/page.tsx';
import { accountApi, type AccountSettings } from './account-api.ts';
import { EmailCodeForm } from './email-code-form.tsx';
import { FormErrorsContext, usePageFormErrors } from './use-section-form.ts';

/**
 * `#/home/verify-email` (issue "Account security", B): where the dashboard's notice and the
 * verification mail lead. The code form of the settings page, for the address waiting to be
 * proved (a new one while a change is pending); once proved, the way back to the applications.
 */
export function VerifyEmailPage() {
  const { i18n } = useTranslation();
  addOnDemandCatalogues(i18n);
  const { t } = useTranslation('account');
  const updateUser = useUpdateUserInfo();
  const { resource, retry, set } = useResource(accountApi.get);
  const errors = usePageFormErrors();
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
      {resource.state === 'loading' && (
        <p className="loading-inline" role="status">
          {t('settings.loading')}
        </p>
      )}
      {resource.state === 'failed' && (
        <div className="notice-warning" role="alert">
          <p>{t('settings.loadFailed')}</p>
          <button type="button" className="button button-secondary" onClick={retry}>
            {t('settings.retry')}
          </button>
        </div>
      )}
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
