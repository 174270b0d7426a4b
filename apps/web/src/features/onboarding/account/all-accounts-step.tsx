import { useTranslation } from '../../../lib/i18n.ts';
import {
  namedAccountTypeLabels,
  namedAccountTypes,
  type NamedAccountTypeName,
} from '@portal/domain/enums/account-types';
import { pick, type Language } from '@portal/domain/enums/define-enum';
import { onboardingAccountTypes } from '@portal/domain/enums/onboarding';
import { catalogueEntries, type catalogueAccounts } from '@portal/domain/rules/account-catalogue';
import { accountsStepSchema, type SelectionContext } from '@portal/domain/rules/account-selection';
import { CheckboxChoices, type Choice } from '../../../ui/choices.tsx';
import { FieldMessages } from '../../../ui/field-messages.tsx';
import { AccountNotes, MarginGuide } from './account-notes.tsx';
import { useApplication } from '../step/application-context.tsx';
import { StepPage } from '../step/step-page.tsx';
import { useStepForm } from '../step/use-step-form.ts';

/**
 * Step `allaccounts`: every account type, non-registered and registered, each with its
 * U.S.-dollar twin where one exists. Accounts only one person can hold are shown, not offered,
 * to a joint application.
 */
export function AllAccountsStep() {
  const { t, i18n } = useTranslation('onboarding');
  const language = i18n.language as Language;
  const { application } = useApplication();
  const context = application.steps.ownership as SelectionContext;
  const joint = context.ownershipTypeId === onboardingAccountTypes.Joint;
  const form = useStepForm<NamedAccountTypeName[]>({
    step: 'allaccounts',
    schema: accountsStepSchema(context),
    fieldIds: { accounts: 'accounts' },
    initial: (saved) =>
      (saved as { accounts?: NamedAccountTypeName[] } | undefined)?.accounts ?? [],
    toData: (accounts) => ({ accounts }),
  });

  const choicesOf = (group: keyof typeof catalogueAccounts): Choice<NamedAccountTypeName>[] =>
    catalogueEntries(group).flatMap((entry) => {
      const unavailable = joint && !entry.jointVariant;
      const choice = (account: NamedAccountTypeName): Choice<NamedAccountTypeName> => ({
        value: account,
        label: pick(namedAccountTypeLabels[account], language),
        disabled: unavailable && !form.values.includes(account),
        hint:
          namedAccountTypes[account].currency === 'USD' ? (
            t('allAccounts.usdHint')
          ) : (
            <AccountNotes account={account} ownershipTypeId={context.ownershipTypeId} />
          ),
      });
      return entry.usdTwin
        ? [choice(entry.account), choice(entry.usdTwin)]
        : [choice(entry.account)];
    });

  // Each group keeps the other's selections: one answer, two lists.
  const inGroup = (group: keyof typeof catalogueAccounts) => {
    const names = new Set(choicesOf(group).map((choice) => choice.value));
    return {
      values: form.values.filter((account) => names.has(account)),
      onChange: (selected: NamedAccountTypeName[]) =>
        form.update([...form.values.filter((account) => !names.has(account)), ...selected]),
    };
  };
  const error = form.errorFor('accounts');

  return (
    <StepPage
      step="allaccounts"
      title={t('allAccounts.title')}
      heading={t('allAccounts.heading')}
      problems={form.problems}
      notice={form.notice}
      saving={form.saving}
      onSubmit={form.submit}
    >
      <p>{t('selectionRule')}</p>
      <div id="accounts" tabIndex={-1} className={error ? 'group-error' : undefined}>
        <FieldMessages id="accounts" error={error} />
        <CheckboxChoices
          id="accounts-nonRegistered"
          legend={t('allAccounts.nonRegistered')}
          hint={t('allAccounts.nonRegisteredHint')}
          choices={choicesOf('nonRegistered')}
          {...inGroup('nonRegistered')}
        />
        <MarginGuide />
        <CheckboxChoices
          id="accounts-registered"
          legend={t('allAccounts.registered')}
          hint={
            joint
              ? `${t('allAccounts.registeredHint')} ${t('allAccounts.registeredJointHint')}`
              : t('allAccounts.registeredHint')
          }
          choices={choicesOf('registered')}
          {...inGroup('registered')}
        />
      </div>
    </StepPage>
  );
}
