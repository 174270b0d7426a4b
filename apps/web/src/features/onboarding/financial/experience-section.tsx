import { useTranslation } from '../../../lib/i18n.ts';
import type { Language } from '@portal/domain/enums/define-enum';
import {
  investmentExperienceFlagLabels,
  investmentExperienceFlags,
  investmentKnowledgeLevelLabels,
  investmentKnowledgeLevels,
  investmentTimeHorizonLabels,
  investmentTimeHorizons,
  riskToleranceLabels,
  riskTolerances,
} from '@portal/domain/enums/investment';
import type { knowledgeWarning } from '@portal/domain/rules/financial-background';
import { CheckboxChoices, RadioChoices } from '../../../ui/choices.tsx';
import { idOf } from '../step/form-paths.ts';
import { choicesOf, type applicantsOf, type SectionProps } from './other-interests-values.ts';

/**
 * Each applicant's investment experience, knowledge, risk tolerance and time horizon, and the
 * warning to acknowledge when little knowledge meets options or speculation.
 */
export function ExperienceSection({
  values,
  onChange: set,
  errorFor,
  applicants,
  warning,
}: SectionProps & {
  applicants: ReturnType<typeof applicantsOf>;
  warning: ReturnType<typeof knowledgeWarning>;
}) {
  const { t, i18n } = useTranslation('financial');
  const language = i18n.language as Language;
  return (
    <>
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
            choices={choicesOf(investmentExperienceFlags, investmentExperienceFlagLabels, language)}
          />
          <RadioChoices
            id={idOf(`investmentKnowledge.${who}`)}
            legend={t(who === 'joint' ? 'fields.knowledgeJoint' : 'fields.knowledgePrimary')}
            value={values.knowledge[who]}
            onChange={(level) => set({ knowledge: { ...values.knowledge, [who]: level } })}
            error={errorFor(`investmentKnowledge.${who}`)}
            choices={choicesOf(investmentKnowledgeLevels, investmentKnowledgeLevelLabels, language)}
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
            choices={choicesOf(riskTolerances, riskToleranceLabels, language)}
          />
          <RadioChoices
            id={idOf(`investmentTimeHorizon.${who}`)}
            legend={t(who === 'joint' ? 'fields.timeHorizonJoint' : 'fields.timeHorizonPrimary')}
            value={values.timeHorizon[who]}
            onChange={(horizon) => set({ timeHorizon: { ...values.timeHorizon, [who]: horizon } })}
            error={errorFor(`investmentTimeHorizon.${who}`)}
            choices={choicesOf(investmentTimeHorizons, investmentTimeHorizonLabels, language)}
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
    </>
  );
}
