import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { RifRates } from '../../config.ts';
import {
  sandboxPaymentFilesSettings,
  type PaymentFilesSettings,
} from '../../providers/bank/payment-files-settings.ts';
import { createFolderTransport } from '../../providers/bank/transport/folder-transport.ts';
import {
  createPaymentFileChannel,
  type PaymentFileChannel,
} from '../../providers/bank/transport/payment-file-channel.ts';
import type { PaymentFileTransport } from '../../providers/bank/transport/payment-file-transport.ts';
import { createSandboxBank } from '../../providers/sandbox-bank/sandbox-bank.ts';
import { createPaymentFilesJob, type PaymentFilesJob } from './payment-files.job.ts';

/**
 * The bank role's channel from its settings (issue 35): the folder transport, or SFTP to the
 * bank's server (loaded only when configured), with PGP when the bank's key is set.
 */
export async function paymentFileChannelOf(
  settings: PaymentFilesSettings,
): Promise<PaymentFileChannel> {
  let transport: PaymentFileTransport;
  const chosen = settings.transport;
  if (chosen.kind === 'sftp') {
    const { createSftpTransport } =
      await import('../../providers/bank/transport/sftp-transport.ts');
    transport = createSftpTransport(chosen);
  } else {
    transport = createFolderTransport(chosen);
  }
  return createPaymentFileChannel({ transport, ...(settings.pgp && { pgp: settings.pgp }) });
}

/**
 * The payment-files job of an app: on the configured bank, or on the sandbox bank, whose
 * folders are the configuration's or, for a configuration built in code (the tests), a
 * temporary folder removed when the app closes.
 */
export async function paymentFilesJobOf(
  app: FastifyInstance,
  options: {
    settings: PaymentFilesSettings | undefined;
    channel: PaymentFileChannel | undefined;
    publicUrl: string;
    /** Given while rrif-funding-enabled is on: RRIF payouts are then paid. */
    rifRates?: RifRates;
  },
): Promise<{ job: PaymentFilesJob; settings: PaymentFilesSettings }> {
  let settings = options.settings;
  if (!settings) {
    const dir = await mkdtemp(join(tmpdir(), 'portal-payment-files-'));
    app.addHook('onClose', () => rm(dir, { recursive: true, force: true }));
    settings = sandboxPaymentFilesSettings(dir);
  }
  const channel = options.channel ?? (await paymentFileChannelOf(settings));
  const sandboxBank =
    settings.provider === 'sandbox' && settings.transport.kind === 'folder'
      ? createSandboxBank(settings.transport)
      : undefined;
  const job = createPaymentFilesJob({
    db: app.db,
    cipher: app.cipher,
    settings,
    channel,
    publicUrl: options.publicUrl,
    log: app.log.child({ module: 'payment-files' }),
    now: () => new Date(),
    ...(sandboxBank && { sandboxBank }),
    ...(options.rifRates && { rifRates: options.rifRates }),
  });
  return { job, settings };
}
