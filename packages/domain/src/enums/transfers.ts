import type { Labels } from './define-enum.ts';

/** Spec section 4: transfer-in statuses. */
export const transferInStatuses = {
  SC_IN_PROGRESS: 52,
  SC_DECLINED: 53,
  SC_PROCESSED: 54,
  SC_PENDING_TRADE_SETTLEMENT: 56,
  SC_CREDIT_APPROVED: 57,
  SC_SENT_TO_DP: 59,
} as const;
export type TransferInStatus = (typeof transferInStatuses)[keyof typeof transferInStatuses];

/** Spec section 3: transfer types. */
export const transferTypes = { ALL_IN_KIND: 1, ALL_IN_CASH: 2, ALL_ASSETS: 3, PARTIAL: 4 } as const;
export type TransferType = (typeof transferTypes)[keyof typeof transferTypes];

export const transferTypeLabels = {
  ALL_IN_KIND: { en: 'All in kind', fr: 'Totalité en nature' },
  ALL_IN_CASH: { en: 'All in cash', fr: 'Totalité en espèces' },
  ALL_ASSETS: {
    en: 'Mixed: some in cash, some in kind',
    fr: 'Mixte : en partie en espèces, en partie en nature',
  },
  PARTIAL: { en: 'Partial', fr: 'Partiel' },
} as const satisfies Labels<typeof transferTypes>;

/** Spec section 3: e-signature status of a transfer. */
export const esignStatuses = ['NOT_REQUIRED', 'UNSIGNED', 'SIGNED'] as const;
export type EsignStatus = (typeof esignStatuses)[number];
