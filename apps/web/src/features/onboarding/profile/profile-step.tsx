import { useTranslation } from '../../../lib/i18n.ts';
import { optionsOf, type Language } from '@portal/domain/enums/define-enum';
import {
  employmentStatuses,
  employmentStatusLabels,
  incomeSourceTypeLabels,
  incomeSourceTypes,
  maritalStatuses,
  maritalStatusLabels,
  situationOccupationIds,
} from '@portal/domain/enums/person';
import { titleChoiceLabels, titles } from '@portal/domain/enums/titles';
import { SUPPORT_PHONE } from '@portal/domain/brand';
import { PREVIOUS_ADDRESS_IF_MOVED_WITHIN_YEARS } from '@portal/domain/constants';
import type { OnboardingStep } from '@portal/domain/onboarding-steps';
import { chosenAccounts } from '@portal/domain/rules/onboarding-flow';
import { dealerDate } from '@portal/domain/rules/person';
import {
  employmentFieldNames,
  isEmployed,
  isSelfEmployed,
  preferredLanguages,
  profileStepSchema,
} from '@portal/domain/rules/profile';
import { JOINT_SHARE_DEFAULT_PERCENT, primaryShareOf } from '@portal/domain/rules/joint-ownership';
import { percentageSchema } from '@portal/domain/rules/beneficiaries';
import { referenceOptions, useReferenceList } from '../../../lib/reference-lists.ts';
import { useUserInfo } from '../../../lib/user-info.tsx';
import { RadioChoices } from '../../../ui/choices.tsx';
import { DateField } from '../../../ui/date-field.tsx';
import { SearchableSelectField } from '../../../ui/searchable-select-field.tsx';
import { SelectField } from '../../../ui/select-field.tsx';
import { FieldMessages } from '../../../ui/field-messages.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import { AddressFields, type AddressValue } from '../step/address-fields.tsx';
import { jointProfilePrefill } from './joint-profile-prefill.ts';
import { ProfileSidebar, sectionDone, type ProfileSectionName } from './profile-sidebar.tsx';
import { useApplication } from '../step/application-context.tsx';
import { addressParts } from '../step/form-paths.ts';
import { formatAmount, parseAmount } from '../step/money.ts';
import { PhoneFields, type PhoneValue } from './phone-fields.tsx';
import { StepPage } from '../step/step-page.tsx';
import { useStepForm } from '../step/use-step-form.ts';

interface EmploymentValues {
  employmentStatus?: number;
  employerName: string;
  industryId?: number;
  occupationId?: number;
  employerCountryId?: number;
  employerProvinceId?: number;
  employerCity: string;
  annualIncome: string;
  incomeSourceType?: number;
  incomeSourceOther: string;
}

interface SpouseValues extends EmploymentValues {
  title?: number;
  firstName: string;
  lastName: string;
  birthDate: string;
  sin: string;
  netFixedAssets: string;
  netLiquidAssets: string;
}

interface ProfileValues extends EmploymentValues {
  title?: number;
  firstName: string;
  lastName: string;
  birthDate: string;
  sin: string;
  maritalStatus?: number;
  email: string;
  confirmEmail: string;
  citizenshipId?: number;
  phones: PhoneValue[];
  homeAddress: AddressValue;
  mailingSameAsHome?: boolean;
  mailingAddress: AddressValue;
  movedWithinTwoYears?: boolean;
  previousAddress: AddressValue;
  netFixedAssets: string;
  netLiquidAssets: string;
  spouse: SpouseValues;
  /** The joint applicant only. */
  preferredLanguage?: Language;
  /** The joint applicant only: their client number when they already are a client. */
  shareholderId: string;
  /** The joint applicant only: their share of the joint accounts, as typed. */
  shareholderPercent: string;
}

const CANADA = 1;
const USA = 2;
const employed = (status: number | undefined) => isEmployed(status);
const hasSpouse = (status: number | undefined) =>
  status === maritalStatuses.Married ||
  status === maritalStatuses.CommonLaw ||
  status === maritalStatuses.Separated;
