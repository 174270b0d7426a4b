import path from 'node:path';
import type { Environment } from './config-variables.ts';
import {
  sandboxPaymentFilesSettings,
  type PaymentFilesSettings,
} from './providers/bank/payment-files-settings.ts';

/**
 * `PaymentFilesSettings` from BANK_PROVIDER and the PAYMENT_FILES_* variables
 * (config-payment-files-variables.ts). `loadConfig` asks, in this order, what a real bank lacks
 * (`missingPaymentFilesSettings`), what does not hold together (`paymentFilesRefusal`), then
 * builds the settings (`paymentFilesSettingsOf`) from values the schema has already checked.
 */

/** The settlement job's pace in sandbox mode (app.ts): the sandbox bank's documented timings. */
const SANDBOX_POLL_MS = 2_000;
/** A real bank's files wait for its cut-off: a minute is soon enough after it. */
const CPA005_POLL_MS = 60_000;
/** A day's debits reach the bank the business day before they are due (ADR 0037). */
const CPA005_LEAD_BUSINESS_DAYS = 1;
/** The default cut-off (issue 35); each bank publishes its own, set with PAYMENT_FILES_CUTOFF. */
const CPA005_CUTOFF = '15:00';
const CPA005_TIME_ZONE = 'America/Toronto';

const originatorVariables = [
  'PAYMENT_FILES_ORIGINATOR_ID',
  'PAYMENT_FILES_ORIGINATOR_SHORT_NAME',
  'PAYMENT_FILES_ORIGINATOR_LONG_NAME',
  'PAYMENT_FILES_RETURN_INSTITUTION',
  'PAYMENT_FILES_RETURN_TRANSIT',
  'PAYMENT_FILES_RETURN_ACCOUNT',
  'PAYMENT_FILES_DATA_CENTRE',
  'PAYMENT_FILES_TRANSPORT',
] as const;

const transportVariables = {
  folder: ['PAYMENT_FILES_OUTGOING_DIR', 'PAYMENT_FILES_INCOMING_DIR'],
  sftp: [
    'PAYMENT_FILES_SFTP_HOST',
    'PAYMENT_FILES_SFTP_USERNAME',
    'PAYMENT_FILES_SFTP_HOST_KEY_FINGERPRINTS',
    'PAYMENT_FILES_SFTP_OUTGOING_DIR',
    'PAYMENT_FILES_SFTP_INCOMING_DIR',
  ],
} as const;

/** With BANK_PROVIDER=cpa005, every variable it cannot start without that is not set. */
export function missingPaymentFilesSettings(env: Environment): string[] {
  if (env.BANK_PROVIDER !== 'cpa005') return [];
  const values: Record<string, unknown> = env;
  const needs = [
    ...originatorVariables,
    ...(env.PAYMENT_FILES_TRANSPORT ? transportVariables[env.PAYMENT_FILES_TRANSPORT] : []),
  ];
  return needs.filter((name) => !values[name]);
}

/**
 * What a real bank's settings hold that cannot work together, checked here rather than at the
 * first cut-off: an SFTP login without credentials, and OpenPGP options that would silently do
 * nothing (without the bank's key files would leave in clear) or need our private key.
 */
