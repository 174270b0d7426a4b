import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IsoDate } from '@portal/domain/calendar/iso-date';
import type { RifOptions, RifSetupAnswer } from '@portal/domain/rif/rif-api';
import { rifRatesOf } from '../../config.ts';
import { applicationSteps, rifPayouts, rifPayoutSetups } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { bearer, signedInUser, type TestUser } from '../../test/users.ts';
import { businessCalendarOf } from '../funding/business-calendar.ts';
import { API, setBankToday, uploadedCheque } from '../funding/funding.fixtures.ts';
import { agreedApplication } from '../identity/identity.fixtures.ts';
import { scheduleDueRifPayouts, type RifPayoutRow } from './rif-payouts.ts';

/** A Monday in November 2026: payments on the minimum may start in January 2027. */
const BANK_TODAY = '2026-11-16';

/** Alice's own age, the minimum with 10% more withheld, monthly from January 15, 2027. */
const payload = {
  minPaymentTypeId: 1,
  annualPaymentTypeId: 1,
  annualPaymentGrossOrNet: 'G',
  taxCalcOptionTypeId: 2,
  taxOptionPercent: 10,
  taxPercentTypeId: 1,
  payoutFrequencyId: 1,
  startDateTypeId: 1,
  paymentStartMonth: 1,
  paymentStartYear: 2027,
  estimatedFundValue: 100_000,
};

