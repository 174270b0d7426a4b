import { useTranslation } from 'react-i18next';
import type { Language } from '@portal/domain/enums/define-enum';
import { stepApplies } from '@portal/domain/rules/onboarding-flow';
import { CUSTOMER_AGREEMENT_ID, reviewStepSchema } from '@portal/domain/rules/review';
import { siteLinks } from '../../lib/site-links.ts';
import { CheckboxChoices } from '../../ui/choices.tsx';
import { useApplication } from './application-context.tsx';
import { ReviewAnswers } from './review-answers.tsx';
import { StepPage } from './step-page.tsx';
import { useStepForm } from './use-step-form.ts';

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
  const joint = stepApplies('profilejoint', steps);

  const form = useStepForm<{ hasConsent: boolean }>({
    step: 'review',
    schema: reviewStepSchema,
    fieldIds: { agreementId: 'hasConsent', hasConsent: 'hasConsent' },
    initial: () => ({ hasConsent: false }),
    toData: (values) => ({ agreementId: CUSTOMER_AGREEMENT_ID, hasConsent: values.hasConsent }),
  });

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

      <ReviewAnswers />

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
