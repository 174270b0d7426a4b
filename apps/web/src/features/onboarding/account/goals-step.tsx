import { useTranslation } from '../../../lib/i18n.ts';
import { optionsOf, type Language } from '@portal/domain/enums/define-enum';
import { accountGoalLabels, accountGoals, type AccountGoal } from '@portal/domain/enums/onboarding';
import { goalsStepSchema } from '@portal/domain/rules/account-selection';
import { CheckboxChoices } from '../../../ui/choices.tsx';
import { StepPage } from '../step/step-page.tsx';
import { useStepForm } from '../step/use-step-form.ts';

/** Step `goals`: what the person saves or invests for; the next step recommends accounts. */
export function GoalsStep() {
  const { t, i18n } = useTranslation('onboarding');
  const form = useStepForm<AccountGoal[]>({
    step: 'goals',
    schema: goalsStepSchema,
    fieldIds: { goals: 'goals' },
    initial: (saved) => (saved as { goals?: AccountGoal[] } | undefined)?.goals ?? [],
    toData: (goals) => ({ goals }),
  });
  const goals = optionsOf(accountGoals, accountGoalLabels, i18n.language as Language);
  return (
    <StepPage
      step="goals"
      title={t('goals.title')}
      problems={form.problems}
      notice={form.notice}
      saving={form.saving}
      onSubmit={form.submit}
    >
      <CheckboxChoices
        id="goals"
        legend={t('goals.legend')}
        legendIsHeading
        hint={t('goals.hint')}
        error={form.errorFor('goals')}
        values={form.values}
        onChange={(values) => form.update(values)}
        choices={goals.map((goal) => ({
          value: goal.id,
          label: goal.label,
          hint: t(`goals.hints.${goal.name as keyof typeof accountGoals}`),
        }))}
      />
    </StepPage>
  );
}
