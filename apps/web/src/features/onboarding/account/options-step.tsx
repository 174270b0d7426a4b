import { useTranslation } from '../../../lib/i18n.ts';
import { optionsOf, type Language } from '@portal/domain/enums/define-enum';
import {
  optionsStrategies,
  optionsStrategyLabels,
  type OptionsStrategy,
} from '@portal/domain/enums/investment';
import { optionsStepSchema } from '@portal/domain/rules/account-selection';
import { CheckboxChoices, RadioChoices } from '../../../ui/choices.tsx';
import { StepPage } from '../step/step-page.tsx';
import { useStepForm } from '../step/use-step-form.ts';

type YesNo = 'yes' | 'no';
interface Values {
  optionsTrading?: YesNo;
  strategies: OptionsStrategy[];
  shortSelling?: YesNo;
}
interface Saved {
  optionsTrading: boolean;
  strategies: OptionsStrategy[];
  shortSelling: boolean;
}

const yesNo = (value: boolean | undefined): YesNo | undefined =>
  value === undefined ? undefined : value ? 'yes' : 'no';
const fromYesNo = (value: YesNo | undefined) => (value === undefined ? undefined : value === 'yes');

/** Step `options` (with a margin account): options trading and its strategies, short selling. */
export function OptionsStep() {
  const { t, i18n } = useTranslation('onboarding');
  const form = useStepForm<Values>({
    step: 'options',
    schema: optionsStepSchema,
    fieldIds: {
      optionsTrading: 'optionsTrading',
      strategies: 'strategies',
      shortSelling: 'shortSelling',
    },
    initial: (saved) => {
      const data = saved as Saved | undefined;
      return {
        optionsTrading: yesNo(data?.optionsTrading),
        strategies: data?.strategies ?? [],
        shortSelling: yesNo(data?.shortSelling),
      };
    },
    toData: (values) => ({
      optionsTrading: fromYesNo(values.optionsTrading),
      strategies: values.optionsTrading === 'yes' ? values.strategies : [],
      shortSelling: fromYesNo(values.shortSelling),
    }),
  });
  const strategies = optionsOf(optionsStrategies, optionsStrategyLabels, i18n.language as Language);
  const yesNoChoices = (hints?: { yes?: React.ReactNode }) => [
    { value: 'yes' as const, label: t('yes'), reveal: hints?.yes },
    { value: 'no' as const, label: t('no') },
  ];

  return (
    <StepPage
      step="options"
      title={t('options.title')}
      heading={t('options.heading')}
      problems={form.problems}
      notice={form.notice}
      saving={form.saving}
      onSubmit={form.submit}
    >
      <p>{t('options.intro')}</p>
      <RadioChoices
        id="optionsTrading"
        legend={t('options.tradingLegend')}
        hint={t('options.tradingHint')}
        error={form.errorFor('optionsTrading')}
        value={form.values.optionsTrading}
        onChange={(optionsTrading) => form.update({ ...form.values, optionsTrading })}
        choices={yesNoChoices({
          yes: (
            <CheckboxChoices
              id="strategies"
              legend={t('options.strategiesLegend')}
              hint={t('options.strategiesHint')}
              error={form.errorFor('strategies')}
              values={form.values.strategies}
              onChange={(selected) => form.update({ ...form.values, strategies: selected })}
              choices={strategies.map((strategy) => ({
                value: strategy.id,
                label: strategy.label,
                hint: t(`options.strategyHints.${strategy.name as keyof typeof optionsStrategies}`),
              }))}
            />
          ),
        })}
      />
      <RadioChoices
        id="shortSelling"
        legend={t('options.shortLegend')}
        hint={t('options.shortHint')}
        error={form.errorFor('shortSelling')}
        value={form.values.shortSelling}
        onChange={(shortSelling) => form.update({ ...form.values, shortSelling })}
        choices={yesNoChoices()}
      />
    </StepPage>
  );
}
