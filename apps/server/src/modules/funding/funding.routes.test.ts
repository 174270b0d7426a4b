// Just past 600 lines: the funding API's routes share one signed-in app and one agreed
// application; the settlement, the dates and the PDF have test files of their own.
import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import { bankClearingAccount, clientCashAccount } from '@portal/domain/ledger/ledger-accounts';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { BankAccount } from '@portal/domain/funding/bank-account';
import type { FundingItem } from '@portal/domain/funding/funding-item';
import { bankAccounts, fundingEvents, outboxMessages } from '../../db/schema.ts';
import { applicationAtReview } from '../../test/applications.ts';
import { pdf } from '../../test/documents.ts';
import { createTestApp, signedInTestApp } from '../../test/test-app.ts';
import { bearer, signedInUser } from '../../test/users.ts';
import { userIdOf } from '../identity/identity.fixtures.ts';
import { postJournal } from '../ledger/ledger.service.ts';
import { bankAccountContext, recordBankAccount } from './funding.service.ts';
import {
  API,
  BANK_TODAY,
  CHEQUE,
  createdFunding,
  fundableAccount,
  listOf,
  mailsTo,
  oneTimePayload,
  postCheque,
  postFunding,
  setBankToday,
  uploadedCheque,
  withoutCheque,
} from './funding.fixtures.ts';
import { logText } from '../../test/log-text.ts';

