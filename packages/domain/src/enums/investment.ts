import type { Labels } from './define-enum.ts';

/** Spec section 3: investment experience bit flags, kept separately for primary and joint. */
export const investmentExperienceFlags = {
  Stocks: 1,
  Bonds: 2,
  MutualFunds: 4,
  Options: 8,
  None: 32,
} as const;
export type InvestmentExperienceFlag =
  (typeof investmentExperienceFlags)[keyof typeof investmentExperienceFlags];

export const investmentExperienceFlagLabels = {
  Stocks: { en: 'Stocks', fr: 'Actions' },
  Bonds: { en: 'Bonds', fr: 'Obligations' },
  MutualFunds: { en: 'Mutual funds', fr: 'Fonds communs de placement' },
  Options: { en: 'Options', fr: 'Options' },
  None: { en: 'None', fr: 'Aucune' },
} as const satisfies Labels<typeof investmentExperienceFlags>;

/** Combines chosen products into one value; "None" excludes every product. */
export function combineExperience(flags: readonly InvestmentExperienceFlag[]): number {
  if (flags.includes(investmentExperienceFlags.None)) return investmentExperienceFlags.None;
  return flags.reduce((value, flag) => value | flag, 0);
}

export function hasExperience(value: number, flag: InvestmentExperienceFlag): boolean {
  return (value & flag) === flag;
}

/** The products a combined value holds, in declaration order. */
export function experienceFlagsOf(value: number): InvestmentExperienceFlag[] {
  return Object.values(investmentExperienceFlags).filter((flag) => hasExperience(value, flag));
}

/** Spec section 3: investment knowledge levels. */
export const investmentKnowledgeLevels = {
  none: 1,
  limited: 2,
  average: 3,
  sophisticated: 4,
} as const;
export type InvestmentKnowledgeLevel =
  (typeof investmentKnowledgeLevels)[keyof typeof investmentKnowledgeLevels];

export const investmentKnowledgeLevelLabels = {
  none: { en: 'None', fr: 'Aucune' },
  limited: { en: 'Limited', fr: 'Limitées' },
  average: { en: 'Average', fr: 'Moyennes' },
  sophisticated: { en: 'Sophisticated', fr: 'Approfondies' },
} as const satisfies Labels<typeof investmentKnowledgeLevels>;

/** Spec section 3: options strategies. */
export const optionsStrategies = {
  LongCalls: 1,
  Spreads: 2,
  CoveredWriting: 3,
  UncoveredWriting: 4,
} as const;
export type OptionsStrategy = (typeof optionsStrategies)[keyof typeof optionsStrategies];

export const optionsStrategyLabels = {
  LongCalls: { en: 'Buying calls and puts', fr: "Achat d'options d'achat et de vente" },
  Spreads: { en: 'Spreads', fr: 'Écarts' },
  CoveredWriting: { en: 'Covered writing', fr: "Vente d'options couvertes" },
  UncoveredWriting: { en: 'Uncovered writing', fr: "Vente d'options à découvert" },
} as const satisfies Labels<typeof optionsStrategies>;
