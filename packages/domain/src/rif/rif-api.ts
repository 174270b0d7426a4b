import type { IsoDate } from '../calendar/iso-date.ts';
import type { PensionJurisdiction } from '../enums/pension-jurisdictions.ts';
import type { ProvinceCode } from '../enums/provinces.ts';
import type { GrossOrNet } from '../enums/rif.ts';
import type { Cents } from '../money/cents.ts';

/**
 * The answers of the RRIF payout routes (`rifFunding/*`, issue 15), shared by the server and the
 * web. Amounts in cents unless the spec's field is in dollars (`annualPaymentOtherAmount`).
 */

/** A saved setup as its owner sees it again: the spouse's SIN masked, never whole. */
export interface RifSetupView {
  id: string;
  accountId: string;
  minPaymentTypeId: number;
  /** `*** *** 123` */
  minPaymentSpouseSinMasked: string | null;
  minPaymentSpouseDob: IsoDate | null;
  annualPaymentTypeId: number;
  annualPaymentGrossOrNet: GrossOrNet;
  annualPaymentOtherAmount: number | null;
  taxCalcOptionTypeId: number | null;
  taxOptionPercent: number | null;
  taxPercentTypeId: number | null;
  payoutFrequencyId: number;
  startDateTypeId: number;
  paymentStartMonth: number;
  paymentStartYear: number;
  paymentByTypeId: number;
  bankAccountId: string | null;
  documentUploadedId: string | null;
  payoutAccountId: string | null;
  /** In dollars, as the client gave it; null when the transfers' values stand in. */
  estimatedFundValue: number | null;
  setupYear: number;
  /** Once true, whose age sets the minimum can no longer change. */
  firstPaymentMade: boolean;
  version: number;
}

export interface RifPaymentAmounts {
  grossCents: Cents;
  withholdingCents: Cents;
  netCents: Cents;
}

/** The first payment of a setup (domain `firstPayment`), on the fund value it was computed on. */
export interface RifFirstPaymentView extends RifPaymentAmounts {
  scheduledOn: IsoDate;
  paidOn: IsoDate;
  year: number;
  paymentsInYear: number;
  /** The minimum of the first payment's year (0 in the year the fund is set up). */
  minimumCents: Cents;
  annual: RifPaymentAmounts;
  fundValueCents: Cents;
}

export interface RifSetupAnswer {
  setup: RifSetupView;
  firstPayment: RifFirstPaymentView;
}

/** `GET rifFunding/{id}` when set up (a 400 holding 'No RIF setup found' otherwise). */
export interface RifSetUpAnswer {
  setUp: true;
  setups: RifSetupAnswer[];
}

/** An income fund the application opens, and its setup when there is one. */
export interface RifFund {
  accountId: string;
  accountTypeId: number;
  accountTypeName: string;
  currencyTypeId: number;
  pensionJurisdiction: PensionJurisdiction | null;
  /** What the transfers in on their way say the fund will hold (their approximate values). */
  transfersValueCents: Cents;
  setup: RifSetupAnswer | null;
}

/** A non-registered account of the application, which payments may go to. */
export interface RifCashAccount {
  accountId: string;
  accountTypeId: number;
  accountTypeName: string;
  currencyTypeId: number;
}

/** `GET rifFunding/{applicationId}/options`: what the setup screen is judged and shown with. */
export interface RifOptions {
  today: IsoDate;
  setupYear: number;
  ownBirthDate: IsoDate;
  /**
   * The spouse as the profile's spouse section gives them, for a minimum set by the spouse's age:
   * their birth date, and their SIN masked (a SIN left blank is this one). Absent without a spouse.
   */
  spouse?: { birthDate: IsoDate | null; sinMasked: string | null } | null;
  province: ProvinceCode;
  rates: { quebecExcessPercent: number; lifBondRatePercent: number };
  funds: RifFund[];
  cashAccounts: RifCashAccount[];
  /**
   * The weekdays of the setup year and the next on which nothing is paid (national payments
   * calendar): a payment day among them is paid the business day before.
   */
  nonProcessingDays: IsoDate[];
}
