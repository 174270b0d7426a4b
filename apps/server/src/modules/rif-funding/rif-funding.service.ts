import { fieldsOfIssues } from '../../lib/refusals/refusal.ts';
import { randomUUID } from 'node:crypto';
import { partsOf } from '@portal/domain/calendar/iso-date';
import { nonProcessingDays } from '@portal/domain/calendar/payments-calendar';
import { currencyOfTypeId } from '@portal/domain/enums/funding';
import { toAccountLabel } from '@portal/domain/funding/funding-item';
import { maskAccountNumber } from '@portal/domain/funding/bank-account';
import { dollarsToCents, type Cents } from '@portal/domain/money/cents';
import type {
  RifCashAccount,
  RifFund,
  RifOptions,
  RifSetUpAnswer,
  RifSetupAnswer,
} from '@portal/domain/rif/rif-api';
import {
  accountTypesWithMaximum,
  NO_RIF_SETUP_TEXT,
  rifPayoutSchema,
  rifSetupChangeProblems,
} from '@portal/domain/rif/rif-payout-schema';
import { maskSin } from '@portal/domain/rules/person';
import { recordAuditEvent } from '../applications/applications.service.ts';
import * as fundingRepo from '../funding/funding.repo.ts';
import { enqueueMessage, type MessageLanguage } from '../outbox/outbox.service.ts';
import { contextOf } from './rif-context.ts';
import type { RifFundingDeps } from './rif-funding-deps.ts';
import { RIF_PAYOUT_CONFIRMATION_TEMPLATE, rifPayoutConfirmationMail } from './rif-funding-mail.ts';
import { invalid, notFound, RifFundingError } from './rif-funding-refusal.ts';
import * as repo from './rif-funding.repo.ts';
import { answerOf, parsedOf, spouseSinContext, toAccountOf } from './rif-setup-answer.ts';

/**
 * RRIF payouts (issue 15; spec sections 3, 5, 7, 8): the payments out of a RRIF, spousal RRIF,
 * LIF, RLIF or PRIF an agreed application opens. The setup is judged by the domain's
 * `rifPayoutSchema` in the application's context (fund type, pension law, the applicant's own
 * SIN, the bank's today), saved one per fund account, audited and confirmed by mail; every
 * answer carries the first payment computed by the domain's `firstPayment`.
 *
 * The spouse's SIN is encrypted with the field cipher, bound to the row; answers and mails carry
 * it masked, logs never.
 *
 * This file holds the options, the setups and the save; the application's context and a saved
 * setup's answer are modules beside it (issue 32), re-exported here so callers keep one import.
 */

export { RifFundingError } from './rif-funding-refusal.ts';
export type { RifFundingDeps } from './rif-funding-deps.ts';
export { spouseSinContext } from './rif-setup-answer.ts';

const languageOf = (language: string): MessageLanguage => (language === 'fr' ? 'fr' : 'en');

/** The screen of the setup, where mails point. */
export const rifPayoutPageUrl = (publicUrl: string, applicationId: string) =>
  `${publicUrl}/#/home/funding/rif/${applicationId}`;

const record = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};

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
  const fields = {
    ...additions.fields,
    ...(parsed.success ? {} : fieldsOfIssues(parsed.error.issues)),
  };
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
    // Payouts within 10 business days of a change of where they go are held for operations
    // (rif-payouts.ts): the usual move of someone who took over an account. The first save
    // counts as a change too: a new setup's first payment is normally a month or more away, so
    // this holds nothing then, but a start may be chosen days ahead (its day need only be after
    // today), and money would then go to an account named minutes before, as unreviewed as a
    // changed one. The instant is the machine's: the bank's clock knows only dates.
    const destinationChanged =
      !saved ||
      saved.bankAccountId !== values.bankAccountId ||
      saved.payoutAccountId !== values.payoutAccountId;
    const destination = destinationChanged ? { destinationChangedAt: new Date() } : {};
    const row = saved
      ? await repo.updateSetup(tx, saved.id, { ...values, ...destination })
      : await repo.insertSetup(tx, {
          id,
          applicationId,
          userId,
          clientAccountId: chosenFund.id,
          setupYear,
          ...values,
          ...destination,
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
