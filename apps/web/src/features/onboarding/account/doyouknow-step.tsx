import { useTranslation } from '../../../lib/i18n.ts';
import { doYouKnowStepSchema } from '@portal/domain/rules/account-selection';
import { RadioChoices } from '../../../ui/choices.tsx';
import { StepPage } from '../step/step-page.tsx';
import { useStepForm } from '../step/use-step-form.ts';

interface Values {
  knows?: 'yes' | 'no';
}

/** Step `doyouknow`: straight to the full list, or through the goals helper. */
export function DoYouKnowStep() {
  const { t } = useTranslation('onboarding');
  const form = useStepForm<Values>({
    step: 'doyouknow',
    schema: doYouKnowStepSchema,
    fieldIds: { knowsAccount: 'knowsAccount' },
    initial: (saved) => {
      const knows = (saved as { knowsAccount?: boolean } | undefined)?.knowsAccount;
      return knows === undefined ? {} : { knows: knows ? 'yes' : 'no' };
    },
    toData: (values) => ({
      knowsAccount: values.knows === undefined ? undefined : values.knows === 'yes',
    }),
  });
  return (
    <StepPage
      step="doyouknow"
      title={t('doyouknow.title')}
      problems={form.problems}
      notice={form.notice}
      saving={form.saving}
      onSubmit={form.submit}
    >
      <RadioChoices
        id="knowsAccount"
        legend={t('doyouknow.legend')}
        legendIsHeading
        error={form.errorFor('knowsAccount')}
        value={form.values.knows}
        onChange={(knows) => form.update({ knows })}
        choices={[
          { value: 'yes', label: t('doyouknow.yes'), hint: t('doyouknow.yesHint') },
          { value: 'no', label: t('doyouknow.no'), hint: t('doyouknow.noHint') },
        ]}
      />
    </StepPage>
  );
}
