import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { namedAccountTypeLabels } from '@portal/domain/enums/account-types';
import { relationshipLabels, relationships } from '@portal/domain/enums/beneficiaries';
import {
  labelOf,
  pick,
  type CodeMap,
  type Labels,
  type Language,
} from '@portal/domain/enums/define-enum';
import {
  experienceFlagsOf,
  investmentExperienceFlagLabels,
  investmentExperienceFlags,
  investmentKnowledgeLevelLabels,
  investmentKnowledgeLevels,
} from '@portal/domain/enums/investment';
import {
  onboardingAccountTypeLabels,
  onboardingAccountTypes,
} from '@portal/domain/enums/onboarding';
import {
  employmentStatuses,
  employmentStatusLabels,
  maritalStatuses,
  maritalStatusLabels,
} from '@portal/domain/enums/person';
import {
  correspondenceLanguageLabels,
  correspondenceLanguages,
  documentDeliveryOptionLabels,
  documentDeliveryOptions,
  purposeTypeLabels,
  purposeTypes,
} from '@portal/domain/enums/preferences';
import { titleLabels, titles } from '@portal/domain/enums/titles';
import type { OnboardingStep } from '@portal/domain/onboarding-steps';
import {
  deliveryMethodLabels,
  deliveryMethods,
  intendedUseLabels,
  intendedUses,
} from '@portal/domain/rules/financial-background';
import { chosenAccounts, stepApplies } from '@portal/domain/rules/onboarding-flow';
import { CUSTOMER_AGREEMENT_ID, reviewStepSchema } from '@portal/domain/rules/review';
import { referenceOptions, useReferenceList } from '../../lib/reference-lists.ts';
import { siteLinks } from '../../lib/site-links.ts';
import { CheckboxChoices } from '../../ui/choices.tsx';
import { stepPath, useApplication } from './application-context.tsx';
import { formatAmount } from './money.ts';
import { StepPage } from './step-page.tsx';
import { useStepForm } from './use-step-form.ts';

type Saved = Record<string, unknown>;
const recordOf = (value: unknown): Saved =>
  typeof value === 'object' && value !== null ? (value as Saved) : {};
const text = (value: unknown) => (typeof value === 'string' ? value : '');

interface Row {
  label: string;
  value: string | string[];
}

/**
 * One section of the answers (GOV.UK "check your answers"): a heading, the answers as a summary
 * list, and a Change link back to the step that asked them.
 */
