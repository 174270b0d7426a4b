import { useTranslation } from '../../../lib/i18n.ts';
import { optionsOf, type Language } from '@portal/domain/enums/define-enum';
import { heardAboutUsSourceLabels, heardAboutUsSources } from '@portal/domain/enums/preferences';
import { RadioChoices } from '../../../ui/choices.tsx';
import { SelectField } from '../../../ui/select-field.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import { useYesNoChoices, yesNoValue } from '../step/form-paths.ts';
import { WorkEmailVerification } from './work-email-verification.tsx';
import { code, referredByRepresentative, type SectionProps } from './other-interests-values.ts';

/** How the applicant heard of us, and whether they are an employee or an advisor. */
export function ReferralSection({
  values,
  onChange: set,
  errorFor,
  applicationId,
}: SectionProps & { applicationId: string }) {
  const { t, i18n } = useTranslation('financial');
  const language = i18n.language as Language;
  const yesNo = useYesNoChoices();
  return (
    <>
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
                    <WorkEmailVerification applicationId={applicationId} email={values.workEmail} />
                  </>
                ),
              }
            : choice,
        )}
      />
    </>
  );
}
