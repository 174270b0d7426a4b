import { useTranslation } from '../../../lib/i18n.ts';
import { optionsOf, type Language } from '@portal/domain/enums/define-enum';
import { maritalStatuses, maritalStatusLabels } from '@portal/domain/enums/person';
import { titleChoiceLabels, titles } from '@portal/domain/enums/titles';
import { primaryShareOf } from '@portal/domain/rules/joint-ownership';
import { percentageSchema } from '@portal/domain/rules/beneficiaries';
import { DateField } from '../../../ui/date-field.tsx';
import { SelectField } from '../../../ui/select-field.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import { ReadOnlyOrText } from './read-only-or-text.tsx';
import {
  code,
  listOptions,
  type ProfileValues,
  type ReferenceList,
  type SectionProps,
} from './profile-values.ts';

/**
 * The profile's first section: who the applicant is (title, name, birth date, SIN, marital
 * status, citizenship) and, for the joint applicant, their client number and share.
 */
export function AboutSection({
  values,
  onChange: set,
  errorFor,
  joint,
  prefilled,
  existingClient,
  sinMasked,
  citizenships,
}: SectionProps<ProfileValues> & {
  joint: boolean;
  /** The name comes from the person's sign-in account. */
  prefilled: boolean;
  /** An existing client confirms who they are and cannot change it here. */
  existingClient: boolean;
  /** The SIN on file, masked, when the server keeps one. */
  sinMasked: string | undefined;
  citizenships: ReferenceList;
}) {
  const { t, i18n } = useTranslation('profile');
  const language = i18n.language as Language;
  const titleOptions = optionsOf(titles, titleChoiceLabels, language);
  const jointShare = percentageSchema.safeParse(values.shareholderPercent).data;
  const primaryShare =
    jointShare === undefined
      ? ''
      : new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 2 }).format(
          primaryShareOf(jointShare) / 100,
        );
  // Only an existing client's saved birth date is shown as text; a date being typed may not
  // be a real one yet (and formatting an invalid date throws).
  const birthDateShown = existingClient ? readableDate(values.birthDate, language) : '';

  return (
    <>
      <h2 id="section-about" tabIndex={-1}>
        {t(joint ? 'sections.aboutJoint' : 'sections.about')}
      </h2>
      <SelectField
        id="title"
        label={t('fields.title')}
        value={values.title}
        onChange={(value) => set({ title: code(value) })}
        error={errorFor('title')}
        options={titleOptions.map((option) => ({ id: option.id, label: option.label }))}
      />
      <ReadOnlyOrText
        readOnly={existingClient}
        id="firstName"
        label={t('fields.firstName')}
        hint={prefilled && !existingClient ? t('names.accountName') : undefined}
        value={values.firstName}
        onChange={(firstName) => set({ firstName })}
        error={errorFor('firstName')}
        autoComplete="given-name"
      />
      <ReadOnlyOrText
        readOnly={existingClient}
        id="lastName"
        label={t('fields.lastName')}
        hint={prefilled && !existingClient ? t('names.accountName') : undefined}
        value={values.lastName}
        onChange={(lastName) => set({ lastName })}
        error={errorFor('lastName')}
        autoComplete="family-name"
      />
      {existingClient ? (
        <ReadOnlyOrText
          readOnly
          id="birthDate"
          label={t('fields.birthDate')}
          value={birthDateShown}
          onChange={() => undefined}
          error={errorFor('birthDate')}
        />
      ) : (
        <DateField
          id="birthDate"
          legend={t('fields.birthDate')}
          hint={t('fields.birthDateHint')}
          value={values.birthDate}
          onChange={(birthDate) => set({ birthDate })}
          error={errorFor('birthDate')}
        />
      )}
      <ReadOnlyOrText
        readOnly={existingClient}
        id="sin"
        label={t('fields.sin')}
        hint={
          existingClient
            ? undefined
            : sinMasked
              ? t('fields.sinSaved', { masked: sinMasked })
              : t('fields.sinHint')
        }
        value={existingClient ? (sinMasked ?? '') : values.sin}
        onChange={(sin) => set({ sin })}
        error={errorFor('sin')}
        inputMode="numeric"
        autoComplete="off"
        maxLength={11}
        width="short"
      />
      <SelectField
        id="maritalStatus"
        label={t('fields.maritalStatus')}
        value={values.maritalStatus}
        onChange={(value) => set({ maritalStatus: code(value) })}
        error={errorFor('maritalStatus')}
        options={optionsOf(maritalStatuses, maritalStatusLabels, language)}
      />
      <SelectField
        id="citizenshipId"
        label={t('fields.citizenship')}
        value={values.citizenshipId}
        onChange={(value) => set({ citizenshipId: code(value) })}
        error={errorFor('citizenshipId')}
        {...listOptions(citizenships, language)}
      />
      {joint && (
        <>
          <TextField
            id="shareholderId"
            label={t('fields.shareholderId')}
            hint={t('fields.shareholderIdHint')}
            value={values.shareholderId}
            onChange={(shareholderId) => set({ shareholderId })}
            error={errorFor('shareholderId')}
            inputMode="numeric"
            autoComplete="off"
            maxLength={10}
            width="short"
          />
          <TextField
            id="shareholderPercent"
            label={t('fields.shareholderPercent')}
            hint={t('fields.shareholderPercentHint', { primary: primaryShare || '-' })}
            value={values.shareholderPercent}
            onChange={(shareholderPercent) => set({ shareholderPercent })}
            error={errorFor('shareholderPercent')}
            inputMode="numeric"
            maxLength={6}
            width="short"
          />
        </>
      )}
    </>
  );
}

/** A saved `YYYY-MM-DD` date in words ("March 27, 1985"), or as it is when it is not one. */
function readableDate(date: string, language: Language): string {
  const parsed = /^\d{4}-\d{2}-\d{2}$/.test(date) ? new Date(`${date}T00:00:00Z`) : undefined;
  if (!parsed || Number.isNaN(parsed.getTime())) return date;
  return new Intl.DateTimeFormat(language, { dateStyle: 'long', timeZone: 'UTC' }).format(parsed);
}
