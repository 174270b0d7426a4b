import type { Database } from '../../db/client.ts';
import type { FieldCipher } from '../../lib/crypto/field-cipher.ts';
import type { BankClock } from '../../providers/sandbox-bank/bank-clock.ts';
import type { OutboxLog } from '../outbox/dispatcher.ts';

/**
 * What the jobs that move requests along the bank's days share (the settlement of EFTs and PACs,
 * the processing of transfers in): the database, the cipher of the mails they write, the bank's
 * clock, where links in mails point, and how they claim rows.
 */
export interface BankJobOptions {
  db: Database;
  cipher: FieldCipher;
  clock: BankClock;
  publicUrl: string;
  log?: OutboxLog;
  now?: () => Date;
  batchSize?: number;
  /** How long a row whose handling failed is left alone. */
  holdMs?: number;
}

export const silentJobLog: OutboxLog = {
  debug: () => {},
  info: () => {},
  warn: () => {},
  error: () => {},
};

/** At most this many batches of one kind per pass: the next pass takes the rest. */
export const MAX_BATCHES_PER_PASS = 20;
