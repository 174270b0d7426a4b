import { useTranslation } from '../../../lib/i18n.ts';
import { Link } from 'react-router';
import {
  namedAccountTypeLabels,
  type NamedAccountTypeName,
} from '@portal/domain/enums/account-types';
import { labelOf, pick, type Language } from '@portal/domain/enums/define-enum';
import { accountGoalLabels, accountGoals, type AccountGoal } from '@portal/domain/enums/onboarding';
import { accountsStepSchema, type SelectionContext } from '@portal/domain/rules/account-selection';
import { recommendAccounts, suggestionsHeldAlone } from '@portal/domain/rules/goal-recommendations';
import { CheckboxChoices } from '../../../ui/choices.tsx';
import { AccountNotes, MarginGuide } from './account-notes.tsx';
import { stepPath, useApplication } from '../step/application-context.tsx';
import { StepPage } from '../step/step-page.tsx';
import { useStepForm } from '../step/use-step-form.ts';

/**
 * Step `relatedaccounts`: the goals helper's recommendations, each with its reasons. A joint
 * application is also told which plans suit its goals but are held in one person's name.
 */
export function RelatedAccountsStep() {
  const { t, i18n } = useTranslation('onboarding');
  const language = i18n.language as Language;
  const { application } = useApplication();
  const context = application.steps.ownership as SelectionContext;
  const goals = (application.steps.goals as { goals?: AccountGoal[] } | undefined)?.goals ?? [];
  const recommendations = recommendAccounts(goals, context.ownershipTypeId);
  const heldAlone = suggestionsHeldAlone(goals, context.ownershipTypeId);
  const form = useStepForm<NamedAccountTypeName[]>({
    step: 'relatedaccounts',
    schema: accountsStepSchema(context),
    fieldIds: { accounts: 'accounts' },
    initial: (saved) =>
      (saved as { accounts?: NamedAccountTypeName[] } | undefined)?.accounts ?? [],
    toData: (accounts) => ({ accounts }),
  });
  const goalNames = (chosen: AccountGoal[]) =>
    chosen.map((goal) => labelOf(accountGoals, accountGoalLabels, goal, language)).join(', ');

  return (
    <StepPage
      step="relatedaccounts"
      title={t('related.title')}
      problems={form.problems}
      notice={form.notice}
      saving={form.saving}
      onSubmit={form.submit}
    >
      <CheckboxChoices
        id="accounts"
        legend={t('related.legend')}
        legendIsHeading
        hint={t('selectionRule')}
        error={form.errorFor('accounts')}
        values={form.values}
        onChange={(accounts) => form.update(accounts)}
        choices={recommendations.map((recommendation) => ({
          value: recommendation.account,
          label: pick(namedAccountTypeLabels[recommendation.account], language),
          hint: (
            <>
              <p className="recommendation-goals">
                {t('related.forGoals', { goals: goalNames(recommendation.goals) })}
              </p>
              <ul>
                {recommendation.reasons.map((reason) => (
                  <li key={reason}>{t(`reasons.${reason}`)}</li>
                ))}
              </ul>
              <AccountNotes
                account={recommendation.account}
                ownershipTypeId={context.ownershipTypeId}
              />
            </>
          ),
        }))}
      />
      {heldAlone.length > 0 && (
        <p className="notice-info">
          {t('related.heldAlone', {
            accounts: heldAlone
              .map((account) => pick(namedAccountTypeLabels[account], language))
              .join(', '),
          })}
        </p>
      )}
      {recommendations.some((r) => r.account === 'margin') && <MarginGuide />}
      <p>
        <Link to={stepPath(application.id, 'doyouknow')}>{t('related.seeAll')}</Link>
      </p>
    </StepPage>
  );
}