const text = (value: unknown) => (typeof value === 'string' ? value : '');
const amountText = (value: unknown) => (typeof value === 'number' ? String(value) : text(value));
const code = (value: string) => (value === '' ? undefined : Number(value));

function emptyEmployment(saved: Record<string, unknown> = {}): EmploymentValues {
  return {
    employmentStatus: saved.employmentStatus as number | undefined,
    employerName: text(saved.employerName),
    industryId: saved.industryId as number | undefined,
    occupationId: saved.occupationId as number | undefined,
    employerCountryId: saved.employerCountryId as number | undefined,
    employerProvinceId: saved.employerProvinceId as number | undefined,
    employerCity: text(saved.employerCity),
    annualIncome: amountText(saved.annualIncome),
    incomeSourceType: saved.incomeSourceType as number | undefined,
    incomeSourceOther: text(saved.incomeSourceOther),
  };
}

function employmentData(values: EmploymentValues) {
  return {
    employmentStatus: values.employmentStatus,
    // Asked of everyone (spec line 132): a person not working names their most recent employer.
    employerName: values.employerName,
    industryId: values.industryId,
    occupationId: values.occupationId,
    employerCountryId: values.employerCountryId,
    employerProvinceId: values.employerProvinceId,
    employerCity: values.employerCity,
    annualIncome: parseAmount(values.annualIncome),
    incomeSourceType: values.incomeSourceType,
    ...(values.incomeSourceType === incomeSourceTypes.Other
      ? { incomeSourceOther: values.incomeSourceOther }
      : {}),
  };
}

/**
 * Steps `profile` and `profilejoint`: who the applicant is, how to reach them, where they live,
 * their work, income and assets, and their spouse when they have one (spec sections 2, 3, 5).
 */
