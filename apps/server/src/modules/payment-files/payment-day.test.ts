import { randomUUID } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { asc, eq, inArray } from 'drizzle-orm';
import ssh2 from 'ssh2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountTypes } from '@portal/domain/enums/account-types';
import {
  bankClearingAccount,
  clientCashAccount,
  withholdingPayableAccount,
} from '@portal/domain/ledger/ledger-accounts';
import {
  clientAccounts,
  fundingEvents,
  fundingRequests,
  ledgerJournals,
  ledgerLines,
  paymentFiles,
  paymentItems,
  paymentReturns,
  rifPayouts,
  rifPayoutSetups,
  users,
} from '../../db/schema.ts';
import { writeBankReturns } from '../../providers/bank/cpa005/cpa005-bank-returns.ts';
import type { PaymentFilesSettings } from '../../providers/bank/payment-files-settings.ts';
import {
  startTestSftpServer,
  type TestSftpServer,
} from '../../providers/bank/transport/sftp-test-server.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { agreedApplication } from '../identity/identity.fixtures.ts';
import {
  authorize,
  bearer,
  registerUser,
  sessionCookieOf,
  signIn,
  verifyEmailOf,
  type TestUser,
} from '../../test/users.ts';
import {
  createdFunding,
  fundableAccount,
  mailsTo,
  oneTimePayload,
  setBankToday,
  uploadedCheque,
  CHEQUE,
} from '../funding/funding.fixtures.ts';
import { accountBalances } from '../ledger/ledger.service.ts';
import { assertLedgerMatchesFiles, reconciliationReport } from './reconciliation.ts';

/**
 * Issue 35's day, end to end on a real bank's terms: SFTP to a server the test starts, a lead
 * time of one business day, CPA 005 records checked field by field, the bank's returns written
 * as a bank would, and what the people, the ledger and operations see after.
 */

const FILE_DAY = '2026-11-25';
const DUE = '2026-11-26';

const clientKeys = ssh2.utils.generateKeyPairSync('ecdsa', { bits: 256 });
let sftp: TestSftpServer;
let test: TestApp;
let anna: TestUser;
let eloise: TestUser;

function settingsFor(server: TestSftpServer): PaymentFilesSettings {
  return {
    provider: 'cpa005',
    originator: {
      id: 'LAURENT001',
      shortName: 'Laurentide',
      longName: 'Laurentide Investing Inc',
      returnInstitution: '001',
      returnTransit: '00011',
      returnAccount: '1234567',
    },
    destinationDataCentre: '00010',
    leadBusinessDays: 1,
    cutOffTime: '15:00',
    timeZone: 'America/Toronto',
    transport: {
      kind: 'sftp',
      host: '127.0.0.1',
      port: server.port,
      username: 'laurentide',
      privateKey: clientKeys.private,
      hostKeyFingerprints: [server.hostKeyFingerprint],
      outgoingDir: 'outbox',
      incomingDir: 'inbox',
      timeoutMs: 30_000,
    },
    pollMs: 0,
  };
}

async function person(names: {
  firstName: string;
  lastName: string;
  language: 'en' | 'fr';
}): Promise<TestUser> {
  const { email, password } = await registerUser(test.app, {
    email: `${randomUUID()}@example.com`,
    ...names,
  });
  const sessionCookie = sessionCookieOf(await signIn(test.app, email, password));
  const token = (await authorize(test.app, sessionCookie)).body;
  await verifyEmailOf(test.app, { email, token });
  return { email, password, sessionCookie, token };
}

const monthlyPac = (accountId: string, documentUploadedId: string, amount: number) => ({
  ...oneTimePayload(accountId, documentUploadedId),
  amount,
  fundingTypeId: 3,
  fundingFrequencyTypeId: 5,
  pacStartDate: DUE,
});

/** A RRIF of Éloïse's application paying $600 gross ($60 withheld) to her bank on DUE. */
async function rrifPayoutDue(applicationId: string, userId: string, bankAccountId: string) {
  const fundId = randomUUID();
  await test.app.db.insert(clientAccounts).values({
    id: fundId,
    applicationId,
    ownerUserId: userId,
    accountTypeName: 'rif',
    accountTypeId: accountTypes.RIF,
    currencyTypeId: 1,
    ownershipTypeId: 1,
    eftEligible: false,
  });
  const setupId = randomUUID();
  await test.app.db.insert(rifPayoutSetups).values({
    id: setupId,
    applicationId,
    userId,
    clientAccountId: fundId,
    minPaymentTypeId: 1,
    annualPaymentTypeId: 1,
    grossOrNet: 'G',
    payoutFrequencyId: 1,
    startDateTypeId: 1,
    paymentStartMonth: 11,
    paymentStartYear: 2026,
    paymentByTypeId: 1,
    bankAccountId,
    setupYear: 2025,
    language: 'fr',
  });
  const payoutId = randomUUID();
  await test.app.db.insert(rifPayouts).values({
    id: payoutId,
    setupId,
    userId,
    clientAccountId: fundId,
    bankAccountId,
    scheduledOn: DUE,
    paidOn: DUE,
    grossCents: 60_000,
    withholdingCents: 6_000,
    netCents: 54_000,
    status: 'due',
  });
  return { fundId, payoutId };
}