describe('funding API (issue 14)', () => {
  const { test, alice, bob } = signedInTestApp('alice', 'bob');
  let applicationId: string;
  let accountId: string;
  let cheque: { documentUploadedId: string; bankAccount: BankAccount };

  beforeAll(async () => {
    await setBankToday(test.app, BANK_TODAY);
    ({ applicationId, accountId } = await fundableAccount(test.app, alice));
    cheque = await uploadedCheque(test.app, alice.token, applicationId);
  });

  const get = (token: string, path: string) =>
    test.app.inject({ url: `${API}/${path}`, headers: bearer(token) });

  describe('GET coAcctFunding/toAccountsForCurrUser', () => {
    it('answers the accounts of agreed applications, created once', async () => {
      const first = await get(alice.token, 'coAcctFunding/toAccountsForCurrUser');
      const again = await get(alice.token, 'coAcctFunding/toAccountsForCurrUser');
      expect(first.statusCode).toBe(200);
      expect(first.headers['cache-control']).toBe('private, no-store');
      expect(first.json()).toEqual({
        accounts: [
          {
            accountId,
            accountNumber: null,
            accountTypeId: 4,
            accountTypeName: 'tfsa',
            eftEligible: true,
            ownershipTypeId: 1,
            currencyTypeId: 1,
          },
        ],
      });
      expect(again.json()).toEqual(first.json());
    });

    it('leaves out applications not agreed yet, and answers 404 for someone else’s', async () => {
      const draft = await applicationAtReview(test.app, bob.token);
      const own = await get(
        bob.token,
        `coAcctFunding/toAccountsForCurrUser?applicationId=${draft.id}`,
      );
      expect(own.json()).toEqual({ accounts: [] });
      const others = await get(
        bob.token,
        `coAcctFunding/toAccountsForCurrUser?applicationId=${applicationId}`,
      );
      expect(others.statusCode).toBe(404);
      expect(others.json().errorCode).toBe('notFound');
    });

    it('refuses a caller without a token', async () => {
      const response = await test.app.inject({
        url: `${API}/coAcctFunding/toAccountsForCurrUser`,
      });
      expect(response.statusCode).toBe(401);
    });
  });

  describe('dates', () => {
    it('offers start dates from the earliest, later without the waiver (10 calendar days)', async () => {
      const waived = await get(alice.token, 'coAcctFunding/startDates?preNotificationWaived=true');
      const notWaived = await get(
        alice.token,
        'coAcctFunding/startDates?preNotificationWaived=false',
      );
      expect(waived.json()).toMatchObject({ today: BANK_TODAY, earliest: '2026-11-25' });
      expect(notWaived.json()).toMatchObject({ today: BANK_TODAY, earliest: '2026-11-26' });
      const dates = notWaived.json<{ dates: string[] }>().dates;
      expect(dates).toHaveLength(30);
      expect(dates[0]).toBe('2026-11-26');
      // Christmas and Boxing Day (a Saturday, observed Monday the 28th) are never offered.
      expect(dates).not.toContain('2026-12-25');
      expect(dates).not.toContain('2026-12-28');
      expect(dates).toContain('2026-12-24');
    });

    it('answers 400 for a start-date query without the waiver answer', async () => {
      const response = await get(alice.token, 'coAcctFunding/startDates');
      expect(response.statusCode).toBe(400);
    });

    it('answers nextBusinessDay in both date forms, across Good Friday', async () => {
      const response = await get(alice.token, 'nextBusinessDay?daysFrom=1&fromDate=04-02-2026');
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ nextBusinessDay: '04-06-2026', date: '2026-04-06' });
      const seven = await get(alice.token, 'nextBusinessDay?daysFrom=7&fromDate=11-16-2026');
      expect(seven.json()).toEqual({ nextBusinessDay: '11-25-2026', date: '2026-11-25' });
    });

    it('refuses a date that is not MM-DD-YYYY and daysFrom outside 0..60', async () => {
      const badDate = await get(alice.token, 'nextBusinessDay?daysFrom=7&fromDate=2026-11-16');
      expect(badDate.statusCode).toBe(400);
      expect(badDate.json()).toMatchObject({ fields: { fromDate: 'invalidDate' } });
      const tooFar = await get(alice.token, 'nextBusinessDay?daysFrom=61&fromDate=11-16-2026');
      expect(tooFar.statusCode).toBe(400);
      expect(tooFar.json().fields).toHaveProperty('daysFrom');
    });
  });

  describe('POST coAcctFunding/uploadCheque/{id}', () => {
    it('stores the cheque as a document and answers the bank account masked', () => {
      expect(cheque.documentUploadedId).toMatch(/^[0-9a-f-]{36}$/);
      expect(cheque.bankAccount).toMatchObject({
        bankAccountNumber: '•••••210',
        nickname: 'Everyday chequing',
        financialInstitutionId: '004',
        financialInstitutionName: 'TD Canada Trust',
        transitNumber: '12345',
        currencyTypeId: 1,
        source: 'cheque',
        documentUploadedId: cheque.documentUploadedId,
      });
    });

    it('keeps the account number encrypted, with its last three digits and hash', async () => {
      const [row] = await test.app.db
        .select()
        .from(bankAccounts)
        .where(eq(bankAccounts.id, cheque.bankAccount.id));
      expect(row!.accountNumberEncrypted).not.toContain(CHEQUE.bankAccountNumber);
      expect(row!.accountNumberLast3).toBe('210');
      expect(row!.accountNumberHash).not.toContain(CHEQUE.bankAccountNumber);
      expect(
        test.app.cipher.decrypt(
          row!.accountNumberEncrypted,
          bankAccountContext(row!.id, 'accountNumber'),
        ),
      ).toBe(CHEQUE.bankAccountNumber);
    });

    it('refuses numbers of the wrong length with their field codes, storing nothing', async () => {
      const response = await postCheque(test.app, alice.token, applicationId, {
        finInstitution: '04',
        transitNumber: '1234-5',
        bankAccountNumber: '12345',
        nickname: ' ',
        currency: 'eur',
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().fields).toEqual({
        finInstitution: 'institutionFormat',
        bankAccountNumber: 'bankAccountFormat',
        nickname: 'nicknameRequired',
        currency: 'invalid',
      });
    });

    it('refuses a cheque without its file, or a file that is not what it says', async () => {
      const missing = await postCheque(test.app, alice.token, applicationId, CHEQUE, null);
      expect(missing.statusCode).toBe(400);
      expect(missing.json().fields).toEqual({ uploadCheque: 'required' });
      const fake = await postCheque(test.app, alice.token, applicationId, CHEQUE, {
        fileName: 'cheque.png',
        content: pdf(),
      });
      expect(fake.statusCode).toBe(400);
      expect(fake.json().fields).toHaveProperty('uploadCheque');
    });

    it('refuses the same file twice (409 fileAlreadyExists)', async () => {
      const content = pdf();
      const file = { fileName: 'cheque.pdf', content };
      expect(
        (await postCheque(test.app, alice.token, applicationId, CHEQUE, file)).statusCode,
      ).toBe(201);
      const again = await postCheque(test.app, alice.token, applicationId, CHEQUE, file);
      expect(again.statusCode).toBe(409);
      expect(again.json().errorCode).toBe('fileAlreadyExists');
    });

    it('answers 409 before the review is agreed and 404 for someone else’s application', async () => {
      const draft = await applicationAtReview(test.app, bob.token);
      const early = await postCheque(test.app, bob.token, draft.id);
      expect(early.statusCode).toBe(409);
      expect(early.json().errorCode).toBe('fundingNotOpen');
      const others = await postCheque(test.app, bob.token, applicationId);
      expect(others.statusCode).toBe(404);
    });
  });

  describe('bank accounts on file', () => {
    it('lists the cheques by currency, masked', async () => {
      const cad = await get(
        alice.token,
        'coAcctFunding/nicknamesForUploadedChequesForCurrUser?documentType=cad',
      );
      expect(cad.json().cheques).toContainEqual({
        documentUploadedId: cheque.documentUploadedId,
        nickname: 'Everyday chequing',
        financialInstitutionName: 'TD Canada Trust',
        bankAccountNumber: '•••••210',
        currencyTypeId: 1,
        bankAccountId: cheque.bankAccount.id,
      });
      const usd = await get(
        alice.token,
        'coAcctFunding/nicknamesForUploadedChequesForCurrUser?documentType=usd',
      );
      expect(usd.json()).toEqual({ cheques: [] });
    });

    it('lists every bank account, and none from a connection yet', async () => {
      const all = await get(alice.token, 'finInstitutionAcctsForCurrUser');
      expect(all.json<{ bankAccounts: BankAccount[] }>().bankAccounts.map((a) => a.id)).toContain(
        cheque.bankAccount.id,
      );
      const connected = await get(alice.token, 'flinksBankAcctsForCurrUser');
      expect(connected.json()).toEqual({ bankAccounts: [] });
    });

    it('names an institution in French for a French caller', async () => {
      const response = await test.app.inject({
        url: `${API}/finInstitutionAcctsForCurrUser`,
        headers: { ...bearer(alice.token), 'accept-language': 'fr-CA' },
      });
      expect(response.json().bankAccounts[0].financialInstitutionName).toBe('TD Canada Trust');
      const bmo = await uploadedCheque(test.app, alice.token, applicationId, {
        ...CHEQUE,
        finInstitution: '001',
      });
      const fr = await test.app.inject({
        url: `${API}/finInstitutionAcctsForCurrUser`,
        headers: { ...bearer(alice.token), 'accept-language': 'fr-CA' },
      });
      expect(
        fr
          .json<{ bankAccounts: BankAccount[] }>()
          .bankAccounts.find((a) => a.id === bmo.bankAccount.id)?.financialInstitutionName,
      ).toBe('BMO Banque de Montréal');
    });
  });

  describe('POST coAcctFunding/', () => {
    it('creates a one-time request with its confirmation, event, agreement and mail', async () => {
      const { item, confirmation } = await createdFunding(
        test.app,
        alice.token,
        oneTimePayload(accountId, cheque.documentUploadedId),
      );
      expect(item).toMatchObject({
        frequency: 1,
        startDate: '2026-11-26',
        amount: 500,
        amountCents: 50_000,
        fundingTypeId: 1,
        fundingStatusTypeId: 14,
        userStatus: 'submitted',
        parentId: null,
        activeDate: null,
        effectiveDate: null,
        canCancel: true,
        canDelete: false,
        fromAccount: {
          accountNumber: '•••••210',
          accountid: cheque.bankAccount.id,
          documentUploadedId: cheque.documentUploadedId,
          financialInstituionName: 'TD Canada Trust',
          currencyTypeId: 1,
        },
        toAccount: { accountId, accountTypeName: 'tfsa', accountNumber: null },
      });
      expect(confirmation).toEqual({
        firstDebitDate: '2026-11-26',
        investedOn: { reason: 'quarterEnd', date: '2026-12-31' },
        agreementId: expect.stringMatching(/^[0-9a-f-]{36}$/),
        preNotificationMailDate: '2026-11-16',
      });
      const events = await test.app.db
        .select()
        .from(fundingEvents)
        .where(eq(fundingEvents.fundingRequestId, item.id));
      expect(events).toMatchObject([{ actor: 'client', fromStatus: null, toStatus: 14 }]);
      const mails = await mailsTo(test.app, alice.email);
      const mail = mails.find((m) => m.subject === 'We received your deposit request');
      expect(mail?.text).toContain('$500.00');
      expect(mail?.text).toContain('November 26, 2026');
      expect(mail?.text).toContain('•••••210');
      expect(mail?.text).not.toContain(CHEQUE.bankAccountNumber);
    });

    it('says cash reaching $2,000 is invested the business day after the deposit', async () => {
      const { confirmation } = await createdFunding(test.app, alice.token, {
        ...oneTimePayload(accountId, cheque.documentUploadedId),
        amount: 2500,
        preNotificationWaived: true,
        pacStartDate: '2026-11-25',
      });
      expect(confirmation.investedOn).toEqual({ reason: 'threshold', date: '2026-11-26' });
      expect(confirmation.preNotificationMailDate).toBeNull();
    });

    it('counts the cash the portal already moved into the account toward the $2,000', async () => {
      // $1,500 the portal sent before (its ledger, ADR 0038): $600 more reaches the threshold.
      await postJournal(test.app.db, {
        kind: 'contributionSent',
        currency: 'CAD',
        reference: { type: 'fundingRequest', id: randomUUID() },
        memo: null,
        reverses: null,
        lines: [
          { account: bankClearingAccount('CAD'), side: 'debit', amountCents: 150_000 },
          { account: clientCashAccount(accountId), side: 'credit', amountCents: 150_000 },
        ],
      });
      const { confirmation } = await createdFunding(test.app, alice.token, {
        ...oneTimePayload(accountId, cheque.documentUploadedId),
        amount: 600,
        preNotificationWaived: true,
        pacStartDate: '2026-11-25',
      });
      expect(confirmation.investedOn).toEqual({ reason: 'threshold', date: '2026-11-26' });
    });

    it('refuses $49.99 with eftMinimum and a missing agreement', async () => {
      const response = await postFunding(test.app, alice.token, {
        ...oneTimePayload(accountId, cheque.documentUploadedId),
        amount: 49.99,
        agreementAccepted: false,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        errorCode: 'invalidInput',
        fields: { amount: 'eftMinimum', agreementAccepted: 'agreementRequired' },
      });
    });

    it('refuses a start date too soon, or not a business day', async () => {
      const soon = await postFunding(test.app, alice.token, {
        ...oneTimePayload(accountId, cheque.documentUploadedId),
        pacStartDate: '2026-11-25',
      });
      expect(soon.statusCode).toBe(400);
      expect(soon.json().fields).toEqual({ pacStartDate: 'startDateTooSoon' });
      const holiday = await postFunding(test.app, alice.token, {
        ...oneTimePayload(accountId, cheque.documentUploadedId),
        pacStartDate: '2026-12-25',
      });
      expect(holiday.json().fields).toEqual({ pacStartDate: 'notBusinessDay' });
      const weekend = await postFunding(test.app, alice.token, {
        ...oneTimePayload(accountId, cheque.documentUploadedId),
        pacStartDate: '2026-11-28',
      });
      expect(weekend.json().fields).toEqual({ pacStartDate: 'notBusinessDay' });
    });

    it('refuses no source, a frequency that contradicts the type, and a USD cheque', async () => {
      const noSource = withoutCheque(oneTimePayload(accountId, cheque.documentUploadedId));
      const none = await postFunding(test.app, alice.token, noSource);
      expect(none.json().fields).toEqual({ documentUploadedId: 'sourceRequired' });
      const contradicting = await postFunding(test.app, alice.token, {
        ...oneTimePayload(accountId, cheque.documentUploadedId),
        fundingTypeId: 3,
      });
      expect(contradicting.json().fields).toEqual({ fundingTypeId: 'invalid' });
      const usd = await uploadedCheque(test.app, alice.token, applicationId, {
        ...CHEQUE,
        currency: 'usd',
      });
      const mismatch = await postFunding(
        test.app,
        alice.token,
        oneTimePayload(accountId, usd.documentUploadedId),
      );
      expect(mismatch.statusCode).toBe(400);
      expect(mismatch.json().errorCode).toBe('currencyMismatch');
    });

    it('accepts the payload at coAcctFunding without the trailing slash too', async () => {
      const response = await test.app.inject({
        method: 'POST',
        url: `${API}/coAcctFunding`,
        headers: bearer(alice.token),
        payload: oneTimePayload(accountId, cheque.documentUploadedId),
      });
      expect(response.statusCode).toBe(201);
    });

    it('takes a bank account on file by fromAccountId', async () => {
      const payload = withoutCheque(oneTimePayload(accountId, cheque.documentUploadedId));
      const { item } = await createdFunding(test.app, alice.token, {
        ...payload,
        fromAccountId: cheque.bankAccount.id,
        fromAccountNumber: '•••••210',
        fromAccountNickname: 'Everyday chequing',
      });
      expect(item.fromAccount.accountid).toBe(cheque.bankAccount.id);
      const onFile = await get(alice.token, 'adminAcctsForCurrUser');
      expect(onFile.json<{ accounts: BankAccount[] }>().accounts.map((a) => a.id)).toContain(
        cheque.bankAccount.id,
      );
      const one = await get(alice.token, `adminAcctsForCurrUser/${cheque.bankAccount.id}`);
      expect(one.json()).toMatchObject({
        id: cheque.bankAccount.id,
        bankAccountNumber: '•••••210',
      });
    });
    it('refuses a connected account held by someone else (holderNameMismatch), whatever the client shows', async () => {
      const stranger = await recordBankAccount(test.app.db, test.app.cipher, {
        userId: await userIdOf(test.app, alice),
        source: 'connection',
        nickname: 'Chequing',
        institutionNumber: '039',
        transitNumber: '25412',
        accountNumber: '8765432123',
        currencyTypeId: 1,
        holderName: 'Alex Martin',
        holderMatches: false,
      });
      const payload = withoutCheque(oneTimePayload(accountId, cheque.documentUploadedId));
      const response = await postFunding(test.app, alice.token, {
        ...payload,
        flinksBankAccountId: stranger.id,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        fields: { flinksBankAccountId: 'holderNameMismatch' },
      });
    });
  });

  describe('lists, cancel and delete', () => {
    it('lists history newest first, pending, and no one-time request among the active', async () => {
      const { item } = await createdFunding(
        test.app,
        alice.token,
        oneTimePayload(accountId, cheque.documentUploadedId),
      );
      const history = await listOf(test.app, alice.token, 'eftPacHistoryForCurrUser');
      expect(history[0]!.id).toBe(item.id);
      const pending = await listOf(test.app, alice.token, 'pendingEftPacsForCurrUser');
      expect(pending.map((i) => i.id)).toContain(item.id);
      const active = await listOf(test.app, alice.token, 'activeFftPacsForCurrUser');
      expect(active.every((i: FundingItem) => i.fundingTypeId === 3)).toBe(true);
    });

    it('cancels a pending request once (then 409 notPending), with its event and mail', async () => {
      const { item } = await createdFunding(
        test.app,
        alice.token,
        oneTimePayload(accountId, cheque.documentUploadedId),
      );
      const cancel = () =>
        test.app.inject({
          method: 'DELETE',
          url: `${API}/cancelPendingEftPac/${item.id}`,
          headers: bearer(alice.token),
        });
      const first = await cancel();
      expect(first.statusCode).toBe(200);
      expect(first.json().item).toMatchObject({
        id: item.id,
        fundingStatusTypeId: 62,
        userStatus: 'cancelled',
        canCancel: false,
      });
      const second = await cancel();
      expect(second.statusCode).toBe(409);
      expect(second.json()).toMatchObject({
        errorCode: 'notPending',
        message: 'This request is already with the bank and can no longer be cancelled.',
      });
      const events = await test.app.db
        .select()
        .from(fundingEvents)
        .where(eq(fundingEvents.fundingRequestId, item.id));
      expect(events.map((e) => e.toStatus)).toEqual([14, 62]);
      const mails = await mailsTo(test.app, alice.email);
      expect(mails.map((m) => m.subject)).toContain('Your deposit request is cancelled');
    });

    it('refuses to delete what is not an active PAC (409 notActive)', async () => {
      const { item } = await createdFunding(
        test.app,
        alice.token,
        oneTimePayload(accountId, cheque.documentUploadedId),
      );
      const response = await test.app.inject({
        method: 'DELETE',
        url: `${API}/deleteActiveEftPac/${item.id}`,
        headers: bearer(alice.token),
      });
      expect(response.statusCode).toBe(409);
      expect(response.json().errorCode).toBe('notActive');
    });
  });

  describe('another client’s ids answer 404', () => {
    it('on every id-taking path', async () => {
      const { item } = await createdFunding(
        test.app,
        alice.token,
        oneTimePayload(accountId, cheque.documentUploadedId),
      );
      const asBob = (method: 'GET' | 'DELETE' | 'POST', path: string, payload?: object) =>
        test.app.inject({
          method,
          url: `${API}/${path}`,
          headers: bearer(bob.token),
          ...(payload && { payload }),
        });
      const answers = await Promise.all([
        asBob('GET', `adminAcctsForCurrUser/${cheque.bankAccount.id}`),
        asBob('DELETE', `deleteActiveEftPac/${item.id}`),
        asBob('DELETE', `cancelPendingEftPac/${item.id}`),
        asBob('GET', `coAcctFunding/${item.id}/agreement`),
        asBob('GET', `coAcctFunding/toAccountsForCurrUser?applicationId=${applicationId}`),
      ]);
      for (const answer of answers) {
        expect(answer.statusCode).toBe(404);
        expect(answer.json().errorCode).toBe('notFound');
      }
      expect((await postCheque(test.app, bob.token, applicationId)).statusCode).toBe(404);
      // Bob's own account, Alice's cheque or bank account as the source: 404.
      const bobs = await fundableAccount(test.app, bob);
      const withAlicesCheque = await asBob(
        'POST',
        'coAcctFunding/',
        oneTimePayload(bobs.accountId, cheque.documentUploadedId),
      );
      expect(withAlicesCheque.statusCode).toBe(404);
      const rest = withoutCheque(oneTimePayload(bobs.accountId, ''));
      const withAlicesAccount = await asBob('POST', 'coAcctFunding/', {
        ...rest,
        fromAccountId: cheque.bankAccount.id,
      });
      expect(withAlicesAccount.statusCode).toBe(404);
      // Alice's investment account with Bob's own cheque: 404.
      const bobsCheque = await uploadedCheque(test.app, bob.token, bobs.applicationId);
      const toAlices = await asBob(
        'POST',
        'coAcctFunding/',
        oneTimePayload(accountId, bobsCheque.documentUploadedId),
      );
      expect(toAlices.statusCode).toBe(404);
      // Nothing of Alice's shows in Bob's lists.
      expect(await listOf(test.app, bob.token, 'eftPacHistoryForCurrUser')).toEqual([]);
    });
  });
});

