import { useTranslation } from '../../../lib/i18n.ts';
import { z } from 'zod';
import {
  namedAccountTypeLabels,
  type NamedAccountTypeName,
} from '@portal/domain/enums/account-types';
import { optionsOf, pick, type Language } from '@portal/domain/enums/define-enum';
import { chosenAccounts } from '@portal/domain/rules/onboarding-flow';
import {
  combineExperience,
  experienceFlagsOf,
  investmentExperienceFlagLabels,
  investmentExperienceFlags,
  investmentKnowledgeLevelLabels,
  investmentKnowledgeLevels,
  investmentTimeHorizonLabels,
  investmentTimeHorizons,
  riskToleranceLabels,
  riskTolerances,
  type InvestmentExperienceFlag,
} from '@portal/domain/enums/investment';
import {
  correspondenceLanguageLabels,
  correspondenceLanguages,
  documentDeliveryOptionLabels,
  documentDeliveryOptions,
  heardAboutUsSourceLabels,
  heardAboutUsSources,
  purposeTypeLabels,
  purposeTypes,
} from '@portal/domain/enums/preferences';
import { takesSinAsTin } from '@portal/domain/rules/affiliations';
import { beneficiariesAllowed, beneficiaryAccounts } from '@portal/domain/rules/beneficiaries';
import {
  deliveryMethodLabels,
  deliveryMethods,
  intendedUseLabels,
  intendedUses,
  knowledgeWarning,
  type DeliveryMethod,
} from '@portal/domain/rules/financial-background';
import {
  otherInterestsContextOf,
  otherInterestsSavedStepSchema,
} from '@portal/domain/rules/other-interests-step';
import { dealerDate } from '@portal/domain/rules/person';
import { CheckboxChoices, RadioChoices } from '../../../ui/choices.tsx';
import { SelectField } from '../../../ui/select-field.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import { DocumentsPanel } from '../step/documents-panel.tsx';
import {
  AffiliationFields,
  affiliationPaths,
  personAffiliationData,
  personAffiliationValues,
  type PersonAffiliationValues,
} from './affiliation-fields.tsx';
import {
  BeneficiaryFields,
  beneficiaryData,
  beneficiaryPaths,
  beneficiaryValues,
  type BeneficiaryValues,
} from './beneficiary-fields.tsx';
import { useApplication } from '../step/application-context.tsx';
import { WorkEmailVerification } from './work-email-verification.tsx';
import { idOf, useYesNoChoices, yesNoValue } from '../step/form-paths.ts';
import { RelationshipDisclosureLink } from './relationship-disclosure-link.tsx';
import { StepPage } from '../step/step-page.tsx';
import {
  emptyThirdParty,
  ThirdPartyQuestion,
  thirdPartyData,
  thirdPartyPaths,
  type ThirdPartyQuestionValues,
  type ThirdPartyValues,
} from './third-party-fields.tsx';
import { useStepForm } from '../step/use-step-form.ts';

const thirdPartyQuestions = ['tradingAuthority', 'guarantee', 'powerOfAttorney'] as const;
type ThirdPartyQuestionName = (typeof thirdPartyQuestions)[number];

interface OtherInterestsValues {
  businessRelationshipPurpose?: number;
  purposeOther: string;
  intendedUse: Partial<Record<NamedAccountTypeName, number>>;
  experience: { primary: InvestmentExperienceFlag[]; joint: InvestmentExperienceFlag[] };
  knowledge: { primary?: number; joint?: number };
  riskTolerance: { primary?: number; joint?: number };
  timeHorizon: { primary?: number; joint?: number };
  knowledgeWarningAcknowledged: boolean;
  tradingAuthority: ThirdPartyQuestionValues;
  guarantee: ThirdPartyQuestionValues;
  powerOfAttorney: ThirdPartyQuestionValues;
  securityholderInformation?: number;
  documentDelivery?: DeliveryMethod;
  correspondenceLanguage?: number;
  securityholderExplanationAcknowledged: boolean;
  disclosureAcknowledged: boolean;
  referralSource?: number;
  referralInstitution: string;
  referralBranch: string;
  referralRepresentativeName: string;
  referralOther: string;
  isEmployeeOrAdvisor?: boolean;
  workEmail: string;
  affiliations: { primary: PersonAffiliationValues; joint: PersonAffiliationValues };
  beneficiaries: BeneficiaryValues[];
}