/** The owner of a client account (the person the API knows by their token). */
const ownerOf = async (clientAccountId: string) =>
  (
    await test.app.db.select().from(clientAccounts).where(eq(clientAccounts.id, clientAccountId))
  )[0]!.ownerUserId;

let annaTfsa: string;
let eloiseTfsa: string;
let fund: { fundId: string; payoutId: string };
let annaEft: string;
let annaPac: string;
let eloisePac: string;

async function childOf(pacId: string) {
  const [child] = await test.app.db
    .select()
    .from(fundingRequests)
    .where(eq(fundingRequests.parentId, pacId));
  return child!;
}

async function statusOf(id: string) {
  const [row] = await test.app.db.select().from(fundingRequests).where(eq(fundingRequests.id, id));
  return row!.status;
}

/** What a rerun must not change: every row the day's work writes, counted. */
async function footprint() {
  const [files, items, events, journals, returns] = await Promise.all([
    test.app.db.select().from(paymentFiles),
    test.app.db.select().from(paymentItems).orderBy(asc(paymentItems.sequence)),
    test.app.db.select().from(fundingEvents),
    test.app.db.select().from(ledgerJournals),
    test.app.db.select().from(paymentReturns),
  ]);
  return {
    files: files.map((file) => [file.name, file.sha256, file.status]),
    items: items.map((item) => [item.crossReference, item.status]),
    events: events.length,
    journals: journals.length,
    returns: returns.length,
  };
}

beforeAll(async () => {
  sftp = await startTestSftpServer({
    user: { username: 'laurentide', publicKey: clientKeys.public },
  });
  test = await createTestApp({ paymentFiles: settingsFor(sftp) });
  await setBankToday(test.app, '2026-11-16');
  anna = await person({ firstName: 'Anna', lastName: 'Kowalski', language: 'en' });
  eloise = await person({ firstName: 'Éloïse', lastName: "D'Arcy-Lévesque", language: 'fr' });

  const annaAccount = await fundableAccount(test.app, anna);
  annaTfsa = annaAccount.accountId;
  const annaCheque = await uploadedCheque(test.app, anna.token, annaAccount.applicationId);
  const eloiseApplication = await agreedApplication(test.app, eloise);
  const eloiseAccount = {
    applicationId: eloiseApplication,
    accountId: (
      await test.app.inject({
        url: `/service/jaxrs/coAcctFunding/toAccountsForCurrUser?applicationId=${eloiseApplication}`,
        headers: bearer(eloise.token),
      })
    ).json<{ accounts: { accountId: string }[] }>().accounts[0]!.accountId,
  };
  eloiseTfsa = eloiseAccount.accountId;
  const eloiseCheque = await uploadedCheque(test.app, eloise.token, eloiseAccount.applicationId, {
    ...CHEQUE,
    finInstitution: '815',
    bankAccountNumber: '5550001234',
  });

  annaEft = (
    await createdFunding(test.app, anna.token, {
      ...oneTimePayload(annaTfsa, annaCheque.documentUploadedId),
      amount: 1000,
    })
  ).item.id;
  annaPac = (
    await createdFunding(
      test.app,
      anna.token,
      monthlyPac(annaTfsa, annaCheque.documentUploadedId, 250),
    )
  ).item.id;
  eloisePac = (
    await createdFunding(
      test.app,
      eloise.token,
      monthlyPac(eloiseTfsa, eloiseCheque.documentUploadedId, 75.5),
    )
  ).item.id;
  // Her name carries an accent and an apostrophe; the file's payee name comes from it.
  await test.app.db
    .update(users)
    .set({ firstName: 'Éloïse', lastName: "D'Arcy-Lévesque" })
    .where(eq(users.id, await ownerOf(eloiseTfsa)));
  fund = await rrifPayoutDue(
    eloiseAccount.applicationId,
    await ownerOf(eloiseTfsa),
    eloiseCheque.bankAccount.id,
  );
}, 240_000);

afterAll(async () => {
  await test?.close();
  await sftp?.close();
});