describe('bank numbers never reach the log', () => {
  it('logs a cheque upload and a funding request without the account number', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString('utf8'));
        done();
      },
    });
    const test = await createTestApp({ logLevel: 'trace' }, { logStream: stream });
    try {
      await setBankToday(test.app, BANK_TODAY);
      const user = await signedInUser(test.app, 'logged');
      const { applicationId, accountId } = await fundableAccount(test.app, user);
      const accountNumber = '4455667788';
      const upload = await uploadedCheque(test.app, user.token, applicationId, {
        ...CHEQUE,
        bankAccountNumber: accountNumber,
      });
      // A refused upload and a refused request too: refusals must not quote the numbers.
      await postCheque(test.app, user.token, applicationId, {
        ...CHEQUE,
        finInstitution: '1',
        bankAccountNumber: accountNumber,
      });
      await createdFunding(
        test.app,
        user.token,
        oneTimePayload(accountId, upload.documentUploadedId),
      );
      await postFunding(test.app, user.token, {
        ...oneTimePayload(accountId, upload.documentUploadedId),
        fromAccountNumber: accountNumber,
        amount: 10,
      });
      await test.app.outbox.runOnce();
      const log = logText(lines);
      expect(log).toContain('/coAcctFunding/uploadCheque/');
      expect(log).not.toContain(accountNumber);
      // Nor is it in any mail the outbox holds (encrypted) or sent.
      const outbox = await test.app.db.select().from(outboxMessages);
      expect(JSON.stringify(outbox)).not.toContain(accountNumber);
      const mails = await mailsTo(test.app, user.email);
      expect(JSON.stringify(mails)).not.toContain(accountNumber);
    } finally {
      await test.close();
    }
  });
});
