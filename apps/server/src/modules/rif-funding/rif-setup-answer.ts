import { partsOf } from '@portal/domain/calendar/iso-date';
import type { CurrencyTypeId } from '@portal/domain/enums/funding';
import { annualPaymentTypes, type GrossOrNet, type PaymentDay } from '@portal/domain/enums/rif';
import type { FundingItem } from '@portal/domain/funding/funding-item';
import { centsToDollars, type Cents } from '@portal/domain/money/cents';
import { firstPayment, type FirstPaymentSetup } from '@portal/domain/rif/first-payment';
import { lifMaximum } from '@portal/domain/rif/lif-maximum';
import { minimumAgeAtJanuary1 } from '@portal/domain/rif/minimum-factors';
import type { PayoutFrequency } from '@portal/domain/rif/payout-frequencies';
import type { RifFirstPaymentView, RifSetupAnswer, RifSetupView } from '@portal/domain/rif/rif-api';
import { accountTypesWithMaximum, type RifPayoutSetup } from '@portal/domain/rif/rif-payout-schema';
import { maskSin } from '@portal/domain/rules/person';
import type { Database } from '../../db/client.ts';
import type { FieldCipher } from '../../lib/crypto/field-cipher.ts';
import { businessCalendarOf, regionOfInstitution } from '../funding/business-calendar.ts';
import * as fundingRepo from '../funding/funding.repo.ts';
import type { ApplicationContext } from './rif-context.ts';
import type { RifFundingDeps } from './rif-funding-deps.ts';
import * as repo from './rif-funding.repo.ts';

/**
 * A saved RRIF payout setup as every answer carries it: the setup (the spouse's SIN masked) and
 * its first payment, computed by the domain on the fund's value.
 */

/** The spouse's SIN is bound to its row and column (ADR 0008). */
export const spouseSinContext = (id: string) => `rif_payout_setups:${id}:spouseSin`;

/** A client account as the domain's account label reads it. */
export function toAccountOf(row: fundingRepo.ClientAccountRow): FundingItem['toAccount'] {
  return {
    accountId: row.id,
    accountNumber: row.accountNumber,
    accountTypeId: row.accountTypeId,
    accountTypeName: row.accountTypeName as FundingItem['toAccount']['accountTypeName'],
    eftEligible: row.eftEligible,
    ownershipTypeId: row.ownershipTypeId,
    currencyTypeId: row.currencyTypeId as CurrencyTypeId,
  };
}

/** The saved row as the domain's parsed setup (the spouse's SIN decrypted, for comparing). */
export function parsedOf(cipher: FieldCipher, row: repo.RifSetupRow): RifPayoutSetup {
  return {
    minPaymentTypeId: row.minPaymentTypeId as RifPayoutSetup['minPaymentTypeId'],
    minPaymentSpouseSin: row.spouseSinEncrypted
      ? cipher.decrypt(row.spouseSinEncrypted, spouseSinContext(row.id))
      : undefined,
    minPaymentSpouseDob: row.spouseBirthDate ?? undefined,
    annualPaymentTypeId: row.annualPaymentTypeId as RifPayoutSetup['annualPaymentTypeId'],
    annualPaymentGrossOrNet: row.grossOrNet as GrossOrNet,
    annualPaymentOtherAmountCents: row.otherAmountCents ?? undefined,
    taxCalcOptionTypeId: row.taxCalcOptionTypeId ?? undefined,
    taxOptionPercent: row.taxOptionPercent ?? undefined,
    taxPercentTypeId: (row.taxPercentTypeId ?? undefined) as RifPayoutSetup['taxPercentTypeId'],
    payoutFrequencyId: row.payoutFrequencyId as PayoutFrequency,
    startDateTypeId: row.startDateTypeId as PaymentDay,
    paymentStartMonth: row.paymentStartMonth,
    paymentStartYear: row.paymentStartYear,
    paymentByTypeId: row.paymentByTypeId as RifPayoutSetup['paymentByTypeId'],
    documentUploadedId: undefined,
    bankAccountId: row.bankAccountId ?? undefined,
    payoutAccountId: row.payoutAccountId ?? undefined,
  };
}

