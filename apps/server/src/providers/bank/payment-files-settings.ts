import type { Cpa005ReasonCodeField } from './cpa005/cpa005-returns.ts';
import type { TransactionCodeOverrides } from './cpa005/cpa005-codes.ts';
import type { Cpa005Originator } from './cpa005/cpa005-writer.ts';
import type { FolderTransportOptions } from './transport/folder-transport.ts';
import type { PaymentFileChannelOptions } from './transport/payment-file-channel.ts';
import type { SftpTransportOptions } from './transport/sftp-transport.ts';

/**
 * How the portal exchanges payment files with its bank (issue 35, ADR 0039): the `bank` vendor
 * role. `sandbox` (the embedded default) writes real CPA 005 files to local folders and lets the
 * sandbox bank answer them (an amount ending in .13 comes back NSF); `cpa005` is a real bank,
 * through the configured transport. The configuration (config.ts, PAYMENT_FILES_*) builds it.
 */
export interface PaymentFilesSettings {
  provider: 'sandbox' | 'cpa005';
  /** The bank's client number and the brokerage's names and return account. */
  originator: Cpa005Originator;
  /** The bank's processing centre, 5 digits. */
  destinationDataCentre: string;
  /**
   * Business days between a file's cut-off and the due date of what it holds: 1 sends a debit
   * due on day D by the cut-off of the business day before D; 0 sends it on D itself.
   */
  leadBusinessDays: number;
  /** The bank's cut-off clock, `HH:MM` in `timeZone`: a day's file is written at or after it. */
  cutOffTime: string;
  /** The bank's time zone (IANA), America/Toronto by default. */
  timeZone: string;
  transport:
    | ({ kind: 'folder' } & Pick<
        FolderTransportOptions,
        'outgoingDir' | 'incomingDir' | 'acknowledgedDir'
      >)
    | ({ kind: 'sftp' } & Omit<SftpTransportOptions, 'now'>);
  pgp?: PaymentFileChannelOptions['pgp'];
  /** Standard 007 codes the bank wants instead of ours, by account type id. */
  transactionCodeOverrides?: TransactionCodeOverrides;
  /** The code RRIF payouts are sent with (272 unless the bank says otherwise). */
  payoutTransactionCode?: number;
  /** Where the bank's returns carry the reason code (cpa005-returns.ts; UNCONFIRMED). */
  reasonCodeIn?: Cpa005ReasonCodeField;
  /** How often the payment-files job runs, in ms (0: never on its own, the tests). */
  pollMs: number;
}

/**
 * The sandbox bank's settings: real CPA 005 files in folders under `baseDir`, the sandbox's
 * originator (no bank knows it), no lead time and the cut-off at the start of the bank's day,
 * so a debit dated today goes today and the sandbox bank answers it the next business day.
 */
export function sandboxPaymentFilesSettings(baseDir: string, pollMs = 0): PaymentFilesSettings {
  return {
    provider: 'sandbox',
    originator: {
      id: 'SANDBOX001',
      shortName: 'Laurentide',
      longName: 'Laurentide Sandbox Brokerage',
      returnInstitution: '003',
      returnTransit: '00011',
      returnAccount: '1234567',
    },
    destinationDataCentre: '00310',
    leadBusinessDays: 0,
    cutOffTime: '00:00',
    timeZone: 'America/Toronto',
    transport: {
      kind: 'folder',
      outgoingDir: `${baseDir}/outgoing`,
      incomingDir: `${baseDir}/incoming`,
      acknowledgedDir: `${baseDir}/acknowledged`,
    },
    pollMs,
  };
}
