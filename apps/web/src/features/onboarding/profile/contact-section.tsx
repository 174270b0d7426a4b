import { useTranslation } from '../../../lib/i18n.ts';
import { preferredLanguages } from '@portal/domain/rules/profile';
import { RadioChoices } from '../../../ui/choices.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import { PhoneFields } from './phone-fields.tsx';
import { ReadOnlyOrText } from './read-only-or-text.tsx';
import type { ProfileValues, SectionProps } from './profile-values.ts';

/** How to reach the applicant: email, phones and, for the joint applicant, their language. */
export function ContactSection({
  values,
  onChange: set,
  errorFor,
  joint,
  prefilled,
  accountEmail,
}: SectionProps<ProfileValues> & {
  joint: boolean;
  /** The email is the person's sign-in account's, shown read-only. */
  prefilled: boolean;
  /** The sign-in account's email, when it has arrived. */
  accountEmail: string | undefined;
}) {
  const { t } = useTranslation('profile');
  return (
    <>
      <h2 id="section-contact" tabIndex={-1}>
        {t('sections.contact')}
      </h2>
      <ReadOnlyOrText
        readOnly={prefilled}
        id="email"
        label={t('fields.email')}
        hint={prefilled ? t('prefilled') : undefined}
        value={accountEmail ?? values.email}
        onChange={(email) => set({ email })}
        error={errorFor('email')}
        autoComplete="email"
      />
      {!prefilled && (
        <TextField
          id="confirmEmail"
          label={t(joint ? 'fields.confirmEmailJoint' : 'fields.confirmEmail')}
          value={values.confirmEmail}
          onChange={(confirmEmail) => set({ confirmEmail })}
          error={errorFor('confirmEmail')}
          autoComplete="email"
        />
      )}
      <PhoneFields
        id="phones"
        value={values.phones}
        onChange={(phones) => set({ phones })}
        errorFor={(path) => errorFor(path ? `phones.${path}` : 'phones')}
      />
      {joint && (
        <RadioChoices
          id="preferredLanguage"
          legend={t('fields.preferredLanguage')}
          hint={t('fields.preferredLanguageHint')}
          value={values.preferredLanguage}
          onChange={(preferredLanguage) => set({ preferredLanguage })}
          error={errorFor('preferredLanguage')}
          choices={preferredLanguages.map((option) => ({
            value: option,
            label: t(`languages.${option}`),
          }))}
        />
      )}
    </>
  );
}
