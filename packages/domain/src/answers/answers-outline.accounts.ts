import { pick } from '../enums/define-enum.ts';
import {
  accountGoalLabels,
  accountGoals,
  onboardingAccountTypeLabels,
  onboardingAccountTypes,
} from '../enums/onboarding.ts';
import { federalJurisdictionLabel } from '../enums/pension-jurisdictions.ts';
import { provinceLabels, type ProvinceCode } from '../enums/provinces.ts';
import type { OnboardingStep } from '../onboarding-steps.ts';
import { chosenAccounts, stepApplies, type SavedSteps } from '../rules/onboarding-flow.ts';
import type { OutlineFormat } from './answers-outline.format.ts';
import { list, record, Rows, section, text, type OutlineSection } from './answers-outline.rows.ts';

// --- Accounts -------------------------------------------------------------------------------

export function accountsSection(
  steps: SavedSteps,
  f: OutlineFormat,
  heading = f.t.accounts,
): OutlineSection {
  const { t } = f;
  const rows = new Rows('');
  const accountsStep: OnboardingStep = stepApplies('allaccounts', steps)
    ? 'allaccounts'
    : 'relatedaccounts';
  const ownership = record(steps.ownership);
  rows.add(
    'ownership.ownershipTypeId',
    t.ownership,
    f.label(onboardingAccountTypes, onboardingAccountTypeLabels, ownership.ownershipTypeId),
  );
  if (ownership.ownershipTypeId === onboardingAccountTypes.Joint) {
    const relation = {
      spouse: t.jointSpouse,
      commonLaw: t.jointCommonLaw,
      other: t.jointOther,
    }[text(ownership.jointRelationship)];
    rows.add('ownership.jointRelationship', t.jointRelationship, relation ?? '');
  }
  if (steps.doyouknow !== undefined) {
    rows.add(
      'doyouknow.knowsAccount',
      t.knowsAccount,
      f.yesNo(record(steps.doyouknow).knowsAccount),
    );
  }
  if (stepApplies('goals', steps) && steps.goals !== undefined) {
    rows.add(
      'goals.goals',
      t.goals,
      list(record(steps.goals).goals).map((goal) => f.label(accountGoals, accountGoalLabels, goal)),
    );
  }
  rows.add(`${accountsStep}.accounts`, t.accountsChosen, chosenAccounts(steps).map(f.account));
  const details = record(steps.account);
  const jurisdiction = text(details.pensionJurisdiction);
  if (jurisdiction) {
    rows.add(
      'account.pensionJurisdiction',
      t.pensionJurisdiction,
      jurisdiction === 'federal'
        ? pick(federalJurisdictionLabel, f.language)
        : provinceLabels[jurisdiction as ProvinceCode]
          ? pick(provinceLabels[jurisdiction as ProvinceCode], f.language)
          : jurisdiction,
    );
  }
  if (text(details.dapSettlementAgent) || text(details.dapAgentAccountNumber)) {
    rows.add('account.dapSettlementAgent', t.dapSettlementAgent, text(details.dapSettlementAgent));
    rows.add(
      'account.dapAgentAccountNumber',
      t.dapAgentAccountNumber,
      text(details.dapAgentAccountNumber),
    );
  }
  return section('accounts', heading, accountsStep, rows);
}
