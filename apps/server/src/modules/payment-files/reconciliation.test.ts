import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type Database, type DatabaseHandle } from '../../db/client.ts';
import { paymentFixtures } from '../../test/payment-files.ts';
import { createTestDatabase } from '../../test/test-app.ts';
import { assertLedgerMatchesFiles, reconciliationReport } from './reconciliation.ts';

type TestDatabase = Awaited<ReturnType<typeof createTestDatabase>>;

async function migratedDatabase(): Promise<{ handle: DatabaseHandle; drop(): Promise<void> }> {
  const test: TestDatabase = await createTestDatabase();
  const handle = await openDatabase(test.config);
  await handle.migrate(async () => {});
  return {
    handle,
    drop: async () => {
      await handle.close();
      await test.drop();
    },
  };
}

describe('the daily reconciliation report', () => {
  let opened: Awaited<ReturnType<typeof migratedDatabase>>;
  let db: Database;
  let fixtures: ReturnType<typeof paymentFixtures>;

  beforeAll(async () => {
    opened = await migratedDatabase();
    db = opened.handle.db;
    fixtures = paymentFixtures(db);
  });
  afterAll(() => opened?.drop());

  it('balances a day whose files, items, ledger and returns agree', async () => {
    const day = '2026-11-16';
    const [first, second, fund] = [
      await fixtures.client(),
      await fixtures.client(),
      await fixtures.client('rrif'),
    ];
    const file = await fixtures.paymentFile({
      fileDay: day,
      items: [
        { direction: 'debit', client: first, amountCents: 50_000, status: 'settled' },
        { direction: 'debit', client: second, amountCents: 25_000, status: 'returned' },
        { direction: 'debit', client: first, amountCents: 10_000 },
        { direction: 'credit', client: fund, netCents: 90_000, withholdingCents: 10_000 },
      ],
    });
    const [settled, returned, sent, payout] = file.items as [
      (typeof file.items)[number],
      (typeof file.items)[number],
      (typeof file.items)[number],
      (typeof file.items)[number],
    ];
    for (const item of [settled, sent, payout]) await fixtures.postSent(item);
    await fixtures.reverse(await fixtures.postSent(returned), 'contributionReturned');
    // Read late in the evening in Toronto: the next day in UTC, still the 16th for operations.
    await fixtures.returnFile({
      readAt: new Date('2026-11-17T03:30:00Z'),
      returns: [{ item: returned, reasonCode: 901, outcome: 'applied' }],
    });

    const report = await reconciliationReport(db, day);

    expect(report).toEqual({
      day,
      files: [
        {
          fileId: file.id,
          name: file.name,
          currency: 'CAD',
          trailer: {
            debitCount: 3,
            debitTotalCents: 85_000,
            creditCount: 1,
            creditTotalCents: 90_000,
          },
          items: {
            debitCount: 3,
            debitTotalCents: 85_000,
            creditCount: 1,
            creditTotalCents: 90_000,
          },
          ledgerSentCents: { debits: 85_000, credits: 90_000 },
          settled: { count: 1, totalCents: 50_000 },
          returned: { count: 1, totalCents: 25_000 },
          outstanding: { count: 2, totalCents: 100_000 },
          balanced: true,
        },
      ],
      returnsRead: { count: 1, debitTotalCents: 25_000, creditTotalCents: 0 },
      problems: [],
      balanced: true,
    });
    // The return file belongs to the 16th in Toronto, not to the 17th.
    expect((await reconciliationReport(db, '2026-11-17')).returnsRead.count).toBe(0);
  });

  it('says so when a trailer disagrees with the items the file holds', async () => {
    const day = '2026-11-18';
    const owner = await fixtures.client();
    const file = await fixtures.paymentFile({
      fileDay: day,
      items: [
        { direction: 'debit', client: owner, amountCents: 50_000 },
        { direction: 'debit', client: owner, amountCents: 50_000 },
      ],
      trailer: { debitCount: 3, debitTotalCents: 150_000 },
    });
    for (const item of file.items) await fixtures.postSent(item);

    const report = await reconciliationReport(db, day);

    expect(report.balanced).toBe(false);
    expect(report.files[0]).toMatchObject({
      trailer: { debitCount: 3, debitTotalCents: 150_000 },
      items: { debitCount: 2, debitTotalCents: 100_000 },
      balanced: false,
    });
    expect(report.problems).toEqual([
      `file ${file.name}: trailer says 3 debits for 1500.00 CAD, items hold 2 for 1000.00 CAD`,
    ]);
    expect((await reconciliationReport(db, day, 'fr')).problems).toEqual([
      `fichier ${file.name} : la fin de fichier annonce 3 débits pour 1500,00 CAD, les éléments en comptent 2 pour 1000,00 CAD`,
    ]);
  });

  it('finds a delivered item the ledger has no journal for, without naming anyone', async () => {
    const day = '2026-11-19';
    const owner = await fixtures.client();
    const fund = await fixtures.client('rrif');
    const file = await fixtures.paymentFile({
      fileDay: day,
      items: [
        { direction: 'debit', client: owner, amountCents: 12_345 },
        { direction: 'credit', client: fund, netCents: 40_000, withholdingCents: 4_000 },
      ],
    });
    const [debit, credit] = file.items as [(typeof file.items)[0], (typeof file.items)[0]];
    // The payout's journals were posted; the debit's never was.
    await fixtures.postSent(credit);

    const report = await reconciliationReport(db, day);

    expect(report.balanced).toBe(false);
    expect(report.files[0]).toMatchObject({
      ledgerSentCents: { debits: 0, credits: 40_000 },
      balanced: false,
    });
    expect(report.problems).toEqual([
      `file ${file.name}: items hold debits for 123.45 CAD, the ledger recorded 0.00 CAD sent`,
      `file ${file.name}: item ${debit.crossReference} has no contribution sent journal in the ledger`,
    ]);
    const words = report.problems.join(' ');
    expect(words).not.toContain(owner.clientAccountId);
    expect(words).not.toContain(debit.sourceId);
  });

  it('finds a returned item whose journal was not reversed', async () => {
    const day = '2026-11-20';
    const owner = await fixtures.client();
    const file = await fixtures.paymentFile({
      fileDay: day,
      items: [
        { direction: 'debit', client: owner, amountCents: 20_000, status: 'returned' },
        { direction: 'debit', client: owner, amountCents: 30_000, status: 'settled' },
      ],
    });
    const [returned, settled] = file.items as [(typeof file.items)[0], (typeof file.items)[0]];
    await fixtures.postSent(returned);
    // A settled item's journal reversed is the opposite mistake, said as well.
    await fixtures.reverse(await fixtures.postSent(settled), 'contributionReturned');

    const report = await reconciliationReport(db, day);

    expect(report.files[0]).toMatchObject({
      returned: { count: 1, totalCents: 20_000 },
      settled: { count: 1, totalCents: 30_000 },
      outstanding: { count: 0, totalCents: 0 },
      balanced: false,
    });
    expect(report.problems).toEqual([
      `file ${file.name}: item ${returned.crossReference} was returned, but its contribution sent journal was not reversed`,
      `file ${file.name}: item ${settled.crossReference} was not returned, but its contribution sent journal was reversed`,
    ]);
  });

  it('finds a journal of the wrong amount, and a refused file whose journals still stand', async () => {
    const owner = await fixtures.client();
    const delivered = await fixtures.paymentFile({
      fileDay: '2026-11-23',
      items: [{ direction: 'debit', client: owner, amountCents: 10_000 }],
    });
    await fixtures.postSent(delivered.items[0]!, 'CAD', 9_999);
    const refused = await fixtures.paymentFile({
      fileDay: '2026-11-24',
      status: 'refused',
      items: [{ direction: 'debit', client: owner, amountCents: 7_500, status: 'refiled' }],
    });
    await fixtures.postSent(refused.items[0]!);

    expect((await reconciliationReport(db, '2026-11-23')).problems).toEqual([
      `file ${delivered.name}: items hold debits for 100.00 CAD, the ledger recorded 99.99 CAD sent`,
      `file ${delivered.name}: item ${delivered.items[0]!.crossReference}'s contribution sent journal is for 99.99 CAD, the item for 100.00 CAD`,
    ]);
    const report = await reconciliationReport(db, '2026-11-24');
    expect(report.files[0]).toMatchObject({
      outstanding: { count: 0, totalCents: 0 },
      balanced: false,
    });
    expect(report.problems).toEqual([
      `file ${refused.name}: refused by the bank, but item ${refused.items[0]!.crossReference}'s contribution sent journal was not reversed`,
    ]);
  });

  it('counts the returns read on the day and lists those that match no payment', async () => {
    const day = '2026-11-25';
    const unmatched = await fixtures.returnFile({
      readAt: new Date('2026-11-25T15:00:00Z'),
      returns: [
        {
          crossReference: 'P999999',
          direction: 'debit',
          amountCents: 4_200,
          reasonCode: 905,
          outcome: 'unmatched',
        },
        {
          crossReference: 'P999998',
          direction: 'credit',
          amountCents: 1_000,
          reasonCode: 922,
          outcome: 'unmatched',
        },
      ],
    });
    const unreadable = await fixtures.returnFile({
      readAt: new Date('2026-11-25T16:00:00Z'),
      status: 'unreadable',
      error: 'badTrailer',
      returns: [],
    });

    const report = await reconciliationReport(db, day);

    expect(report.files).toEqual([]);
    expect(report.returnsRead).toEqual({
      count: 2,
      debitTotalCents: 4_200,
      creditTotalCents: 1_000,
    });
    expect(report.balanced).toBe(false);
    expect(report.problems).toEqual([
      `return file ${unmatched.name}: 2 returned items match no payment`,
      `return file ${unreadable.name}: unreadable, nothing in it was applied`,
    ]);
    expect((await reconciliationReport(db, day, 'fr')).problems[0]).toBe(
      `fichier de retours ${unmatched.name} : 2 éléments retournés ne correspondent à aucun paiement`,
    );
  });

  it('balances a day without files or returns', async () => {
    expect(await reconciliationReport(db, '2026-12-25')).toEqual({
      day: '2026-12-25',
      files: [],
      returnsRead: { count: 0, debitTotalCents: 0, creditTotalCents: 0 },
      problems: [],
      balanced: true,
    });
  });
});