function AnswerSection({
  id,
  heading,
  rows,
  changeTo,
}: {
  id: string;
  heading: string;
  rows: Row[];
  changeTo: OnboardingStep;
}) {
  const { t } = useTranslation('review');
  const { application } = useApplication();
  return (
    <section aria-labelledby={`${id}-heading`}>
      <div className="section-heading">
        <h2 id={`${id}-heading`}>{heading}</h2>
        <Link to={stepPath(application.id, changeTo)}>
          {t('change')} <span className="visually-hidden">{heading}</span>
        </Link>
      </div>
      <dl className="summary-list answers">
        {rows.map((row) => (
          <div key={row.label}>
            <dt>{row.label}</dt>
            <dd>
              {Array.isArray(row.value) ? (
                <ul>
                  {row.value.map((line) => (
                    <li key={line}>{line}</li>
                  ))}
                </ul>
              ) : (
                row.value || t('notAnswered')
              )}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/**
 * Step `review`: every answer, section by section, each with a Change link; then the customer
 * agreements and the consent. Agreeing locks the answers (the server enforces it) and moves
 * the application on to signing, or, for a joint application, to the joint applicant's consent.
 */
export function ReviewStep() {
  const { t, i18n } = useTranslation('review');
  const language = i18n.language as Language;
  const { application } = useApplication();
  const steps = application.steps;
  const provinces = useReferenceList('provinceStates');
  const countries = useReferenceList('countries');
  const joint = stepApplies('profilejoint', steps);

  const form = useStepForm<{ hasConsent: boolean }>({
    step: 'review',
    schema: reviewStepSchema,
    fieldIds: { agreementId: 'hasConsent', hasConsent: 'hasConsent' },
    initial: () => ({ hasConsent: false }),
    toData: (values) => ({ agreementId: CUSTOMER_AGREEMENT_ID, hasConsent: values.hasConsent }),
  });

  const nameIn = (list: typeof provinces, id: unknown) => {
    if (list.resource.state !== 'ready') return '';
    return referenceOptions(list.resource.data, language).find((option) => option.id === id)?.label;
  };
  const addressOf = (value: unknown) => {
    const address = recordOf(value);
    if (!address.streetName) return '';
    const street = [address.suite, address.streetNumber, address.streetName]
      .filter((part) => typeof part === 'string' && part.trim() !== '')
      .join(' ');
    const region = [address.city, nameIn(provinces, address.provinceId), address.postalCode]
      .filter(Boolean)
      .join(', ');
    return [street, region, nameIn(countries, address.countryId)].filter(Boolean).join(', ');
  };
  /** The label of `code` in `codes`, empty when it names none. */
  const labelIn = <E extends CodeMap>(codes: E, labels: Labels<E>, code: unknown) =>
    labelOf(codes, labels, code, language) ?? '';
  const yesNo = (value: unknown) => (value === true ? t('yes') : value === false ? t('no') : '');

  const personRows = (saved: Saved): Row[] => [
    {
      label: t('fields.name'),
      value: [labelIn(titles, titleLabels, saved.title), saved.firstName, saved.lastName]
        .filter(Boolean)
        .join(' '),
    },
    { label: t('fields.birthDate'), value: text(saved.birthDate) },
    { label: t('fields.sin'), value: text(saved.sinMasked) },
    {
      label: t('fields.maritalStatus'),
      value: labelIn(maritalStatuses, maritalStatusLabels, saved.maritalStatus),
    },
    { label: t('fields.email'), value: text(saved.email) },
    {
      label: t('fields.phones'),
      value: (Array.isArray(saved.phones) ? saved.phones : []).map((phone: unknown) =>
        text(recordOf(phone).number),
      ),
    },
    { label: t('fields.homeAddress'), value: addressOf(saved.homeAddress) },
    {
      label: t('fields.employment'),
      value: [
        labelIn(employmentStatuses, employmentStatusLabels, saved.employmentStatus),
        text(saved.employerName),
      ]
        .filter(Boolean)
        .join(', '),
    },
    {
      label: t('fields.annualIncome'),
      value:
        typeof saved.annualIncome === 'number' ? formatAmount(saved.annualIncome, language) : '',
    },
  ];

  const background = recordOf(steps.otherinterests);
  const experience = recordOf(background.investmentExperience);
  const knowledge = recordOf(background.investmentKnowledge);
  const uses = recordOf(background.intendedUse);
  const accounts = chosenAccounts(steps);
  const experienceOf = (value: unknown) =>
    typeof value === 'number'
      ? experienceFlagsOf(value)
          .map((flag) => labelIn(investmentExperienceFlags, investmentExperienceFlagLabels, flag))
          .join(', ')
      : '';
  const thirdParties = (name: string) => {
    const question = recordOf(background[name]);
    const people = Array.isArray(question.thirdParties) ? question.thirdParties : [];
    return question.answer === true
      ? people.map((person: unknown) => text(recordOf(person).name))
      : yesNo(question.answer);
  };
  const affiliationRows = (person: Saved): Row[] => [
    { label: t('fields.isPep'), value: yesNo(person.isPep) },
    { label: t('fields.isInsider'), value: yesNo(person.isInsider) },
    { label: t('fields.isDirector'), value: yesNo(person.isDirector) },
    { label: t('fields.isDealerEmployee'), value: yesNo(person.isDealerEmployee) },
    {
      label: t('fields.taxResidences'),
      value: (Array.isArray(person.taxResidences) ? person.taxResidences : []).map(
        (residence: unknown) => {
          const { countryId, tinMasked } = recordOf(residence);
          return [nameIn(countries, countryId), text(tinMasked)].filter(Boolean).join(' · ');
        },
      ),
    },
    { label: t('fields.isUsPerson'), value: yesNo(person.isUsPerson) },
    {
      label: t('fields.trustedContact'),
      value: person.wantsTrustedContact
        ? [recordOf(person.trustedContact).firstName, recordOf(person.trustedContact).lastName]
            .filter(Boolean)
            .join(' ')
        : yesNo(person.wantsTrustedContact),
    },
  ];
  const affiliations = recordOf(background.affiliations);
  const beneficiaries = Array.isArray(background.beneficiaries) ? background.beneficiaries : [];
  const accountsStep: OnboardingStep = stepApplies('allaccounts', steps)
    ? 'allaccounts'
    : 'relatedaccounts';
  const ownershipTypeId = recordOf(steps.ownership).ownershipTypeId;

  return (
    <StepPage
      step="review"
      title={t('title')}
      heading={t('heading')}
      problems={form.problems}
      notice={form.notice}
      saving={form.saving}
      onSubmit={form.submit}
      submitLabel={t('agree')}
    >
      <p>{t('intro')}</p>

      <AnswerSection
        id="review-accounts"
        heading={t('sections.accounts')}
        changeTo={accountsStep}
        rows={[
          {
            label: t('fields.ownership'),
            value: labelIn(onboardingAccountTypes, onboardingAccountTypeLabels, ownershipTypeId),
          },
          {
            label: t('fields.accounts'),
            value: accounts.map((account) => pick(namedAccountTypeLabels[account], language)),
          },
        ]}
      />
      <AnswerSection
        id="review-profile"
        heading={t('sections.profile')}
        changeTo="profile"
        rows={personRows(recordOf(steps.profile))}
      />
      {joint && (
        <AnswerSection
          id="review-joint"
          heading={t('sections.jointProfile')}
          changeTo="profilejoint"
          rows={personRows(recordOf(steps.profilejoint))}
        />
      )}
      <AnswerSection
        id="review-financial"
        heading={t('sections.financial')}
        changeTo="otherinterests"
        rows={[
          {
            label: t('fields.purpose'),
            value: labelIn(purposeTypes, purposeTypeLabels, background.businessRelationshipPurpose),
          },
          {
            label: t('fields.intendedUse'),
            value: accounts.map(
              (account) =>
                `${pick(namedAccountTypeLabels[account], language)}: ${labelIn(
                  intendedUses,
                  intendedUseLabels,
                  uses[account],
                )}`,
            ),
          },
          { label: t('fields.experience'), value: experienceOf(experience.primary) },
          {
            label: t('fields.knowledge'),
            value: labelIn(
              investmentKnowledgeLevels,
              investmentKnowledgeLevelLabels,
              knowledge.primary,
            ),
          },
          ...(joint
            ? [
                { label: t('fields.experienceJoint'), value: experienceOf(experience.joint) },
                {
                  label: t('fields.knowledgeJoint'),
                  value: labelIn(
                    investmentKnowledgeLevels,
                    investmentKnowledgeLevelLabels,
                    knowledge.joint,
                  ),
                },
              ]
            : []),
          { label: t('fields.tradingAuthority'), value: thirdParties('tradingAuthority') },
          { label: t('fields.guarantee'), value: thirdParties('guarantee') },
          { label: t('fields.powerOfAttorney'), value: thirdParties('powerOfAttorney') },
          {
            label: t('fields.securityholderInformation'),
            value: labelIn(
              documentDeliveryOptions,
              documentDeliveryOptionLabels,
              background.securityholderInformation,
            ),
          },
          {
            label: t('fields.documentDelivery'),
            value: labelIn(deliveryMethods, deliveryMethodLabels, background.documentDelivery),
          },
          {
            label: t('fields.correspondenceLanguage'),
            value: labelIn(
              correspondenceLanguages,
              correspondenceLanguageLabels,
              background.correspondenceLanguage,
            ),
          },
        ]}
      />
      <AnswerSection
        id="review-affiliations"
        heading={t(joint ? 'sections.affiliationsPrimary' : 'sections.affiliations')}
        changeTo="otherinterests"
        rows={affiliationRows(recordOf(affiliations.primary))}
      />
      {joint && (
        <AnswerSection
          id="review-affiliations-joint"
          heading={t('sections.affiliationsJoint')}
          changeTo="otherinterests"
          rows={affiliationRows(recordOf(affiliations.joint))}
        />
      )}
      {'beneficiaries' in background && (
        <AnswerSection
          id="review-beneficiaries"
          heading={t('sections.beneficiaries')}
          changeTo="otherinterests"
          rows={[
            {
              label: t('fields.beneficiaries'),
              value:
                beneficiaries.length === 0
                  ? t('noBeneficiaries')
                  : beneficiaries.map((raw: unknown) => {
                      const beneficiary = recordOf(raw);
                      const who =
                        beneficiary.relationship === relationships.Estate
                          ? pick(relationshipLabels.Estate, language)
                          : `${text(beneficiary.firstName)} ${text(beneficiary.lastName)}`;
                      return t('beneficiaryShare', { who, percent: beneficiary.percent });
                    }),
            },
          ]}
        />
      )}

      <section aria-labelledby="review-agreements-heading">
        <h2 id="review-agreements-heading">{t('sections.agreements')}</h2>
        <p>{t('agreementsIntro')}</p>
        <ul>
          <li>
            <a href={siteLinks.customerAgreements[language]} target="_blank" rel="noreferrer">
              {t('customerAgreements')}
              <span className="visually-hidden"> {t('opensInNewTab')}</span>
            </a>
          </li>
          <li>
            <a href={siteLinks.privacy[language]} target="_blank" rel="noreferrer">
              {t('privacy')}
              <span className="visually-hidden"> {t('opensInNewTab')}</span>
            </a>
          </li>
        </ul>
        <div className="notice-warning">
          <p>{t('lockWarning')}</p>
        </div>
        <CheckboxChoices
          id="hasConsent"
          legend={t('consentLegend')}
          values={form.values.hasConsent ? ['yes'] : []}
          onChange={(chosen) => form.update({ hasConsent: chosen.includes('yes') })}
          error={form.errorFor('hasConsent') ?? form.errorFor('agreementId')}
          choices={[{ value: 'yes', label: t(joint ? 'consentJoint' : 'consent') }]}
        />
      </section>
    </StepPage>
  );
}
