import { Writable } from 'node:stream';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RifOptions, RifSetUpAnswer, RifSetupAnswer } from '@portal/domain/rif/rif-api';
import { lifMaximum } from '@portal/domain/rif/lif-maximum';
import { isNoRifSetup, NO_RIF_SETUP_TEXT } from '@portal/domain/rif/rif-payout-schema';
import { rifWithholding } from '@portal/domain/rif/withholding';
import { applicationSteps, auditEvents, rifPayoutSetups } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { bearer, signedInUser, type TestUser } from '../../test/users.ts';
import { API, mailsTo, setBankToday, uploadedCheque } from '../funding/funding.fixtures.ts';
import { sealFields } from '../applications/sealed-fields.ts';
import { agreedApplication } from '../identity/identity.fixtures.ts';
import { logText } from '../../test/log-text.ts';

/** A Monday in November 2026: minimum payments may start in January 2027. */
const BANK_TODAY = '2026-11-16';
const SPOUSE_SIN = '193 456 787';

/** Payments on the spouse's age, monthly from January 15, 2027, 10% extra, to the cash account. */
function spousePayload(payoutAccountId: string): Record<string, unknown> {
  return {
    minPaymentTypeId: 2,
    minPaymentSpouseSin: SPOUSE_SIN,
    minPaymentSpouseDob: '1990/05/01',
    annualPaymentTypeId: 1,
    annualPaymentGrossOrNet: 'G',
    taxCalcOptionTypeId: 2,
    taxOptionPercent: 10,
    taxPercentTypeId: 1,
    payoutFrequencyId: 1,
    startDateTypeId: 1,
    paymentStartMonth: 1,
    paymentStartYear: 2027,
    paymentByTypeId: 2,
    payoutAccountId,
    estimatedFundValue: 100_000,
  };
}

/** An agreed application opening a RRIF and a cash account (the accounts step rewritten). */
async function rrifApplication(test: TestApp, user: TestUser): Promise<string> {
  const applicationId = await agreedApplication(test.app, user);
  await test.app.db
    .update(applicationSteps)
    .set({ data: { accounts: ['rrif', 'cash'] } })
    .where(
      and(
        eq(applicationSteps.applicationId, applicationId),
        eq(applicationSteps.step, 'allaccounts'),
      ),
    );
  return applicationId;
}

