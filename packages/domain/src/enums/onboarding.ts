import type { Labels } from './define-enum.ts';

/** Spec section 3: onboarding account types; also the ownership choice (individual or joint). */
export const onboardingAccountTypes = { Individual: 1, Joint: 2 } as const;
export type OnboardingAccountType =
  (typeof onboardingAccountTypes)[keyof typeof onboardingAccountTypes];

export const onboardingAccountTypeLabels = {
  Individual: { en: 'Individual', fr: 'Individuel' },
  Joint: { en: 'Joint', fr: 'Conjoint' },
} as const satisfies Labels<typeof onboardingAccountTypes>;

/** Spec section 3: the goals of the account-selection helper. */
export const accountGoals = {
  retirement: 1,
  education: 2,
  downpayment: 3,
  specific: 4,
  retirementincome: 5,
  daytrading: 6,
} as const;
export type AccountGoal = (typeof accountGoals)[keyof typeof accountGoals];

export const accountGoalLabels = {
  retirement: { en: 'Saving for retirement', fr: 'Épargner pour la retraite' },
  education: { en: "Saving for a child's education", fr: "Épargner pour les études d'un enfant" },
  downpayment: {
    en: 'Saving for a down payment on a first home',
    fr: "Épargner pour la mise de fonds d'une première habitation",
  },
  specific: { en: 'Saving for a specific goal', fr: 'Épargner pour un objectif précis' },
  retirementincome: { en: 'Income in retirement', fr: 'Revenu à la retraite' },
  daytrading: { en: 'Active trading', fr: 'Négociation active' },
} as const satisfies Labels<typeof accountGoals>;
