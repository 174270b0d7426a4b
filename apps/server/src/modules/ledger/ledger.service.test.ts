import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bankClearingAccount,
  clientCashAccount,
  withholdingPayableAccount,
} from '@portal/domain/ledger/ledger-accounts';
import type { LedgerJournal } from '@portal/domain/ledger/ledger-journal';
import { openDatabase, type Database, type DatabaseHandle } from '../../db/client.ts';
import {
  applications,
  clientAccounts,
  ledgerJournals,
  ledgerLines,
  users,
} from '../../db/schema.ts';
import { createTestDatabase } from '../../test/test-app.ts';
import {
  LedgerRefusal,
  accountBalances,
  movementsOf,
  postJournal,
  reverseJournal,
} from './ledger.service.ts';

let testDatabase: Awaited<ReturnType<typeof createTestDatabase>>;
let database: DatabaseHandle;
let db: Database;

beforeAll(async () => {
  testDatabase = await createTestDatabase();
  database = await openDatabase(testDatabase.config);
  await database.migrate(async () => {});
  db = database.db;
});

afterAll(async () => {
  await database?.close();
  await testDatabase?.drop();
});

/** An investment account of its own for each test, so balances start at zero. */
async function newClientAccount(): Promise<string> {
  const [user] = await db
    .insert(users)
    .values({
      email: `${randomUUID()}@example.test`,
      passwordHash: 'not-a-hash',
      firstName: 'Ledger',
      lastName: 'Test',
    })
    .returning({ id: users.id });
  const [application] = await db
    .insert(applications)
    .values({ ownerId: user!.id })
    .returning({ id: applications.id });
  const [account] = await db
    .insert(clientAccounts)
    .values({
      applicationId: application!.id,
      ownerUserId: user!.id,
      accountTypeName: 'rrif',
      accountTypeId: 1,
      currencyTypeId: 1,
      ownershipTypeId: 1,
      eftEligible: true,
    })
    .returning({ id: clientAccounts.id });
  return account!.id;
}

function contribution(
  accountId: string,
  amountCents: number,
  requestId: string = randomUUID(),
): LedgerJournal {
  return {
    kind: 'contributionSent',
    currency: 'CAD',
    reference: { type: 'fundingRequest', id: requestId },
    memo: null,
    reverses: null,
    lines: [
      { account: bankClearingAccount('CAD'), side: 'debit', amountCents },
      { account: clientCashAccount(accountId), side: 'credit', amountCents },
    ],
  };
}

function payout(accountId: string, grossCents: number, taxCents: number, paymentId: string) {
  const reference = { type: 'rifPayment', id: paymentId } as const;
  const sent: LedgerJournal = {
    kind: 'payoutSent',
    currency: 'CAD',
    reference,
    memo: null,
    reverses: null,
    lines: [
      { account: clientCashAccount(accountId), side: 'debit', amountCents: grossCents - taxCents },
      { account: bankClearingAccount('CAD'), side: 'credit', amountCents: grossCents - taxCents },
    ],
  };
  const withheld: LedgerJournal = {
    kind: 'withholding',
    currency: 'CAD',
    reference,
    memo: null,
    reverses: null,
    lines: [
      { account: clientCashAccount(accountId), side: 'debit', amountCents: taxCents },
      { account: withholdingPayableAccount('CAD'), side: 'credit', amountCents: taxCents },
    ],
  };
  return { sent, withheld };
}

const day = (iso: string) => new Date(`${iso}T16:00:00Z`);

async function journalCount(referenceId: string): Promise<number> {
  const rows = await db
    .select({ id: ledgerJournals.id })
    .from(ledgerJournals)
    .where(eq(ledgerJournals.referenceId, referenceId));
  return rows.length;
}

