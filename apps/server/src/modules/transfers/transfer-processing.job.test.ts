import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { transferEvents, transferRequests } from '../../db/schema.ts';
import { signedInTestApp } from '../../test/test-app.ts';
import { BANK_TODAY, mailsTo, setBankToday } from '../funding/funding.fixtures.ts';
import { sandboxDeliveringFirm } from './delivering-firm.ts';
import { businessCutoff, createTransferProcessingJob } from './transfer-processing.job.ts';
import {
  esignStatusOf,
  partialTransfer,
  PROFILE_LAST_NAME,
  signInSandbox,
  submittedTransfer,
  transferableAccount,
} from './transfers.fixtures.ts';

const SIGNER = `Camille ${PROFILE_LAST_NAME}`;

describe('businessCutoff', () => {
  it('is the latest business day up to today, then steps back over weekends and holidays', () => {
    // Monday 2026-11-16: itself; a Saturday: the Friday before.
    expect(businessCutoff('2026-11-16', 1)).toBe('2026-11-16');
    expect(businessCutoff('2026-11-21', 1)).toBe('2026-11-20');
    // Two business days back from Monday: the Friday.
    expect(businessCutoff('2026-11-16', 2)).toBe('2026-11-13');
    // Across Christmas and Boxing Day (observed Monday the 28th).
    expect(businessCutoff('2026-12-29', 2)).toBe('2026-12-24');
  });
});

describe('the sandbox delivering firm', () => {
  it('declines an account number starting with 000 and accepts any other', () => {
    expect(sandboxDeliveringFirm.answerOf({ accountNumber: '000123' })).toBe('declined');
    expect(sandboxDeliveringFirm.answerOf({ accountNumber: '100023' })).toBe('accepted');
    expect(sandboxDeliveringFirm.answerOf({ accountNumber: '5XK000' })).toBe('accepted');
  });
});

