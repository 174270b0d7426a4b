import type { Labels } from './define-enum.ts';

/**
 * Spec section 3: investment experience bit flags, kept separately for primary and joint.
 * Issue 12 adds ETFs (64) and GICs (128), new bits so every saved value keeps its meaning (16
 * is left unused: the spec skips it, and an older system may have given it a meaning).
 */
export const investmentExperienceFlags = {
  Stocks: 1,
  Bonds: 2,
  MutualFunds: 4,
  Etfs: 64,
  Gics: 128,
  Options: 8,
  None: 32,
} as const;
export type InvestmentExperienceFlag =
  (typeof investmentExperienceFlags)[keyof typeof investmentExperienceFlags];

export const investmentExperienceFlagLabels = {
  Stocks: { en: 'Stocks', fr: 'Actions' },
  Bonds: { en: 'Bonds', fr: 'Obligations' },
  MutualFunds: { en: 'Mutual funds', fr: 'Fonds communs de placement' },
  Etfs: { en: 'Exchange-traded funds (ETFs)', fr: 'Fonds négociés en bourse (FNB)' },
  Gics: {
    en: 'Guaranteed investment certificates (GICs)',
    fr: 'Certificats de placement garanti (CPG)',
  },
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

/**
 * How much the value of investments may fall before the person would rather not hold them
 * (CIRO rule 3202: risk profile). Three levels in plain words; each label says what it means.
 */
export const riskTolerances = { Low: 1, Medium: 2, High: 3 } as const;
export type RiskTolerance = (typeof riskTolerances)[keyof typeof riskTolerances];

export const riskToleranceLabels = {
  Low: {
    en: 'Low: I want to keep what I have, even if it grows slowly',
    fr: "Faible : je veux conserver ce que j'ai, même si cela croît lentement",
  },
  Medium: {
    en: 'Medium: I accept some ups and downs for more growth over time',
    fr: "Moyenne : j'accepte des hauts et des bas pour une meilleure croissance avec le temps",
  },
  High: {
    en: 'High: I accept large drops in value, even losing much of what I invest, for the chance of higher returns',
    fr: "Élevée : j'accepte de fortes baisses, même de perdre une grande partie de ce que j'investis, pour la chance de rendements plus élevés",
  },
} as const satisfies Labels<typeof riskTolerances>;

/** When the person expects to need most of the money invested (CIRO rule 3202: time horizon). */
export const investmentTimeHorizons = {
  UnderOneYear: 1,
  OneToThreeYears: 2,
  FourToTenYears: 3,
  OverTenYears: 4,
} as const;
export type InvestmentTimeHorizon =
  (typeof investmentTimeHorizons)[keyof typeof investmentTimeHorizons];

export const investmentTimeHorizonLabels = {
  UnderOneYear: { en: 'In less than 1 year', fr: "Dans moins d'un an" },
  OneToThreeYears: { en: 'In 1 to 3 years', fr: 'Dans 1 à 3 ans' },
  FourToTenYears: { en: 'In 4 to 10 years', fr: 'Dans 4 à 10 ans' },
  OverTenYears: { en: 'In more than 10 years', fr: 'Dans plus de 10 ans' },
} as const satisfies Labels<typeof investmentTimeHorizons>;
