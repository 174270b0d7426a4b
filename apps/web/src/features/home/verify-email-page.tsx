import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { RETURN_PARAM, verifyEmailReturnOf } from '../../lib/verify-email-return.ts';
import { Page } from '../../ui/page.tsx';
import type { AccountSettings } from './account-api.ts';
import { EmailCodeForm } from './email-code-form.tsx';
import { LoadState } from './settings-section.tsx';
import { useAccountPage } from './use-account-page.ts';
import { FormErrorsContext } from './use-section-form.ts';

/**
 * `#/home/verify-email` (issue "Account security", B): where the dashboard's notice and the
 * verification mail lead. The code form of the settings page, for the address waiting to be
 * proved (a new one while a change is pending); once proved, back to the screen that asked for
 * it (`?next=`: the joint applicant's code, a signing step), which says so, else the way to the
 * applications.
 */
export function VerifyEmailPage() {
  const { t, updateUser, resource, retry, set, errors } = useAccountPage();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const returnTo = verifyEmailReturnOf(searchParams.get(RETURN_PARAM));
  const [justVerified, setJustVerified] = useState(false);
  const done = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (justVerified) done.current?.focus();
  }, [justVerified]);

  function verified(settings: AccountSettings) {
    set(settings);
    updateUser({ email: settings.email, emailVerified: settings.emailVerified });
    // Back where the person was, with what they had there (the invitation, the signing step).
    if (returnTo && settings.emailVerified) {
      navigate(returnTo, { state: { emailVerified: true } });
      return;
    }
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
            {returnTo && (
              <Link className="button button-primary" to={returnTo}>
                {t(returnTo === '/auth-code' ? 'verify.backToCode' : 'verify.backToApplication')}
              </Link>
            )}
            <Link
              className={`button ${returnTo ? 'button-secondary' : 'button-primary'}`}
              to="/home/dashboard"
            >
              {t('verify.toDashboard')}
            </Link>
          </div>
        </div>
      )}
    </Page>
  );
}