describe('transfer processing job (issue 15)', () => {
  const { test, alice } = signedInTestApp('alice');
  let ids: { applicationId: string; accountId: string };

  beforeAll(async () => {
    await setBankToday(test.app, BANK_TODAY);
    ids = await transferableAccount(test.app, alice);
  });

  const statusOf = async (id: string) => {
    const [row] = await test.app.db
      .select()
      .from(transferRequests)
      .where(eq(transferRequests.id, id));
    return row!;
  };
  const eventsOf = (id: string) =>
    test.app.db
      .select()
      .from(transferEvents)
      .where(eq(transferEvents.transferRequestId, id))
      .orderBy(transferEvents.at);

  /** A transfer submitted and signed on the bank's today (forced check). */
  async function signedTransfer(overrides: Parameters<typeof partialTransfer>[1] = {}) {
    const { transferAccountId, esignUrl } = await submittedTransfer(
      test.app,
      alice.token,
      partialTransfer(ids, overrides),
    );
    await signInSandbox(test.app, esignUrl!, SIGNER);
    const forced = await esignStatusOf(test.app, alice.token, transferAccountId, 'force');
    expect(forced.json().esignStatus).toBe('SIGNED');
    return transferAccountId;
  }

  it('moves a signed transfer on the sandbox timings, one event and one mail per change', async () => {
    await setBankToday(test.app, BANK_TODAY);
    const id = await signedTransfer({ accountNumber: '1110001' });
    // Signed Monday the 16th: expected ten business days later.
    expect(await statusOf(id)).toMatchObject({ status: 52, expectedEarliest: '2026-11-30' });
    expect((await test.app.transferProcessing.runOnce()).changed).toBe(0);

    await setBankToday(test.app, '2026-11-17');
    expect(await statusOf(id)).toMatchObject({ status: 59, sentOn: '2026-11-17' });
    await setBankToday(test.app, '2026-11-18');
    expect((await statusOf(id)).status).toBe(56);
    await setBankToday(test.app, '2026-11-26');
    expect((await statusOf(id)).status).toBe(56);
    await setBankToday(test.app, '2026-11-27');
    expect((await statusOf(id)).status).toBe(57);
    await setBankToday(test.app, '2026-11-30');
    expect(await statusOf(id)).toMatchObject({ status: 54, completedOn: '2026-11-30' });

    expect(
      (await eventsOf(id)).map((event) => [event.actor, event.fromStatus, event.toStatus]),
    ).toEqual([
      ['esign', null, 52],
      ['job', 52, 59],
      ['job', 59, 56],
      ['job', 56, 57],
      ['job', 57, 54],
    ]);
    const subjects = (await mailsTo(test.app, alice.email)).map((mail) => mail.subject);
    expect(subjects).toEqual(
      expect.arrayContaining([
        'Your transfer request was sent',
        'The other institution accepted your transfer',
        'Your transfer is almost done',
        'Your transfer arrived',
      ]),
    );
  });

  it('takes a transfer through every step at once when the clock jumps past its date', async () => {
    await setBankToday(test.app, BANK_TODAY);
    const id = await signedTransfer({ accountNumber: '1110002' });
    await setBankToday(test.app, '2026-12-15');
    expect((await statusOf(id)).status).toBe(54);
    expect(await eventsOf(id)).toHaveLength(5);
  });

  it('has the delivering firm decline an account number starting with 000 (53)', async () => {
    await setBankToday(test.app, BANK_TODAY);
    const id = await signedTransfer({ accountNumber: '000555' });
    await setBankToday(test.app, '2026-11-18');
    expect(await statusOf(id)).toMatchObject({ status: 53, completedOn: '2026-11-18' });
    await setBankToday(test.app, '2026-12-15');
    expect((await statusOf(id)).status).toBe(53);
    const declined = (await mailsTo(test.app, alice.email)).filter(
      (mail) => mail.subject === 'The other institution declined your transfer',
    );
    expect(declined).toHaveLength(1);
    expect(declined[0]!.text).toContain('TD Direct Investing •••••555');
    expect(declined[0]!.text).toContain('November 18, 2026');
  });

  it('processes mutual funds on their shorter timing (5 business days)', async () => {
    await setBankToday(test.app, BANK_TODAY);
    const id = await signedTransfer({ accountNumber: '1110003', mutualFunds: true });
    expect(await statusOf(id)).toMatchObject({
      expectedEarliest: '2026-11-23',
      expectedLatest: '2026-11-30',
    });
    await setBankToday(test.app, '2026-11-20');
    expect((await statusOf(id)).status).toBe(57);
    await setBankToday(test.app, '2026-11-23');
    expect((await statusOf(id)).status).toBe(54);
  });

  it('never processes an unsigned or a cancelled transfer', async () => {
    await setBankToday(test.app, BANK_TODAY);
    const unsigned = await submittedTransfer(
      test.app,
      alice.token,
      partialTransfer(ids, { accountNumber: '1110004' }),
    );
    const cancelled = await signedTransfer({ accountNumber: '1110005' });
    await test.app.inject({
      method: 'DELETE',
      url: `/service/jaxrs/transferAccounts/cancel/${cancelled}`,
      headers: { authorization: `Bearer ${alice.token}` },
    });
    await setBankToday(test.app, '2026-12-31');
    expect((await statusOf(unsigned.transferAccountId)).status).toBeNull();
    expect(await eventsOf(unsigned.transferAccountId)).toEqual([]);
    expect((await statusOf(cancelled)).status).toBe(62);
  });

  it('sets aside a transfer whose handling fails, and moves the others', async () => {
    await setBankToday(test.app, BANK_TODAY);
    const broken = await signedTransfer({ accountNumber: '1110006' });
    const fine = await signedTransfer({ accountNumber: '1110007' });
    // A ciphertext that no longer opens: the delivering firm cannot be asked.
    await test.app.db
      .update(transferRequests)
      .set({ accountNumberEncrypted: 'v1:broken' })
      .where(eq(transferRequests.id, broken));
    await setBankToday(test.app, '2026-11-17');
    const errors: string[] = [];
    const job = createTransferProcessingJob({
      db: test.app.db,
      cipher: test.app.cipher,
      clock: { today: async () => '2026-11-18' },
      publicUrl: 'https://portal.example.ca',
      log: {
        debug: () => {},
        info: () => {},
        warn: () => {},
        error: (_details: unknown, message: string) => errors.push(message),
      },
    });
    await job.runOnce();
    expect((await statusOf(fine)).status).toBe(56);
    expect(await statusOf(broken)).toMatchObject({ status: 59, claimedUntil: expect.any(Date) });
    expect(errors).toEqual(['transfer processing failed; the transfer is set aside']);
    // Set aside: the next pass leaves it alone until its lease ends.
    await job.runOnce();
    expect(errors).toHaveLength(1);
    await setBankToday(test.app, BANK_TODAY);
  });
});