type Saved = Record<string, unknown>;
const text = (value: unknown) => (typeof value === 'string' ? value : '');
const numberOr = (value: unknown) => (typeof value === 'number' ? value : undefined);
const booleanOr = (value: unknown) => (typeof value === 'boolean' ? value : undefined);
const code = (value: string) => (value === '' ? undefined : Number(value));
const recordOf = (value: unknown): Saved =>
  typeof value === 'object' && value !== null ? (value as Saved) : {};

function thirdPartyValues(saved: unknown): ThirdPartyValues {
  const value = recordOf(saved);
  return {
    ...emptyThirdParty(),
    kind: value.kind as ThirdPartyValues['kind'],
    name: text(value.name),
    ...(value.address ? { address: value.address as ThirdPartyValues['address'] } : {}),
    phone: text(value.phone),
    occupation: text(value.occupation),
    birthDate: text(value.birthDate),
    ...(typeof value.sinMasked === 'string' ? { sinMasked: value.sinMasked } : {}),
    incorporationNumber: text(value.incorporationNumber),
    incorporationPlace: text(value.incorporationPlace),
  };
}

function questionValues(saved: unknown): ThirdPartyQuestionValues {
  const value = recordOf(saved);
  return {
    answer: booleanOr(value.answer),
    thirdParties: Array.isArray(value.thirdParties) ? value.thirdParties.map(thirdPartyValues) : [],
  };
}

function initialValues(savedData: unknown): OtherInterestsValues {
  const saved = recordOf(savedData);
  const experience = recordOf(saved.investmentExperience);
  const knowledge = recordOf(saved.investmentKnowledge);
  const risk = recordOf(saved.riskTolerance);
  const horizon = recordOf(saved.investmentTimeHorizon);
  const affiliations = recordOf(saved.affiliations);
  const flags = (value: unknown) => (typeof value === 'number' ? experienceFlagsOf(value) : []);
  return {
    businessRelationshipPurpose: numberOr(saved.businessRelationshipPurpose),
    purposeOther: text(saved.purposeOther),
    intendedUse: recordOf(saved.intendedUse) as OtherInterestsValues['intendedUse'],
    experience: { primary: flags(experience.primary), joint: flags(experience.joint) },
    knowledge: { primary: numberOr(knowledge.primary), joint: numberOr(knowledge.joint) },
    riskTolerance: { primary: numberOr(risk.primary), joint: numberOr(risk.joint) },
    timeHorizon: { primary: numberOr(horizon.primary), joint: numberOr(horizon.joint) },
    knowledgeWarningAcknowledged: saved.knowledgeWarningAcknowledged === true,
    tradingAuthority: questionValues(saved.tradingAuthority),
    guarantee: questionValues(saved.guarantee),
    powerOfAttorney: questionValues(saved.powerOfAttorney),
    securityholderInformation: numberOr(saved.securityholderInformation),
    documentDelivery: saved.documentDelivery as DeliveryMethod | undefined,
    correspondenceLanguage: numberOr(saved.correspondenceLanguage),
    securityholderExplanationAcknowledged: saved.securityholderExplanationAcknowledged === true,
    disclosureAcknowledged: saved.disclosureAcknowledged === true,
    referralSource: numberOr(saved.referralSource),
    referralInstitution: text(saved.referralInstitution),
    referralBranch: text(saved.referralBranch),
    referralRepresentativeName: text(saved.referralRepresentativeName),
    referralOther: text(saved.referralOther),
    isEmployeeOrAdvisor: booleanOr(saved.isEmployeeOrAdvisor),
    workEmail: text(saved.workEmail),
    affiliations: {
      primary: personAffiliationValues(affiliations.primary),
      joint: personAffiliationValues(affiliations.joint),
    },
    beneficiaries: Array.isArray(saved.beneficiaries)
      ? saved.beneficiaries.map(beneficiaryValues)
      : [],
  };
}

