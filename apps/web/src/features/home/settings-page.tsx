import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useResource } from '../../lib/use-resource.ts';
import { useUpdateUserInfo } from '../../lib/user-info.tsx';
import { addOnDemandCatalogues } from '../../locales/on-demand.ts';
import { Page } from '../../ui/page.tsx';
import { accountApi, type AccountSettings } from './account-api.ts';
import { EmailSection } from './email-section.tsx';
import { LanguageSection } from './language-section.tsx';
import { MfaSection } from './mfa-section.tsx';
import { NameSection } from './name-section.tsx';
import { PasswordSection } from './password-section.tsx';
import { SessionsSection } from './sessions-section.tsx';
import styles from './settings.module.css';
import { FormErrorsContext, usePageFormErrors } from './use-section-form.ts';

/**
 * Account settings (`#/home/settings`, issue "Account security"): the person's name, preferred
 * language, email address (verified or not, and its change), password, two-step verification
 * and the devices signed in. Each section is its own small form that validates when its button
 * is pressed, keeps what was typed when refused, and shows its errors above itself; the page
 * title says "Error: " while any section does.
 */
export function SettingsPage() {
  const { i18n } = useTranslation();
  addOnDemandCatalogues(i18n);
  const { t } = useTranslation('account');
  const updateUser = useUpdateUserInfo();
  const { resource, retry, set } = useResource(accountApi.get);
  const errors = usePageFormErrors();
  // Bumped when the devices may have changed (a new password signs the others out).
  const [sessionsVersion, setSessionsVersion] = useState(0);

  /** Every change answers the whole settings: the page and the header follow. */
  const changed = useCallback(
    (settings: AccountSettings) => {
      set(settings);
      updateUser({
        firstName: settings.firstName,
        lastName: settings.lastName,
        email: settings.email,
        emailVerified: settings.emailVerified,
      });
    },
    [set, updateUser],
  );

  return (
    <Page title={t('settings.title')} heading={t('settings.heading')} hasErrors={errors.hasErrors}>
      <p className="lead">{t('settings.intro')}</p>
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
      {resource.state === 'ready' && (
        <FormErrorsContext.Provider value={errors.report}>
          <div className={styles.sections}>
            <NameSection settings={resource.data} onChange={changed} />
            <LanguageSection settings={resource.data} onChange={changed} />
            <EmailSection settings={resource.data} onChange={changed} />
            <PasswordSection onChanged={() => setSessionsVersion((version) => version + 1)} />
            <MfaSection settings={resource.data} onChange={changed} />
            <SessionsSection version={sessionsVersion} />
          </div>
        </FormErrorsContext.Provider>
      )}
    </Page>
  );
}
