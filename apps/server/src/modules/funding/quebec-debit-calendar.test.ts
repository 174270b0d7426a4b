import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { fundingRequests } from '../../db/schema.ts';
import { signedInTestApp } from '../../test/test-app.ts';
import { bearer } from '../../test/users.ts';
import {
  API,
  CHEQUE,
  createdFunding,
  fundableAccount,
  oneTimePayload,
  postFunding,
  setBankToday,
  uploadedCheque,
} from './funding.fixtures.ts';

/**
 * Debits drawn on Desjardins (815) or National Bank (006) clear through Quebec, so Quebec's bank
 * holidays stop them too: January 2 and June 24 (Fête nationale). A debit on an Ontario bank
 * (TD, 004) is processed on those days. Each test compares the two, so a debit of either Quebec
 * institution put on the national calendar fails it.
 */

const quebecBanks = [
  ['815', 'Desjardins'],
  ['006', 'National Bank'],
] as const;
const ONTARIO_BANK = '004';

describe('start dates offered for a debit, by the bank it is drawn on', () => {
  const { test, alice } = signedInTestApp('alice');

  const startDates = async (today: string, institution: string) => {
    await setBankToday(test.app, today);
    const response = await test.app.inject({
      url: `${API}/coAcctFunding/startDates?preNotificationWaived=true&institution=${institution}`,
      headers: bearer(alice.token),
    });
    expect(response.statusCode).toBe(200);
    return response.json<{ earliest: string; dates: string[] }>();
  };

  it('offers June 24 for an Ontario bank, and makes it the earliest seven business days out', async () => {
    // Monday June 15, 2026: seven business days on is Wednesday June 24.
    const offered = await startDates('2026-06-15', ONTARIO_BANK);
    expect(offered.earliest).toBe('2026-06-24');
    expect(offered.dates).toContain('2026-06-24');
  });

  it.each(quebecBanks)(
    'never offers June 24 for %s (%s): the earliest moves to June 25',
    async (institution) => {
      const offered = await startDates('2026-06-15', institution);
      expect(offered.earliest).toBe('2026-06-25');
      expect(offered.dates).not.toContain('2026-06-24');
      expect(offered.dates).toContain('2026-06-25');
    },
  );

  it('offers January 2 for an Ontario bank', async () => {
    // Seven business days after Monday December 15, 2025, over Christmas and Boxing Day.
    const offered = await startDates('2025-12-15', ONTARIO_BANK);
    expect(offered.earliest).toBe('2025-12-24');
    expect(offered.dates).toContain('2026-01-02');
  });

  it.each(quebecBanks)('never offers January 2 for %s (%s)', async (institution) => {
    const offered = await startDates('2025-12-15', institution);
    expect(offered.dates).not.toContain('2026-01-02');
    expect(offered.dates).toContain('2026-01-05');
  });
});

describe('debits on Quebec’s bank holidays, by the bank they are drawn on', () => {
  const { test, dana } = signedInTestApp('dana');
  let accountId: string;
  const cheques = new Map<string, string>();

  beforeAll(async () => {
    await setBankToday(test.app, '2026-06-01');
    const account = await fundableAccount(test.app, dana);
    accountId = account.accountId;
    for (const [index, institution] of [ONTARIO_BANK, '815', '006'].entries()) {
      const { documentUploadedId } = await uploadedCheque(
        test.app,
        dana.token,
        account.applicationId,
        { ...CHEQUE, finInstitution: institution, bankAccountNumber: `98765432${index}0` },
      );
      cheques.set(institution, documentUploadedId);
    }
  });

  const payload = (institution: string, changes: object = {}) => ({
    ...oneTimePayload(accountId, cheques.get(institution)!),
    preNotificationWaived: true,
    ...changes,
  });
  /** A weekly PAC from Wednesday June 17: its second debit falls on June 24. */
  const weeklyFromJune17 = (institution: string) =>
    payload(institution, {
      pacStartDate: '2026-06-17',
      fundingTypeId: 3,
      fundingFrequencyTypeId: 2,
    });

  const requestRow = async (id: string) => {
    const [row] = await test.app.db
      .select()
      .from(fundingRequests)
      .where(eq(fundingRequests.id, id));
    return row!;
  };

  it('takes a debit on June 24 from an Ontario bank', async () => {
    await setBankToday(test.app, '2026-06-01');
    const response = await postFunding(
      test.app,
      dana.token,
      payload(ONTARIO_BANK, { pacStartDate: '2026-06-24' }),
    );
    expect(response.statusCode).toBe(201);
  });

  it.each(quebecBanks)('refuses a debit on June 24 from %s (%s)', async (institution) => {
    await setBankToday(test.app, '2026-06-01');
    const response = await postFunding(
      test.app,
      dana.token,
      payload(institution, { pacStartDate: '2026-06-24' }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ fields: { pacStartDate: 'notBusinessDay' } });
  });

  it('debits a weekly PAC on an Ontario bank on June 24, and stops it ten business days on', async () => {
    await setBankToday(test.app, '2026-06-01');
    const { item } = await createdFunding(test.app, dana.token, weeklyFromJune17(ONTARIO_BANK));
    await setBankToday(test.app, '2026-06-17');
    expect(await requestRow(item.id)).toMatchObject({ status: 17, nextDebitDate: '2026-06-24' });
    const deleted = await test.app.inject({
      method: 'DELETE',
      url: `${API}/deleteActiveEftPac/${item.id}`,
      headers: bearer(dana.token),
    });
    // June 18 to July 2: Canada Day is the only day skipped.
    expect(deleted.json()).toMatchObject({ effectiveDate: '2026-07-02' });
  });

  it.each(quebecBanks)(
    'moves the June 24 debit of a weekly PAC on %s (%s) to June 25, and its stop a day later',
    async (institution) => {
      await setBankToday(test.app, '2026-06-01');
      const { item } = await createdFunding(test.app, dana.token, weeklyFromJune17(institution));
      await setBankToday(test.app, '2026-06-17');
      expect(await requestRow(item.id)).toMatchObject({ status: 17, nextDebitDate: '2026-06-25' });
      const deleted = await test.app.inject({
        method: 'DELETE',
        url: `${API}/deleteActiveEftPac/${item.id}`,
        headers: bearer(dana.token),
      });
      expect(deleted.json()).toMatchObject({ effectiveDate: '2026-07-03' });
    },
  );

  it('sends nothing to a Quebec bank on June 24: a debit whose date passed goes on June 25', async () => {
    await setBankToday(test.app, '2026-06-01');
    const { item: quebec } = await createdFunding(
      test.app,
      dana.token,
      payload('815', { pacStartDate: '2026-06-23' }),
    );
    const { item: ontario } = await createdFunding(
      test.app,
      dana.token,
      payload(ONTARIO_BANK, { pacStartDate: '2026-06-23' }),
    );
    // The bank's clock jumps over June 23: both debits are due on the 24th.
    await setBankToday(test.app, '2026-06-24');
    expect(await requestRow(ontario.id)).toMatchObject({ status: 32, sentOn: '2026-06-24' });
    expect((await requestRow(quebec.id)).status).toBe(14);
    await setBankToday(test.app, '2026-06-25');
    expect(await requestRow(quebec.id)).toMatchObject({ status: 32, sentOn: '2026-06-25' });
  });
});