export function paymentFilesRefusal(env: Environment): string | undefined {
  if (env.BANK_PROVIDER !== 'cpa005') return undefined;
  if (
    env.PAYMENT_FILES_TRANSPORT === 'sftp' &&
    !env.PAYMENT_FILES_SFTP_PRIVATE_KEY &&
    !env.PAYMENT_FILES_SFTP_PASSWORD
  ) {
    return (
      'PAYMENT_FILES_TRANSPORT=sftp needs PAYMENT_FILES_SFTP_PRIVATE_KEY or ' +
      'PAYMENT_FILES_SFTP_PASSWORD (or NAME_FILE) to sign in'
    );
  }
  const pgpAskedFor = [
    env.PAYMENT_FILES_PGP_PRIVATE_KEY && 'PAYMENT_FILES_PGP_PRIVATE_KEY',
    env.PAYMENT_FILES_PGP_PASSPHRASE && 'PAYMENT_FILES_PGP_PASSPHRASE',
    env.PAYMENT_FILES_PGP_ARMOR && 'PAYMENT_FILES_PGP_ARMOR',
    env.PAYMENT_FILES_PGP_SIGN && 'PAYMENT_FILES_PGP_SIGN',
    env.PAYMENT_FILES_PGP_DECRYPT_RETURNS && 'PAYMENT_FILES_PGP_DECRYPT_RETURNS',
    env.PAYMENT_FILES_PGP_REQUIRE_SIGNED_RETURNS && 'PAYMENT_FILES_PGP_REQUIRE_SIGNED_RETURNS',
  ].filter((name): name is string => Boolean(name));
  if (!env.PAYMENT_FILES_PGP_BANK_PUBLIC_KEY) {
    return pgpAskedFor.length === 0
      ? undefined
      : `${pgpAskedFor.join(', ')} set without PAYMENT_FILES_PGP_BANK_PUBLIC_KEY, which turns ` +
          'OpenPGP on: files would leave in clear. Give the bank key, or remove them';
  }
  const needOurKey = [
    env.PAYMENT_FILES_PGP_SIGN && 'PAYMENT_FILES_PGP_SIGN',
    env.PAYMENT_FILES_PGP_DECRYPT_RETURNS && 'PAYMENT_FILES_PGP_DECRYPT_RETURNS',
    env.PAYMENT_FILES_PGP_REQUIRE_SIGNED_RETURNS && 'PAYMENT_FILES_PGP_REQUIRE_SIGNED_RETURNS',
  ].filter((name): name is string => Boolean(name));
  if (needOurKey.length > 0 && !env.PAYMENT_FILES_PGP_PRIVATE_KEY) {
    return `${needOurKey.join(', ')} needs PAYMENT_FILES_PGP_PRIVATE_KEY (or its _FILE)`;
  }
  return undefined;
}

/** The transport of a real bank, from settings `missingPaymentFilesSettings` found complete. */
function transportOf(env: Environment): PaymentFilesSettings['transport'] {
  if (env.PAYMENT_FILES_TRANSPORT === 'sftp') {
    return {
      kind: 'sftp',
      host: env.PAYMENT_FILES_SFTP_HOST ?? '',
      port: env.PAYMENT_FILES_SFTP_PORT,
      username: env.PAYMENT_FILES_SFTP_USERNAME ?? '',
      ...(env.PAYMENT_FILES_SFTP_PRIVATE_KEY && {
        privateKey: env.PAYMENT_FILES_SFTP_PRIVATE_KEY,
      }),
      ...(env.PAYMENT_FILES_SFTP_PASSPHRASE && { passphrase: env.PAYMENT_FILES_SFTP_PASSPHRASE }),
      ...(env.PAYMENT_FILES_SFTP_PASSWORD && { password: env.PAYMENT_FILES_SFTP_PASSWORD }),
      hostKeyFingerprints: env.PAYMENT_FILES_SFTP_HOST_KEY_FINGERPRINTS ?? [],
      outgoingDir: env.PAYMENT_FILES_SFTP_OUTGOING_DIR ?? '',
      incomingDir: env.PAYMENT_FILES_SFTP_INCOMING_DIR ?? '',
      acknowledge: env.PAYMENT_FILES_SFTP_ACKNOWLEDGE,
      ...(env.PAYMENT_FILES_SFTP_ACKNOWLEDGED_DIR && {
        acknowledgedDir: env.PAYMENT_FILES_SFTP_ACKNOWLEDGED_DIR,
      }),
      timeoutMs: env.PAYMENT_FILES_SFTP_TIMEOUT_MS,
      verifyUpload: env.PAYMENT_FILES_SFTP_VERIFY_UPLOAD,
    };
  }
  // Local folders are resolved once, as DATA_DIR is: a later change of directory moves nothing.
  return {
    kind: 'folder',
    outgoingDir: path.resolve(env.PAYMENT_FILES_OUTGOING_DIR ?? ''),
    incomingDir: path.resolve(env.PAYMENT_FILES_INCOMING_DIR ?? ''),
    ...(env.PAYMENT_FILES_ACKNOWLEDGED_DIR && {
      acknowledgedDir: path.resolve(env.PAYMENT_FILES_ACKNOWLEDGED_DIR),
    }),
  };
}

