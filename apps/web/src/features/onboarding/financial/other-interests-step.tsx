import { useTranslation } from '../../../lib/i18n.ts';
import { z } from 'zod';
import { chosenAccounts } from '@portal/domain/rules/onboarding-flow';
import { combineExperience } from '@portal/domain/enums/investment';
import { heardAboutUsSources, purposeTypes } from '@portal/domain/enums/preferences';
import { beneficiariesAllowed, beneficiaryAccounts } from '@portal/domain/rules/beneficiaries';
import { knowledgeWarning } from '@portal/domain/rules/financial-background';
import {
  otherInterestsContextOf,
  otherInterestsSavedStepSchema,
} from '@portal/domain/rules/other-interests-step';
import { dealerDate } from '@portal/domain/rules/person';
import { DocumentsPanel } from '../step/documents-panel.tsx';
import { affiliationPaths, personAffiliationData } from './affiliation-fields.tsx';
import { AffiliationsSection } from './affiliations-section.tsx';
import { BeneficiaryFields, beneficiaryData, beneficiaryPaths } from './beneficiary-fields.tsx';
import { CommunicationSection } from './communication-section.tsx';
import { ExperienceSection } from './experience-section.tsx';
import { useApplication } from '../step/application-context.tsx';
import { idOf } from '../step/form-paths.ts';
import {
  applicantsOf,
  initialValues,
  keptOnFile,
  referredByRepresentative,
  spouseNameOf,
  thirdPartyQuestions,
  type OtherInterestsValues,
  type ThirdPartyQuestionName,
} from './other-interests-values.ts';
import { PurposeSection } from './purpose-section.tsx';
import { ReferralSection } from './referral-section.tsx';
import { StepPage } from '../step/step-page.tsx';
import { ThirdPartyQuestion, thirdPartyData, thirdPartyPaths } from './third-party-fields.tsx';
import { useStepForm } from '../step/use-step-form.ts';

/**
 * Step `otherinterests`: the financial background (purpose, intended use, experience and
 * knowledge, third parties, communication choices, referral, staff flag), each applicant's
 * affiliations, and the beneficiaries of the registered plans chosen. Supporting documents
 * are uploaded within the step, before Save and continue, each on its own.
 */
export function OtherInterestsStep() {
  const { t } = useTranslation('financial');
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

      <PurposeSection
        values={values}
        onChange={set}
        errorFor={errorFor}
        accounts={context.accounts}
      />

      <ExperienceSection
        values={values}
        onChange={set}
        errorFor={errorFor}
        applicants={applicants}
        warning={warning}
      />

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

      <CommunicationSection values={values} onChange={set} errorFor={errorFor} />

      <ReferralSection
        values={values}
        onChange={set}
        errorFor={errorFor}
        applicationId={application.id}
      />

      <AffiliationsSection
        values={values}
        onChange={set}
        errorFor={errorFor}
        applicants={applicants}
        joint={context.joint}
        steps={application.steps}
      />

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
