import { randomUUID } from 'node:crypto';
import { partsOf, type IsoDate } from '@portal/domain/calendar/iso-date';
import { nonProcessingDays } from '@portal/domain/calendar/payments-calendar';
import { accountTypes } from '@portal/domain/enums/account-types';
import { currencyOfTypeId, type CurrencyTypeId } from '@portal/domain/enums/funding';
import type { PensionJurisdiction } from '@portal/domain/enums/pension-jurisdictions';
import type { ProvinceCode } from '@portal/domain/enums/provinces';
import { annualPaymentTypes, type GrossOrNet, type PaymentDay } from '@portal/domain/enums/rif';
import { toAccountLabel, type FundingItem } from '@portal/domain/funding/funding-item';
import { maskAccountNumber } from '@portal/domain/funding/bank-account';
import { isMessageCode } from '@portal/domain/messages/message-code';
import { centsToDollars, dollarsToCents, type Cents } from '@portal/domain/money/cents';
import { firstPayment, type FirstPaymentSetup } from '@portal/domain/rif/first-payment';
import { lifMaximum } from '@portal/domain/rif/lif-maximum';
import { minimumAgeAtJanuary1 } from '@portal/domain/rif/minimum-factors';
import type { PayoutFrequency } from '@portal/domain/rif/payout-frequencies';
import type {
  RifCashAccount,
  RifFirstPaymentView,
  RifFund,
  RifOptions,
  RifSetUpAnswer,
  RifSetupAnswer,
  RifSetupView,
} from '@portal/domain/rif/rif-api';
import {
  accountTypesWithMaximum,
  NO_RIF_SETUP_TEXT,
  rifPayoutSchema,
  rifSetupChangeProblems,
  type RifPayoutSetup,
} from '@portal/domain/rif/rif-payout-schema';
import { provinceCodeOf } from '@portal/domain/rules/other-interests-step';
import { maskSin } from '@portal/domain/rules/person';
import { fundingOpen } from '@portal/domain/status/application-status-machine';
import type { RifRates } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { FieldCipher } from '../../lib/crypto/field-cipher.ts';
import type { BankClock } from '../../providers/sandbox-bank/bank-clock.ts';
import {
  findParticipantApplication,
  recordAuditEvent,
  savedStepsOf,
} from '../applications/applications.service.ts';
import { savedSin } from '../applications/sealed-fields.ts';
import { businessCalendarOf, regionOfInstitution } from '../funding/business-calendar.ts';
import * as fundingRepo from '../funding/funding.repo.ts';
import { Refusal } from '../../lib/refusals/refusal.ts';
import { toAccountsFor } from '../funding/funding.service.ts';
import { enqueueMessage, type MessageLanguage } from '../outbox/outbox.service.ts';
import { RIF_PAYOUT_CONFIRMATION_TEMPLATE, rifPayoutConfirmationMail } from './rif-funding-mail.ts';
import * as repo from './rif-funding.repo.ts';

/**
 * RRIF payouts (issue 15; spec sections 3, 5, 7, 8): the payments out of a RRIF, spousal RRIF,
 * LIF, RLIF or PRIF an agreed application opens. The setup is judged by the domain's
 * `rifPayoutSchema` in the application's context (fund type, pension law, the applicant's own
 * SIN, the bank's today), saved one per fund account, audited and confirmed by mail; every
 * answer carries the first payment computed by the domain's `firstPayment`.
 *
 * The spouse's SIN is encrypted with the field cipher, bound to the row; answers and mails carry
 * it masked, logs never.
 */

/** A refusal of the RRIF payout service (the routes answer it; tests match it by class). */
export class RifFundingError extends Refusal {
  override name = 'RifFundingError';
}

export interface RifFundingDeps {
  db: Database;
  cipher: FieldCipher;
  clock: BankClock;
  publicUrl: string;
  rates: RifRates;
}

const notFound = () => new RifFundingError(404, 'notFound');
const invalid = (fields: Record<string, string>) =>
  new RifFundingError(400, 'invalidInput', { fields });

function fieldsOf(issues: readonly { path: PropertyKey[]; message: string }[]) {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const path = issue.path.map(String).join('.') || 'body';
    fields[path] ??= isMessageCode(issue.message) ? issue.message : 'invalid';
  }
  return fields;
}

