import type { Labels } from './define-enum.ts';

/** Spec section 3: EFT frequencies; `fundingFrequencyTypeId` 1 means one-time. */
export const eftFrequencies = {
  onetime: 1,
  weekly: 2,
  biweekly: 3,
  semiMonthly: 4,
  monthly: 5,
  quarterly: 6,
  semiAnnually: 7,
  annually: 8,
} as const;
export type EftFrequency = (typeof eftFrequencies)[keyof typeof eftFrequencies];

export const eftFrequencyLabels = {
  onetime: { en: 'One time', fr: 'Une seule fois' },
  weekly: { en: 'Weekly', fr: 'Chaque semaine' },
  biweekly: { en: 'Every two weeks', fr: 'Toutes les deux semaines' },
  semiMonthly: { en: 'Twice a month', fr: 'Deux fois par mois' },
  monthly: { en: 'Monthly', fr: 'Chaque mois' },
  quarterly: { en: 'Quarterly', fr: 'Chaque trimestre' },
  semiAnnually: { en: 'Twice a year', fr: 'Deux fois par année' },
  annually: { en: 'Yearly', fr: 'Chaque année' },
} as const satisfies Labels<typeof eftFrequencies>;

const eftFrequencyNames = Object.fromEntries(
  Object.entries(eftFrequencies).map(([name, id]) => [id, name]),
) as Record<number, keyof typeof eftFrequencies>;

/** The name of a frequency id (`5` is `monthly`), to find its label; undefined when unknown. */
export const eftFrequencyNameOf = (id: number): keyof typeof eftFrequencies | undefined =>
  eftFrequencyNames[id];

/** Spec section 3: funding type ids of the funding request payload. */
export const fundingTypes = { OneTime: 1, Recurring: 3 } as const;
export type FundingType = (typeof fundingTypes)[keyof typeof fundingTypes];

/** Spec section 4: funding status ids. */
export const fundingStatuses = {
  SUBMITTED: 14,
  PENDING: 15,
  DECLINED: 16,
  APPROVED: 17,
  COMPLETED: 18,
  SENT_TO_BANK: 32,
  REJECTED_BY_BANK: 33,
  SENT_TO_DP: 34,
  RECURRING_EFT_SUBMITTED: 51,
  DECLINED_IN_DP: 58,
  DELETED_BY_CLIENT: 60,
  DELETE_APPROVED: 61,
  CANCELLED_BY_CLIENT: 62,
} as const;
export type FundingStatus = (typeof fundingStatuses)[keyof typeof fundingStatuses];

/** Spec section 4: the EFT statuses a person sees. */
export const eftUserStatuses = {
  approved: 'approved',
  declined: 'declined',
  pending: 'pending',
  submitted: 'submitted',
  cancelled: 'cancelled',
} as const;
export type EftUserStatus = (typeof eftUserStatuses)[keyof typeof eftUserStatuses];

export const eftUserStatusLabels = {
  approved: { en: 'Approved', fr: 'Approuvé' },
  declined: { en: 'Declined', fr: 'Refusé' },
  pending: { en: 'Pending', fr: 'En attente' },
  submitted: { en: 'Submitted', fr: 'Soumis' },
  cancelled: { en: 'Cancelled', fr: 'Annulé' },
} as const satisfies Labels<typeof eftUserStatuses>;

/**
 * What a person is told for each internal status: received but untouched is "submitted";
 * anything moving between us, the bank and the depository is "pending"; money that arrived is
 * "approved"; any refusal is "declined"; anything the client withdrew is "cancelled".
 */
export const eftUserStatusOf: Readonly<Record<FundingStatus, EftUserStatus>> = {
  [fundingStatuses.SUBMITTED]: 'submitted',
  [fundingStatuses.RECURRING_EFT_SUBMITTED]: 'submitted',
  [fundingStatuses.PENDING]: 'pending',
  [fundingStatuses.SENT_TO_BANK]: 'pending',
  [fundingStatuses.SENT_TO_DP]: 'pending',
  [fundingStatuses.APPROVED]: 'approved',
  [fundingStatuses.COMPLETED]: 'approved',
  [fundingStatuses.DECLINED]: 'declined',
  [fundingStatuses.REJECTED_BY_BANK]: 'declined',
  [fundingStatuses.DECLINED_IN_DP]: 'declined',
  [fundingStatuses.DELETED_BY_CLIENT]: 'cancelled',
  [fundingStatuses.DELETE_APPROVED]: 'cancelled',
  [fundingStatuses.CANCELLED_BY_CLIENT]: 'cancelled',
};

/** Currency type ids of bank and client accounts (`currencyTypeId`). */
export const currencyTypes = { CAD: 1, USD: 2 } as const;
export type CurrencyTypeId = (typeof currencyTypes)[keyof typeof currencyTypes];

export function currencyTypeIdOf(currency: 'CAD' | 'USD'): CurrencyTypeId {
  return currencyTypes[currency];
}

/** The currency of a currency type id; undefined for an id that is not one. */
export function currencyOfTypeId(id: number): 'CAD' | 'USD' | undefined {
  if (id === currencyTypes.CAD) return 'CAD';
  if (id === currencyTypes.USD) return 'USD';
  return undefined;
}

/**
 * Where a bank account on file came from: a void cheque the client uploaded, a bank connection
 * (the aggregator read it from the bank), or the brokerage's back office (an account already
 * used to fund an account with us).
 */
export const bankAccountSources = {
  cheque: 'cheque',
  connection: 'connection',
  admin: 'admin',
} as const;
export type BankAccountSource = (typeof bankAccountSources)[keyof typeof bankAccountSources];