describe('RRIF payouts made due (issue 35)', () => {
  let test: TestApp;
  let alice: TestUser;
  let bob: TestUser;
  let aliceSetupId: string;
  let bobSetupId: string;
  let bankAccountId: string;
  let aliceUserId: string;
  let fundId: string;
  let firstPayment: RifSetupAnswer['firstPayment'];
  /** What `cashOf` answers, and who asked. */
  let cashCents = 100_000_000;
  let cashAsked: [string, string][] = [];

  /** An agreed application opening a RRIF and a cash account, and its options. */
  async function rrifOptions(user: TestUser): Promise<[string, RifOptions]> {
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
    const options = await test.app.inject({
      url: `${API}/rifFunding/${applicationId}/options`,
      headers: bearer(user.token),
    });
    return [applicationId, options.json<RifOptions>()];
  }

  async function saved(user: TestUser, applicationId: string, body: object) {
    const response = await test.app.inject({
      method: 'POST',
      url: `${API}/rifFunding/${applicationId}`,
      headers: bearer(user.token),
      payload: body,
    });
    if (response.statusCode !== 201) throw new Error(`setup answered ${response.body}`);
    return response.json<RifSetupAnswer>();
  }

  const schedule = (through: IsoDate, today: IsoDate) =>
    test.app.db.transaction((tx) =>
      scheduleDueRifPayouts(tx, {
        through,
        today,
        calendar: businessCalendarOf('national'),
        cashOf: async (clientAccountId, currency) => {
          cashAsked.push([clientAccountId, currency]);
          return cashCents;
        },
        rates: rifRatesOf({}),
      }),
    );

  const payoutsOf = (setupId: string): Promise<RifPayoutRow[]> =>
    test.app.db
      .select()
      .from(rifPayouts)
      .where(eq(rifPayouts.setupId, setupId))
      .orderBy(asc(rifPayouts.scheduledOn));

  const destinationChangedAt = (at: string) =>
    test.app.db
      .update(rifPayoutSetups)
      .set({ destinationChangedAt: new Date(at) })
      .where(eq(rifPayoutSetups.id, aliceSetupId));

  beforeAll(async () => {
    test = await createTestApp({ featureFlags: { bypassQualId: true, rrifFundingEnabled: true } });
    alice = await signedInUser(test.app, 'alice');
    bob = await signedInUser(test.app, 'bob');
    await setBankToday(test.app, BANK_TODAY);

    const [aliceApplication, aliceOptions] = await rrifOptions(alice);
    fundId = aliceOptions.funds[0]!.accountId;
    const cheque = await uploadedCheque(test.app, alice.token, aliceApplication);
    bankAccountId = cheque.bankAccount.id;
    const answer = await saved(alice, aliceApplication, {
      ...payload,
      paymentByTypeId: 1,
      bankAccountId,
    });
    aliceSetupId = answer.setup.id;
    const [setupRow] = await test.app.db
      .select()
      .from(rifPayoutSetups)
      .where(eq(rifPayoutSetups.id, aliceSetupId));
    aliceUserId = setupRow!.userId;
    firstPayment = answer.firstPayment;

    const [bobApplication, bobOptions] = await rrifOptions(bob);
    bobSetupId = (
      await saved(bob, bobApplication, {
        ...payload,
        paymentByTypeId: 2,
        payoutAccountId: bobOptions.cashAccounts[0]!.accountId,
      })
    ).setup.id;
    // The day the setups were made, rather than the machine's clock the save recorded.
    await destinationChangedAt('2026-11-16T15:00:00Z');
  });
  afterAll(() => test?.close());

  it('makes the payouts paid through the day asked, due, with the first payment’s amounts, once', async () => {
    const made = await schedule('2027-02-15', '2027-01-13');
    expect(made.map((row) => [row.scheduledOn, row.paidOn, row.status, row.holdReason])).toEqual([
      ['2027-01-15', '2027-01-15', 'due', null],
      ['2027-02-15', '2027-02-15', 'due', null],
    ]);
    // Alice is 41 on January 1, 2027: 1/49 of $100,000 is $2,040.82 a year, 10% withheld.
    expect(made[0]).toMatchObject({
      setupId: aliceSetupId,
      clientAccountId: fundId,
      bankAccountId,
      userId: aliceUserId,
      grossCents: 17_006,
      withholdingCents: 1_700,
      netCents: 15_306,
    });
    expect(made[0]).toMatchObject({
      paidOn: firstPayment.paidOn,
      grossCents: firstPayment.grossCents,
      withholdingCents: firstPayment.withholdingCents,
      netCents: firstPayment.netCents,
    });
    expect(cashAsked).toEqual([[fundId, 'CAD']]);

    expect(await schedule('2027-02-15', '2027-01-13')).toEqual([]);
    expect(await payoutsOf(aliceSetupId)).toHaveLength(2);
  });

  it('makes nothing for a setup paid into a cash account of ours', async () => {
    expect(await payoutsOf(bobSetupId)).toEqual([]);
  });

  it('holds a payout whose destination changed on the 10th business day before it, or later', async () => {
    // 10 p.m. on Monday, March 1 in Toronto (already March 2 in UTC): 10 business days before
    // Monday, March 15.
    await destinationChangedAt('2027-03-02T03:00:00Z');
    const [march] = await schedule('2027-03-15', '2027-03-10');
    expect(march).toMatchObject({
      scheduledOn: '2027-03-15',
      status: 'held',
      holdReason: 'destinationChanged',
    });
  });

  it('pays one whose destination changed 11 business days before it', async () => {
    // Wednesday, March 31: Thursday, April 15 is 11 business days later.
    await destinationChangedAt('2027-03-31T20:00:00Z');
    const [april] = await schedule('2027-04-15', '2027-04-12');
    expect(april).toMatchObject({ scheduledOn: '2027-04-15', status: 'due', holdReason: null });
  });

  it('leaves a held payout operations released as it is', async () => {
    const releasedAt = new Date('2027-03-12T14:00:00Z');
    await test.app.db
      .update(rifPayouts)
      .set({ releasedBy: randomUUID(), releasedAt })
      .where(and(eq(rifPayouts.setupId, aliceSetupId), eq(rifPayouts.scheduledOn, '2027-03-15')));
    expect(await schedule('2027-04-15', '2027-04-12')).toEqual([]);
    const march = (await payoutsOf(aliceSetupId)).find((row) => row.scheduledOn === '2027-03-15');
    expect(march).toMatchObject({ status: 'held', holdReason: 'destinationChanged', releasedAt });
  });

  it('holds a payout the cash does not cover, after what the account’s payouts owe already', async () => {
    // January and February were sent: the ledger's cash shows them. March (released) and April
    // are still owed, so of $510.18 only $170.06 is left: May's payout, not June's.
    await test.app.db
      .update(rifPayouts)
      .set({ status: 'sent' })
      .where(
        and(
          eq(rifPayouts.setupId, aliceSetupId),
          inArray(rifPayouts.scheduledOn, ['2027-01-15', '2027-02-15']),
        ),
      );
    cashCents = 3 * 17_006;
    cashAsked = [];
    const made = await schedule('2027-06-15', '2027-05-12');
    // May 15, 2027 is a Saturday: paid Friday the 14th.
    expect(made.map((row) => [row.scheduledOn, row.paidOn, row.status, row.holdReason])).toEqual([
      ['2027-05-15', '2027-05-14', 'due', null],
      ['2027-06-15', '2027-06-15', 'held', 'insufficientCash'],
    ]);
    expect(cashAsked).toEqual([[fundId, 'CAD']]);
    cashCents = 100_000_000;
  });

  it('pays a payout whose day passed without a run from today’s business day', async () => {
    // Saturday, July 17: the July 15 payout is paid Monday the 19th.
    const [july] = await schedule('2027-07-15', '2027-07-17');
    expect(july).toMatchObject({ scheduledOn: '2027-07-15', paidOn: '2027-07-19', status: 'due' });
  });

  it('makes the rest of the year, whose payouts add up to the year’s figures', async () => {
    const made = await schedule('2027-12-31', '2027-07-20');
    expect(made.map((row) => row.paidOn)).toEqual([
      '2027-08-13',
      '2027-09-15',
      '2027-10-15',
      '2027-11-15',
      '2027-12-15',
    ]);
    const year = await payoutsOf(aliceSetupId);
    expect(year).toHaveLength(12);
    const total = (key: 'grossCents' | 'withholdingCents' | 'netCents') =>
      year.reduce((sum, row) => sum + row[key], 0);
    expect({
      grossCents: total('grossCents'),
      withholdingCents: total('withholdingCents'),
      netCents: total('netCents'),
    }).toEqual(firstPayment.annual);
    // December takes the odd cents.
    expect(year[11]).toMatchObject({
      grossCents: 17_016,
      withholdingCents: 1_708,
      netCents: 15_308,
    });
  });
});