const languageOf = (language: string): MessageLanguage => (language === 'fr' ? 'fr' : 'en');

/** The funds that pay out (spec ids RIF 8, SPRIF 9, LIF 10, RLIF 11, PRIF 12). */
const incomeFundTypes: ReadonlySet<number> = new Set([
  accountTypes.RIF,
  accountTypes.SPRIF,
  accountTypes.LIF,
  accountTypes.RLIF,
  accountTypes.PRIF,
]);
/** The non-registered accounts a payment may be paid into. */
const cashAccountTypes: ReadonlySet<number> = new Set([accountTypes.Cash, accountTypes.Margin]);

/** The screen of the setup, where mails point. */
export const rifPayoutPageUrl = (publicUrl: string, applicationId: string) =>
  `${publicUrl}/#/home/funding/rif/${applicationId}`;

/** The spouse's SIN is bound to its row and column (ADR 0008). */
export const spouseSinContext = (id: string) => `rif_payout_setups:${id}:spouseSin`;

const record = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};

/** The profile's spouse section, as the setup answers it for a minimum on the spouse's age. */
function spouseOf(
  cipher: FieldCipher,
  applicationId: string,
  profile: unknown,
): ApplicationContext['spouse'] {
  const spouse = record(record(profile).spouse);
  if (Object.keys(spouse).length === 0) return null;
  const birthDate = typeof spouse.birthDate === 'string' ? spouse.birthDate : '';
  return {
    birthDate: birthDate === '' ? null : birthDate,
    sin: savedSin(cipher, applicationId, 'profile', profile, ['spouse']),
  };
}

/** What the setup of an application is judged and computed in. */
interface ApplicationContext {
  applicationId: string;
  today: IsoDate;
  ownBirthDate: IsoDate;
  ownSin: string | undefined;
  /** The profile's spouse section: birth date and SIN (decrypted), when there is a spouse. */
  spouse: { birthDate: IsoDate | null; sin: string | undefined } | null;
  province: ProvinceCode;
  pensionJurisdiction: PensionJurisdiction | undefined;
  funds: fundingRepo.ClientAccountRow[];
  cashAccounts: fundingRepo.ClientAccountRow[];
}

/**
 * The caller's agreed application as the primary applicant (anyone else's, or a joint
 * applicant's, answers 404), with its accounts, the applicant's birth date, province and SIN.
 */
async function contextOf(
  deps: RifFundingDeps,
  userId: string,
  applicationId: string,
): Promise<ApplicationContext> {
  const { db, cipher } = deps;
  const application = await findParticipantApplication(db, userId, applicationId);
  if (!application || application.role !== 'primary') throw notFound();
  if (!fundingOpen(application.status)) throw new RifFundingError(409, 'fundingNotOpen');
  // The funding module creates the accounts an agreed application opens the first time they are
  // asked for; the setup needs them to exist as rows.
  await toAccountsFor(
    { db, cipher, clock: deps.clock, publicUrl: deps.publicUrl, uploadQuotaBytes: 0 },
    userId,
    applicationId,
  );
  const accounts = await fundingRepo.clientAccountsOf(db, userId, [applicationId]);
  const saved = await savedStepsOf(db, applicationId);
  const profile = record(saved.profile);
  const jurisdiction = record(saved.account).pensionJurisdiction;
  return {
    applicationId,
    today: await deps.clock.today(),
    ownBirthDate: String(profile.birthDate ?? ''),
    ownSin: savedSin(cipher, applicationId, 'profile', saved.profile),
    spouse: spouseOf(cipher, applicationId, saved.profile),
    // A profile past its review always has its home province; outside Quebec every province
    // has the federal bands, so any other stands for a missing one.
    province: provinceCodeOf(record(profile.homeAddress).provinceId) ?? 'ON',
    pensionJurisdiction:
      typeof jurisdiction === 'string' ? (jurisdiction as PensionJurisdiction) : undefined,
    funds: accounts.filter((account) => incomeFundTypes.has(account.accountTypeId)),
    cashAccounts: accounts.filter((account) => cashAccountTypes.has(account.accountTypeId)),
  };
}

