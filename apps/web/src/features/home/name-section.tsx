import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../lib/i18n.ts';
import { personNameSchema } from '@portal/domain/rules/person-name';
import { TextField } from '../../ui/text-field.tsx';
import { accountApi, type AccountSettings } from './account-api.ts';
import { FormMessages, SettingsSection, SubmitButton } from './settings-section.tsx';
import { useSectionForm } from './use-section-form.ts';

/** The one name rule (registration's, the profile's, `PUT account/name`'s): field -> code. */
function nameProblems(values: { firstName: string; lastName: string }): Record<string, string> {
  const problems: Record<string, string> = {};
  for (const field of ['firstName', 'lastName'] as const) {
    const parsed = personNameSchema.safeParse(values[field]);
    if (!parsed.success) problems[field] = parsed.error.issues[0]?.message ?? 'invalid';
  }
  return problems;
}

const ids = { firstName: 'settings-first-name', lastName: 'settings-last-name' };

/** Section 1: the person's first and last names, as the applications prefill them. */
export function NameSection({
  settings,
  onChange,
}: {
  settings: AccountSettings;
  onChange(settings: AccountSettings): void;
}) {
  const { t } = useTranslation('account');
  const form = useSectionForm('name');
  const [values, setValues] = useState({
    firstName: settings.firstName,
    lastName: settings.lastName,
  });

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (form.busy) return;
    form.begin();
    const problems = nameProblems(values);
    if (Object.keys(problems).length > 0) {
      form.showFields(problems, ids);
      return;
    }
    await form.send(
      () =>
        accountApi.saveName({
          firstName: values.firstName.trim(),
          lastName: values.lastName.trim(),
        }),
      {
        done: (next) => {
          onChange(next);
          setValues({ firstName: next.firstName, lastName: next.lastName });
          form.setSuccess(t('name.saved'));
        },
        ids,
      },
    );
  }

  return (
    <SettingsSection id="settings-name" title={t('name.heading')}>
      <FormMessages form={form} />
      <form noValidate onSubmit={submit}>
        <TextField
          id={ids.firstName}
          label={t('name.firstName')}
          value={values.firstName}
          onChange={(firstName) => setValues({ ...values, firstName })}
          error={form.errorFor(ids.firstName)}
          autoComplete="given-name"
        />
        <TextField
          id={ids.lastName}
          label={t('name.lastName')}
          value={values.lastName}
          onChange={(lastName) => setValues({ ...values, lastName })}
          error={form.errorFor(ids.lastName)}
          autoComplete="family-name"
        />
        <SubmitButton busy={form.busy} label={t('name.save')} busyLabel={t('saving')} />
      </form>
    </SettingsSection>
  );
}