/** OpenPGP, on when the bank's public key is given. */
function pgpOf(env: Environment): PaymentFilesSettings['pgp'] {
  if (!env.PAYMENT_FILES_PGP_BANK_PUBLIC_KEY) return undefined;
  return {
    bankPublicKey: env.PAYMENT_FILES_PGP_BANK_PUBLIC_KEY,
    ...(env.PAYMENT_FILES_PGP_PRIVATE_KEY && { ourPrivateKey: env.PAYMENT_FILES_PGP_PRIVATE_KEY }),
    ...(env.PAYMENT_FILES_PGP_PASSPHRASE && { ourPassphrase: env.PAYMENT_FILES_PGP_PASSPHRASE }),
    armor: env.PAYMENT_FILES_PGP_ARMOR,
    signFiles: env.PAYMENT_FILES_PGP_SIGN,
    ...(env.PAYMENT_FILES_PGP_DECRYPT_RETURNS !== undefined && {
      decryptReturns: env.PAYMENT_FILES_PGP_DECRYPT_RETURNS,
    }),
    requireSignedReturns: env.PAYMENT_FILES_PGP_REQUIRE_SIGNED_RETURNS,
  };
}

/**
 * The bank role's settings. The sandbox keeps its own originator, codes and folders (under
 * DATA_DIR, as the embedded database's `DATA_DIR/pglite`); a clock setting given (cut-off,
 * time zone, lead days, poll) applies to it too, so it can rehearse a real bank's timings.
 */
export function paymentFilesSettingsOf(env: Environment): PaymentFilesSettings {
  const clock = {
    ...(env.PAYMENT_FILES_CUTOFF !== undefined && { cutOffTime: env.PAYMENT_FILES_CUTOFF }),
    ...(env.PAYMENT_FILES_TIME_ZONE !== undefined && { timeZone: env.PAYMENT_FILES_TIME_ZONE }),
    ...(env.PAYMENT_FILES_LEAD_BUSINESS_DAYS !== undefined && {
      leadBusinessDays: env.PAYMENT_FILES_LEAD_BUSINESS_DAYS,
    }),
  };
  if (env.BANK_PROVIDER !== 'cpa005') {
    // The settlement job's rule (app.ts): its sandbox pace while the sandbox webhooks poll, no
    // polling of its own when they are off.
    const sandboxPollMs = env.SANDBOX_WEBHOOK_POLL_MS ? SANDBOX_POLL_MS : 0;
    return {
      ...sandboxPaymentFilesSettings(
        path.resolve(env.DATA_DIR, 'payment-files'),
        env.PAYMENT_FILES_POLL_MS ?? sandboxPollMs,
      ),
      ...clock,
    };
  }
  const pgp = pgpOf(env);
  return {
    provider: 'cpa005',
    originator: {
      id: env.PAYMENT_FILES_ORIGINATOR_ID ?? '',
      shortName: env.PAYMENT_FILES_ORIGINATOR_SHORT_NAME ?? '',
      longName: env.PAYMENT_FILES_ORIGINATOR_LONG_NAME ?? '',
      returnInstitution: env.PAYMENT_FILES_RETURN_INSTITUTION ?? '',
      returnTransit: env.PAYMENT_FILES_RETURN_TRANSIT ?? '',
      returnAccount: env.PAYMENT_FILES_RETURN_ACCOUNT ?? '',
    },
    destinationDataCentre: env.PAYMENT_FILES_DATA_CENTRE ?? '',
    leadBusinessDays: CPA005_LEAD_BUSINESS_DAYS,
    cutOffTime: CPA005_CUTOFF,
    timeZone: CPA005_TIME_ZONE,
    ...clock,
    transport: transportOf(env),
    ...(pgp && { pgp }),
    payoutTransactionCode: env.PAYMENT_FILES_PAYOUT_TRANSACTION_CODE,
    reasonCodeIn: env.PAYMENT_FILES_REASON_CODE_IN,
    pollMs: env.PAYMENT_FILES_POLL_MS ?? CPA005_POLL_MS,
  };
}
