import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fundingRequests, paymentFiles, paymentItems } from '../../db/schema.ts';
import { sandboxPaymentFilesSettings } from '../../providers/bank/payment-files-settings.ts';
import type { PaymentFileChannel } from '../../providers/bank/transport/payment-file-channel.ts';
import { PaymentFileTransportError } from '../../providers/bank/transport/payment-file-transport.ts';
import { signedInTestApp } from '../../test/test-app.ts';
import {
  BANK_TODAY,
  createdFunding,
  fundableAccount,
  oneTimePayload,
  setBankToday,
  uploadedCheque,
} from '../funding/funding.fixtures.ts';
import { dayWindow } from './cut-off.ts';
import {
  createPaymentFilesJob,
  cutOffCame,
  type PaymentFilesJobOptions,
} from './payment-files.job.ts';
import { paymentFileChannelOf } from './payment-files.setup.ts';

/**
 * The cut-off's safety (issue 35): a process stopped in the middle leaves no file or the whole
 * file, and a restart writes the one file still missing; a delivery that fails is sent again
 * with the same bytes. The job is driven here directly, as a second instance would run it.
 */

const DAY = '2026-11-26';

describe('the cut-off, stopped and started again', () => {
  const { test, carol } = signedInTestApp('carol');
  let folder: string;
  let channel: PaymentFileChannel;
  let requestId: string;
  const silent = { debug: () => {}, info: () => {}, warn: () => {}, error: () => {} };

  const jobWith = (overrides: Partial<PaymentFilesJobOptions> = {}) =>
    createPaymentFilesJob({
      db: test.app.db,
      cipher: test.app.cipher,
      settings: sandboxPaymentFilesSettings(folder),
      channel,
      publicUrl: 'http://localhost',
      log: silent,
      now: () => new Date('2026-11-26T20:00:00Z'),
      ...overrides,
    });

  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'cut-off-test-'));
    channel = await paymentFileChannelOf(sandboxPaymentFilesSettings(folder));
    await setBankToday(test.app, BANK_TODAY);
    const account = await fundableAccount(test.app, carol);
    const { documentUploadedId } = await uploadedCheque(
      test.app,
      carol.token,
      account.applicationId,
    );
    ({
      item: { id: requestId },
    } = await createdFunding(
      test.app,
      carol.token,
      oneTimePayload(account.accountId, documentUploadedId),
    ));
  });

  afterAll(() => rm(folder, { recursive: true, force: true }));

  const files = () => test.app.db.select().from(paymentFiles);
  const statusOf = async () =>
    (await test.app.db.select().from(fundingRequests).where(eq(fundingRequests.id, requestId)))[0]!
      .status;

  it('leaves nothing when stopped before its transaction ends', async () => {
    const killed = jobWith({
      hooks: {
        beforeCommit: async () => {
          throw new Error('the process stops here');
        },
      },
    });
    await expect(killed.pass(DAY)).rejects.toThrow('the process stops here');
    expect(await files()).toHaveLength(0);
    expect(await test.app.db.select().from(paymentItems)).toHaveLength(0);
    expect(await statusOf()).toBe(14);
    expect(await readdir(join(folder, 'outgoing')).catch(() => [])).toEqual([]);
  });

  it('writes the file once when started again, and holds it until a failed delivery succeeds', async () => {
    let attempts = 0;
    const failingOnce: PaymentFileChannel = {
      ...channel,
      deliver: async (file) => {
        attempts += 1;
        if (attempts === 1) {
          throw new PaymentFileTransportError('unreachable', 'the bank’s server is away');
        }
        return channel.deliver(file);
      },
    };
    const restarted = jobWith({ channel: failingOnce });
    const first = await restarted.pass(DAY);
    expect(first).toMatchObject({ written: 1, delivered: 0 });
    const [written] = await files();
    expect(written).toMatchObject({
      status: 'written',
      deliveryAttempts: 1,
      lastDeliveryError: 'unreachable',
    });
    // Accepted into the file (15), not yet with the bank.
    expect(await statusOf()).toBe(15);

    const second = await restarted.pass(DAY);
    expect(second).toMatchObject({ written: 0, delivered: 1 });
    const [delivered] = await files();
    expect(delivered).toMatchObject({ status: 'delivered', sha256: written!.sha256 });
    expect(await statusOf()).toBe(32);
    expect(await readdir(join(folder, 'outgoing'))).toEqual([written!.name]);
  });

  it('writes no second file for the day, from this instance or another', async () => {
    await jobWith().pass(DAY);
    // The app's own job, on the same day: another instance.
    await setBankToday(test.app, DAY);
    expect(await files()).toHaveLength(1);
    expect(await test.app.db.select().from(paymentItems)).toHaveLength(1);
  });
});

describe('the day a file is written for', () => {
  it('takes, with one business day of lead time, what is due the next business day', () => {
    // Friday November 27: Monday November 30's debits, and the weekend's.
    expect(dayWindow('2026-11-27', 1)).toEqual({
      fileDay: '2026-11-27',
      earliestDue: '2026-11-30',
      through: '2026-11-30',
    });
    // Without lead time a Friday's file takes Friday to Sunday.
    expect(dayWindow('2026-11-27', 0)).toEqual({
      fileDay: '2026-11-27',
      earliestDue: '2026-11-27',
      through: '2026-11-29',
    });
    // Thursday December 24: Christmas and Boxing Day (observed Monday 28) are skipped.
    expect(dayWindow('2026-12-24', 1).earliestDue).toBe('2026-12-29');
  });

  it('waits for the cut-off time on the real day, in the bank’s time zone', () => {
    const settings = { cutOffTime: '15:00', timeZone: 'America/Toronto' };
    // 19:59 UTC is 14:59 in Toronto (EST).
    expect(cutOffCame('2026-11-26', new Date('2026-11-26T19:59:00Z'), settings)).toBe(false);
    expect(cutOffCame('2026-11-26', new Date('2026-11-26T20:00:00Z'), settings)).toBe(true);
    // A day already past (caught up after a stop) has had its cut-off.
    expect(cutOffCame('2026-11-25', new Date('2026-11-26T12:00:00Z'), settings)).toBe(true);
  });
});
