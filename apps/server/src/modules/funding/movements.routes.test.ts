import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { namedAccountTypes } from '@portal/domain/enums/account-types';
import { currencyTypeIdOf } from '@portal/domain/enums/funding';
import type { AccountMovementsAnswer } from '@portal/domain/funding/payment-files-api';
import {
  bankClearingAccount,
  clientCashAccount,
  withholdingPayableAccount,
  type LedgerCurrency,
} from '@portal/domain/ledger/ledger-accounts';
import type { LedgerJournal } from '@portal/domain/ledger/ledger-journal';
import { clientAccounts } from '../../db/schema.ts';
import { signedInTestApp } from '../../test/test-app.ts';
import { bearer } from '../../test/users.ts';
import { userIdOf } from '../identity/identity.fixtures.ts';
import { postJournal, reverseJournal } from '../ledger/ledger.service.ts';
import { API, fundableAccount } from './funding.fixtures.ts';

function contribution(accountId: string, amountCents: number, currency: LedgerCurrency = 'CAD') {
  return {
    kind: 'contributionSent',
    currency,
    reference: { type: 'fundingRequest', id: randomUUID() },
    memo: null,
    reverses: null,
    lines: [
      { account: bankClearingAccount(currency), side: 'debit', amountCents },
      { account: clientCashAccount(accountId), side: 'credit', amountCents },
    ],
  } satisfies LedgerJournal;
}

/** A RRIF payment: the net to the bank and the tax withheld, two journals of one payment. */
function payout(accountId: string, netCents: number, taxCents: number) {
  const reference = { type: 'rifPayment', id: randomUUID() } as const;
  const sent: LedgerJournal = {
    kind: 'payoutSent',
    currency: 'CAD',
    reference,
    memo: null,
    reverses: null,
    lines: [
      { account: clientCashAccount(accountId), side: 'debit', amountCents: netCents },
      { account: bankClearingAccount('CAD'), side: 'credit', amountCents: netCents },
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

/** Midday in Toronto on a day: the same calendar day in every zone the test may run in. */
const midday = (iso: string) => new Date(`${iso}T16:00:00Z`);

describe('GET coAcctFunding/movements (issue 35)', () => {
  const { test, alice, bob } = signedInTestApp('alice', 'bob');
  let tfsa: string;
  let rrif: string;
  let usCash: string;
  let bobsTfsa: string;
  const journal = { sent: '', claimed: '', second: '', payout: '', tax: '', bobs: '' };

  beforeAll(async () => {
    const opened = await fundableAccount(test.app, alice);
    tfsa = opened.accountId;
    // Two more accounts of the same application, one numbered already, one never funded.
    const owner = await userIdOf(test.app, alice);
    const more = await test.app.db
      .insert(clientAccounts)
      .values(
        (['rrif', 'usCash'] as const).map((name) => ({
          applicationId: opened.applicationId,
          ownerUserId: owner,
          accountTypeName: name,
          accountTypeId: namedAccountTypes[name].typeId,
          currencyTypeId: currencyTypeIdOf(namedAccountTypes[name].currency),
          ownershipTypeId: 1,
          accountNumber: name === 'rrif' ? '6FA12345' : null,
          eftEligible: false,
        })),
      )
      .returning({ id: clientAccounts.id, name: clientAccounts.accountTypeName });
    rrif = more.find((row) => row.name === 'rrif')!.id;
    usCash = more.find((row) => row.name === 'usCash')!.id;
    bobsTfsa = (await fundableAccount(test.app, bob)).accountId;

    const db = test.app.db;
    journal.sent = (
      await postJournal(db, contribution(tfsa, 50_000), { postedAt: midday('2026-11-26') })
    ).id;
    journal.second = (
      await postJournal(db, contribution(tfsa, 25_000), { postedAt: midday('2026-11-27') })
    ).id;
    // Read at 22:30 in Toronto on December 1st, already December 2nd in UTC.
    journal.claimed = (
      await reverseJournal(
        db,
        journal.sent,
        { kind: 'padClaim', memo: '915' },
        { postedAt: new Date('2026-12-02T03:30:00Z') },
      )
    ).id;
    const { sent, withheld } = payout(rrif, 70_000, 30_000);
    journal.payout = (await postJournal(db, sent, { postedAt: midday('2026-12-15') })).id;
    journal.tax = (await postJournal(db, withheld, { postedAt: midday('2026-12-15') })).id;
    journal.bobs = (
      await postJournal(db, contribution(bobsTfsa, 99_900), { postedAt: midday('2026-11-26') })
    ).id;
  });

  const movementsOf = (token: string) =>
    test.app.inject({ url: `${API}/coAcctFunding/movements`, headers: bearer(token) });

  it('lists each of the caller’s accounts with its signed movements, reversals and net', async () => {
    const response = await movementsOf(alice.token);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.json<AccountMovementsAnswer>()).toEqual({
      accounts: [
        {
          accountId: tfsa,
          accountTypeName: 'tfsa',
          accountNumber: null,
          balances: [{ currency: 'CAD', balanceCents: 25_000 }],
          movements: [
            {
              id: journal.sent,
              on: '2026-11-26',
              kind: 'contributionSent',
              currency: 'CAD',
              amountCents: 50_000,
              reversed: true,
            },
            {
              id: journal.second,
              on: '2026-11-27',
              kind: 'contributionSent',
              currency: 'CAD',
              amountCents: 25_000,
              reversed: false,
            },
            {
              id: journal.claimed,
              on: '2026-12-01',
              kind: 'padClaim',
              currency: 'CAD',
              amountCents: -50_000,
              reversed: false,
            },
          ],
        },
        {
          accountId: rrif,
          accountTypeName: 'rrif',
          accountNumber: '6FA12345',
          balances: [{ currency: 'CAD', balanceCents: -100_000 }],
          movements: [
            {
              id: journal.payout,
              on: '2026-12-15',
              kind: 'payoutSent',
              currency: 'CAD',
              amountCents: -70_000,
              reversed: false,
            },
            {
              id: journal.tax,
              on: '2026-12-15',
              kind: 'withholding',
              currency: 'CAD',
              amountCents: -30_000,
              reversed: false,
            },
          ],
        },
        {
          accountId: usCash,
          accountTypeName: 'usCash',
          accountNumber: null,
          balances: [],
          movements: [],
        },
      ],
    });
  });

  it('never shows another person’s accounts or movements', async () => {
    const forAlice = (await movementsOf(alice.token)).body;
    expect(forAlice).not.toContain(bobsTfsa);
    expect(forAlice).not.toContain(journal.bobs);

    const forBob = await movementsOf(bob.token);
    expect(forBob.json<AccountMovementsAnswer>()).toEqual({
      accounts: [
        {
          accountId: bobsTfsa,
          accountTypeName: 'tfsa',
          accountNumber: null,
          balances: [{ currency: 'CAD', balanceCents: 99_900 }],
          movements: [
            {
              id: journal.bobs,
              on: '2026-11-26',
              kind: 'contributionSent',
              currency: 'CAD',
              amountCents: 99_900,
              reversed: false,
            },
          ],
        },
      ],
    });
  });

  it('refuses a caller who is not signed in, and names no account', async () => {
    const response = await test.app.inject({ url: `${API}/coAcctFunding/movements` });
    expect(response.statusCode).toBe(401);
    expect(response.body).not.toContain(tfsa);
    expect(response.body).not.toContain(journal.sent);
  });
});