describe('RRIF payouts API (issue 15)', () => {
  const logged: string[] = [];
  let test: TestApp;
  let alice: TestUser;
  let bob: TestUser;
  let applicationId: string;
  let fundId: string;
  let cashId: string;

  beforeAll(async () => {
    test = await createTestApp(
      { featureFlags: { bypassQualId: true, rrifFundingEnabled: true }, logLevel: 'info' },
      {
        logStream: new Writable({
          write(chunk: Buffer, _encoding, done) {
            logged.push(chunk.toString());
            done();
          },
        }),
      },
    );
    alice = await signedInUser(test.app, 'alice');
    bob = await signedInUser(test.app, 'bob');
    await setBankToday(test.app, BANK_TODAY);
    applicationId = await rrifApplication(test, alice);
    const options = await get(alice.token, `rifFunding/${applicationId}/options`);
    const body = options.json<RifOptions>();
    fundId = body.funds[0]!.accountId;
    cashId = body.cashAccounts[0]!.accountId;
  });
  afterAll(() => test?.close());

  const get = (token: string, path: string, headers: Record<string, string> = {}) =>
    test.app.inject({ url: `${API}/${path}`, headers: { ...bearer(token), ...headers } });
  const post = (
    token: string,
    id: string,
    payload: unknown,
    headers: Record<string, string> = {},
  ) =>
    test.app.inject({
      method: 'POST',
      url: `${API}/rifFunding/${id}`,
      headers: { ...bearer(token), ...headers },
      payload: payload as Record<string, unknown>,
    });

  it('answers the screen’s context: the RRIF, the cash account, the bank’s today and the rates', async () => {
    const response = await get(alice.token, `rifFunding/${applicationId}/options`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.json()).toMatchObject({
      today: BANK_TODAY,
      setupYear: 2026,
      ownBirthDate: '1985-03-27',
      province: 'ON',
      rates: { quebecExcessPercent: 14, lifBondRatePercent: 6 },
      funds: [{ accountId: fundId, accountTypeId: 8, transfersValueCents: 0, setup: null }],
      cashAccounts: [{ accountId: cashId, accountTypeId: 1 }],
    });
    // Christmas, Boxing Day observed, New Year's Day: closed days the screen pays before.
    expect(response.json<RifOptions>().nonProcessingDays).toEqual(
      expect.arrayContaining(['2026-12-25', '2026-12-28', '2027-01-01']),
    );
  });

  it('answers 400 No RIF setup found before anything is set up', async () => {
    const response = await get(alice.token, `rifFunding/${applicationId}`);
    expect(response.statusCode).toBe(400);
    const body = response.json<{ errorCode: string; message: string }>();
    expect(body.errorCode).toContain(NO_RIF_SETUP_TEXT);
    expect(isNoRifSetup(response.statusCode, body.errorCode)).toBe(true);
    expect(body.message).toBe('No payments are set up for this retirement income fund yet.');
  });

  it('refuses an invalid setup field by field, in the caller’s language', async () => {
    const response = await post(
      alice.token,
      applicationId,
      {
        ...spousePayload(cashId),
        minPaymentSpouseSin: '',
        annualPaymentTypeId: 2,
        annualPaymentOtherAmount: 1_000_000,
        taxOptionPercent: 101,
        paymentStartYear: 2026,
        paymentStartMonth: 11,
      },
      { 'accept-language': 'fr-CA' },
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      errorCode: 'invalidInput',
      message: 'La demande n’est pas valide.',
      fields: {
        minPaymentSpouseSin: 'required',
        annualPaymentOtherAmount: 'rifAmountMaximum',
        taxOptionPercent: 'rifPercentRange',
        paymentStartMonth: 'rifStartNotInFuture',
      },
    });
    const stored = await test.app.db.select().from(rifPayoutSetups);
    expect(stored).toHaveLength(0);
  });

  it('refuses the maximum for a RRIF, which has none', async () => {
    const response = await post(alice.token, applicationId, {
      ...spousePayload(cashId),
      annualPaymentTypeId: 3,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({ annualPaymentTypeId: 'rifMaximumOnlyLockedIn' });
  });

  // Findings 2026-11-28, A-minor 4: the spouse's answers were asked again.
  it('answers the profile’s spouse, and takes their SIN on file when it is left blank', async () => {
    const carol = await signedInUser(test.app, 'carol');
    const id = await rrifApplication(test, carol);
    const where = and(eq(applicationSteps.applicationId, id), eq(applicationSteps.step, 'profile'));
    const [profile] = await test.app.db.select().from(applicationSteps).where(where);
    const spouse = { firstName: 'Sam', lastName: 'Roy', birthDate: '1990-05-01', sin: SPOUSE_SIN };
    await test.app.db
      .update(applicationSteps)
      .set({
        data: sealFields(test.app.cipher, id, 'profile', {
          ...(profile!.data as object),
          spouse,
        }) as Record<string, unknown>,
      })
      .where(where);
    const options = (await get(carol.token, `rifFunding/${id}/options`)).json<RifOptions>();
    expect(options.spouse).toEqual({ birthDate: '1990-05-01', sinMasked: '*** *** 787' });
    const response = await post(carol.token, id, {
      ...spousePayload(options.cashAccounts[0]!.accountId),
      minPaymentSpouseSin: '',
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json<RifSetupAnswer>().setup.minPaymentSpouseSinMasked).toBe('*** *** 787');
  });

  it('saves a setup on the spouse’s age and answers its first payment and the year’s minimum', async () => {
    const response = await post(alice.token, applicationId, spousePayload(cashId));
    expect(response.statusCode).toBe(201);
    const { setup, firstPayment } = response.json<RifSetupAnswer>();
    expect(setup).toMatchObject({
      accountId: fundId,
      minPaymentTypeId: 2,
      minPaymentSpouseSinMasked: '*** *** 787',
      minPaymentSpouseDob: '1990-05-01',
      payoutFrequencyId: 1,
      taxOptionPercent: 10,
      paymentByTypeId: 2,
      payoutAccountId: cashId,
      bankAccountId: null,
      estimatedFundValue: 100_000,
      setupYear: 2026,
      firstPaymentMade: false,
      version: 1,
    });
    // The spouse is 36 on January 1, 2027: 1/(90-36) of $100,000 is $1,851.85, in 12 payments;
    // nothing above the minimum is withheld by law, 10% of the whole is withheld on request.
    expect(firstPayment).toMatchObject({
      scheduledOn: '2027-01-15',
      paidOn: '2027-01-15',
      year: 2027,
      paymentsInYear: 12,
      minimumCents: 185_185,
      grossCents: 15_432,
      withholdingCents: 1_543,
      netCents: 13_889,
      annual: { grossCents: 185_185, withholdingCents: 18_519, netCents: 166_666 },
      fundValueCents: 10_000_000,
    });
  });

  it('keeps the spouse’s SIN encrypted, out of the trail, the mail and the log', async () => {
    const [row] = await test.app.db.select().from(rifPayoutSetups);
    expect(row!.spouseSinEncrypted).not.toContain('193456787');
    expect(row!.spouseSinLast3).toBe('787');
    const trail = await test.app.db
      .select()
      .from(auditEvents)
      .where(
        and(eq(auditEvents.applicationId, applicationId), eq(auditEvents.action, 'rifPayoutSetUp')),
      );
    expect(trail).toHaveLength(1);
    expect(trail[0]!.details).toEqual({ clientAccountId: fundId });
    const mails = await mailsTo(test.app, alice.email);
    const mail = mails.find((each) => each.subject === 'Your RRIF payments are set up');
    expect(mail?.text).toContain('January 15, 2027');
    expect(mail?.text).toContain('$154.32 before tax, $15.43 withheld, $138.89 paid into');
    for (const text of [JSON.stringify(trail), JSON.stringify(mails), logText(logged)]) {
      expect(text).not.toMatch(/193\s?456\s?787/);
    }
  });

  it('answers set up once every fund has its setup', async () => {
    const response = await get(alice.token, `rifFunding/${applicationId}`);
    expect(response.statusCode).toBe(200);
    const body = response.json<RifSetUpAnswer>();
    expect(body.setUp).toBe(true);
    expect(body.setups).toHaveLength(1);
    expect(body.setups[0]!.setup.accountId).toBe(fundId);
    expect(body.setups[0]!.firstPayment.netCents).toBe(13_889);
  });

  it('changes the setup to a bank account, audited with the fields that changed', async () => {
    const cheque = await uploadedCheque(test.app, alice.token, applicationId);
    const response = await post(alice.token, applicationId, {
      ...spousePayload(cashId),
      paymentByTypeId: 1,
      payoutAccountId: undefined,
      bankAccountId: cheque.bankAccount.id,
      startDateTypeId: 2,
    });
    expect(response.statusCode).toBe(200);
    const { setup, firstPayment } = response.json<RifSetupAnswer>();
    expect(setup).toMatchObject({
      paymentByTypeId: 1,
      bankAccountId: cheque.bankAccount.id,
      documentUploadedId: cheque.documentUploadedId,
      payoutAccountId: null,
      version: 2,
    });
    // January 31, 2027 is a Sunday: paid the Friday before.
    expect(firstPayment).toMatchObject({ scheduledOn: '2027-01-31', paidOn: '2027-01-29' });
    const [changed] = await test.app.db
      .select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.applicationId, applicationId),
          eq(auditEvents.action, 'rifPayoutChanged'),
        ),
      );
    expect(changed!.details).toEqual({
      clientAccountId: fundId,
      changed: ['startDateTypeId', 'paymentByTypeId', 'bankAccountId', 'payoutAccountId'],
    });
  });

  it('refuses a change of whose age sets the minimum once the first payment is made', async () => {
    await test.app.db
      .update(rifPayoutSetups)
      .set({ firstPaymentMade: true })
      .where(eq(rifPayoutSetups.clientAccountId, fundId));
    const response = await post(alice.token, applicationId, {
      ...spousePayload(cashId),
      minPaymentTypeId: 1,
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      errorCode: 'rifMinPaymentTypeLocked',
      fields: { minPaymentTypeId: 'rifMinPaymentTypeLocked' },
    });
    const [row] = await test.app.db.select().from(rifPayoutSetups);
    expect(row!.minPaymentTypeId).toBe(2);
    // The rest may still change.
    const frequency = await post(alice.token, applicationId, {
      ...spousePayload(cashId),
      payoutFrequencyId: 2,
    });
    expect(frequency.statusCode).toBe(200);
    expect(frequency.json<RifSetupAnswer>().firstPayment.paymentsInYear).toBe(4);
    // The SIN left blank keeps the one on file (it is never shown again to be sent back).
    const blank = await post(alice.token, applicationId, {
      ...spousePayload(cashId),
      minPaymentSpouseSin: '',
    });
    expect(blank.statusCode).toBe(200);
    expect(blank.json<RifSetupAnswer>().setup.minPaymentSpouseSinMasked).toBe('*** *** 787');
  });

  it('answers 404 for another person’s application, and for their bank account', async () => {
    for (const response of [
      await post(bob.token, applicationId, spousePayload(cashId)),
      await get(bob.token, `rifFunding/${applicationId}`),
      await get(bob.token, `rifFunding/${applicationId}/options`),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(response.json().errorCode).toBe('notFound');
    }
    const bobsApplication = await rrifApplication(test, bob);
    const bobsCheque = await uploadedCheque(test.app, bob.token, bobsApplication);
    const response = await post(alice.token, applicationId, {
      ...spousePayload(cashId),
      paymentByTypeId: 1,
      bankAccountId: bobsCheque.bankAccount.id,
    });
    expect(response.statusCode).toBe(404);
  });

  it('refuses a caller without a token', async () => {
    const response = await test.app.inject({ url: `${API}/rifFunding/${applicationId}` });
    expect(response.statusCode).toBe(401);
    const posted = await test.app.inject({
      method: 'POST',
      url: `${API}/rifFunding/${applicationId}`,
      payload: spousePayload(cashId),
    });
    expect(posted.statusCode).toBe(401);
  });

  it('records when the payments’ destination changes, from the first save on, and only then', async () => {
    const dave = await signedInUser(test.app, 'dave');
    const id = await rrifApplication(test, dave);
    const options = (await get(dave.token, `rifFunding/${id}/options`)).json<RifOptions>();
    const cash = options.cashAccounts[0]!.accountId;
    const where = eq(rifPayoutSetups.applicationId, id);
    const changedAt = async () => {
      const [row] = await test.app.db.select().from(rifPayoutSetups).where(where);
      return row!.destinationChangedAt;
    };
    expect((await post(dave.token, id, spousePayload(cash))).statusCode).toBe(201);
    expect(await changedAt()).toBeInstanceOf(Date);
    // Set to a known instant, so what follows compares with it rather than with the clock.
    const known = new Date('2020-01-01T00:00:00Z');
    await test.app.db.update(rifPayoutSetups).set({ destinationChangedAt: known }).where(where);
    const quarterly = await post(dave.token, id, { ...spousePayload(cash), payoutFrequencyId: 2 });
    expect(quarterly.statusCode).toBe(200);
    expect(await changedAt()).toEqual(known);
    const cheque = await uploadedCheque(test.app, dave.token, id);
    const toBank = await post(dave.token, id, {
      ...spousePayload(cash),
      paymentByTypeId: 1,
      payoutAccountId: undefined,
      bankAccountId: cheque.bankAccount.id,
    });
    expect(toBank.statusCode).toBe(200);
    const changed = await changedAt();
    expect(changed).toBeInstanceOf(Date);
    expect(changed).not.toEqual(known);
  });
});

