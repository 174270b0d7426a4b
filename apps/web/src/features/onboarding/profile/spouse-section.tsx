import { useTranslation } from '../../../lib/i18n.ts';
import { optionsOf, type Language } from '@portal/domain/enums/define-enum';
import { titleChoiceLabels, titles } from '@portal/domain/enums/titles';
import { DateField } from '../../../ui/date-field.tsx';
import { SelectField } from '../../../ui/select-field.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import { EmploymentFields } from './employment-fields.tsx';
import { code, type ProfileLists, type SectionProps, type SpouseValues } from './profile-values.ts';

/** The applicant's spouse: who they are, their work, income and assets. */
export function SpouseSection({
  values,
  onChange: setSpouse,
  errorFor,
  joint,
  sinMasked,
  lists,
}: SectionProps<SpouseValues> & {
  joint: boolean;
  /** The spouse's SIN on file, masked, when the server keeps one. */
  sinMasked: string | undefined;
  lists: ProfileLists;
}) {
  const { t, i18n } = useTranslation('profile');
  const titleOptions = optionsOf(titles, titleChoiceLabels, i18n.language as Language);
  return (
    <>
      <h2 id="section-spouse" tabIndex={-1}>
        {t(joint ? 'sections.spouseJoint' : 'sections.spouse')}
      </h2>
      <SelectField
        id="spouse-title"
        label={t('fields.title')}
        value={values.title}
        onChange={(value) => setSpouse({ title: code(value) })}
        error={errorFor('spouse.title')}
        options={titleOptions.map((option) => ({ id: option.id, label: option.label }))}
      />
      <TextField
        id="spouse-firstName"
        label={t('fields.firstName')}
        value={values.firstName}
        onChange={(firstName) => setSpouse({ firstName })}
        error={errorFor('spouse.firstName')}
      />
      <TextField
        id="spouse-lastName"
        label={t('fields.lastName')}
        value={values.lastName}
        onChange={(lastName) => setSpouse({ lastName })}
        error={errorFor('spouse.lastName')}
      />
      <DateField
        id="spouse-birthDate"
        legend={t('fields.birthDate')}
        hint={t('fields.birthDateHint')}
        value={values.birthDate}
        onChange={(birthDate) => setSpouse({ birthDate })}
        error={errorFor('spouse.birthDate')}
      />
      <TextField
        id="spouse-sin"
        label={t('fields.sin')}
        hint={sinMasked ? t('fields.sinSaved', { masked: sinMasked }) : undefined}
        value={values.sin}
        onChange={(sin) => setSpouse({ sin })}
        error={errorFor('spouse.sin')}
        inputMode="numeric"
        autoComplete="off"
        maxLength={11}
        width="short"
      />
      <EmploymentFields
        prefix="spouse."
        values={values}
        onChange={setSpouse}
        errorFor={errorFor}
        lists={lists}
      />
      <TextField
        id="spouse-netFixedAssets"
        label={t('fields.netFixedAssets')}
        hint={t('fields.spouseNetFixedAssetsHint')}
        value={values.netFixedAssets}
        onChange={(netFixedAssets) => setSpouse({ netFixedAssets })}
        error={errorFor('spouse.netFixedAssets')}
        width="short"
      />
      <TextField
        id="spouse-netLiquidAssets"
        label={t('fields.netLiquidAssets')}
        hint={t('fields.spouseNetLiquidAssetsHint')}
        value={values.netLiquidAssets}
        onChange={(netLiquidAssets) => setSpouse({ netLiquidAssets })}
        error={errorFor('spouse.netLiquidAssets')}
        width="short"
      />
    </>
  );
}
