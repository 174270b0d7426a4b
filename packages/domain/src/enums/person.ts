import type { Labels } from './define-enum.ts';

/** Spec section 3: marital status. */
export const maritalStatuses = {
  Single: 1,
  Married: 2,
  CommonLaw: 3,
  Divorced: 4,
  Separated: 5,
  Widowed: 6,
} as const;
export type MaritalStatus = (typeof maritalStatuses)[keyof typeof maritalStatuses];

export const maritalStatusLabels = {
  Single: { en: 'Single', fr: 'Célibataire' },
  Married: { en: 'Married', fr: 'Marié ou mariée' },
  CommonLaw: { en: 'Common-law', fr: 'Conjoint de fait' },
  Divorced: { en: 'Divorced', fr: 'Divorcé ou divorcée' },
  Separated: { en: 'Separated', fr: 'Séparé ou séparée' },
  Widowed: { en: 'Widowed', fr: 'Veuf ou veuve' },
} as const satisfies Labels<typeof maritalStatuses>;

/**
 * Spec section 3: employment status; SelfEmployed (7) added by issue 12 (CIRO rule 3202 asks
 * the nature of the client's business, which a self-employed person could not say before).
 */
export const employmentStatuses = {
  FullTime: 1,
  PartTime: 2,
  SelfEmployed: 7,
  Student: 3,
  Retired: 4,
  Unemployed: 5,
  Homemaker: 6,
} as const;
export type EmploymentStatus = (typeof employmentStatuses)[keyof typeof employmentStatuses];

export const employmentStatusLabels = {
  FullTime: { en: 'Employed full time', fr: 'Emploi à temps plein' },
  PartTime: { en: 'Employed part time', fr: 'Emploi à temps partiel' },
  SelfEmployed: { en: 'Self-employed', fr: 'Travailleur ou travailleuse autonome' },
  Student: { en: 'Student', fr: 'Aux études' },
  Retired: { en: 'Retired', fr: 'À la retraite' },
  Unemployed: { en: 'Unemployed', fr: 'Sans emploi' },
  Homemaker: { en: 'Homemaker', fr: 'Personne au foyer' },
} as const satisfies Labels<typeof employmentStatuses>;

/** Spec section 3: phone type; one number per type. */
export const phoneTypes = { Home: 1, Business: 2, Mobile: 3 } as const;
export type PhoneType = (typeof phoneTypes)[keyof typeof phoneTypes];

export const phoneTypeLabels = {
  Home: { en: 'Home', fr: 'Domicile' },
  Business: { en: 'Business', fr: 'Travail' },
  Mobile: { en: 'Mobile', fr: 'Cellulaire' },
} as const satisfies Labels<typeof phoneTypes>;

/**
 * Spec section 3: income source other than employment (Other asks the person to specify); the
 * spouse has the same. None (7) added by issue 12: many people have no other income.
 */
export const incomeSourceTypes = {
  None: 7,
  Disability: 1,
  Gift: 2,
  Investments: 3,
  Pension: 4,
  Severance: 5,
  Other: 6,
} as const;
export type IncomeSourceType = (typeof incomeSourceTypes)[keyof typeof incomeSourceTypes];

export const incomeSourceTypeLabels = {
  None: { en: 'None', fr: 'Aucune' },
  Disability: { en: 'Disability benefits', fr: "Prestations d'invalidité" },
  Gift: { en: 'Gift', fr: 'Don' },
  Investments: { en: 'Investments', fr: 'Placements' },
  Pension: { en: 'Pension', fr: 'Rente de retraite' },
  Severance: { en: 'Severance pay', fr: 'Indemnité de départ' },
  Other: { en: 'Other (specify the source)', fr: 'Autre (précisez la source)' },
} as const satisfies Labels<typeof incomeSourceTypes>;

/**
 * Occupation ids of the earlier reference list that named a situation, not work (student,
 * retired, homemaker, unemployed): the occupation is asked only of people who work, so the
 * rules refuse these ids (a form saved before the list changed may still hold one).
 */
export const situationOccupationIds: readonly number[] = [9001, 9002, 9003, 9004];