const applicantsOf = (joint: boolean) =>
  joint ? (['primary', 'joint'] as const) : (['primary'] as const);

const referredByRepresentative = (source: number | undefined) =>
  source === heardAboutUsSources.FinancialAdvisor ||
  source === heardAboutUsSources.FinInstRepresentative;

/** The spouse as the profile's spouse section names them, when it does. */
const spouseNameOf = (steps: Record<string, unknown>) => {
  const spouse = recordOf(recordOf(steps.profile).spouse);
  const firstName = typeof spouse.firstName === 'string' ? spouse.firstName : '';
  const lastName = typeof spouse.lastName === 'string' ? spouse.lastName : '';
  return firstName || lastName ? { firstName, lastName } : undefined;
};

/** An applicant's SIN as their profile step saved it, masked (the server never answers it plain). */
const sinOnFileOf = (steps: Record<string, unknown>, who: 'primary' | 'joint') => {
  const masked = recordOf(steps[who === 'joint' ? 'profilejoint' : 'profile']).sinMasked;
  return typeof masked === 'string' ? masked : undefined;
};

/**
 * The server keeps SINs and TINs encrypted and answers them masked; one left blank keeps the
 * value on file, and a Canadian TIN left blank is the applicant's SIN on file. The form's own
 * check must not call such a blank missing.
 */
const keptOnFile = (
  data: unknown,
  saved: unknown,
  steps: Record<string, unknown>,
  path: readonly PropertyKey[],
) => {
  const key = path.at(-1);
  if (key !== 'tin' && key !== 'usTin' && key !== 'sin') return false;
  const parent = (root: unknown) =>
    path.slice(0, -1).reduce<unknown>((node, part) => recordOf(node)[part as string], root);
  const given = recordOf(parent(data))[key];
  const who = path[0] === 'affiliations' && path[2] === 'taxResidences' ? path[1] : undefined;
  if ((who === 'primary' || who === 'joint') && takesSinAsTin(parent(data))) {
    return sinOnFileOf(steps, who) !== undefined;
  }
  return (
    (given === undefined || given === '') &&
    typeof recordOf(parent(saved))[`${key}Masked`] === 'string'
  );
};

/**
 * Step `otherinterests`: the financial background (purpose, intended use, experience and
 * knowledge, third parties, communication choices, referral, staff flag), each applicant's
 * affiliations, and the beneficiaries of the registered plans chosen. Supporting documents
 * are uploaded within the step, before Save and continue, each on its own.
 */