describe('a day of payment files with a real bank’s terms (issue 35)', () => {
  it('writes one CPA 005 file at the cut-off the day before the due date, and delivers it by SFTP', async () => {
    await setBankToday(test.app, FILE_DAY);
    const files = await test.app.db.select().from(paymentFiles);
    expect(files).toHaveLength(1);
    const [file] = files;
    expect(file).toMatchObject({
      fileDay: FILE_DAY,
      currency: 'CAD',
      fileCreationNumber: 1,
      status: 'delivered',
      debitCount: 3,
      debitTotalCents: 100_000 + 25_000 + 7_550,
      creditCount: 1,
      creditTotalCents: 54_000,
    });
    const bytes = await readFile(sftp.localPath(`outbox/${file!.name}`));
    expect(bytes.length).toBeGreaterThan(0);
    const records = bytes.toString('latin1').split('\r\n').filter(Boolean);
    expect(records.map((record) => record.length)).toEqual([1464, 1464, 1464, 1464]);
    expect(records.map((record) => record[0])).toEqual(['A', 'C', 'D', 'Z']);

    const [header, credits, debits, trailer] = records as [string, string, string, string];
    // A: count 1, originator, file number, creation date 0YYDDD (Nov 25 is day 329), centre, CAD.
    expect(header.slice(1, 10)).toBe('000000001');
    expect(header.slice(10, 20)).toBe('LAURENT001');
    expect(header.slice(20, 24)).toBe('0001');
    expect(header.slice(24, 30)).toBe('026329');
    expect(header.slice(30, 35)).toBe('00010');
    expect(header.slice(55, 58)).toBe('CAD');
    // C: the RRIF payment, $540.00 net, code 272, due Nov 26 (day 330), to Éloïse's bank 815.
    const credit = credits.slice(24, 264);
    expect(credit.slice(0, 3)).toBe('272');
    expect(credit.slice(3, 13)).toBe('0000054000');
    expect(credit.slice(13, 19)).toBe('026330');
    expect(credit.slice(19, 28)).toBe('081512345');
    expect(credit.slice(28, 40).trimEnd()).toBe('5550001234');
    expect(credit.slice(65, 80).trimEnd()).toBe('LAURENTIDE');
    // Accents and the apostrophe, in the characters a bank takes.
    expect(credit.slice(80, 110).trimEnd()).toBe('ELOISE D ARCY-LEVESQUE');
    expect(credit.slice(110, 140).trimEnd()).toBe('LAURENTIDE INVESTING INC');
    expect(credit.slice(140, 150)).toBe('LAURENT001');
    expect(credit.slice(150, 169).trimEnd()).toMatch(/^C\d+$/);
    expect(credit.slice(169, 178)).toBe('000100011');
    expect(credit.slice(178, 190).trimEnd()).toBe('1234567');
    // D: three debits in one record, TFSA code, due Nov 26.
    const segments = [0, 1, 2].map((index) => debits.slice(24 + index * 240, 264 + index * 240));
    expect(segments.map((segment) => segment.slice(3, 13)).sort()).toEqual([
      '0000007550',
      '0000025000',
      '0000100000',
    ]);
    for (const segment of segments) expect(segment.slice(13, 19)).toBe('026330');
    expect(debits.slice(24 + 3 * 240).trim()).toBe('');
    // Z: debit total and count, credit total and count, error corrections zero.
    expect(trailer.slice(24, 38)).toBe('00000000132550');
    expect(trailer.slice(38, 46)).toBe('00000003');
    expect(trailer.slice(46, 60)).toBe('00000000054000');
    expect(trailer.slice(60, 68)).toBe('00000001');
    expect(trailer.slice(68, 112)).toBe('0'.repeat(44));

    for (const id of [annaEft, (await childOf(annaPac)).id, (await childOf(eloisePac)).id]) {
      expect(await statusOf(id)).toBe(32);
    }
    const [payout] = await test.app.db
      .select()
      .from(rifPayouts)
      .where(eq(rifPayouts.id, fund.payoutId));
    expect(payout!.status).toBe('sent');
  });

  it('changes nothing when the same day runs again', async () => {
    const before = await footprint();
    await test.app.settlement.runOnce();
    await setBankToday(test.app, FILE_DAY);
    expect(await footprint()).toEqual(before);
  });

  it('applies an NSF return, completes the rest on the due date, and reverses a PAD claim weeks later', async () => {
    const [file] = await test.app.db.select().from(paymentFiles);
    const outgoing = (await readFile(sftp.localPath(`outbox/${file!.name}`))).toString('latin1');
    const eloiseDebit = await childOf(eloisePac);
    const annaDebit = await childOf(annaPac);
    const itemOf = async (fundingRequestId: string) =>
      (
        await test.app.db
          .select()
          .from(paymentItems)
          .where(eq(paymentItems.fundingRequestId, fundingRequestId))
      )[0]!;
    // The bank returns Éloïse's debit NSF on the due date, before it settles.
    await writeFile(
      sftp.localPath('inbox/RET0001.txt'),
      writeBankReturns(outgoing, {
        reasons: new Map([[(await itemOf(eloiseDebit.id)).crossReference, 901]]),
        fileCreationNumber: 1,
        creationDate: DUE,
      }),
      'latin1',
    );
    await setBankToday(test.app, DUE);
    expect(await statusOf(eloiseDebit.id)).toBe(33);
    expect(await statusOf(annaDebit.id)).toBe(18);
    expect(await statusOf(annaEft)).toBe(18);
    const [paid] = await test.app.db
      .select()
      .from(rifPayouts)
      .where(eq(rifPayouts.id, fund.payoutId));
    expect(paid!.status).toBe('paid');

    // Three weeks later Anna claims her PAC debit back (915): the completed debit is returned.
    await writeFile(
      sftp.localPath('inbox/RET0002.txt'),
      writeBankReturns(outgoing, {
        reasons: new Map([[(await itemOf(annaDebit.id)).crossReference, 915]]),
        fileCreationNumber: 2,
        creationDate: '2026-12-17',
      }),
      'latin1',
    );
    await setBankToday(test.app, '2026-12-17');
    expect(await statusOf(annaDebit.id)).toBe(33);
    expect(await statusOf(annaEft)).toBe(18);
    // 915 ends the authority: the PAC stops.
    const [pac] = await test.app.db
      .select()
      .from(fundingRequests)
      .where(eq(fundingRequests.id, annaPac));
    expect(pac).toMatchObject({ status: 61, stoppedByReturnCode: 915, nextDebitDate: null });
    // Both return files were read once and taken off the server.
    expect(await test.app.db.select().from(paymentReturns)).toHaveLength(2);
  });

  it('keeps the ledger right to the cent', async () => {
    const balance = async (id: string) =>
      (await accountBalances(test.app.db, id)).find((each) => each.currency === 'CAD')
        ?.balanceCents ?? 0;
    // Anna: $1,000 sent and kept, $250 sent and claimed back.
    expect(await balance(annaTfsa)).toBe(100_000);
    // Éloïse: $75.50 sent and returned NSF.
    expect(await balance(eloiseTfsa)).toBe(0);
    // Her fund: $540 paid out and $60 withheld.
    expect(await balance(fund.fundId)).toBe(-60_000);
    const journals = await test.app.db.select().from(ledgerJournals);
    expect(journals.map((journal) => journal.kind).sort()).toEqual([
      'contributionReturned',
      'contributionSent',
      'contributionSent',
      'contributionSent',
      'padClaim',
      'payoutSent',
      'withholding',
    ]);
    // The brokerage's side: the bank clearing holds what came in less what went out.
    const lines = await test.app.db.select().from(ledgerLines);
    const net = (account: string) =>
      lines
        .filter((line) => line.ledgerAccount === account)
        .reduce(
          (sum, line) => sum + (line.side === 'debit' ? line.amountCents : -line.amountCents),
          0,
        );
    expect(net(bankClearingAccount('CAD'))).toBe(132_550 - 25_000 - 7_550 - 54_000);
    expect(net(withholdingPayableAccount('CAD'))).toBe(-6_000);
    expect(net(clientCashAccount(annaTfsa))).toBe(-100_000);
  });

  it('tells each person in their language what came back and what to do', async () => {
    const toEloise = await mailsTo(test.app, eloise.email);
    const returned = toEloise.find((mail) => mail.subject === 'Votre banque a retourné un dépôt');
    expect(returned?.text).toMatch(/75,50\s\$/u);
    expect(returned?.text).toContain('provision insuffisante');
    const toAnna = await mailsTo(test.app, anna.email);
    const claimed = toAnna.find((mail) => mail.subject === 'Your bank returned a deposit');
    expect(claimed?.text).toContain('$250.00');
    expect(claimed?.text).toMatch(/reimburse|claim/i);
    expect(toAnna.map((mail) => mail.subject)).not.toContain('Votre banque a retourné un dépôt');
  });

  it('reconciles: the file’s trailer, its items and the ledger agree', async () => {
    const report = await reconciliationReport(test.app.db, FILE_DAY);
    expect(report.problems).toEqual([]);
    expect(report.balanced).toBe(true);
    expect(report.files).toHaveLength(1);
    expect(report.files[0]).toMatchObject({
      settled: { count: 2 },
      returned: { count: 2 },
    });
    await expect(assertLedgerMatchesFiles(test.app.db)).resolves.toBeUndefined();
    const items = await test.app.db
      .select()
      .from(paymentItems)
      .where(inArray(paymentItems.status, ['returned']));
    expect(items.map((item) => item.returnReasonCode).sort()).toEqual([901, 915]);
  });
});
