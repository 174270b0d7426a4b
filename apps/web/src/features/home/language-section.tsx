import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../lib/i18n.ts';
import { rememberLanguage } from '../../lib/language.ts';
import { useUpdateUserInfo } from '../../lib/user-info.tsx';
import { RadioChoices } from '../../ui/choices.tsx';
import { accountApi, type AccountSettings } from './account-api.ts';
import { FormMessages, SettingsSection, SubmitButton } from './settings-section.tsx';
import { useSectionForm } from './use-section-form.ts';

const FIELD = 'settings-language';

/**
 * Section 2: the language of mails and text messages, and of these screens: saving it also
 * switches the page and remembers it in the spec's `lang` cookie.
 */
export function LanguageSection({
  settings,
  onChange,
}: {
  settings: AccountSettings;
  onChange(settings: AccountSettings): void;
}) {
  const { t, i18n } = useTranslation('account');
  const form = useSectionForm('language');
  const updateUserInfo = useUpdateUserInfo();
  const [language, setLanguage] = useState<'en' | 'fr'>(settings.language);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (form.busy) return;
    form.begin();
    await form.send(() => accountApi.saveLanguage(language), {
      done: async (next) => {
        onChange(next);
        rememberLanguage(next.language);
        // The shell follows the account's language: it must know the new one.
        updateUserInfo({ language: next.language });
        await i18n.changeLanguage(next.language);
        // Said in the language just chosen.
        form.setSuccess(i18n.getFixedT(next.language, 'account')('language.saved'));
      },
      ids: { language: FIELD },
    });
  }

  return (
    <SettingsSection id="settings-language-section" title={t('language.heading')}>
      <FormMessages form={form} />
      <form noValidate onSubmit={submit}>
        <RadioChoices<'en' | 'fr'>
          id={FIELD}
          legend={t('language.legend')}
          hint={t('language.hint')}
          error={form.errorFor(FIELD)}
          value={language}
          onChange={setLanguage}
          choices={[
            { value: 'en', label: 'English', lang: 'en-CA' },
            { value: 'fr', label: 'Français', lang: 'fr-CA' },
          ]}
        />
        <SubmitButton busy={form.busy} label={t('language.save')} busyLabel={t('saving')} />
      </form>
    </SettingsSection>
  );
}
