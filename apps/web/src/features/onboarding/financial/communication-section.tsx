import { useTranslation } from '../../../lib/i18n.ts';
import type { Language } from '@portal/domain/enums/define-enum';
import {
  correspondenceLanguageLabels,
  correspondenceLanguages,
  documentDeliveryOptionLabels,
  documentDeliveryOptions,
} from '@portal/domain/enums/preferences';
import { deliveryMethodLabels, deliveryMethods } from '@portal/domain/rules/financial-background';
import { CheckboxChoices, RadioChoices } from '../../../ui/choices.tsx';
import { RelationshipDisclosureLink } from './relationship-disclosure-link.tsx';
import { choicesOf, type SectionProps } from './other-interests-values.ts';

/** What the securityholder receives and how, in which language, and the disclosure read. */
export function CommunicationSection({ values, onChange: set, errorFor }: SectionProps) {
  const { t, i18n } = useTranslation('financial');
  const language = i18n.language as Language;
  return (
    <>
      <h2>{t('sections.communication')}</h2>
      <p id="securityholderExplanation">{t('fields.securityholderExplanation')}</p>
      <RadioChoices
        id="securityholderInformation"
        legend={t('fields.securityholderInformation')}
        value={values.securityholderInformation}
        onChange={(securityholderInformation) => set({ securityholderInformation })}
        error={errorFor('securityholderInformation')}
        choices={choicesOf(documentDeliveryOptions, documentDeliveryOptionLabels, language)}
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
        choices={choicesOf(deliveryMethods, deliveryMethodLabels, language)}
      />
      <RadioChoices
        id="correspondenceLanguage"
        legend={t('fields.correspondenceLanguage')}
        value={values.correspondenceLanguage}
        onChange={(correspondenceLanguage) => set({ correspondenceLanguage })}
        error={errorFor('correspondenceLanguage')}
        choices={choicesOf(correspondenceLanguages, correspondenceLanguageLabels, language)}
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
    </>
  );
}
