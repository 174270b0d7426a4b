import { useTranslation } from '../../../lib/i18n.ts';
import { optionsOf, type Language } from '@portal/domain/enums/define-enum';
import {
  employmentStatuses,
  employmentStatusLabels,
  incomeSourceTypeLabels,
  incomeSourceTypes,
  situationOccupationIds,
} from '@portal/domain/enums/person';
import { isEmployed, isSelfEmployed } from '@portal/domain/rules/profile';
import { referenceOptions } from '../../../lib/reference-lists.ts';
import { SearchableSelectField } from '../../../ui/searchable-select-field.tsx';
import { SelectField } from '../../../ui/select-field.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import {
  CANADA,
  USA,
  code,
  listOptions,
  type EmploymentValues,
  type ProfileLists,
  type ReferenceList,
  type SectionProps,
} from './profile-values.ts';

const employed = (status: number | undefined) => isEmployed(status);

/** The employment questions, for the applicant (prefix '') or the spouse ('spouse.'). */
export function EmploymentFields({
  prefix,
  values: current,
  onChange: update,
  errorFor,
  lists: { countries, provinces, industries, occupations },
}: SectionProps<EmploymentValues> & {
  prefix: '' | 'spouse.';
  lists: ProfileLists;
}) {
  const { t, i18n } = useTranslation('profile');
  const language = i18n.language as Language;
  const options = (list: ReferenceList) => listOptions(list, language);
  // Student or retired is a status, never the occupation of someone who works.
  const workOptions = (list: ReferenceList) => {
    const all = options(list);
    return {
      ...all,
      options: all.options.filter((option) => !situationOccupationIds.includes(option.id)),
    };
  };
  const provinceOptionsOf = (countryId: number | undefined) =>
    provinces.resource.state === 'ready'
      ? referenceOptions(
          provinces.resource.data.filter((province) => province.parentId === countryId),
          language,
        )
      : [];
  const id = (name: string) => `${prefix.replace('.', '-')}${name}`;
  // The self-employed answer about their own business where employees name their employer.
  const business = isSelfEmployed(current.employmentStatus);
  return (
    <>
      <SelectField
        id={id('employmentStatus')}
        label={t('fields.employmentStatus')}
        value={current.employmentStatus}
        onChange={(value) => update({ employmentStatus: code(value) })}
        error={errorFor(`${prefix}employmentStatus`)}
        options={optionsOf(employmentStatuses, employmentStatusLabels, language)}
      />
      <>
        <TextField
          id={id('employerName')}
          label={t(business ? 'fields.businessName' : 'fields.employerName')}
          hint={
            current.employmentStatus !== undefined && !employed(current.employmentStatus)
              ? t('fields.employerNotWorkingHint')
              : undefined
          }
          value={current.employerName}
          onChange={(employerName) => update({ employerName })}
          error={errorFor(`${prefix}employerName`)}
          autoComplete="organization"
        />
        <SelectField
          id={id('industryId')}
          label={t('fields.industry')}
          value={current.industryId}
          onChange={(value) => update({ industryId: code(value) })}
          error={errorFor(`${prefix}industryId`)}
          {...options(industries)}
        />
        <SearchableSelectField
          id={id('occupationId')}
          label={t('fields.occupation')}
          hint={t('fields.occupationHint')}
          noMatch={t('fields.occupationNoMatch')}
          value={current.occupationId}
          onChange={(occupationId) => update({ occupationId })}
          error={errorFor(`${prefix}occupationId`)}
          {...workOptions(occupations)}
        />
        <SelectField
          id={id('employerCountryId')}
          label={t(business ? 'fields.businessCountry' : 'fields.employerCountry')}
          value={current.employerCountryId}
          onChange={(value) =>
            update({ employerCountryId: code(value), employerProvinceId: undefined })
          }
          error={errorFor(`${prefix}employerCountryId`)}
          {...options(countries)}
        />
        {(current.employerCountryId === CANADA || current.employerCountryId === USA) && (
          <SelectField
            id={id('employerProvinceId')}
            label={t(business ? 'fields.businessProvince' : 'fields.employerProvince')}
            value={current.employerProvinceId}
            onChange={(value) => update({ employerProvinceId: code(value) })}
            error={errorFor(`${prefix}employerProvinceId`)}
            options={provinceOptionsOf(current.employerCountryId)}
            loading={provinces.resource.state === 'loading'}
            failed={provinces.resource.state === 'failed'}
            onRetry={provinces.retry}
          />
        )}
        <TextField
          id={id('employerCity')}
          label={t(business ? 'fields.businessCity' : 'fields.employerCity')}
          value={current.employerCity}
          onChange={(employerCity) => update({ employerCity })}
          error={errorFor(`${prefix}employerCity`)}
        />
      </>
      <TextField
        id={id('annualIncome')}
        label={t('fields.annualIncome')}
        hint={t('fields.amountHint')}
        value={current.annualIncome}
        onChange={(annualIncome) => update({ annualIncome })}
        error={errorFor(`${prefix}annualIncome`)}
        inputMode="text"
        width="short"
      />
      <SelectField
        id={id('incomeSourceType')}
        label={t('fields.incomeSource')}
        value={current.incomeSourceType}
        onChange={(value) => update({ incomeSourceType: code(value) })}
        error={errorFor(`${prefix}incomeSourceType`)}
        options={optionsOf(incomeSourceTypes, incomeSourceTypeLabels, language)}
      />
      {current.incomeSourceType === incomeSourceTypes.Other && (
        <TextField
          id={id('incomeSourceOther')}
          label={t('fields.incomeSourceOther')}
          value={current.incomeSourceOther}
          onChange={(incomeSourceOther) => update({ incomeSourceOther })}
          error={errorFor(`${prefix}incomeSourceOther`)}
          maxLength={200}
        />
      )}
    </>
  );
}