describe('the ledger-wide check of the delivered files', () => {
  let opened: Awaited<ReturnType<typeof migratedDatabase>>;
  let db: Database;
  let fixtures: ReturnType<typeof paymentFixtures>;

  // A database of its own for each test: the check reads every delivered file there is.
  beforeEach(async () => {
    opened = await migratedDatabase();
    db = opened.handle.db;
    fixtures = paymentFixtures(db);
  });
  afterEach(() => opened?.drop());

  it('passes when every delivered item has its journals and each return reversed its own', async () => {
    const owner = await fixtures.client();
    const fund = await fixtures.client('rrif');
    const file = await fixtures.paymentFile({
      fileDay: '2026-11-16',
      items: [
        { direction: 'debit', client: owner, amountCents: 50_000, status: 'settled' },
        {
          direction: 'credit',
          client: fund,
          netCents: 80_000,
          withholdingCents: 20_000,
          status: 'returned',
        },
      ],
    });
    await fixtures.postSent(file.items[0]!);
    await fixtures.reverse(await fixtures.postSent(file.items[1]!), 'payoutReturned', '922');
    // A refused file whose journals were reversed, and a file not delivered yet: nothing owed.
    const refused = await fixtures.paymentFile({
      fileDay: '2026-11-17',
      status: 'refused',
      items: [{ direction: 'debit', client: owner, amountCents: 1_000, status: 'refiled' }],
    });
    await fixtures.reverse(
      await fixtures.postSent(refused.items[0]!),
      'contributionReturned',
      'fileRefused',
    );
    await fixtures.paymentFile({
      fileDay: '2026-11-18',
      status: 'written',
      items: [{ direction: 'debit', client: owner, amountCents: 2_000 }],
    });

    await expect(assertLedgerMatchesFiles(db)).resolves.toBeUndefined();
  });

  it('fails loudly, listing every disagreement at once', async () => {
    const owner = await fixtures.client();
    const fund = await fixtures.client('rrif');
    const file = await fixtures.paymentFile({
      fileDay: '2026-11-16',
      items: [
        { direction: 'debit', client: owner, amountCents: 50_000 },
        { direction: 'debit', client: owner, amountCents: 20_000, status: 'returned' },
        { direction: 'credit', client: fund, netCents: 80_000, withholdingCents: 20_000 },
      ],
    });
    const [missing, returned, payout] = file.items as [
      (typeof file.items)[0],
      (typeof file.items)[0],
      (typeof file.items)[0],
    ];
    await fixtures.postSent(returned);
    // The payout went out, but its withholding was posted for another amount.
    await fixtures.postSent({ ...payout, withholdingCents: 19_000 });
    // A contribution the ledger says was sent, for a payment no delivered file carries.
    const [orphan] = await fixtures.postSent({ ...missing, id: randomUUID(), amountCents: 5_000 });

    const failure = await assertLedgerMatchesFiles(db).then(
      () => undefined,
      (error: unknown) => error,
    );

    expect(failure).toBeInstanceOf(Error);
    expect((failure as Error).message).toBe(
      [
        'The ledger and the payment files disagree:',
        `- file ${file.name}: item ${missing.crossReference} has no contribution sent journal in the ledger`,
        `- file ${file.name}: item ${returned.crossReference} was returned, but its contribution sent journal was not reversed`,
        `- file ${file.name}: item ${payout.crossReference}'s withholding journal is for 190.00 CAD, the item for 200.00 CAD`,
        `- the ledger holds a contribution sent journal (${orphan}) that no delivered file carries`,
      ].join('\n'),
    );
  });
});