describe('RRIF payouts while rrif-funding-enabled is off', () => {
  let test: TestApp;
  let alice: TestUser;
  let applicationId: string;

  beforeAll(async () => {
    test = await createTestApp({ featureFlags: { bypassQualId: true, rrifFundingEnabled: false } });
    alice = await signedInUser(test.app, 'alice');
    applicationId = await rrifApplication(test, alice);
  });
  afterAll(() => test?.close());

  it('answers 404 on every path, as if they did not exist', async () => {
    const headers = bearer(alice.token);
    for (const response of [
      await test.app.inject({ url: `${API}/rifFunding/${applicationId}`, headers }),
      await test.app.inject({ url: `${API}/rifFunding/${applicationId}/options`, headers }),
      await test.app.inject({
        method: 'POST',
        url: `${API}/rifFunding/${applicationId}`,
        headers,
        payload: spousePayload(applicationId),
      }),
    ]) {
      expect(response.statusCode).toBe(404);
    }
    expect(await test.app.db.select().from(rifPayoutSetups)).toHaveLength(0);
  });
});

describe('RRIF payouts with configured rates: a Quebec resident’s LIF paying its maximum', () => {
  let test: TestApp;
  let alice: TestUser;
  let applicationId: string;

  beforeAll(async () => {
    test = await createTestApp({
      featureFlags: { bypassQualId: true, rrifFundingEnabled: true },
      rif: { quebecExcessPercent: 16, lifBondRatePercent: 4 },
    });
    alice = await signedInUser(test.app, 'alice');
    await setBankToday(test.app, BANK_TODAY);
    applicationId = await agreedApplication(test.app, alice);
    const step = (name: string) =>
      and(eq(applicationSteps.applicationId, applicationId), eq(applicationSteps.step, name));
    await test.app.db
      .update(applicationSteps)
      .set({ data: { accounts: ['lif', 'cash'] } })
      .where(step('allaccounts'));
    await test.app.db
      .update(applicationSteps)
      .set({ data: { pensionJurisdiction: 'QC' } })
      .where(step('account'));
    await test.app.db
      .update(applicationSteps)
      .set({ data: sql`jsonb_set(${applicationSteps.data}, '{homeAddress,provinceId}', '11')` })
      .where(step('profile'));
  });
  afterAll(() => test?.close());

  it('computes the maximum with the configured bond yield and withholds Quebec’s configured part', async () => {
    const options = await test.app.inject({
      url: `${API}/rifFunding/${applicationId}/options`,
      headers: bearer(alice.token),
    });
    const body = options.json<RifOptions>();
    expect(body).toMatchObject({
      province: 'QC',
      rates: { quebecExcessPercent: 16, lifBondRatePercent: 4 },
      funds: [{ accountTypeId: 10, pensionJurisdiction: 'QC' }],
    });
    const response = await test.app.inject({
      method: 'POST',
      url: `${API}/rifFunding/${applicationId}`,
      headers: bearer(alice.token),
      payload: {
        ...spousePayload(body.cashAccounts[0]!.accountId),
        minPaymentTypeId: 1,
        annualPaymentTypeId: 3,
        taxCalcOptionTypeId: 1,
      },
    });
    expect(response.statusCode).toBe(201);
    const { firstPayment } = response.json<RifSetupAnswer>();
    // Alice is 41 on January 1, 2027; the maximum is the formula's at 4% for 15 years, then 6%.
    const maximum = (bondRatePercent: number) =>
      lifMaximum({ jurisdiction: 'QC', fmvCents: 10_000_000, ageAtJanuary1: 41, bondRatePercent });
    expect(maximum(4)).not.toBe(maximum(6));
    expect(firstPayment.annual.grossCents).toBe(maximum(4));
    expect(firstPayment.annual.withholdingCents).toBe(
      rifWithholding(maximum(4), firstPayment.minimumCents, {
        province: 'QC',
        quebecPercent: 16,
      }).totalCents,
    );
    expect(firstPayment.annual.withholdingCents).toBeGreaterThan(0);
  });
});