describe('ledger: posting', () => {
  it('posts a contribution in cents and derives the account balance from its lines', async () => {
    const accountId = await newClientAccount();
    const posted = await db.transaction((tx) =>
      postJournal(tx, contribution(accountId, 250_001), { postedAt: day('2026-12-01') }),
    );
    expect(posted.created).toBe(true);
    expect(await accountBalances(db, accountId)).toEqual([
      { currency: 'CAD', balanceCents: 250_001 },
    ]);
    const lines = await db.select().from(ledgerLines).where(eq(ledgerLines.journalId, posted.id));
    expect(lines.map((line) => [line.lineNo, line.side, line.amountCents])).toEqual([
      [1, 'debit', 250_001],
      [2, 'credit', 250_001],
    ]);
    expect(lines[1]!.clientAccountId).toBe(accountId);
  });

  it('posts an event once: a repeat returns the first journal and writes nothing', async () => {
    const accountId = await newClientAccount();
    const journal = contribution(accountId, 10_000);
    const first = await db.transaction((tx) => postJournal(tx, journal));
    const again = await db.transaction((tx) => postJournal(tx, journal));
    expect(again).toEqual({ id: first.id, created: false });
    expect(await journalCount(journal.reference.id)).toBe(1);
    expect(await accountBalances(db, accountId)).toEqual([
      { currency: 'CAD', balanceCents: 10_000 },
    ]);
  });

  it('refuses the same event posted again with other amounts', async () => {
    const accountId = await newClientAccount();
    const journal = contribution(accountId, 10_000);
    await db.transaction((tx) => postJournal(tx, journal));
    const changed = contribution(accountId, 10_001, journal.reference.id);
    await expect(db.transaction((tx) => postJournal(tx, changed))).rejects.toMatchObject({
      code: 'conflictingRepost',
    });
  });

  it('refuses an unbalanced journal through the service and writes nothing', async () => {
    const accountId = await newClientAccount();
    const journal = contribution(accountId, 10_000);
    journal.lines[1] = {
      account: clientCashAccount(accountId),
      side: 'credit',
      amountCents: 9_999,
    };
    await expect(db.transaction((tx) => postJournal(tx, journal))).rejects.toBeInstanceOf(
      LedgerRefusal,
    );
    expect(await journalCount(journal.reference.id)).toBe(0);
  });

  it('keeps the caller’s transaction usable after a refusal (a savepoint)', async () => {
    const accountId = await newClientAccount();
    const good = contribution(accountId, 5_000);
    const conflicting = contribution(accountId, 5_001, good.reference.id);
    await db.transaction(async (tx) => {
      await postJournal(tx, good);
      await expect(postJournal(tx, conflicting)).rejects.toMatchObject({
        code: 'conflictingRepost',
      });
    });
    expect(await accountBalances(db, accountId)).toEqual([
      { currency: 'CAD', balanceCents: 5_000 },
    ]);
  });
});

