import { optionsStrategies, optionsStrategyLabels } from '../enums/investment.ts';
import type { SavedSteps } from '../rules/onboarding-flow.ts';
import type { OutlineFormat } from './answers-outline.format.ts';
import { list, record, Rows, section, type OutlineSection } from './answers-outline.rows.ts';

// --- Options --------------------------------------------------------------------------------

export function optionsSection(steps: SavedSteps, f: OutlineFormat): OutlineSection | undefined {
  if (steps.options === undefined) return undefined;
  const { t } = f;
  const options = record(steps.options);
  const rows = new Rows('options');
  rows.add('optionsTrading', t.optionsTrading, f.yesNo(options.optionsTrading));
  if (options.optionsTrading === true) {
    rows.add(
      'strategies',
      t.optionsStrategies,
      list(options.strategies).map((code) =>
        f.label(optionsStrategies, optionsStrategyLabels, code),
      ),
    );
  }
  rows.add('shortSelling', t.shortSelling, f.yesNo(options.shortSelling));
  return section('options', t.options, 'options', rows);
}