function setupView(row: repo.RifSetupRow, documentUploadedId: string | null): RifSetupView {
  return {
    id: row.id,
    accountId: row.clientAccountId,
    minPaymentTypeId: row.minPaymentTypeId,
    minPaymentSpouseSinMasked: row.spouseSinLast3 ? maskSin(`000000${row.spouseSinLast3}`) : null,
    minPaymentSpouseDob: row.spouseBirthDate,
    annualPaymentTypeId: row.annualPaymentTypeId,
    annualPaymentGrossOrNet: row.grossOrNet as GrossOrNet,
    annualPaymentOtherAmount:
      row.otherAmountCents === null ? null : centsToDollars(row.otherAmountCents),
    taxCalcOptionTypeId: row.taxCalcOptionTypeId,
    taxOptionPercent: row.taxOptionPercent,
    taxPercentTypeId: row.taxPercentTypeId,
    payoutFrequencyId: row.payoutFrequencyId,
    startDateTypeId: row.startDateTypeId,
    paymentStartMonth: row.paymentStartMonth,
    paymentStartYear: row.paymentStartYear,
    paymentByTypeId: row.paymentByTypeId,
    bankAccountId: row.bankAccountId,
    documentUploadedId,
    payoutAccountId: row.payoutAccountId,
    estimatedFundValue:
      row.estimatedFundValueCents === null ? null : centsToDollars(row.estimatedFundValueCents),
    setupYear: row.setupYear,
    firstPaymentMade: row.firstPaymentMade,
    version: row.version,
  };
}

/**
 * The first payment of a setup on a fund value: the domain's computation with the maximum of a
 * life income fund (federal formula, or its jurisdiction's rule) and the configured rates.
 */
function firstPaymentOf(
  deps: RifFundingDeps,
  context: ApplicationContext,
  fund: fundingRepo.ClientAccountRow,
  setup: FirstPaymentSetup,
  fundValueCents: Cents,
  setupYear: number,
  institutionNumber: string | undefined,
): RifFirstPaymentView {
  const year = setup.paymentStartYear;
  const maximumCents =
    setup.annualPaymentTypeId === annualPaymentTypes.Maximum &&
    accountTypesWithMaximum.includes(fund.accountTypeId)
      ? lifMaximum({
          jurisdiction: context.pensionJurisdiction ?? 'federal',
          fmvCents: fundValueCents,
          ageAtJanuary1: minimumAgeAtJanuary1(year, { own: context.ownBirthDate }, false),
          bondRatePercent: deps.rates.lifBondRatePercent,
          // The first year's maximum is prorated over the months left, the setup's month counted.
          ...(year === setupYear && { firstYearMonths: 13 - partsOf(context.today).month }),
        })
      : undefined;
  const payment = firstPayment({
    setup,
    ownBirthDate: context.ownBirthDate,
    fmvCents: fundValueCents,
    setupYear,
    province: context.province,
    quebecPercent: deps.rates.quebecExcessPercent,
    ...(maximumCents !== undefined && { maximumCents }),
    calendar: businessCalendarOf(regionOfInstitution(institutionNumber)),
  });
  return { ...payment, fundValueCents };
}

/** A saved setup with its first payment, on the estimated value or the transfers in. */
export async function answerOf(
  deps: RifFundingDeps,
  db: Database,
  context: ApplicationContext,
  fund: fundingRepo.ClientAccountRow,
  row: repo.RifSetupRow,
): Promise<RifSetupAnswer> {
  const bank = row.bankAccountId
    ? await fundingRepo.findBankAccount(db, row.userId, { id: row.bankAccountId })
    : undefined;
  const fundValueCents =
    row.estimatedFundValueCents ?? (await repo.transfersValueCents(db, fund.id));
  return {
    setup: setupView(row, bank?.documentId ?? null),
    firstPayment: firstPaymentOf(
      deps,
      context,
      fund,
      parsedOf(deps.cipher, row),
      fundValueCents,
      row.setupYear,
      bank?.institutionNumber,
    ),
  };
}
