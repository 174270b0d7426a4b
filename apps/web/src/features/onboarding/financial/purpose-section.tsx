import { useTranslation } from '../../../lib/i18n.ts';
import {
  namedAccountTypeLabels,
  type NamedAccountTypeName,
} from '@portal/domain/enums/account-types';
import { optionsOf, pick, type Language } from '@portal/domain/enums/define-enum';
import { purposeTypeLabels, purposeTypes } from '@portal/domain/enums/preferences';
import { intendedUseLabels, intendedUses } from '@portal/domain/rules/financial-background';
import { RadioChoices } from '../../../ui/choices.tsx';
import { SelectField } from '../../../ui/select-field.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import { idOf } from '../step/form-paths.ts';
import { choicesOf, code, type SectionProps } from './other-interests-values.ts';

/** Why the applicant opens the accounts, and what each account chosen is for. */
export function PurposeSection({
  values,
  onChange: set,
  errorFor,
  accounts,
}: SectionProps & { accounts: readonly NamedAccountTypeName[] }) {
  const { t, i18n } = useTranslation('financial');
  const language = i18n.language as Language;
  return (
    <>
      <h2>{t('sections.purpose')}</h2>
      <RadioChoices
        id="businessRelationshipPurpose"
        legend={t('fields.businessRelationshipPurpose')}
        value={values.businessRelationshipPurpose}
        onChange={(businessRelationshipPurpose) => set({ businessRelationshipPurpose })}
        error={errorFor('businessRelationshipPurpose')}
        choices={choicesOf(purposeTypes, purposeTypeLabels, language).map((choice) =>
          choice.value === purposeTypes.Other
            ? {
                ...choice,
                reveal: (
                  <TextField
                    id="purposeOther"
                    label={t('fields.purposeOther')}
                    value={values.purposeOther}
                    onChange={(purposeOther) => set({ purposeOther })}
                    error={errorFor('purposeOther')}
                    maxLength={200}
                  />
                ),
              }
            : choice,
        )}
      />
      {accounts.map((account) => (
        <SelectField
          key={account}
          id={idOf(`intendedUse.${account}`)}
          label={t('fields.intendedUse', {
            account: pick(namedAccountTypeLabels[account], language),
          })}
          value={values.intendedUse[account]}
          onChange={(id) => set({ intendedUse: { ...values.intendedUse, [account]: code(id) } })}
          error={errorFor(`intendedUse.${account}`)}
          options={optionsOf(intendedUses, intendedUseLabels, language)}
        />
      ))}
    </>
  );
}
