import { useTranslation } from '../../../lib/i18n.ts';
import type { Language } from '@portal/domain/enums/define-enum';
import { chosenAccounts, stepApplies } from '@portal/domain/rules/onboarding-flow';
import { CUSTOMER_AGREEMENTS, documentPath } from '@portal/domain/rules/agreement-documents';
import { ENGLISH_CHOICE_WORDING } from '@portal/domain/rules/agreement-language';
import {
  CUSTOMER_AGREEMENT_ID,
  reviewIsFrenchFirst,
  reviewStepSchemaFor,
} from '@portal/domain/rules/review';
import { siteLinks } from '../../../lib/site-links.ts';
import { CheckboxChoices } from '../../../ui/choices.tsx';
import { useApplication } from '../step/application-context.tsx';
import { PromoReview, REVIEW_PROMO_LINK_ID } from './promo-review.tsx';
import { ReviewAnswers } from './review-answers.tsx';
import { StepPage } from '../step/step-page.tsx';
import { useStepForm } from '../step/use-step-form.ts';

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

  // Quebec (Charter s. 55, ADR 0016): French first, English only by an express choice.
  const frenchFirst = reviewIsFrenchFirst(steps);

  const form = useStepForm<{ hasConsent: boolean; expressEnglishChoice: boolean }>({
    step: 'review',
    schema: reviewStepSchemaFor({ frenchFirst }),
    fieldIds: {
      // Refused by the server when the promo code no longer fits the accounts (issue 17).
      promoCode: REVIEW_PROMO_LINK_ID,
      agreementId: 'hasConsent',
      hasConsent: 'hasConsent',
      expressEnglishChoice: 'expressEnglishChoice',
    },
    initial: () => ({ hasConsent: false, expressEnglishChoice: false }),
    toData: (values) => ({
      agreementId: CUSTOMER_AGREEMENT_ID,
      hasConsent: values.hasConsent,
      ...(frenchFirst
        ? {
            boundLanguage: values.expressEnglishChoice === true ? 'en' : 'fr',
            // A draft saved before this question existed has no answer: not chosen.
            expressEnglishChoice: values.expressEnglishChoice === true,
          }
        : { boundLanguage: language }),
    }),
  });
  const version = CUSTOMER_AGREEMENTS.version;
  const documentLink = (documentLanguage: Language, label: string) => (
    <a href={documentPath(CUSTOMER_AGREEMENTS, documentLanguage)} target="_blank" rel="noreferrer">
      {label}
      <span className="visually-hidden"> {t('opensInNewTab')}</span>
    </a>
  );

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
      <PromoReview applicationId={application.id} accounts={chosenAccounts(steps)} />

      <section aria-labelledby="review-agreements-heading">
        <h2 id="review-agreements-heading">{t('sections.agreements')}</h2>
        <p>{t('agreementsIntro')}</p>
        {frenchFirst && <p>{t('agreementLanguage.quebecIntro')}</p>}
        <ul>
          {frenchFirst ? (
            <>
              <li>{documentLink('fr', t('agreementLanguage.french', { version }))}</li>
              <li>{documentLink('en', t('agreementLanguage.english', { version }))}</li>
            </>
          ) : (
            <li>{documentLink(language, t('customerAgreements', { version }))}</li>
          )}
          <li>
            <a href={siteLinks.privacy[language]} target="_blank" rel="noreferrer">
              {t('privacy')}
              <span className="visually-hidden"> {t('opensInNewTab')}</span>
            </a>
          </li>
        </ul>
        {frenchFirst && (
          <CheckboxChoices
            id="expressEnglishChoice"
            legend={t('agreementLanguage.legend')}
            hint={t('agreementLanguage.hint')}
            values={form.values.expressEnglishChoice ? ['en'] : []}
            onChange={(chosen) =>
              form.update({ ...form.values, expressEnglishChoice: chosen.includes('en') })
            }
            error={form.errorFor('expressEnglishChoice')}
            choices={[
              {
                value: 'en',
                // French first and no less prominent; the same words in English beneath.
                label: ENGLISH_CHOICE_WORDING.fr,
                lang: 'fr-CA',
                hint: <span lang="en-CA">{ENGLISH_CHOICE_WORDING.en}</span>,
              },
            ]}
          />
        )}
        <div className="notice-warning">
          <p>{t('lockWarning')}</p>
        </div>
        <CheckboxChoices
          id="hasConsent"
          legend={t('consentLegend')}
          values={form.values.hasConsent ? ['yes'] : []}
          onChange={(chosen) => form.update({ ...form.values, hasConsent: chosen.includes('yes') })}
          error={form.errorFor('hasConsent') ?? form.errorFor('agreementId')}
          choices={[{ value: 'yes', label: t(joint ? 'consentJoint' : 'consent') }]}
        />
      </section>
    </StepPage>
  );
}