export function ProfileStep({
  joint = false,
  expressPrefill,
}: {
  joint?: boolean;
  /** An advisor's express invitation (issue 17): what they knew, until the step is saved. */
  expressPrefill?: Record<string, unknown>;
}) {
  const step: OnboardingStep = joint ? 'profilejoint' : 'profile';
  const { t, i18n } = useTranslation('profile');
  const language = i18n.language as Language;
  const userInfo = useUserInfo();
  const { application } = useApplication();
  const user = userInfo.status === 'signedIn' ? userInfo.user : null;
  // The primary applicant's name and email come from their sign-in account (read-only here).
  const prefilled = !joint && userInfo.status !== 'signedOut';
  const prefilledFrom = prefilled ? user : null;
  const primary = application.steps.profile as
    { sin?: string; email?: string; homeAddress?: AddressValue } | undefined;
  const primaryHome = primary?.homeAddress;
  const today = dealerDate(new Date());
  // The server keeps SINs encrypted and answers them masked: a blank SIN keeps the one on file.
  const onFile = application.steps[step] as
    { sinMasked?: string; spouse?: { sinMasked?: string } } | undefined;
  // An existing client's new application starts from their approved profile (the server copies
  // it): they confirm it, and who they are (name, birth date, SIN) is not theirs to change here.
  const existingClient = !joint && user?.onboardingComplete === true && Boolean(onFile?.sinMasked);
  const schema = profileStepSchema({
    today,
    joint,
    sinOnFile: Boolean(onFile?.sinMasked),
    spouseSinOnFile: Boolean(onFile?.spouse?.sinMasked),
    accounts: chosenAccounts(application.steps),
    ...(joint && primary
      ? { primary: { sin: text(primary.sin), email: text(primary.email) } }
      : {}),
  });
  const citizenships = useReferenceList('citizenships');
  const countries = useReferenceList('countries');
  const provinces = useReferenceList('provinceStates');
  const industries = useReferenceList('businessTypes');
  const occupations = useReferenceList('occupationTypes');

  // What the step saves, from the form's values (also what the sidebar checks).
  const toData = (values: ProfileValues) => ({
    title: values.title,
    // The name is typed here (saving the primary's renames their account on the server); the
    // email stays their sign-in account's, whenever it arrived.
    firstName: values.firstName,
    lastName: values.lastName,
    birthDate: values.birthDate,
    sin: values.sin,
    maritalStatus: values.maritalStatus,
    email: prefilledFrom?.email || values.email,
    confirmEmail: prefilledFrom?.email || values.confirmEmail,
    citizenshipId: values.citizenshipId,
    phones: values.phones.filter((phone) => phone.number.trim() !== '' || phone.type),
    homeAddress: values.homeAddress,
    mailingSameAsHome: values.mailingSameAsHome,
    ...(values.mailingSameAsHome === false ? { mailingAddress: values.mailingAddress } : {}),
    movedWithinTwoYears: values.movedWithinTwoYears,
    ...(values.movedWithinTwoYears ? { previousAddress: values.previousAddress } : {}),
    ...employmentData(values),
    netFixedAssets: parseAmount(values.netFixedAssets),
    netLiquidAssets: parseAmount(values.netLiquidAssets),
    ...(joint
      ? {
          preferredLanguage: values.preferredLanguage,
          ...(values.shareholderId.trim() ? { shareholderId: values.shareholderId } : {}),
          shareholderPercent: values.shareholderPercent,
        }
      : {}),
    ...(hasSpouse(values.maritalStatus)
      ? {
          spouse: {
            title: values.spouse.title,
            firstName: values.spouse.firstName,
            lastName: values.spouse.lastName,
            birthDate: values.spouse.birthDate,
            sin: values.spouse.sin,
            ...employmentData(values.spouse),
            netFixedAssets: parseAmount(values.spouse.netFixedAssets),
            netLiquidAssets: parseAmount(values.spouse.netLiquidAssets),
          },
        }
      : {}),
  });

  const form = useStepForm<ProfileValues>({
    step,
    schema,
    fieldIds: fieldIdsFor(),
    initial: (savedData) => {
      // The joint applicant who is the primary's spouse starts from the spouse details given.
      const saved = (savedData ??
        (joint ? jointProfilePrefill(application.steps) : undefined) ??
        expressPrefill ??
        {}) as Record<string, unknown>;
      const prefill = !joint && user ? user : null;
      const email = text(saved.email) || (prefill?.email ?? '');
      return {
        ...emptyEmployment(saved),
        title: saved.title as number | undefined,
        // The primary's name is their account's (the settings may have corrected it since).
        firstName: prefill?.firstName || text(saved.firstName),
        lastName: prefill?.lastName || text(saved.lastName),
        birthDate: text(saved.birthDate),
        sin: text(saved.sin),
        maritalStatus: saved.maritalStatus as number | undefined,
        email,
        confirmEmail: text(saved.confirmEmail) || (prefill ? email : ''),
        citizenshipId: saved.citizenshipId as number | undefined,
        phones: (saved.phones as PhoneValue[] | undefined) ?? [{ number: '' }],
        homeAddress: (saved.homeAddress as AddressValue | undefined) ?? { countryId: CANADA },
        mailingSameAsHome: saved.mailingSameAsHome as boolean | undefined,
        mailingAddress: (saved.mailingAddress as AddressValue | undefined) ?? { countryId: CANADA },
        movedWithinTwoYears: saved.movedWithinTwoYears as boolean | undefined,
        previousAddress: (saved.previousAddress as AddressValue | undefined) ?? {
          countryId: CANADA,
        },
        netFixedAssets: amountText(saved.netFixedAssets),
        netLiquidAssets: amountText(saved.netLiquidAssets),
        preferredLanguage: saved.preferredLanguage as Language | undefined,
        shareholderId: text(saved.shareholderId),
        shareholderPercent:
          amountText(saved.shareholderPercent) || String(JOINT_SHARE_DEFAULT_PERCENT),
        spouse: {
          ...emptyEmployment(saved.spouse as Record<string, unknown> | undefined),
          title: (saved.spouse as SpouseValues | undefined)?.title,
          firstName: text((saved.spouse as SpouseValues | undefined)?.firstName),
          lastName: text((saved.spouse as SpouseValues | undefined)?.lastName),
          birthDate: text((saved.spouse as SpouseValues | undefined)?.birthDate),
          sin: text((saved.spouse as SpouseValues | undefined)?.sin),
          netFixedAssets: amountText(
            (saved.spouse as Record<string, unknown> | undefined)?.netFixedAssets,
          ),
          netLiquidAssets: amountText(
            (saved.spouse as Record<string, unknown> | undefined)?.netLiquidAssets,
          ),
        },
      };
    },
    toData,
  });
  const values = form.values;
  // The sidebar's sections are done when the rules find nothing missing or wrong in them.
  const problemPaths =
    schema.safeParse(toData(values)).error?.issues.map((issue) => issue.path) ?? [];
  const sidebarSection = (name: ProfileSectionName, id: string, label: string) => ({
    id,
    label,
    done: sectionDone(name, problemPaths),
  });
  const sidebarSections = [
    sidebarSection('about', 'section-about', t(joint ? 'sections.aboutJoint' : 'sections.about')),
    sidebarSection('contact', 'section-contact', t('sections.contact')),
    sidebarSection('addresses', 'homeAddress', t('sidebar.addresses')),
    sidebarSection('employment', 'section-employment', t('sections.employment')),
    sidebarSection('finances', 'section-finances', t('sections.finances')),
    ...(hasSpouse(values.maritalStatus)
      ? [
          sidebarSection(
            'spouse',
            'section-spouse',
            t(joint ? 'sections.spouseJoint' : 'sections.spouse'),
          ),
        ]
      : []),
  ];
  const set = (patch: Partial<ProfileValues>) => form.update({ ...values, ...patch });
  const setSpouse = (patch: Partial<SpouseValues>) =>
    form.update({ ...values, spouse: { ...values.spouse, ...patch } });

  const titleOptions = optionsOf(titles, titleChoiceLabels, language);
  const options = (list: ReturnType<typeof useReferenceList>) => ({
    options: list.resource.state === 'ready' ? referenceOptions(list.resource.data, language) : [],
    loading: list.resource.state === 'loading',
    failed: list.resource.state === 'failed',
    onRetry: list.retry,
  });
  // Student or retired is a status, never the occupation of someone who works.
  const workOptions = (list: ReturnType<typeof useReferenceList>) => {
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
  const yesNo = [
    { value: 'yes' as const, label: t('yes', { ns: 'onboarding' }) },
    { value: 'no' as const, label: t('no', { ns: 'onboarding' }) },
  ];
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
  const fixed = parseAmount(values.netFixedAssets);
  const liquid = parseAmount(values.netLiquidAssets);
  const netWorth =
    typeof fixed === 'number' && typeof liquid === 'number' ? fixed + liquid : undefined;

  /** The employment questions, for the applicant (prefix '') or the spouse ('spouse.'). */
  const employmentFields = (
    prefix: '' | 'spouse.',
    current: EmploymentValues,
    update: (patch: Partial<EmploymentValues>) => void,
  ) => {
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
          error={form.errorFor(`${prefix}employmentStatus`)}
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
            error={form.errorFor(`${prefix}employerName`)}
            autoComplete="organization"
          />
          <SelectField
            id={id('industryId')}
            label={t('fields.industry')}
            value={current.industryId}
            onChange={(value) => update({ industryId: code(value) })}
            error={form.errorFor(`${prefix}industryId`)}
            {...options(industries)}
          />
          <SearchableSelectField
            id={id('occupationId')}
            label={t('fields.occupation')}
            hint={t('fields.occupationHint')}
            noMatch={t('fields.occupationNoMatch')}
            value={current.occupationId}
            onChange={(occupationId) => update({ occupationId })}
            error={form.errorFor(`${prefix}occupationId`)}
            {...workOptions(occupations)}
          />
          <SelectField
            id={id('employerCountryId')}
            label={t(business ? 'fields.businessCountry' : 'fields.employerCountry')}
            value={current.employerCountryId}
            onChange={(value) =>
              update({ employerCountryId: code(value), employerProvinceId: undefined })
            }
            error={form.errorFor(`${prefix}employerCountryId`)}
            {...options(countries)}
          />
          {(current.employerCountryId === CANADA || current.employerCountryId === USA) && (
            <SelectField
              id={id('employerProvinceId')}
              label={t(business ? 'fields.businessProvince' : 'fields.employerProvince')}
              value={current.employerProvinceId}
              onChange={(value) => update({ employerProvinceId: code(value) })}
              error={form.errorFor(`${prefix}employerProvinceId`)}
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
            error={form.errorFor(`${prefix}employerCity`)}
          />
        </>
        <TextField
          id={id('annualIncome')}
          label={t('fields.annualIncome')}
          hint={t('fields.amountHint')}
          value={current.annualIncome}
          onChange={(annualIncome) => update({ annualIncome })}
          error={form.errorFor(`${prefix}annualIncome`)}
          inputMode="text"
          width="short"
        />
        <SelectField
          id={id('incomeSourceType')}
          label={t('fields.incomeSource')}
          value={current.incomeSourceType}
          onChange={(value) => update({ incomeSourceType: code(value) })}
          error={form.errorFor(`${prefix}incomeSourceType`)}
          options={optionsOf(incomeSourceTypes, incomeSourceTypeLabels, language)}
        />
        {current.incomeSourceType === incomeSourceTypes.Other && (
          <TextField
            id={id('incomeSourceOther')}
            label={t('fields.incomeSourceOther')}
            value={current.incomeSourceOther}
            onChange={(incomeSourceOther) => update({ incomeSourceOther })}
            error={form.errorFor(`${prefix}incomeSourceOther`)}
            maxLength={200}
          />
        )}
      </>
    );
  };

  const addressErrors = (name: string) => (field: keyof AddressValue) =>
    form.errorFor(`${name}.${field}`) ?? (field === 'streetName' ? form.errorFor(name) : undefined);

  return (
    <StepPage
      step={step}
      title={t(joint ? 'jointTitle' : 'title')}
      heading={t(joint ? 'jointHeading' : 'heading')}
      problems={form.problems}
      notice={form.notice}
      saving={form.saving}
      onSubmit={form.submit}
    >
      <p>{t('intro')}</p>
      {joint && <p>{t('jointIntro')}</p>}
      {existingClient && (
        <section className="notice" aria-labelledby="existing-client-heading">
          <h2 id="existing-client-heading">{t('existingClient.heading')}</h2>
          <p>{t('existingClient.intro')}</p>
          <p>{t('existingClient.readOnly', { phone: SUPPORT_PHONE.display })}</p>
        </section>
      )}
      <ProfileSidebar joint={joint} sections={sidebarSections} />

      <h2 id="section-about" tabIndex={-1}>
        {t(joint ? 'sections.aboutJoint' : 'sections.about')}
      </h2>
      <SelectField
        id="title"
        label={t('fields.title')}
        value={values.title}
        onChange={(value) => set({ title: code(value) })}
        error={form.errorFor('title')}
        options={titleOptions.map((option) => ({ id: option.id, label: option.label }))}
      />
      <ReadOnlyOrText
        readOnly={existingClient}
        id="firstName"
        label={t('fields.firstName')}
        hint={prefilled && !existingClient ? t('names.accountName') : undefined}
        value={values.firstName}
        onChange={(firstName) => set({ firstName })}
        error={form.errorFor('firstName')}
        autoComplete="given-name"
      />
      <ReadOnlyOrText
        readOnly={existingClient}
        id="lastName"
        label={t('fields.lastName')}
        hint={prefilled && !existingClient ? t('names.accountName') : undefined}
        value={values.lastName}
        onChange={(lastName) => set({ lastName })}
        error={form.errorFor('lastName')}
        autoComplete="family-name"
      />
      {existingClient ? (
        <ReadOnlyOrText
          readOnly
          id="birthDate"
          label={t('fields.birthDate')}
          value={birthDateShown}
          onChange={() => undefined}
          error={form.errorFor('birthDate')}
        />
      ) : (
        <DateField
          id="birthDate"
          legend={t('fields.birthDate')}
          hint={t('fields.birthDateHint')}
          value={values.birthDate}
          onChange={(birthDate) => set({ birthDate })}
          error={form.errorFor('birthDate')}
        />
      )}
      <ReadOnlyOrText
        readOnly={existingClient}
        id="sin"
        label={t('fields.sin')}
        hint={
          existingClient
            ? undefined
            : onFile?.sinMasked
              ? t('fields.sinSaved', { masked: onFile.sinMasked })
              : t('fields.sinHint')
        }
        value={existingClient ? (onFile?.sinMasked ?? '') : values.sin}
        onChange={(sin) => set({ sin })}
        error={form.errorFor('sin')}
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
        error={form.errorFor('maritalStatus')}
        options={optionsOf(maritalStatuses, maritalStatusLabels, language)}
      />
      <SelectField
        id="citizenshipId"
        label={t('fields.citizenship')}
        value={values.citizenshipId}
        onChange={(value) => set({ citizenshipId: code(value) })}
        error={form.errorFor('citizenshipId')}
        {...options(citizenships)}
      />
      {joint && (
        <>
          <TextField
            id="shareholderId"
            label={t('fields.shareholderId')}
            hint={t('fields.shareholderIdHint')}
            value={values.shareholderId}
            onChange={(shareholderId) => set({ shareholderId })}
            error={form.errorFor('shareholderId')}
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
            error={form.errorFor('shareholderPercent')}
            inputMode="numeric"
            maxLength={6}
            width="short"
          />
        </>
      )}

      <h2 id="section-contact" tabIndex={-1}>
        {t('sections.contact')}
      </h2>
      <ReadOnlyOrText
        readOnly={prefilled}
        id="email"
        label={t('fields.email')}
        hint={prefilled ? t('prefilled') : undefined}
        value={prefilledFrom?.email ?? values.email}
        onChange={(email) => set({ email })}
        error={form.errorFor('email')}
        autoComplete="email"
      />
      {!prefilled && (
        <TextField
          id="confirmEmail"
          label={t(joint ? 'fields.confirmEmailJoint' : 'fields.confirmEmail')}
          value={values.confirmEmail}
          onChange={(confirmEmail) => set({ confirmEmail })}
          error={form.errorFor('confirmEmail')}
          autoComplete="email"
        />
      )}
      <PhoneFields
        id="phones"
        value={values.phones}
        onChange={(phones) => set({ phones })}
        errorFor={(path) => form.errorFor(path ? `phones.${path}` : 'phones')}
      />
      {joint && (
        <RadioChoices
          id="preferredLanguage"
          legend={t('fields.preferredLanguage')}
          hint={t('fields.preferredLanguageHint')}
          value={values.preferredLanguage}
          onChange={(preferredLanguage) => set({ preferredLanguage })}
          error={form.errorFor('preferredLanguage')}
          choices={preferredLanguages.map((option) => ({
            value: option,
            label: t(`languages.${option}`),
          }))}
        />
      )}

      <AddressFields
        id="homeAddress"
        legend={t('sections.home')}
        hint={t(joint ? 'address.homeHintJoint' : 'address.homeHint')}
        value={values.homeAddress}
        sameAs={
          joint && primaryHome
            ? {
                label: t('address.sameHomeAsPrimary'),
                hint: t('address.sameHomeAsPrimaryHint'),
                address: primaryHome,
              }
            : undefined
        }
        onChange={(homeAddress) => set({ homeAddress })}
        errorFor={addressErrors('homeAddress')}
      />
      <RadioChoices
        id="mailingSameAsHome"
        legend={t(joint ? 'fields.mailingSameAsHomeJoint' : 'fields.mailingSameAsHome')}
        value={
          values.mailingSameAsHome === undefined
            ? undefined
            : values.mailingSameAsHome
              ? 'yes'
              : 'no'
        }
        onChange={(answer) => set({ mailingSameAsHome: answer === 'yes' })}
        error={form.errorFor('mailingSameAsHome')}
        choices={yesNo}
      />
      {values.mailingSameAsHome === false && (
        <AddressFields
          id="mailingAddress"
          legend={t('sections.mailing')}
          value={values.mailingAddress}
          onChange={(mailingAddress) => set({ mailingAddress })}
          errorFor={addressErrors('mailingAddress')}
        />
      )}
      <RadioChoices
        id="movedWithinTwoYears"
        legend={t(joint ? 'fields.movedWithinTwoYearsJoint' : 'fields.movedWithinTwoYears', {
          years: PREVIOUS_ADDRESS_IF_MOVED_WITHIN_YEARS,
        })}
        value={
          values.movedWithinTwoYears === undefined
            ? undefined
            : values.movedWithinTwoYears
              ? 'yes'
              : 'no'
        }
        onChange={(answer) => set({ movedWithinTwoYears: answer === 'yes' })}
        error={form.errorFor('movedWithinTwoYears')}
        choices={yesNo}
      />
      {values.movedWithinTwoYears === true && (
        <AddressFields
          id="previousAddress"
          legend={t('sections.previous')}
          hint={t(joint ? 'address.previousHintJoint' : 'address.previousHint')}
          value={values.previousAddress}
          onChange={(previousAddress) => set({ previousAddress })}
          errorFor={addressErrors('previousAddress')}
        />
      )}

      <h2 id="section-employment" tabIndex={-1}>
        {t('sections.employment')}
      </h2>
      {employmentFields('', values, (patch) => set(patch))}

      <h2 id="section-finances" tabIndex={-1}>
        {t('sections.finances')}
      </h2>
      <TextField
        id="netFixedAssets"
        label={t('fields.netFixedAssets')}
        hint={t(joint ? 'fields.netFixedAssetsHintJoint' : 'fields.netFixedAssetsHint')}
        value={values.netFixedAssets}
        onChange={(netFixedAssets) => set({ netFixedAssets })}
        error={form.errorFor('netFixedAssets')}
        width="short"
      />
      <TextField
        id="netLiquidAssets"
        label={t('fields.netLiquidAssets')}
        hint={t(joint ? 'fields.netLiquidAssetsHintJoint' : 'fields.netLiquidAssetsHint')}
        value={values.netLiquidAssets}
        onChange={(netLiquidAssets) => set({ netLiquidAssets })}
        error={form.errorFor('netLiquidAssets')}
        width="short"
      />
      {netWorth !== undefined && (
        <p aria-live="polite">
          {t('fields.totalNetWorth', { amount: formatAmount(netWorth, language) })}
        </p>
      )}

      {hasSpouse(values.maritalStatus) && (
        <>
          <h2 id="section-spouse" tabIndex={-1}>
            {t(joint ? 'sections.spouseJoint' : 'sections.spouse')}
          </h2>
          <SelectField
            id="spouse-title"
            label={t('fields.title')}
            value={values.spouse.title}
            onChange={(value) => setSpouse({ title: code(value) })}
            error={form.errorFor('spouse.title')}
            options={titleOptions.map((option) => ({ id: option.id, label: option.label }))}
          />
          <TextField
            id="spouse-firstName"
            label={t('fields.firstName')}
            value={values.spouse.firstName}
            onChange={(firstName) => setSpouse({ firstName })}
            error={form.errorFor('spouse.firstName')}
          />
          <TextField
            id="spouse-lastName"
            label={t('fields.lastName')}
            value={values.spouse.lastName}
            onChange={(lastName) => setSpouse({ lastName })}
            error={form.errorFor('spouse.lastName')}
          />
          <DateField
            id="spouse-birthDate"
            legend={t('fields.birthDate')}
            hint={t('fields.birthDateHint')}
            value={values.spouse.birthDate}
            onChange={(birthDate) => setSpouse({ birthDate })}
            error={form.errorFor('spouse.birthDate')}
          />
          <TextField
            id="spouse-sin"
            label={t('fields.sin')}
            hint={
              onFile?.spouse?.sinMasked
                ? t('fields.sinSaved', { masked: onFile.spouse.sinMasked })
                : undefined
            }
            value={values.spouse.sin}
            onChange={(sin) => setSpouse({ sin })}
            error={form.errorFor('spouse.sin')}
            inputMode="numeric"
            autoComplete="off"
            maxLength={11}
            width="short"
          />
          {employmentFields('spouse.', values.spouse, (patch) => setSpouse(patch))}
          <TextField
            id="spouse-netFixedAssets"
            label={t('fields.netFixedAssets')}
            hint={t('fields.spouseNetFixedAssetsHint')}
            value={values.spouse.netFixedAssets}
            onChange={(netFixedAssets) => setSpouse({ netFixedAssets })}
            error={form.errorFor('spouse.netFixedAssets')}
            width="short"
          />
          <TextField
            id="spouse-netLiquidAssets"
            label={t('fields.netLiquidAssets')}
            hint={t('fields.spouseNetLiquidAssetsHint')}
            value={values.spouse.netLiquidAssets}
            onChange={(netLiquidAssets) => setSpouse({ netLiquidAssets })}
            error={form.errorFor('spouse.netLiquidAssets')}
            width="short"
          />
        </>
      )}
    </StepPage>
  );
}

/** A saved `YYYY-MM-DD` date in words ("March 27, 1985"), or as it is when it is not one. */
function readableDate(date: string, language: Language): string {
  const parsed = /^\d{4}-\d{2}-\d{2}$/.test(date) ? new Date(`${date}T00:00:00Z`) : undefined;
  if (!parsed || Number.isNaN(parsed.getTime())) return date;
  return new Intl.DateTimeFormat(language, { dateStyle: 'long', timeZone: 'UTC' }).format(parsed);
}

/** A prefilled answer the person cannot change here, or a text box. */
function ReadOnlyOrText(props: Parameters<typeof TextField>[0] & { readOnly: boolean }) {
  const { readOnly, ...field } = props;
  if (!readOnly) return <TextField {...field} />;
  return (
    <div className="read-only-field">
      <p className="read-only-label" id={`${field.id}-label`}>
        {field.label}
      </p>
      <p id={field.id} aria-labelledby={`${field.id}-label`} className="read-only-value">
        {field.value}
      </p>
      {/* A refusal of a read-only answer (the server's identity check) is still said here. */}
      {field.error ? (
        <FieldMessages id={field.id} hint={field.hint} error={field.error} />
      ) : (
        field.hint && <p className="hint">{field.hint}</p>
      )}
    </div>
  );
}

/** Every answer's field id, in page order, for the error summary's links. */
function fieldIdsFor(): Record<string, string> {
  const ids: Record<string, string> = {};
  const add = (path: string) => (ids[path] = path.replace(/\./g, '-'));
  for (const name of [
    'title',
    'firstName',
    'lastName',
    'birthDate',
    'sin',
    'maritalStatus',
    'citizenshipId',
    'shareholderId',
    'shareholderPercent',
    'email',
    'confirmEmail',
  ]) {
    add(name);
  }
  ids.phones = 'phones';
  for (let index = 0; index < 3; index += 1) {
    for (const part of ['type', 'number', 'extension']) add(`phones.${index}.${part}`);
  }
  add('preferredLanguage');
  for (const address of ['homeAddress', 'mailingAddress', 'previousAddress']) {
    if (address === 'mailingAddress') add('mailingSameAsHome');
    if (address === 'previousAddress') add('movedWithinTwoYears');
    ids[address] = `${address}-streetName`;
    for (const part of addressParts) add(`${address}.${part}`);
  }
  for (const name of employmentFieldNames) add(name);
  add('netFixedAssets');
  add('netLiquidAssets');
  for (const name of [
    'title',
    'firstName',
    'lastName',
    'birthDate',
    'sin',
    ...employmentFieldNames,
    'netFixedAssets',
    'netLiquidAssets',
  ]) {
    add(`spouse.${name}`);
  }
  ids.spouse = 'spouse-title';
  return ids;
}

/** Step `profilejoint`: the same questions about the joint applicant. */
export function JointProfileStep() {
  return <ProfileStep joint />;
}