export function OtherInterestsStep() {
  const { t, i18n } = useTranslation('financial');
  const language = i18n.language as Language;
  const yesNo = useYesNoChoices();
  const { application } = useApplication();
  const context = otherInterestsContextOf(application.steps, dealerDate(new Date()));
  const saved = application.steps.otherinterests;
  const rules = otherInterestsSavedStepSchema(context);
  const schema = z.unknown().superRefine((data, refinement) => {
    for (const issue of rules.safeParse(data).error?.issues ?? []) {
      if (!keptOnFile(data, saved, application.steps, issue.path)) {
        refinement.addIssue({ code: 'custom', path: issue.path, message: issue.message });
      }
    }
  });
  const plans = beneficiaryAccounts(context.accounts);
  const beneficiaryContext = { ...context, accounts: plans };
  const allowed = beneficiariesAllowed(beneficiaryContext);
  const resp = plans.some((plan) => plan === 'respi' || plan === 'respf');

  // Options or speculation with little knowledge: a warning to acknowledge, never a refusal.
  const warningOf = (values: OtherInterestsValues) =>
    knowledgeWarning(
      { investmentKnowledge: values.knowledge, intendedUse: values.intendedUse },
      context,
    );

  const toData = (values: OtherInterestsValues) => ({
    businessRelationshipPurpose: values.businessRelationshipPurpose,
    ...(values.businessRelationshipPurpose === purposeTypes.Other
      ? { purposeOther: values.purposeOther }
      : {}),
    intendedUse: Object.fromEntries(
      context.accounts.map((account) => [account, values.intendedUse[account]]),
    ),
    investmentExperience: {
      primary: combineExperience(values.experience.primary),
      ...(context.joint ? { joint: combineExperience(values.experience.joint) } : {}),
    },
    investmentKnowledge: {
      primary: values.knowledge.primary,
      ...(context.joint ? { joint: values.knowledge.joint } : {}),
    },
    riskTolerance: {
      primary: values.riskTolerance.primary,
      ...(context.joint ? { joint: values.riskTolerance.joint } : {}),
    },
    investmentTimeHorizon: {
      primary: values.timeHorizon.primary,
      ...(context.joint ? { joint: values.timeHorizon.joint } : {}),
    },
    ...(warningOf(values)
      ? { knowledgeWarningAcknowledged: values.knowledgeWarningAcknowledged }
      : {}),
    ...Object.fromEntries(
      thirdPartyQuestions.map((name) => [
        name,
        {
          answer: values[name].answer,
          ...(values[name].answer
            ? { thirdParties: values[name].thirdParties.map(thirdPartyData) }
            : {}),
        },
      ]),
    ),
    securityholderInformation: values.securityholderInformation,
    documentDelivery: values.documentDelivery,
    correspondenceLanguage: values.correspondenceLanguage,
    securityholderExplanationAcknowledged: values.securityholderExplanationAcknowledged,
    disclosureAcknowledged: values.disclosureAcknowledged,
    referralSource: values.referralSource,
    ...(referredByRepresentative(values.referralSource)
      ? {
          referralInstitution: values.referralInstitution,
          referralBranch: values.referralBranch,
          referralRepresentativeName: values.referralRepresentativeName,
        }
      : {}),
    ...(values.referralSource === heardAboutUsSources.Other
      ? { referralOther: values.referralOther }
      : {}),
    isEmployeeOrAdvisor: values.isEmployeeOrAdvisor,
    ...(values.isEmployeeOrAdvisor ? { workEmail: values.workEmail } : {}),
    affiliations: {
      primary: personAffiliationData(values.affiliations.primary),
      ...(context.joint ? { joint: personAffiliationData(values.affiliations.joint) } : {}),
    },
    ...(plans.length > 0
      ? {
          beneficiaries: allowed
            ? values.beneficiaries.map((beneficiary) => beneficiaryData(beneficiary, resp))
            : [],
        }
      : {}),
  });

  const pathsOf = (values: OtherInterestsValues) => [
    'businessRelationshipPurpose',
    'purposeOther',
    ...context.accounts.map((account) => `intendedUse.${account}`),
    ...applicantsOf(context.joint).flatMap((who) => [
      `investmentExperience.${who}`,
      `investmentKnowledge.${who}`,
      `riskTolerance.${who}`,
      `investmentTimeHorizon.${who}`,
    ]),
    'knowledgeWarningAcknowledged',
    ...thirdPartyQuestions.flatMap((name) => [
      `${name}.answer`,
      `${name}.thirdParties`,
      ...values[name].thirdParties.flatMap((party, index) =>
        thirdPartyPaths(`${name}.thirdParties.${index}`, party),
      ),
    ]),
    'securityholderInformation',
    'securityholderExplanationAcknowledged',
    'documentDelivery',
    'correspondenceLanguage',
    'disclosureAcknowledged',
    'referralSource',
    'referralInstitution',
    'referralBranch',
    'referralRepresentativeName',
    'referralOther',
    'isEmployeeOrAdvisor',
    'workEmail',
    ...affiliationPaths('affiliations.primary', values.affiliations.primary),
    ...(context.joint ? affiliationPaths('affiliations.joint', values.affiliations.joint) : []),
    ...beneficiaryPaths(values.beneficiaries),
  ];

  const form = useStepForm<OtherInterestsValues>({
    step: 'otherinterests',
    schema,
    // From the answers as they stand, so rows added since appear in the error summary's order.
    fieldIds: (values) =>
      Object.fromEntries(
        pathsOf(values).map((path) => [
          path,
          // An empty list is answered at its yes/no question.
          idOf(path.replace(/\.thirdParties$/, '.answer')),
        ]),
      ),
    initial: initialValues,
    toData,
  });
  const values = form.values;
  const set = (patch: Partial<OtherInterestsValues>) => form.update({ ...values, ...patch });
  const errorFor = form.errorFor;
  const choices = <E extends Record<string, number | string>>(
    codes: E,
    labels: Parameters<typeof optionsOf<E>>[1],
  ) =>
    optionsOf(codes, labels, language).map((option) => ({ value: option.id, label: option.label }));
  const applicants = applicantsOf(context.joint);
  const warning = warningOf(values);

  return (
    <StepPage
      step="otherinterests"
      title={t('title')}
      heading={t('heading')}
      problems={form.problems}
      notice={form.notice}
      saving={form.saving}
      onSubmit={form.submit}
      beforeActions={
        <DocumentsPanel
          applicationId={application.id}
          accounts={chosenAccounts(application.steps)}
        />
      }
    >
      <p>{t('intro')}</p>

      <h2>{t('sections.purpose')}</h2>
      <RadioChoices
        id="businessRelationshipPurpose"
        legend={t('fields.businessRelationshipPurpose')}
        value={values.businessRelationshipPurpose}
        onChange={(businessRelationshipPurpose) => set({ businessRelationshipPurpose })}
        error={errorFor('businessRelationshipPurpose')}
        choices={choices(purposeTypes, purposeTypeLabels).map((choice) =>
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
      {context.accounts.map((account) => (
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

      <h2>{t('sections.experience')}</h2>
      {applicants.map((who) => (
        <div key={who}>
          <CheckboxChoices
            id={idOf(`investmentExperience.${who}`)}
            legend={t(who === 'joint' ? 'fields.experienceJoint' : 'fields.experiencePrimary')}
            hint={t('fields.experienceHint')}
            values={values.experience[who]}
            onChange={(chosen) => {
              // "None" excludes every product: choosing it clears them, and the reverse.
              const added = chosen.find((flag) => !values.experience[who].includes(flag));
              const next =
                added === investmentExperienceFlags.None
                  ? [investmentExperienceFlags.None]
                  : chosen.filter((flag) => flag !== investmentExperienceFlags.None);
              set({ experience: { ...values.experience, [who]: next } });
            }}
            error={errorFor(`investmentExperience.${who}`)}
            choices={choices(investmentExperienceFlags, investmentExperienceFlagLabels)}
          />
          <RadioChoices
            id={idOf(`investmentKnowledge.${who}`)}
            legend={t(who === 'joint' ? 'fields.knowledgeJoint' : 'fields.knowledgePrimary')}
            value={values.knowledge[who]}
            onChange={(level) => set({ knowledge: { ...values.knowledge, [who]: level } })}
            error={errorFor(`investmentKnowledge.${who}`)}
            choices={choices(investmentKnowledgeLevels, investmentKnowledgeLevelLabels)}
          />
          <RadioChoices
            id={idOf(`riskTolerance.${who}`)}
            legend={t(
              who === 'joint' ? 'fields.riskToleranceJoint' : 'fields.riskTolerancePrimary',
            )}
            hint={t('fields.riskToleranceHint')}
            value={values.riskTolerance[who]}
            onChange={(level) => set({ riskTolerance: { ...values.riskTolerance, [who]: level } })}
            error={errorFor(`riskTolerance.${who}`)}
            choices={choices(riskTolerances, riskToleranceLabels)}
          />
          <RadioChoices
            id={idOf(`investmentTimeHorizon.${who}`)}
            legend={t(who === 'joint' ? 'fields.timeHorizonJoint' : 'fields.timeHorizonPrimary')}
            value={values.timeHorizon[who]}
            onChange={(horizon) => set({ timeHorizon: { ...values.timeHorizon, [who]: horizon } })}
            error={errorFor(`investmentTimeHorizon.${who}`)}
            choices={choices(investmentTimeHorizons, investmentTimeHorizonLabels)}
          />
        </div>
      ))}
      {warning && (
        <section className="notice-warning" aria-labelledby="knowledgeWarning-heading">
          <h3 id="knowledgeWarning-heading">{t('knowledgeWarning.heading')}</h3>
          <p>
            {t(
              warning.options && warning.speculation
                ? 'knowledgeWarning.optionsAndSpeculation'
                : warning.options
                  ? 'knowledgeWarning.options'
                  : 'knowledgeWarning.speculation',
            )}{' '}
            {t(
              warning.applicants.length === 2
                ? 'knowledgeWarning.both'
                : warning.applicants[0] === 'joint'
                  ? 'knowledgeWarning.joint'
                  : 'knowledgeWarning.primary',
            )}
          </p>
          <p>{t('knowledgeWarning.risk')}</p>
          <CheckboxChoices
            id="knowledgeWarningAcknowledged"
            legend={t('knowledgeWarning.legend')}
            values={values.knowledgeWarningAcknowledged ? ['yes'] : []}
            onChange={(chosen) => set({ knowledgeWarningAcknowledged: chosen.includes('yes') })}
            error={errorFor('knowledgeWarningAcknowledged')}
            choices={[{ value: 'yes', label: t('knowledgeWarning.acknowledge') }]}
          />
        </section>
      )}

      <h2>{t('sections.thirdParties')}</h2>
      {thirdPartyQuestions.map((name: ThirdPartyQuestionName) => (
        <ThirdPartyQuestion
          key={name}
          path={name}
          legend={t(`thirdParties.${name}`)}
          hint={t(`thirdParties.${name}Hint`)}
          value={values[name]}
          onChange={(question) => set({ [name]: question })}
          errorFor={errorFor}
        />
      ))}

      <h2>{t('sections.communication')}</h2>
      <p id="securityholderExplanation">{t('fields.securityholderExplanation')}</p>
      <RadioChoices
        id="securityholderInformation"
        legend={t('fields.securityholderInformation')}
        value={values.securityholderInformation}
        onChange={(securityholderInformation) => set({ securityholderInformation })}
        error={errorFor('securityholderInformation')}
        choices={choices(documentDeliveryOptions, documentDeliveryOptionLabels)}
      />
      <CheckboxChoices
        id="securityholderExplanationAcknowledged"
        legend={t('fields.explanationAcknowledgement')}
        values={values.securityholderExplanationAcknowledged ? ['yes'] : []}
        onChange={(chosen) =>
          set({ securityholderExplanationAcknowledged: chosen.includes('yes') })
        }
        error={errorFor('securityholderExplanationAcknowledged')}
        choices={[{ value: 'yes', label: t('fields.securityholderExplanationAcknowledged') }]}
      />
      <RadioChoices
        id="documentDelivery"
        legend={t('fields.documentDelivery')}
        value={values.documentDelivery}
        onChange={(documentDelivery) => set({ documentDelivery })}
        error={errorFor('documentDelivery')}
        choices={choices(deliveryMethods, deliveryMethodLabels)}
      />
      <RadioChoices
        id="correspondenceLanguage"
        legend={t('fields.correspondenceLanguage')}
        value={values.correspondenceLanguage}
        onChange={(correspondenceLanguage) => set({ correspondenceLanguage })}
        error={errorFor('correspondenceLanguage')}
        choices={choices(correspondenceLanguages, correspondenceLanguageLabels)}
      />
      <CheckboxChoices
        id="disclosureAcknowledged"
        legend={t('fields.disclosureAcknowledgement')}
        hint={<RelationshipDisclosureLink />}
        values={values.disclosureAcknowledged ? ['yes'] : []}
        onChange={(chosen) => set({ disclosureAcknowledged: chosen.includes('yes') })}
        error={errorFor('disclosureAcknowledged')}
        choices={[{ value: 'yes', label: t('fields.disclosureAcknowledged') }]}
      />

      <h2>{t('sections.referral')}</h2>
      <SelectField
        id="referralSource"
        label={t('fields.referralSource')}
        value={values.referralSource}
        onChange={(id) => set({ referralSource: code(id) })}
        error={errorFor('referralSource')}
        options={optionsOf(heardAboutUsSources, heardAboutUsSourceLabels, language)}
      />
      {referredByRepresentative(values.referralSource) && (
        <div className="conditional">
          {(['referralInstitution', 'referralBranch', 'referralRepresentativeName'] as const).map(
            (name) => (
              <TextField
                key={name}
                id={name}
                label={t(`fields.${name}`)}
                value={values[name]}
                onChange={(answer) => set({ [name]: answer })}
                error={errorFor(name)}
              />
            ),
          )}
        </div>
      )}
      {values.referralSource === heardAboutUsSources.Other && (
        <div className="conditional">
          <TextField
            id="referralOther"
            label={t('fields.referralOther')}
            value={values.referralOther}
            onChange={(referralOther) => set({ referralOther })}
            error={errorFor('referralOther')}
            maxLength={200}
          />
        </div>
      )}
      <RadioChoices
        id="isEmployeeOrAdvisor"
        legend={t('fields.isEmployeeOrAdvisor')}
        value={yesNoValue(values.isEmployeeOrAdvisor)}
        onChange={(answer) => set({ isEmployeeOrAdvisor: answer === 'yes' })}
        error={errorFor('isEmployeeOrAdvisor')}
        choices={yesNo.map((choice) =>
          choice.value === 'yes'
            ? {
                ...choice,
                reveal: (
                  <>
                    <TextField
                      id="workEmail"
                      label={t('fields.workEmail')}
                      hint={t('fields.workEmailHint')}
                      value={values.workEmail}
                      onChange={(workEmail) => set({ workEmail })}
                      error={errorFor('workEmail')}
                      autoComplete="work email"
                    />
                    <WorkEmailVerification
                      applicationId={application.id}
                      email={values.workEmail}
                    />
                  </>
                ),
              }
            : choice,
        )}
      />

      <h2>{t('sections.affiliations')}</h2>
      {applicants.map((who) => (
        <section key={who} aria-labelledby={`affiliations-${who}-heading`}>
          {context.joint && (
            <h3 id={`affiliations-${who}-heading`}>
              {t(who === 'joint' ? 'sections.affiliationsJoint' : 'sections.affiliationsPrimary')}
            </h3>
          )}
          <AffiliationFields
            path={`affiliations.${who}`}
            joint={who === 'joint'}
            value={values.affiliations[who]}
            onChange={(person) => set({ affiliations: { ...values.affiliations, [who]: person } })}
            errorFor={errorFor}
            sinOnFile={sinOnFileOf(application.steps, who)}
          />
        </section>
      ))}

      {plans.length > 0 && (
        <>
          <h2>{t('sections.beneficiaries')}</h2>
          <BeneficiaryFields
            context={beneficiaryContext}
            allowed={allowed}
            value={values.beneficiaries}
            onChange={(beneficiaries) => set({ beneficiaries })}
            errorFor={errorFor}
            spouseName={spouseNameOf(application.steps)}
          />
        </>
      )}
    </StepPage>
  );
}
