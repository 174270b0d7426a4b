import { asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { fundingEvents, fundingRequests } from '../../db/schema.ts';
import { signedInTestApp } from '../../test/test-app.ts';
import { bearer } from '../../test/users.ts';
import {
  advanceBankDays,
  API,
  BANK_TODAY,
  createdFunding,
  fundableAccount,
  listOf,
  mailsTo,
  oneTimePayload,
  setBankToday,
  uploadedCheque,
} from './funding.fixtures.ts';

/** The statuses a request went through, as its events record them. */
async function trailOf(app: Parameters<typeof mailsTo>[0], id: string) {
  const events = await app.db
    .select()
    .from(fundingEvents)
    .where(eq(fundingEvents.fundingRequestId, id))
    .orderBy(asc(fundingEvents.at));
  return events.map((event) => [event.actor, event.fromStatus, event.toStatus]);
}

async function requestRow(app: Parameters<typeof mailsTo>[0], id: string) {
  const [row] = await app.db.select().from(fundingRequests).where(eq(fundingRequests.id, id));
  return row!;
}

async function childrenOf(app: Parameters<typeof mailsTo>[0], parentId: string) {
  return app.db
    .select()
    .from(fundingRequests)
    .where(eq(fundingRequests.parentId, parentId))
    .orderBy(asc(fundingRequests.startDate));
}

describe('the sandbox bank’s clock', () => {
  const { test } = signedInTestApp();

  it('answers the real date until set, then the date set, and moves by business days', async () => {
    const real = await test.app.inject({ url: '/sandbox/bank/clock' });
    expect(real.json().today).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    await setBankToday(test.app, '2026-12-24');
    // Christmas (Friday) and Boxing Day observed on Monday the 28th are skipped.
    expect((await advanceBankDays(test.app, 1)).today).toBe('2026-12-29');
    expect((await test.app.inject({ url: '/sandbox/bank/clock' })).json()).toEqual({
      today: '2026-12-29',
    });
  });

  it('refuses a date that is not one', async () => {
    const response = await test.app.inject({
      method: 'POST',
      url: '/sandbox/bank/clock',
      payload: { today: '2026-02-30' },
    });
    expect(response.statusCode).toBe(400);
  });
});

describe('settlement of one-time debits', () => {
  const { test, carol } = signedInTestApp('carol');
  let accountId: string;
  let documentUploadedId: string;

  beforeAll(async () => {
    await setBankToday(test.app, BANK_TODAY);
    const account = await fundableAccount(test.app, carol);
    accountId = account.accountId;
    ({ documentUploadedId } = await uploadedCheque(test.app, carol.token, account.applicationId));
  });

  it('mails the pre-notification when due, sends on the date, completes a business day later', async () => {
    const { item } = await createdFunding(
      test.app,
      carol.token,
      oneTimePayload(accountId, documentUploadedId),
    );
    // Due today (10 days before November 26): the next pass mails it, once.
    await test.app.settlement.runOnce();
    await test.app.settlement.runOnce();
    const notices = (await mailsTo(test.app, carol.email)).filter(
      (mail) => mail.subject === 'Pre-authorized debit on November 26, 2026',
    );
    expect(notices).toHaveLength(1);
    expect(notices[0]!.text).toContain('$500.00');
    expect(notices[0]!.text).toContain('•••••210');

    await setBankToday(test.app, '2026-11-25');
    expect((await requestRow(test.app, item.id)).status).toBe(14);

    const sent = await setBankToday(test.app, '2026-11-26');
    expect(sent.changed).toBeGreaterThan(0);
    const onItsWay = await requestRow(test.app, item.id);
    expect(onItsWay).toMatchObject({ status: 32, sentOn: '2026-11-26' });
    // A pass later the same day changes nothing: the bank answers the next business day.
    await test.app.settlement.runOnce();
    expect((await requestRow(test.app, item.id)).status).toBe(32);

    await advanceBankDays(test.app, 1);
    const history = await listOf(test.app, carol.token, 'eftPacHistoryForCurrUser');
    expect(history.find((i) => i.id === item.id)).toMatchObject({
      fundingStatusTypeId: 18,
      userStatus: 'approved',
      canCancel: false,
    });
    // PENDING (15) in the day's payment file, SENT_TO_BANK (32) once the file is delivered.
    expect(await trailOf(test.app, item.id)).toEqual([
      ['client', null, 14],
      ['job', 14, 15],
      ['job', 15, 32],
      ['job', 32, 18],
    ]);
    const subjects = (await mailsTo(test.app, carol.email)).map((mail) => mail.subject);
    expect(subjects).toContain('Your deposit is on its way');
    expect(subjects).toContain('Your deposit arrived');
  });

  it('has the bank return an amount of $x.13 NSF (REJECTED_BY_BANK, declined)', async () => {
    await setBankToday(test.app, BANK_TODAY);
    // Another day than the first test's: a day's file, once written, takes nothing more.
    const { item } = await createdFunding(test.app, carol.token, {
      ...oneTimePayload(accountId, documentUploadedId),
      amount: 500.13,
      pacStartDate: '2026-12-02',
    });
    await setBankToday(test.app, '2026-12-02');
    await advanceBankDays(test.app, 1);
    const row = (await listOf(test.app, carol.token, 'eftPacHistoryForCurrUser')).find(
      (i) => i.id === item.id,
    );
    expect(row).toMatchObject({ fundingStatusTypeId: 33, userStatus: 'declined' });
    expect(await trailOf(test.app, item.id)).toEqual([
      ['client', null, 14],
      ['job', 14, 15],
      ['job', 15, 32],
      ['job', 32, 33],
    ]);
    const returned = (await mailsTo(test.app, carol.email)).find(
      (mail) => mail.subject === 'Your bank returned a deposit',
    );
    expect(returned?.text).toContain('$500.13');
  });

  it('sends nothing on a weekend: a debit whose date passed goes on the next business day', async () => {
    await setBankToday(test.app, BANK_TODAY);
    const { item } = await createdFunding(test.app, carol.token, {
      ...oneTimePayload(accountId, documentUploadedId),
      pacStartDate: '2026-11-27',
    });
    await setBankToday(test.app, '2026-11-28');
    expect((await requestRow(test.app, item.id)).status).toBe(14);
    await setBankToday(test.app, '2026-11-30');
    expect(await requestRow(test.app, item.id)).toMatchObject({
      status: 32,
      sentOn: '2026-11-30',
    });
  });
});

describe('settlement of a PAC', () => {
  const { test, dana } = signedInTestApp('dana');
  let accountId: string;
  let documentUploadedId: string;

  beforeAll(async () => {
    await setBankToday(test.app, BANK_TODAY);
    const account = await fundableAccount(test.app, dana);
    accountId = account.accountId;
    ({ documentUploadedId } = await uploadedCheque(test.app, dana.token, account.applicationId));
  });

  const pac = (frequency: number, amount: number) => ({
    ...oneTimePayload(accountId, documentUploadedId),
    amount,
    fundingFrequencyTypeId: frequency,
    fundingTypeId: 3,
  });

  it('activates on its start date with its first debit, then stops at the deletion’s effective date', async () => {
    await setBankToday(test.app, BANK_TODAY);
    const { item } = await createdFunding(test.app, dana.token, pac(5, 100));
    expect(item).toMatchObject({
      fundingStatusTypeId: 51,
      userStatus: 'submitted',
      canCancel: true,
    });

    await setBankToday(test.app, '2026-11-26');
    const active = await listOf(test.app, dana.token, 'activeFftPacsForCurrUser');
    const listed = active.find((i) => i.id === item.id);
    expect(listed).toMatchObject({
      fundingStatusTypeId: 17,
      userStatus: 'approved',
      activeDate: '2026-11-26',
      canDelete: true,
      canCancel: false,
    });
    // The first debit is a one-time child, sent to the bank the same day.
    const [first] = await childrenOf(test.app, item.id);
    expect(first).toMatchObject({
      fundingTypeId: 1,
      startDate: '2026-11-26',
      status: 32,
      amountCents: 10_000,
    });
    // December 26 is a Saturday and Monday the 28th is Boxing Day observed: Tuesday the 29th.
    expect((await requestRow(test.app, item.id)).nextDebitDate).toBe('2026-12-29');
    const started = (await mailsTo(test.app, dana.email)).map((mail) => mail.subject);
    expect(started).toContain('Your pre-authorized debits have started');

    const deleted = await test.app.inject({
      method: 'DELETE',
      url: `${API}/deleteActiveEftPac/${item.id}`,
      headers: bearer(dana.token),
    });
    expect(deleted.statusCode).toBe(200);
    // Ten business days after Thursday November 26.
    expect(deleted.json()).toMatchObject({
      effectiveDate: '2026-12-10',
      item: { fundingStatusTypeId: 60, userStatus: 'cancelled', effectiveDate: '2026-12-10' },
    });
    // Still listed among the active until its effective date.
    expect(
      (await listOf(test.app, dana.token, 'activeFftPacsForCurrUser')).map((i) => i.id),
    ).toContain(item.id);

    await setBankToday(test.app, '2026-12-09');
    expect((await requestRow(test.app, item.id)).status).toBe(60);
    await setBankToday(test.app, '2026-12-10');
    expect((await requestRow(test.app, item.id)).status).toBe(61);
    expect(
      (await listOf(test.app, dana.token, 'activeFftPacsForCurrUser')).map((i) => i.id),
    ).not.toContain(item.id);
    // Past the effective date no debit is made.
    await setBankToday(test.app, '2027-01-04');
    expect(await childrenOf(test.app, item.id)).toHaveLength(1);
    expect(await trailOf(test.app, item.id)).toEqual([
      ['client', null, 51],
      ['job', 51, 17],
      ['client', 17, 60],
      ['job', 60, 61],
    ]);
    const stopped = (await mailsTo(test.app, dana.email)).map((mail) => mail.subject);
    expect(stopped).toContain('Your pre-authorized debits will stop');
    expect(stopped).toContain('Your pre-authorized debits have stopped');
  });

  it('creates one debit per date reached when the clock jumps, each once', async () => {
    await setBankToday(test.app, BANK_TODAY);
    const { item } = await createdFunding(test.app, dana.token, pac(2, 60));
    await setBankToday(test.app, '2026-12-10');
    await test.app.settlement.runOnce();
    const children = await childrenOf(test.app, item.id);
    expect(children.map((child) => child.startDate)).toEqual([
      '2026-11-26',
      '2026-12-03',
      '2026-12-10',
    ]);
    // Debits whose date passed while the bank's clock jumped all go to the bank today.
    expect(children.map((child) => [child.status, child.sentOn])).toEqual([
      [32, '2026-12-10'],
      [32, '2026-12-10'],
      [32, '2026-12-10'],
    ]);
    await advanceBankDays(test.app, 1);
    expect((await childrenOf(test.app, item.id)).map((child) => child.status)).toEqual([
      18, 18, 18,
    ]);
    expect((await requestRow(test.app, item.id)).nextDebitDate).toBe('2026-12-17');
    const history = await listOf(test.app, dana.token, 'eftPacHistoryForCurrUser');
    expect(history.filter((i) => i.parentId === item.id)).toHaveLength(3);
    expect(
      (await listOf(test.app, dana.token, 'activeFftPacsForCurrUser')).every(
        (i) => i.parentId === null && i.fundingTypeId === 3,
      ),
    ).toBe(true);
  });

  it('cancels a PAC before its first debit: it never activates', async () => {
    await setBankToday(test.app, BANK_TODAY);
    const { item } = await createdFunding(test.app, dana.token, pac(5, 75));
    const cancelled = await test.app.inject({
      method: 'DELETE',
      url: `${API}/cancelPendingEftPac/${item.id}`,
      headers: bearer(dana.token),
    });
    expect(cancelled.json().item).toMatchObject({ fundingStatusTypeId: 62 });
    await setBankToday(test.app, '2026-12-01');
    expect((await requestRow(test.app, item.id)).status).toBe(62);
    expect(await childrenOf(test.app, item.id)).toHaveLength(0);
  });
});
