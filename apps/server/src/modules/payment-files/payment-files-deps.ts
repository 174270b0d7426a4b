import type { Database } from '../../db/client.ts';
import type { FieldCipher } from '../../lib/crypto/field-cipher.ts';
import type { PaymentFilesSettings } from '../../providers/bank/payment-files-settings.ts';
import type { PaymentFileChannel } from '../../providers/bank/transport/payment-file-channel.ts';
import type { OutboxLog } from '../outbox/dispatcher.ts';

/** What every step of the payment-files job works with (issue 35, ADR 0039). */
export interface PaymentFilesDeps {
  db: Database;
  cipher: FieldCipher;
  settings: PaymentFilesSettings;
  channel: PaymentFileChannel;
  publicUrl: string;
  log: OutboxLog;
  now: () => Date;
}

/** The stored file's bytes are bound to its row: moved to another row, they do not decrypt. */
export const paymentFileContext = (fileId: string) => `paymentFile:${fileId}:sealed`;

/** Item statuses a return can find: with the bank, settled, or written and not yet sent. */
export const RETURNABLE_ITEM_STATUSES: ReadonlySet<string> = new Set(['filed', 'sent', 'settled']);
