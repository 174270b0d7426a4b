import type { Labels } from './define-enum.ts';

/** Spec section 3: whose age sets the RRIF minimum payment. */
export const minPaymentTypes = { OwnAge: 1, SpouseAge: 2 } as const;
export type MinPaymentType = (typeof minPaymentTypes)[keyof typeof minPaymentTypes];

export const minPaymentTypeLabels = {
  OwnAge: { en: 'My age', fr: 'Mon âge' },
  SpouseAge: { en: 'My spouse’s age', fr: 'L’âge de mon conjoint' },
} as const satisfies Labels<typeof minPaymentTypes>;

/** Spec section 3: annual payment choice. */
export const annualPaymentTypes = { Minimum: 1, Other: 2, Maximum: 3 } as const;
export type AnnualPaymentType = (typeof annualPaymentTypes)[keyof typeof annualPaymentTypes];

export const annualPaymentTypeLabels = {
  Minimum: { en: 'The minimum amount', fr: 'Le montant minimal' },
  Other: { en: 'Another amount', fr: 'Un autre montant' },
  Maximum: { en: 'The maximum amount', fr: 'Le montant maximal' },
} as const satisfies Labels<typeof annualPaymentTypes>;

/** Spec section 3: whether the other amount is before (G) or after (N) tax. */
export const grossOrNet = { Gross: 'G', Net: 'N' } as const;
export type GrossOrNet = (typeof grossOrNet)[keyof typeof grossOrNet];

/** Spec section 3: 2 means a percentage; any other value means the regulatory standard. */
export const TAX_CALC_OPTION_PERCENTAGE = 2;

/** Spec section 3: where the payment goes. */
export const paymentByTypes = { Bank: 1, CashAccount: 2 } as const;
export type PaymentByType = (typeof paymentByTypes)[keyof typeof paymentByTypes];

export const paymentByTypeLabels = {
  Bank: { en: 'To my bank account', fr: 'Dans mon compte bancaire' },
  CashAccount: { en: 'To my cash account', fr: 'Dans mon compte au comptant' },
} as const satisfies Labels<typeof paymentByTypes>;

/** Spec section 5: payments fall on the 15th or the last day of the month. */
export const paymentDays = { Fifteenth: 1, LastDay: 2 } as const;
export type PaymentDay = (typeof paymentDays)[keyof typeof paymentDays];

export const paymentDayLabels = {
  Fifteenth: { en: 'The 15th of the month', fr: 'Le 15 du mois' },
  LastDay: { en: 'The last day of the month', fr: 'Le dernier jour du mois' },
} as const satisfies Labels<typeof paymentDays>;