function toAccountOf(row: fundingRepo.ClientAccountRow): FundingItem['toAccount'] {
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
function parsedOf(cipher: FieldCipher, row: repo.RifSetupRow): RifPayoutSetup {
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

async function answerOf(
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

/** `GET rifFunding/{applicationId}/options`: the funds, where payments may go, the rates. */
export async function rifOptionsFor(
  deps: RifFundingDeps,
  userId: string,
  applicationId: string,
): Promise<RifOptions> {
  const { db } = deps;
  const context = await contextOf(deps, userId, applicationId);
  const funds: RifFund[] = [];
  for (const fund of context.funds) {
    const row = await repo.setupOfAccount(db, userId, fund.id);
    funds.push({
      accountId: fund.id,
      accountTypeId: fund.accountTypeId,
      accountTypeName: fund.accountTypeName,
      currencyTypeId: fund.currencyTypeId,
      pensionJurisdiction: accountTypesWithMaximum.includes(fund.accountTypeId)
        ? (context.pensionJurisdiction ?? null)
        : null,
      transfersValueCents: await repo.transfersValueCents(db, fund.id),
      setup: row ? await answerOf(deps, db, context, fund, row) : null,
    });
  }
  const cashAccounts: RifCashAccount[] = context.cashAccounts.map((account) => ({
    accountId: account.id,
    accountTypeId: account.accountTypeId,
    accountTypeName: account.accountTypeName,
    currencyTypeId: account.currencyTypeId,
  }));
  const savedYear = funds.find((fund) => fund.setup)?.setup?.setup.setupYear;
  const setupYear = savedYear ?? partsOf(context.today).year;
  return {
    today: context.today,
    setupYear,
    ownBirthDate: context.ownBirthDate,
    spouse: context.spouse && {
      birthDate: context.spouse.birthDate,
      sinMasked: context.spouse.sin ? maskSin(context.spouse.sin) : null,
    },
    province: context.province,
    rates: {
      quebecExcessPercent: deps.rates.quebecExcessPercent,
      lifBondRatePercent: deps.rates.lifBondRatePercent,
    },
    funds,
    cashAccounts,
    nonProcessingDays: [setupYear, setupYear + 1].flatMap((year) =>
      nonProcessingDays(year).map((day) => day.date),
    ),
  };
}

/**
 * `GET rifFunding/{id}`, the id read as the application's (ADR 0022): 200 with the setups when
 * every income fund of the application has one; otherwise 400 `No RIF setup found` (spec
 * section 8), which the client reads as "not set up".
 */
export async function rifSetUpFor(
  deps: RifFundingDeps,
  userId: string,
  applicationId: string,
): Promise<RifSetUpAnswer> {
  const { db } = deps;
  const context = await contextOf(deps, userId, applicationId);
  const setups: RifSetupAnswer[] = [];
  for (const fund of context.funds) {
    const row = await repo.setupOfAccount(db, userId, fund.id);
    if (!row) break;
    setups.push(await answerOf(deps, db, context, fund, row));
  }
  if (context.funds.length === 0 || setups.length < context.funds.length) {
    throw new RifFundingError(400, NO_RIF_SETUP_TEXT);
  }
  return { setUp: true, setups };
}

/** The payload's additions to the spec's fields (ADR 0022). */
function additionsOf(body: Record<string, unknown>): {
  accountId?: string;
  estimatedFundValueCents?: Cents;
  fields: Record<string, string>;
} {
  const fields: Record<string, string> = {};
  const { accountId, estimatedFundValue } = body;
  let estimatedFundValueCents: Cents | undefined;
  if (
    estimatedFundValue !== undefined &&
    estimatedFundValue !== null &&
    estimatedFundValue !== ''
  ) {
    const cents =
      typeof estimatedFundValue === 'number' ? dollarsToCents(estimatedFundValue) : undefined;
    if (cents === undefined || cents < 0 || cents > 99_999_999_999) {
      fields.estimatedFundValue = 'amountFormat';
    } else estimatedFundValueCents = cents;
  }
  if (accountId !== undefined && accountId !== null && typeof accountId !== 'string') {
    fields.accountId = 'invalid';
  }
  return {
    ...(typeof accountId === 'string' && accountId !== '' && { accountId }),
    ...(estimatedFundValueCents !== undefined && { estimatedFundValueCents }),
    fields,
  };
}

const destinationWords = {
  en: {
    bank: (masked: string) => `your bank account ${masked}`,
    cash: (label: string) => `your ${label}`,
  },
  fr: {
    bank: (masked: string) => `votre compte bancaire ${masked}`,
    cash: (label: string) => `votre ${label}`,
  },
} as const;

const fundWords = { en: 'fund', fr: 'fonds' } as const;

/**
 * `POST rifFunding/{applicationId}`: saves the setup of one income fund of the application (the
 * payload's `accountId`, or the application's only one), or changes it. Whose age sets the
 * minimum stays as it is once the first payment is made (409 `rifMinPaymentTypeLocked`).
 */
export async function saveRifSetup(
  deps: RifFundingDeps,
  userId: string,
  applicationId: string,
  body: unknown,
): Promise<{ created: boolean; answer: RifSetupAnswer }> {
  const { db, cipher } = deps;
  const payload = { ...record(body) };
  const context = await contextOf(deps, userId, applicationId);
  const additions = additionsOf(payload);

  let fund: fundingRepo.ClientAccountRow | undefined;
  if (additions.accountId) {
    fund = context.funds.find((each) => each.id === additions.accountId);
    if (!fund) throw notFound();
  } else if (context.funds.length === 1) {
    fund = context.funds[0];
  } else if (context.funds.length === 0) {
    throw new RifFundingError(409, 'noIncomeFund');
  } else {
    additions.fields.accountId = 'required';
  }

  const existing = fund && (await repo.setupOfAccount(db, userId, fund.id));
  const setupYear = existing?.setupYear ?? partsOf(context.today).year;
  // The spouse's SIN is never shown again: a change that leaves it blank keeps the one on file.
  const blankSin = [undefined, null, ''].includes(payload.minPaymentSpouseSin as string);
  if (existing?.spouseSinEncrypted && payload.minPaymentTypeId === 2 && blankSin) {
    payload.minPaymentSpouseSin = cipher.decrypt(
      existing.spouseSinEncrypted,
      spouseSinContext(existing.id),
    );
  } else if (context.spouse?.sin && payload.minPaymentTypeId === 2 && blankSin) {
    // Nothing on file yet: the spouse's SIN given on the profile (the form shows it masked).
    payload.minPaymentSpouseSin = context.spouse.sin;
  }
  const parsed = rifPayoutSchema({
    today: context.today,
    setupYear,
    ...(fund && { accountTypeId: fund.accountTypeId }),
    ...(context.pensionJurisdiction && { pensionJurisdiction: context.pensionJurisdiction }),
    ...(context.ownSin && { ownSin: context.ownSin }),
  }).safeParse(payload);
  const fields = { ...additions.fields, ...(parsed.success ? {} : fieldsOf(parsed.error.issues)) };
  if (!parsed.success || !fund || Object.keys(fields).length > 0) throw invalid(fields);
  const setup = parsed.data;
  const chosenFund = fund;

  // Where the payments go: a bank account of the caller's (by id or by its void cheque), or a
  // cash account of this application; someone else's answers 404.
  const bank =
    setup.bankAccountId || setup.documentUploadedId
      ? await fundingRepo.findBankAccount(
          db,
          userId,
          setup.bankAccountId
            ? { id: setup.bankAccountId }
            : { documentId: setup.documentUploadedId! },
        )
      : undefined;
  if ((setup.bankAccountId || setup.documentUploadedId) && !bank) throw notFound();
  const field = setup.bankAccountId ? 'bankAccountId' : 'documentUploadedId';
  if (bank?.holderMatches === false) throw invalid({ [field]: 'holderNameMismatch' });
  if (bank && bank.currencyTypeId !== chosenFund.currencyTypeId) {
    throw new RifFundingError(400, 'currencyMismatch', { fields: { [field]: 'currencyMismatch' } });
  }
  const cash = setup.payoutAccountId
    ? context.cashAccounts.find((each) => each.id === setup.payoutAccountId)
    : undefined;
  if (setup.payoutAccountId && !cash) throw notFound();
  if (cash && cash.currencyTypeId !== chosenFund.currencyTypeId) {
    throw new RifFundingError(400, 'currencyMismatch', {
      fields: { payoutAccountId: 'currencyMismatch' },
    });
  }

  const person = await fundingRepo.personOf(db, userId);
  if (!person) throw notFound();
  const language = languageOf(person.language);

  const result = await db.transaction(async (tx) => {
    const saved = await repo.setupOfAccount(tx, userId, chosenFund.id, { lock: true });
    if (saved) {
      const problems = rifSetupChangeProblems(
        parsedOf(cipher, saved),
        setup,
        saved.firstPaymentMade,
      );
      if (problems.length > 0) {
        throw new RifFundingError(409, 'rifMinPaymentTypeLocked', {
          fields: Object.fromEntries(problems.map((problem) => [problem.path, problem.code])),
        });
      }
    }
    const id = saved?.id ?? randomUUID();
    const spouseSin = setup.minPaymentSpouseSin;
    const values = {
      minPaymentTypeId: setup.minPaymentTypeId,
      spouseSinEncrypted: spouseSin ? cipher.encrypt(spouseSin, spouseSinContext(id)) : null,
      spouseSinLast3: spouseSin ? spouseSin.slice(-3) : null,
      spouseBirthDate: setup.minPaymentSpouseDob ?? null,
      annualPaymentTypeId: setup.annualPaymentTypeId,
      grossOrNet: setup.annualPaymentGrossOrNet,
      otherAmountCents: setup.annualPaymentOtherAmountCents ?? null,
      taxCalcOptionTypeId: setup.taxCalcOptionTypeId ?? null,
      taxOptionPercent: setup.taxOptionPercent ?? null,
      taxPercentTypeId: setup.taxPercentTypeId ?? null,
      payoutFrequencyId: setup.payoutFrequencyId,
      startDateTypeId: setup.startDateTypeId,
      paymentStartMonth: setup.paymentStartMonth,
      paymentStartYear: setup.paymentStartYear,
      paymentByTypeId: setup.paymentByTypeId,
      bankAccountId: bank?.id ?? null,
      payoutAccountId: cash?.id ?? null,
      estimatedFundValueCents:
        additions.estimatedFundValueCents ?? saved?.estimatedFundValueCents ?? null,
      language,
    };
    const row = saved
      ? await repo.updateSetup(tx, saved.id, values)
      : await repo.insertSetup(tx, {
          id,
          applicationId,
          userId,
          clientAccountId: chosenFund.id,
          setupYear,
          ...values,
        });
    // The trail names the fund and what changed, never the spouse's SIN or birth date.
    const changed = saved
      ? (Object.keys(values) as (keyof typeof values)[]).filter(
          (key) => key !== 'spouseSinEncrypted' && String(saved[key]) !== String(row[key]),
        )
      : [];
    await recordAuditEvent(tx, {
      applicationId,
      actorId: userId,
      action: saved ? 'rifPayoutChanged' : 'rifPayoutSetUp',
      details: {
        clientAccountId: chosenFund.id,
        ...(saved && {
          changed: changed.map((key) => (key === 'spouseSinLast3' ? 'spouseSin' : key)),
        }),
      },
    });
    const answer = await answerOf(deps, tx, context, chosenFund, row);
    const fundLabel = toAccountLabel(toAccountOf(chosenFund), language);
    const words = destinationWords[language];
    await enqueueMessage(tx, cipher, {
      channel: 'email',
      recipient: person.email,
      language,
      template: RIF_PAYOUT_CONFIRMATION_TEMPLATE,
      applicationId,
      content: rifPayoutConfirmationMail({
        language,
        firstName: person.firstName,
        changed: saved !== undefined,
        fundLabel: fundLabel || fundWords[language],
        frequency: setup.payoutFrequencyId,
        paidOn: answer.firstPayment.paidOn,
        grossCents: answer.firstPayment.grossCents,
        withholdingCents: answer.firstPayment.withholdingCents,
        netCents: answer.firstPayment.netCents,
        currency: currencyOfTypeId(chosenFund.currencyTypeId) ?? 'CAD',
        destination: bank
          ? words.bank(maskAccountNumber(bank.accountNumberLast3))
          : words.cash(cash ? toAccountLabel(toAccountOf(cash), language) : ''),
        url: rifPayoutPageUrl(deps.publicUrl, applicationId),
      }),
    });
    return { created: saved === undefined, answer };
  });
  return result;
}
