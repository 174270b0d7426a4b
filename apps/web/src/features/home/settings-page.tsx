import { useCallback, useState } from 'react';
import { Page } from '../../ui/page.tsx';
import type { AccountSettings } from './account-api.ts';
import { EmailSection } from './email-section.tsx';
import { LanguageSection } from './language-section.tsx';
import { MfaSection } from './mfa-section.tsx';
import { NameSection } from './name-section.tsx';
import { PasswordSection } from './password-section.tsx';
import { SessionsSection } from './sessions-section.tsx';
import { LoadState } from './settings-section.tsx';
import styles from './settings.module.css';
import { useAccountPage } from './use-account-page.ts';
import { FormErrorsContext } from './use-section-form.ts';

/**
 * Account settings (`#/home/settings`, issue "Account security"): the person's name, preferred
 * language, email address (verified or not, and its change), password, two-step verification
 * and the devices signed in. Each section is its own small form that validates when its button
 * is pressed, keeps what was typed when refused, and shows its errors above itself; the page
 * title says "Error: " while any section does.
 */
export function SettingsPage() {
  const { t, updateUser, resource, retry, set, errors } = useAccountPage();
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
      <LoadState
        state={resource.state}
        loading={t('settings.loading')}
        failed={t('settings.loadFailed')}
        onRetry={retry}
      />
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
