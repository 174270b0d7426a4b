import { refusedNameCharacters } from '@portal/domain/rules/person-name';
import { Page } from '../../ui/page.tsx';
import type { AccountSettings } from './account-api.ts';
import { NameSection } from './name-section.tsx';
import { LoadState } from './settings-section.tsx';
import { useAccountPage } from './use-account-page.ts';
import { FormErrorsContext } from './use-section-form.ts';

/**
 * What a person whose name the one name rule refuses (given before it) sees first after signing
 * in, wherever they were going (issue 12 item 1): which characters are the problem, what a name
 * may hold, and the settings' name form. Once saved, the gate lets them on to where they were.
 */
export function NameCorrectionPage() {
  const { t, updateUser, resource, retry, set, errors } = useAccountPage();
  const settings = resource.state === 'ready' ? resource.data : null;

  function corrected(next: AccountSettings) {
    set(next);
    // The server took it with the same rule: nothing left to correct.
    updateUser({ firstName: next.firstName, lastName: next.lastName, nameNeedsCorrection: false });
  }

  const name = settings ? `${settings.firstName} ${settings.lastName}` : '';
  const characters = settings
    ? [
        ...new Set([
          ...refusedNameCharacters(settings.firstName),
          ...refusedNameCharacters(settings.lastName),
        ]),
      ].join(' ')
    : '';

  return (
    <Page
      title={t('nameCorrection.title')}
      heading={t('nameCorrection.heading')}
      hasErrors={errors.hasErrors}
    >
      <LoadState
        state={resource.state}
        loading={t('settings.loading')}
        failed={t('settings.loadFailed')}
        onRetry={retry}
      />
      {settings && (
        <FormErrorsContext.Provider value={errors.report}>
          <p className="lead">
            {characters
              ? t('nameCorrection.intro', { name, characters })
              : t('nameCorrection.introPlacement', { name })}
          </p>
          <p>{t('nameCorrection.rule')}</p>
          <NameSection settings={settings} onChange={corrected} />
        </FormErrorsContext.Provider>
      )}
    </Page>
  );
}
