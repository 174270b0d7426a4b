import { Writable } from 'node:stream';
import { fundingStatuses } from '@portal/domain/enums/funding';
import type {
  HeldRifPayout,
  PaymentFileDetail,
  PaymentFileSummary,
  PaymentReturnFileDetail,
  PaymentReturnFileSummary,
  ReconciliationReport,
} from '@portal/domain/funding/payment-files-api';
import type { Page } from '@portal/domain/operations/operations-api';
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditEvents,
  fundingEvents,
  fundingRequests,
  ledgerJournals,
  paymentFiles,
  paymentItems,
  rifPayouts,
  users,
} from '../../db/schema.ts';
import type { ErrorBody } from '../../test/applications.ts';
import { logText } from '../../test/log-text.ts';
import { paymentFixtures } from '../../test/payment-files.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { bearer, signedInUser, signedInWithRole, type TestUser } from '../../test/users.ts';
import { accountBalances } from '../ledger/ledger.service.ts';

const OPS = '/service/jaxrs/ops';
const REASON = 'The bank says the file header is malformed';
const uuid = '00000000-0000-4000-8000-000000000000';

describe('the payment files in the operations console', () => {
  let test: TestApp;
  let app: FastifyInstance;
  let staff: TestUser;
  let staffId: string;
  let fixtures: ReturnType<typeof paymentFixtures>;
  const logLines: string[] = [];

  beforeAll(async () => {
    const logStream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        logLines.push(chunk.toString('utf8'));
        done();
      },
    });
    test = await createTestApp({ logLevel: 'error' }, { logStream });
    app = test.app;
    staff = await signedInWithRole(app, 'staff');
    const [row] = await app.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, staff.email.toLowerCase()));
    staffId = row!.id;
    fixtures = paymentFixtures(app.db);
  });
  afterAll(() => test.close());

  const get = (url: string, headers: Record<string, string> = {}) =>
    app.inject({ method: 'GET', url, headers: { ...bearer(staff.token), ...headers } });
  const post = (url: string, payload: object = { reason: REASON }) =>
    app.inject({ method: 'POST', url, headers: bearer(staff.token), payload });
  const auditOf = (applicationId: string, action: string) =>
    app.db
      .select({ actorId: auditEvents.actorId, details: auditEvents.details })
      .from(auditEvents)
      .where(and(eq(auditEvents.applicationId, applicationId), eq(auditEvents.action, action)));

  it('answers 404 to clients, advisors and trial users on every path, 401 to no one signed in', async () => {
    const others = [
      await signedInUser(app, 'client'),
      await signedInWithRole(app, 'advisor'),
      await signedInWithRole(app, 'trial'),
    ];
    const calls = [
      ['GET', `${OPS}/paymentFiles`],
      ['GET', `${OPS}/paymentFiles/${uuid}`],
      ['POST', `${OPS}/paymentFiles/${uuid}/refused`],
      ['GET', `${OPS}/paymentReturns`],
      ['GET', `${OPS}/paymentReturns/${uuid}`],
      ['GET', `${OPS}/rifPayouts/held`],
      ['POST', `${OPS}/rifPayouts/${uuid}/release`],
      ['GET', `${OPS}/reconciliation?day=2026-11-16`],
    ] as const;
    for (const user of others) {
      for (const [method, url] of calls) {
        const response = await app.inject({
          method,
          url,
          headers: bearer(user.token),
          ...(method === 'POST' && { payload: { reason: REASON } }),
        });
        expect(response.statusCode, `${method} ${url}`).toBe(404);
      }
    }
    expect((await app.inject({ method: 'GET', url: `${OPS}/paymentFiles` })).statusCode).toBe(401);
  });

  it('pages the files, newest business day first', async () => {
    const owner = await fixtures.client();
    for (const fileDay of ['2030-01-02', '2030-01-04', '2030-01-03']) {
      await fixtures.paymentFile({
        fileDay,
        items: [{ direction: 'debit', client: owner, amountCents: 1_000 }],
      });
    }
    const first = await get(`${OPS}/paymentFiles?pageSize=2`);
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toContain('no-store');
    const page = first.json<Page<PaymentFileSummary>>();
    expect(page).toMatchObject({ page: 1, pageSize: 2 });
    expect(page.total).toBeGreaterThanOrEqual(3);
    expect(page.items.map((file) => file.fileDay)).toEqual(['2030-01-04', '2030-01-03']);
    const second = (await get(`${OPS}/paymentFiles?page=2&pageSize=2`)).json<
      Page<PaymentFileSummary>
    >();
    expect(second.items[0]?.fileDay).toBe('2030-01-02');
    expect((await get(`${OPS}/paymentFiles?pageSize=0`)).statusCode).toBe(400);
  });

  it("shows a file's items with their statuses and return codes, never its bytes", async () => {
    const owner = await fixtures.client();
    const fund = await fixtures.client('rrif');
    const file = await fixtures.paymentFile({
      fileDay: '2026-11-16',
      items: [
        { direction: 'debit', client: owner, amountCents: 50_000, status: 'settled' },
        {
          direction: 'debit',
          client: owner,
          amountCents: 20_000,
          status: 'returned',
          returnReasonCode: 901,
        },
        { direction: 'credit', client: fund, netCents: 90_000, withholdingCents: 10_000 },
      ],
    });
    const response = await get(`${OPS}/paymentFiles/${file.id}`);
    expect(response.statusCode).toBe(200);
    const detail = response.json<PaymentFileDetail>();
    expect(detail).toMatchObject({
      id: file.id,
      name: file.name,
      fileDay: '2026-11-16',
      currency: 'CAD',
      status: 'delivered',
      debitCount: 2,
      debitTotalCents: 70_000,
      creditCount: 1,
      creditTotalCents: 90_000,
      returnedCount: 1,
      refusedAt: null,
    });
    expect(detail.items).toEqual([
      expect.objectContaining({
        crossReference: file.items[0]!.crossReference,
        direction: 'debit',
        source: { type: 'fundingRequest', id: file.items[0]!.sourceId },
        applicationId: owner.applicationId,
        amountCents: 50_000,
        status: 'settled',
        returnReasonCode: null,
      }),
      expect.objectContaining({ status: 'returned', returnReasonCode: 901 }),
      expect.objectContaining({
        direction: 'credit',
        source: { type: 'rifPayout', id: file.items[2]!.sourceId },
        applicationId: fund.applicationId,
        amountCents: 90_000,
        status: 'sent',
      }),
    ]);
    expect(response.body).not.toContain('sealed');
    expect((await get(`${OPS}/paymentFiles/${uuid}`)).json<ErrorBody>().errorCode).toBe('notFound');
    expect((await get(`${OPS}/paymentFiles/not-a-file`)).statusCode).toBe(400);
  });

  it('lists the return files and shows a return that matches no payment', async () => {
    const owner = await fixtures.client();
    const file = await fixtures.paymentFile({
      fileDay: '2026-11-17',
      items: [{ direction: 'debit', client: owner, amountCents: 20_000, status: 'returned' }],
    });
    const returns = await fixtures.returnFile({
      readAt: new Date('2030-02-01T15:00:00Z'),
      returns: [
        { item: file.items[0]!, reasonCode: 901, outcome: 'applied' },
        {
          crossReference: 'P424242',
          direction: 'debit',
          amountCents: 7_700,
          reasonCode: 905,
          outcome: 'unmatched',
        },
      ],
    });
    const page = (await get(`${OPS}/paymentReturns`)).json<Page<PaymentReturnFileSummary>>();
    expect(page.items[0]).toEqual({
      id: returns.id,
      name: returns.name,
      readAt: '2030-02-01T15:00:00.000Z',
      status: 'applied',
      error: null,
      itemCount: 2,
      debitTotalCents: 27_700,
      creditTotalCents: 0,
    });
    const detail = (
      await get(`${OPS}/paymentReturns/${returns.id}`)
    ).json<PaymentReturnFileDetail>();
    expect(detail.returns).toEqual([
      expect.objectContaining({
        crossReference: file.items[0]!.crossReference,
        reasonCode: 901,
        outcome: 'applied',
        itemId: file.items[0]!.id,
      }),
      expect.objectContaining({
        crossReference: 'P424242',
        direction: 'debit',
        reasonCode: 905,
        amountCents: 7_700,
        outcome: 'unmatched',
        itemId: null,
      }),
    ]);
    expect((await get(`${OPS}/paymentReturns/${uuid}`)).statusCode).toBe(404);
  });

  it('records a refused file: its payments go out again, the ledger is reversed, all audited', async () => {
    const owner = await fixtures.client();
    const fund = await fixtures.client('rrif');
    const file = await fixtures.paymentFile({
      fileDay: '2026-11-18',
      items: [
        { direction: 'debit', client: owner, amountCents: 50_000 },
        { direction: 'credit', client: fund, netCents: 90_000, withholdingCents: 10_000 },
      ],
    });
    const [debit, credit] = file.items as [(typeof file.items)[0], (typeof file.items)[0]];
    for (const item of file.items) await fixtures.postSent(item);
    logLines.length = 0;

    expect(
      (await post(`${OPS}/paymentFiles/${file.id}/refused`, { reason: 'no' })).statusCode,
    ).toBe(400);
    const response = await post(`${OPS}/paymentFiles/${file.id}/refused`);
    expect(response.statusCode).toBe(200);
    expect(response.json<PaymentFileSummary>()).toMatchObject({
      id: file.id,
      status: 'refused',
      refusedReason: REASON,
      refusedAt: expect.any(String),
    });

    const items = await app.db
      .select({ status: paymentItems.status })
      .from(paymentItems)
      .where(eq(paymentItems.fileId, file.id));
    expect(items.map((item) => item.status)).toEqual(['refiled', 'refiled']);
    const [request] = await app.db
      .select({ status: fundingRequests.status, sentOn: fundingRequests.sentOn })
      .from(fundingRequests)
      .where(eq(fundingRequests.id, debit.sourceId));
    expect(request).toEqual({ status: fundingStatuses.PENDING, sentOn: null });
    expect(
      await app.db
        .select({
          actor: fundingEvents.actor,
          actorId: fundingEvents.actorId,
          fromStatus: fundingEvents.fromStatus,
          toStatus: fundingEvents.toStatus,
        })
        .from(fundingEvents)
        .where(eq(fundingEvents.fundingRequestId, debit.sourceId)),
    ).toEqual([
      {
        actor: 'staff',
        actorId: staffId,
        fromStatus: fundingStatuses.SENT_TO_BANK,
        toStatus: fundingStatuses.PENDING,
      },
    ]);
    const [payout] = await app.db
      .select({ status: rifPayouts.status })
      .from(rifPayouts)
      .where(eq(rifPayouts.id, credit.sourceId));
    expect(payout?.status).toBe('due');

    // The ledger: each journal reversed, so nothing moved for either account.
    const reversals = await app.db
      .select({ kind: ledgerJournals.kind, memo: ledgerJournals.memoCode })
      .from(ledgerJournals)
      .where(eq(ledgerJournals.memoCode, 'fileRefused'))
      .orderBy(asc(ledgerJournals.kind));
    expect(reversals.map((row) => row.kind)).toEqual([
      'contributionReturned',
      'payoutReturned',
      'payoutReturned',
    ]);
    expect(await accountBalances(app.db, owner.clientAccountId)).toEqual([
      { currency: 'CAD', balanceCents: 0 },
    ]);
    expect(await accountBalances(app.db, fund.clientAccountId)).toEqual([
      { currency: 'CAD', balanceCents: 0 },
    ]);
    // The day's reconciliation agrees: a refused file whose journals were reversed owes nothing.
    const day = (await get(`${OPS}/reconciliation?day=2026-11-18`)).json<ReconciliationReport>();
    expect(day).toMatchObject({ balanced: true, problems: [] });

    // One audit event on each application the file paid, with the reason.
    for (const [who, item] of [
      [owner, debit],
      [fund, credit],
    ] as const) {
      expect(await auditOf(who.applicationId, 'paymentFileRefusalRecorded')).toEqual([
        {
          actorId: staffId,
          details: expect.objectContaining({
            paymentFileId: file.id,
            fileCreationNumber: file.fileCreationNumber,
            paymentItemIds: [item.id],
            reason: REASON,
          }),
        },
      ]);
    }

    // The alert names the file and nothing personal.
    const logged = logText(logLines);
    expect(logged).toContain('payment file refused by the bank');
    expect(logged).toContain(file.id);
    expect(logged).toContain(`"fileCreationNumber":${file.fileCreationNumber}`);
    expect(logged).not.toContain(REASON);
    expect(logged).not.toContain(owner.clientAccountId);

    // Refused once is refused: a second time is refused in turn.
    const again = await post(`${OPS}/paymentFiles/${file.id}/refused`);
    expect(again.statusCode).toBe(409);
    expect(again.json<ErrorBody>().errorCode).toBe('notDecidable');
    expect((await post(`${OPS}/paymentFiles/${uuid}/refused`)).statusCode).toBe(404);
  });

  it('refuses to record a refusal once an item of the file settled, and changes nothing', async () => {
    const owner = await fixtures.client();
    const file = await fixtures.paymentFile({
      fileDay: '2026-11-19',
      items: [
        { direction: 'debit', client: owner, amountCents: 30_000, status: 'settled' },
        { direction: 'debit', client: owner, amountCents: 10_000 },
      ],
    });
    for (const item of file.items) await fixtures.postSent(item);

    const response = await post(`${OPS}/paymentFiles/${file.id}/refused`);
    expect(response.statusCode).toBe(409);
    expect(response.json<ErrorBody>().errorCode).toBe('notDecidable');
    const [row] = await app.db
      .select({ status: paymentFiles.status })
      .from(paymentFiles)
      .where(eq(paymentFiles.id, file.id));
    expect(row?.status).toBe('delivered');
    expect(await auditOf(owner.applicationId, 'paymentFileRefusalRecorded')).toEqual([]);
    expect(await accountBalances(app.db, owner.clientAccountId)).toEqual([
      { currency: 'CAD', balanceCents: 40_000 },
    ]);
  });

  it('lists the held RRIF payouts and releases one, audited', async () => {
    const fund = await fixtures.client('rrif');
    const held = await fixtures.rifPayout(fund, {
      netCents: 45_000,
      withholdingCents: 5_000,
      status: 'held',
      holdReason: 'destinationChanged',
    });
    const list = (await get(`${OPS}/rifPayouts/held`)).json<HeldRifPayout[]>();
    expect(list.find((payout) => payout.id === held)).toMatchObject({
      applicationId: fund.applicationId,
      clientAccountId: fund.clientAccountId,
      grossCents: 50_000,
      withholdingCents: 5_000,
      netCents: 45_000,
      holdReason: 'destinationChanged',
      releasedAt: null,
    });

    expect((await post(`${OPS}/rifPayouts/${held}/release`, {})).statusCode).toBe(400);
    const released = await post(`${OPS}/rifPayouts/${held}/release`, {
      reason: 'Called the client: the new account is theirs',
    });
    expect(released.statusCode).toBe(200);
    expect(released.json<HeldRifPayout>()).toMatchObject({
      id: held,
      releasedAt: expect.any(String),
    });
    const [row] = await app.db
      .select({ status: rifPayouts.status, releasedBy: rifPayouts.releasedBy })
      .from(rifPayouts)
      .where(eq(rifPayouts.id, held));
    expect(row).toEqual({ status: 'due', releasedBy: staffId });
    expect(await auditOf(fund.applicationId, 'rifPayoutReleasedByStaff')).toEqual([
      {
        actorId: staffId,
        details: expect.objectContaining({
          rifPayoutId: held,
          holdReason: 'destinationChanged',
          reason: 'Called the client: the new account is theirs',
        }),
      },
    ]);
    const after = (await get(`${OPS}/rifPayouts/held`)).json<HeldRifPayout[]>();
    expect(after.some((payout) => payout.id === held)).toBe(false);
    expect((await post(`${OPS}/rifPayouts/${held}/release`)).json<ErrorBody>().errorCode).toBe(
      'notDecidable',
    );
    expect((await post(`${OPS}/rifPayouts/${uuid}/release`)).statusCode).toBe(404);
  });

  it("answers the day's reconciliation in the caller's language, and refuses a day that is none", async () => {
    const owner = await fixtures.client();
    const file = await fixtures.paymentFile({
      fileDay: '2026-11-20',
      items: [{ direction: 'debit', client: owner, amountCents: 25_000 }],
    });
    const english = (
      await get(`${OPS}/reconciliation?day=2026-11-20`)
    ).json<ReconciliationReport>();
    expect(english).toMatchObject({ day: '2026-11-20', balanced: false });
    expect(english.files[0]).toMatchObject({ fileId: file.id, balanced: false });
    expect(english.problems).toContain(
      `file ${file.name}: item ${file.items[0]!.crossReference} has no contribution sent journal in the ledger`,
    );
    const french = (
      await get(`${OPS}/reconciliation?day=2026-11-20`, { 'accept-language': 'fr-CA' })
    ).json<ReconciliationReport>();
    expect(french.problems).toContain(
      `fichier ${file.name} : l'élément ${file.items[0]!.crossReference} n'a pas d'écriture « cotisation envoyée » au grand livre`,
    );
    expect((await get(`${OPS}/reconciliation?day=2026-02-30`)).statusCode).toBe(400);
    expect((await get(`${OPS}/reconciliation`)).statusCode).toBe(400);
  });
});