describe('ledger: reversals', () => {
  it('reverses a contribution as a PAD claim and brings the balance back to zero, to the cent', async () => {
    const accountId = await newClientAccount();
    const original = await db.transaction((tx) =>
      postJournal(tx, contribution(accountId, 123_457), { postedAt: day('2026-12-01') }),
    );
    const reversal = await db.transaction((tx) =>
      reverseJournal(
        tx,
        original.id,
        { kind: 'padClaim', memo: '915' },
        { postedAt: day('2027-01-15') },
      ),
    );
    expect(await accountBalances(db, accountId)).toEqual([{ currency: 'CAD', balanceCents: 0 }]);
    expect(await movementsOf(db, accountId)).toEqual([
      {
        journalId: original.id,
        postedAt: day('2026-12-01'),
        kind: 'contributionSent',
        currency: 'CAD',
        amountCents: 123_457,
        memoCode: null,
        reversesJournalId: null,
        reversedByJournalId: reversal.id,
      },
      {
        journalId: reversal.id,
        postedAt: day('2027-01-15'),
        kind: 'padClaim',
        currency: 'CAD',
        amountCents: -123_457,
        memoCode: '915',
        reversesJournalId: original.id,
        reversedByJournalId: null,
      },
    ]);
  });

  it('refuses a second reversal of the same journal, naming the first', async () => {
    const accountId = await newClientAccount();
    const original = await db.transaction((tx) => postJournal(tx, contribution(accountId, 7_000)));
    const first = await db.transaction((tx) =>
      reverseJournal(tx, original.id, { kind: 'contributionReturned', memo: '901' }),
    );
    await expect(
      db.transaction((tx) => reverseJournal(tx, original.id, { kind: 'padClaim', memo: '915' })),
    ).rejects.toMatchObject({ code: 'alreadyReversed', detail: { journalId: first.id } });
    expect(await accountBalances(db, accountId)).toEqual([{ currency: 'CAD', balanceCents: 0 }]);
  });

  it('refuses to reverse a reversal, an unknown journal, or with a kind that does not undo it', async () => {
    const accountId = await newClientAccount();
    const original = await db.transaction((tx) => postJournal(tx, contribution(accountId, 7_000)));
    await expect(
      db.transaction((tx) =>
        reverseJournal(tx, original.id, { kind: 'payoutReturned', memo: null }),
      ),
    ).rejects.toMatchObject({ code: 'reversalKindMismatch' });
    const reversal = await db.transaction((tx) =>
      reverseJournal(tx, original.id, { kind: 'contributionReturned', memo: '901' }),
    );
    await expect(
      db.transaction((tx) => reverseJournal(tx, reversal.id, { kind: 'padClaim', memo: null })),
    ).rejects.toMatchObject({ code: 'notReversible' });
    await expect(
      db.transaction((tx) => reverseJournal(tx, randomUUID(), { kind: 'padClaim', memo: null })),
    ).rejects.toMatchObject({ code: 'journalNotFound' });
  });

  it('pays a RRIF payout with its withholding, then takes both back when the payout returns', async () => {
    const accountId = await newClientAccount();
    const paymentId = randomUUID();
    const { sent, withheld } = payout(accountId, 100_000, 10_000, paymentId);
    await db.transaction((tx) => postJournal(tx, contribution(accountId, 300_000)));
    const [sentJournal, withheldJournal] = await db.transaction(async (tx) => [
      await postJournal(tx, sent),
      await postJournal(tx, withheld),
    ]);
    expect(await accountBalances(db, accountId)).toEqual([
      { currency: 'CAD', balanceCents: 200_000 },
    ]);
    const movements = await movementsOf(db, accountId);
    expect(movements.map((movement) => [movement.kind, movement.amountCents])).toEqual(
      expect.arrayContaining([
        ['payoutSent', -90_000],
        ['withholding', -10_000],
      ]),
    );
    await db.transaction(async (tx) => {
      await reverseJournal(tx, sentJournal!.id, { kind: 'payoutReturned', memo: '905' });
      await reverseJournal(tx, withheldJournal!.id, { kind: 'payoutReturned', memo: '905' });
    });
    expect(await accountBalances(db, accountId)).toEqual([
      { currency: 'CAD', balanceCents: 300_000 },
    ]);
  });
});

