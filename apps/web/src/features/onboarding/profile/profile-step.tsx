import { useTranslation } from '../../../lib/i18n.ts';
import type { Language } from '@portal/domain/enums/define-enum';
import { SUPPORT_PHONE } from '@portal/domain/brand';
import type { OnboardingStep } from '@portal/domain/onboarding-steps';
import { chosenAccounts } from '@portal/domain/rules/onboarding-flow';
import { dealerDate } from '@portal/domain/rules/person';
import { profileStepSchema } from '@portal/domain/rules/profile';
import { JOINT_SHARE_DEFAULT_PERCENT } from '@portal/domain/rules/joint-ownership';
import { useReferenceList } from '../../../lib/reference-lists.ts';
import { useUserInfo } from '../../../lib/user-info.tsx';
import type { AddressValue } from '../step/address-fields.tsx';
import { jointProfilePrefill } from './joint-profile-prefill.ts';
import { ProfileSidebar, sectionDone, type ProfileSectionName } from './profile-sidebar.tsx';
import { useApplication } from '../step/application-context.tsx';
import { parseAmount } from '../step/money.ts';
import type { PhoneValue } from './phone-fields.tsx';
import { StepPage } from '../step/step-page.tsx';
import { useStepForm } from '../step/use-step-form.ts';
import { AboutSection } from './about-section.tsx';
import { AddressesSection } from './addresses-section.tsx';
import { ContactSection } from './contact-section.tsx';
import { EmploymentFields } from './employment-fields.tsx';
import { FinancesSection } from './finances-section.tsx';
import { fieldIdsFor } from './profile-field-ids.ts';
import {
  CANADA,
  amountText,
  emptyEmployment,
  employmentData,
  hasSpouse,
  text,
  type ProfileLists,
  type ProfileValues,
  type SpouseValues,
} from './profile-values.ts';
import { SpouseSection } from './spouse-section.tsx';

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
  const { t } = useTranslation('profile');
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
  const lists: ProfileLists = {
    citizenships: useReferenceList('citizenships'),
    countries: useReferenceList('countries'),
    provinces: useReferenceList('provinceStates'),
    industries: useReferenceList('businessTypes'),
    occupations: useReferenceList('occupationTypes'),
  };

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

      <AboutSection
        values={values}
        onChange={set}
        errorFor={form.errorFor}
        joint={joint}
        prefilled={prefilled}
        existingClient={existingClient}
        sinMasked={onFile?.sinMasked}
        citizenships={lists.citizenships}
      />
      <ContactSection
        values={values}
        onChange={set}
        errorFor={form.errorFor}
        joint={joint}
        prefilled={prefilled}
        accountEmail={prefilledFrom?.email}
      />
      <AddressesSection
        values={values}
        onChange={set}
        errorFor={form.errorFor}
        joint={joint}
        primaryHome={primaryHome}
      />

      <h2 id="section-employment" tabIndex={-1}>
        {t('sections.employment')}
      </h2>
      <EmploymentFields
        prefix=""
        values={values}
        onChange={set}
        errorFor={form.errorFor}
        lists={lists}
      />

      <FinancesSection values={values} onChange={set} errorFor={form.errorFor} joint={joint} />

      {hasSpouse(values.maritalStatus) && (
        <SpouseSection
          values={values.spouse}
          onChange={setSpouse}
          errorFor={form.errorFor}
          joint={joint}
          sinMasked={onFile?.spouse?.sinMasked}
          lists={lists}
        />
      )}
    </StepPage>
  );
}

/** Step `profilejoint`: the same questions about the joint applicant. */
export function JointProfileStep() {
  return <ProfileStep joint />;
}
