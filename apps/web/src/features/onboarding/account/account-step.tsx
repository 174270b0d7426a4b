import { useTranslation } from '../../../lib/i18n.ts';
import { Link } from 'react-router';
import {
  accountTypes,
  namedAccountTypeLabels,
  namedAccountTypes,
} from '@portal/domain/enums/account-types';
import { labelOf, pick, type Language } from '@portal/domain/enums/define-enum';
import { optionsStrategies, optionsStrategyLabels } from '@portal/domain/enums/investment';
import {
  federalJurisdictionLabel,
  pensionJurisdictions,
} from '@portal/domain/enums/pension-jurisdictions';
import { provinceLabels, type ProvinceCode } from '@portal/domain/enums/provinces';
import { lockedInPlanFor } from '@portal/domain/rules/account-catalogue';
import {
  accountDetailsStepSchema,
  includesMargin,
  type SelectionContext,
} from '@portal/domain/rules/account-selection';
import { chosenAccounts, stepApplies } from '@portal/domain/rules/onboarding-flow';
import { RadioChoices } from '../../../ui/choices.tsx';
import { FieldMessages } from '../../../ui/field-messages.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import { stepPath, useApplication } from '../step/application-context.tsx';
import { StepPage } from '../step/step-page.tsx';
import { useStepForm } from '../step/use-step-form.ts';

interface Values {
  pensionJurisdiction?: string;
  dapSettlementAgent: string;
  dapAgentAccountNumber: string;
}

const fieldIds = {
  accounts: 'chosen-accounts',
  pensionJurisdiction: 'pensionJurisdiction',
  dapSettlementAgent: 'dapSettlementAgent',
  dapAgentAccountNumber: 'dapAgentAccountNumber',
};

/**
 * Step `account`: the accounts chosen, with Change links, and the details they need (the
 * pension law of a locked-in plan, the settlement agent of a DAP account).
 */
export function AccountStep() {
  const { t, i18n } = useTranslation('onboarding');
  const { t: tp } = useTranslation('partners');
  const language = i18n.language as Language;
  const { application } = useApplication();
  const accounts = chosenAccounts(application.steps);
  const context = application.steps.ownership as SelectionContext;
  const form = useStepForm<Values>({
    step: 'account',
    schema: accountDetailsStepSchema({ ...context, accounts }),
    fieldIds,
    initial: (saved) => {
      const data = (saved ?? {}) as Partial<Values>;
      return {
        pensionJurisdiction: data.pensionJurisdiction,
        dapSettlementAgent: data.dapSettlementAgent ?? '',
        dapAgentAccountNumber: data.dapAgentAccountNumber ?? '',
      };
    },
    toData: (values) => values,
  });
  const lockedIn = accounts.map(lockedInPlanFor).find((plan) => plan !== undefined);
  const dap = accounts.some((account) => namedAccountTypes[account].typeId === accountTypes.DAP);
  const accountsStep = stepApplies('allaccounts', application.steps)
    ? 'allaccounts'
    : 'relatedaccounts';
  const options = application.steps.options as
    { optionsTrading: boolean; strategies: number[]; shortSelling: boolean } | undefined;
  const strategyNames = (options?.strategies ?? [])
    .map((id) => labelOf(optionsStrategies, optionsStrategyLabels, id, language))
    .join(', ');
  const jurisdictionLabel = (code: string) =>
    code === 'federal'
      ? pick(federalJurisdictionLabel, language)
      : pick(provinceLabels[code as ProvinceCode], language);

  return (
    <StepPage
      step="account"
      title={t('account.title')}
      heading={t('account.heading')}
      problems={form.problems}
      notice={form.notice}
      saving={form.saving}
      onSubmit={form.submit}
    >
      <dl className="summary-list" id={fieldIds.accounts} tabIndex={-1}>
        <div>
          <dt>{t('account.accounts')}</dt>
          <dd>
            <ul>
              {accounts.map((account) => (
                <li key={account}>{pick(namedAccountTypeLabels[account], language)}</li>
              ))}
            </ul>
            <FieldMessages id={fieldIds.accounts} error={form.errorFor('accounts')} />
          </dd>
          <dd>
            <Link to={stepPath(application.id, accountsStep)}>
              {t('change')}
              <span className="visually-hidden"> {t('account.accounts')}</span>
            </Link>
          </dd>
        </div>
        {includesMargin(accounts) && options && (
          <div>
            <dt>{t('account.options')}</dt>
            <dd>
              <p>
                {options.optionsTrading
                  ? t('account.optionsYes', { strategies: strategyNames })
                  : t('account.optionsNo')}
              </p>
              <p>{options.shortSelling ? t('account.shortYes') : t('account.shortNo')}</p>
            </dd>
            <dd>
              <Link to={stepPath(application.id, 'options')}>
                {t('change')}
                <span className="visually-hidden"> {t('account.options')}</span>
              </Link>
            </dd>
          </div>
        )}
      </dl>
      {lockedIn && (
        <RadioChoices
          id={fieldIds.pensionJurisdiction}
          legend={t('account.jurisdictionLegend')}
          hint={t('account.jurisdictionHint')}
          error={form.errorFor('pensionJurisdiction')}
          value={form.values.pensionJurisdiction}
          onChange={(pensionJurisdiction) => form.update({ ...form.values, pensionJurisdiction })}
          choices={pensionJurisdictions[lockedIn].map((code) => ({
            value: code,
            label: jurisdictionLabel(code),
          }))}
        />
      )}
      {dap && (
        <>
          <TextField
            id={fieldIds.dapSettlementAgent}
            label={t('account.dapAgent')}
            hint={t('account.dapAgentHint')}
            error={form.errorFor('dapSettlementAgent')}
            value={form.values.dapSettlementAgent}
            onChange={(dapSettlementAgent) => form.update({ ...form.values, dapSettlementAgent })}
          />
          <TextField
            id={fieldIds.dapAgentAccountNumber}
            label={t('account.dapAccount')}
            hint={t('account.dapAccountHint')}
            error={form.errorFor('dapAgentAccountNumber')}
            value={form.values.dapAgentAccountNumber}
            onChange={(dapAgentAccountNumber) =>
              form.update({ ...form.values, dapAgentAccountNumber })
            }
            maxLength={8}
            width="short"
          />
        </>
      )}
      {!lockedIn && !dap && <p>{t('account.nothingMore')}</p>}
      {/* The accounts are chosen by now, so a code limited to some types can be checked. */}
      <p>
        <Link to={`/application/${application.id}/promo`}>{tp('accountLink')}</Link>
      </p>
    </StepPage>
  );
}