describe('ledger: the database keeps the record', () => {
  it('refuses UPDATE, DELETE and TRUNCATE of journals and lines, whoever asks', async () => {
    const accountId = await newClientAccount();
    const posted = await db.transaction((tx) => postJournal(tx, contribution(accountId, 4_200)));
    await expect(
      db.update(ledgerJournals).set({ memoCode: 'edited' }).where(eq(ledgerJournals.id, posted.id)),
    ).rejects.toThrow();
    await expect(
      db.update(ledgerLines).set({ amountCents: 1 }).where(eq(ledgerLines.journalId, posted.id)),
    ).rejects.toThrow();
    await expect(
      db.delete(ledgerLines).where(eq(ledgerLines.journalId, posted.id)),
    ).rejects.toThrow();
    await expect(
      db.delete(ledgerJournals).where(eq(ledgerJournals.id, posted.id)),
    ).rejects.toThrow();
    await expect(db.execute(sql`truncate ledger_lines, ledger_journals`)).rejects.toThrow();
    expect(await accountBalances(db, accountId)).toEqual([
      { currency: 'CAD', balanceCents: 4_200 },
    ]);
  });

  it('refuses, at commit, a journal written around the service that does not balance', async () => {
    const accountId = await newClientAccount();
    const referenceId = randomUUID();
    await expect(
      db.transaction(async (tx) => {
        const [journal] = await tx
          .insert(ledgerJournals)
          .values({
            kind: 'contributionSent',
            currency: 'CAD',
            referenceType: 'fundingRequest',
            referenceId,
          })
          .returning({ id: ledgerJournals.id });
        await tx.insert(ledgerLines).values([
          {
            journalId: journal!.id,
            lineNo: 1,
            ledgerAccount: 'bankClearing:CAD',
            side: 'debit',
            amountCents: 1_000,
          },
          {
            journalId: journal!.id,
            lineNo: 2,
            ledgerAccount: clientCashAccount(accountId),
            clientAccountId: accountId,
            side: 'credit',
            amountCents: 999,
          },
        ]);
      }),
    ).rejects.toThrow();
    // A journal with no lines at all is refused the same way.
    await expect(
      db.insert(ledgerJournals).values({
        kind: 'contributionSent',
        currency: 'CAD',
        referenceType: 'fundingRequest',
        referenceId,
      }),
    ).rejects.toThrow();
    expect(await journalCount(referenceId)).toBe(0);
  });

  it('refuses a client line that names another account than its column', async () => {
    const accountId = await newClientAccount();
    const otherId = await newClientAccount();
    await expect(
      db.transaction(async (tx) => {
        const [journal] = await tx
          .insert(ledgerJournals)
          .values({
            kind: 'contributionSent',
            currency: 'CAD',
            referenceType: 'fundingRequest',
            referenceId: randomUUID(),
          })
          .returning({ id: ledgerJournals.id });
        await tx.insert(ledgerLines).values([
          {
            journalId: journal!.id,
            lineNo: 1,
            ledgerAccount: 'bankClearing:CAD',
            side: 'debit',
            amountCents: 1_000,
          },
          {
            journalId: journal!.id,
            lineNo: 2,
            ledgerAccount: clientCashAccount(accountId),
            clientAccountId: otherId,
            side: 'credit',
            amountCents: 1_000,
          },
        ]);
      }),
    ).rejects.toThrow();
  });
});

describe('ledger: two posts of one event at once', () => {
  it('makes one journal: the second waits for the first and returns it', async () => {
    const accountId = await newClientAccount();
    const journal = contribution(accountId, 60_000);
    let posted!: () => void;
    const firstPosted = new Promise<void>((resolve) => (posted = resolve));
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    // The first transaction posts and holds its commit; on PostgreSQL the second, on another
    // connection, then blocks at the unique index until the first commits.
    const first = db.transaction(async (tx) => {
      const result = await postJournal(tx, journal);
      posted();
      await released;
      return result;
    });
    await firstPosted;
    let secondSettled = false;
    const second = db
      .transaction((tx) => postJournal(tx, journal))
      .finally(() => (secondSettled = true));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(secondSettled).toBe(false);
    release();
    const [one, two] = await Promise.all([first, second]);
    expect(one.created).toBe(true);
    expect(two).toEqual({ id: one.id, created: false });
    expect(await journalCount(journal.reference.id)).toBe(1);
    expect(await accountBalances(db, accountId)).toEqual([
      { currency: 'CAD', balanceCents: 60_000 },
    ]);
  });

  it('reverses once when two reversals of one journal race', async () => {
    const accountId = await newClientAccount();
    const original = await db.transaction((tx) => postJournal(tx, contribution(accountId, 8_000)));
    const results = await Promise.allSettled([
      db.transaction((tx) =>
        reverseJournal(tx, original.id, { kind: 'contributionReturned', memo: '901' }),
      ),
      db.transaction((tx) => reverseJournal(tx, original.id, { kind: 'padClaim', memo: '915' })),
    ]);
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    const refused = results.find((result) => result.status === 'rejected');
    expect(refused?.reason).toMatchObject({ code: 'alreadyReversed' });
    expect(await accountBalances(db, accountId)).toEqual([{ currency: 'CAD', balanceCents: 0 }]);
  });
});
