import { z } from 'zod';
import { booleanFlag } from './config-value-schemas.ts';
import type { VariableDefinition } from './config-variables.ts';
import { toCpaText } from './providers/bank/cpa005/cpa005-fields.ts';

/**
 * The bank role's settings (issue 35, ADR 0037): `BANK_PROVIDER` and the `PAYMENT_FILES_*`
 * variables, from which `loadConfig` builds `PaymentFilesSettings`
 * (providers/bank/payment-files-settings.ts; config-payment-files.ts). Values the bank gives are
 * checked here against the CPA 005 fields they go into, so a wrong one stops the start instead
 * of the first cut-off. Messages name the variable and the rule, never the value.
 */

export const bankProviderNames = ['sandbox', 'cpa005'] as const;
export const paymentFilesTransportNames = ['folder', 'sftp'] as const;

/** Unset, or empty as compose files write it (`NAME=`), is unset; otherwise trimmed. */
const trimmedText = z
  .string()
  .optional()
  .transform((value) => (value?.trim() ? value.trim() : undefined));

/** Trimmed text that, when given, must pass `check`. */
function checkedText(check: (value: string) => boolean, message: string) {
  return trimmedText.refine((value) => value === undefined || check(value), message);
}

/**
 * A password or passphrase as given: only an empty value counts as unset, since leading or
 * trailing spaces may be part of it (a `_FILE`'s last line break is already dropped).
 */
const untrimmedSecret = z
  .string()
  .optional()
  .transform((value) => (value === '' ? undefined : value));

/** An armored key or PEM whose first line says what it is: a path given by mistake is refused. */
function pemText(name: string, begins: RegExp, what: string) {
  return checkedText(
    (value) => begins.test(value),
    `${name} must be ${what}; a key in a file is given with ${name}_FILE`,
  );
}

/**
 * An originator name as the file writes it (upper-case ASCII, accents dropped: `toCpaText`):
 * refused when the writer would have to cut it, or when nothing of it is left.
 */
function originatorName(name: string, width: number) {
  return checkedText((value) => {
    const written = toCpaText(value);
    return written.length > 0 && written.length <= width;
  }, `${name} must be 1 to ${width} characters as the file writes them (letters, digits, spaces, hyphens; accents dropped)`);
}

/** OpenSSH's `ssh-keygen -lf` form, as the SFTP transport checks it. */
const HOST_KEY_FINGERPRINT = /^SHA256:[A-Za-z0-9+/]{43}=?$/;

/** An IANA zone name (`America/Toronto`, `UTC`) the runtime knows; offsets are refused. */
function isIanaTimeZone(value: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/.test(value)) return false;
  try {
    new Intl.DateTimeFormat('en-CA', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

export const paymentFilesVariables = {
  BANK_PROVIDER: {
    group: 'bank',
    schema: z.enum(bankProviderNames).default('sandbox'),
    description:
      'who processes EFT debits (contributions) and credits (RRIF payouts): `sandbox` (real ' +
      'CPA 005 files in `DATA_DIR/payment-files`, answered by the sandbox bank, with its own ' +
      'originator values) or `cpa005` (a real bank, through `PAYMENT_FILES_TRANSPORT`; needs the ' +
      "bank's `PAYMENT_FILES_ORIGINATOR_*`, `PAYMENT_FILES_RETURN_*` and " +
      '`PAYMENT_FILES_DATA_CENTRE`). With sandbox vendors off, only `cpa005` lets the server start',
  },
  PAYMENT_FILES_ORIGINATOR_ID: {
    group: 'bank',
    schema: checkedText(
      (value) => /^[A-Z0-9]{10}$/.test(value),
      'PAYMENT_FILES_ORIGINATOR_ID must be the 10 letters and digits (A-Z, 0-9) the bank gives',
    ),
    default: '(unset)',
    values: '10 of A-Z and 0-9',
    description:
      "`cpa005`: the brokerage's client number at the bank (the originator's id of every record)",
  },
  PAYMENT_FILES_ORIGINATOR_SHORT_NAME: {
    group: 'bank',
    schema: originatorName('PAYMENT_FILES_ORIGINATOR_SHORT_NAME', 15),
    default: '(unset)',
    values: 'up to 15 characters',
    description: "`cpa005`: the brokerage's name on the payor's or payee's bank statement",
  },
  PAYMENT_FILES_ORIGINATOR_LONG_NAME: {
    group: 'bank',
    schema: originatorName('PAYMENT_FILES_ORIGINATOR_LONG_NAME', 30),
    default: '(unset)',
    values: 'up to 30 characters',
    description: "`cpa005`: the brokerage's full name in each payment",
  },
  PAYMENT_FILES_RETURN_INSTITUTION: {
    group: 'bank',
    schema: checkedText(
      (value) => /^\d{3}$/.test(value),
      'PAYMENT_FILES_RETURN_INSTITUTION must be a 3-digit institution number',
    ),
    default: '(unset)',
    values: '3 digits',
    description:
      "`cpa005`: the institution of the brokerage's own account that returned items come back to",
  },
  PAYMENT_FILES_RETURN_TRANSIT: {
    group: 'bank',
    schema: checkedText(
      (value) => /^\d{5}$/.test(value),
      'PAYMENT_FILES_RETURN_TRANSIT must be a 5-digit transit (branch) number',
    ),
    default: '(unset)',
    values: '5 digits',
    description: '`cpa005`: the transit (branch) of that account',
  },
  PAYMENT_FILES_RETURN_ACCOUNT: {
    group: 'bank',
    schema: checkedText(
      (value) => /^\d{1,12}$/.test(value),
      'PAYMENT_FILES_RETURN_ACCOUNT must be 1 to 12 digits',
    ),
    default: '(unset)',
    values: '1 to 12 digits',
    description: '`cpa005`: the number of that account',
  },
  PAYMENT_FILES_DATA_CENTRE: {
    group: 'bank',
    schema: checkedText(
      (value) => /^\d{5}$/.test(value),
      "PAYMENT_FILES_DATA_CENTRE must be the bank's 5-digit processing centre",
    ),
    default: '(unset)',
    values: '5 digits',
    description: "`cpa005`: the bank's processing centre the files are addressed to (header A-06)",
  },
  PAYMENT_FILES_LEAD_BUSINESS_DAYS: {
    group: 'bank',
    schema: z.coerce.number().int().min(0).max(10).optional(),
    default: '`1` with `cpa005`, `0` with `sandbox`',
    description:
      "business days between a file's cut-off and the due date of what it holds: `1` sends a " +
      'debit due on day D by the cut-off of the business day before D, `0` on D itself',
  },
  PAYMENT_FILES_CUTOFF: {
    group: 'bank',
    schema: z
      .string()
      .trim()
      .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'PAYMENT_FILES_CUTOFF must be a time written HH:MM')
      .optional(),
    default: '`15:00` with `cpa005`; `00:00` with `sandbox`',
    values: '`HH:MM`, 24-hour, in `PAYMENT_FILES_TIME_ZONE`',
    description: "the bank's cut-off: a business day's file is written at or after it",
  },
  PAYMENT_FILES_TIME_ZONE: {
    group: 'bank',
    schema: z
      .string()
      .trim()
      .refine(
        isIanaTimeZone,
        'PAYMENT_FILES_TIME_ZONE must be an IANA time zone name (America/Toronto)',
      )
      .optional(),
    default: '`America/Toronto`',
    values: 'an IANA time zone name',
    description: "the bank's time zone, in which the cut-off and business days are counted",
  },
  PAYMENT_FILES_POLL_MS: {
    group: 'bank',
    schema: z.coerce.number().int().min(0).max(3_600_000).optional(),
    default:
      '`60000` with `cpa005`; with `sandbox` `2000`, as the settlement job in sandbox mode ' +
      '(`0` when `SANDBOX_WEBHOOK_POLL_MS=0`)',
    description:
      "how often each instance's payment-files job looks for a cut-off passed and returns " +
      'arrived; `0` turns it off',
  },
  PAYMENT_FILES_PAYOUT_TRANSACTION_CODE: {
    group: 'bank',
    schema: z.coerce.number().int().min(200).max(699).default(272),
    description:
      '`cpa005`: the Standard 007 code RRIF (LIF, RLIF, PRIF) payouts are sent with: 272, Retirement ' +
      'Income Fund, unless the bank asks for 230 (Pension) or 240 (Annuity); UNCONFIRMED, ' +
      '[ADR 0037](adr/0037-cpa-005-payment-files.md)',
  },
  PAYMENT_FILES_REASON_CODE_IN: {
    group: 'bank',
    schema: z.enum(['transactionType', 'storedTransactionType']).default('transactionType'),
    description:
      "`cpa005`: where the bank's returned items (I and J records) carry the return reason code; " +
      "UNCONFIRMED: set what the bank's specification says",
  },
  PAYMENT_FILES_TRANSPORT: {
    group: 'bank',
    // Empty, as compose files write an unset variable, is unset: then named as missing.
    schema: z.preprocess(
      (value) => (typeof value === 'string' ? value.trim() || undefined : value),
      z.enum(paymentFilesTransportNames).optional(),
    ),
    default: '(unset; required with `cpa005`)',
    values: '`folder`, `sftp`',
    description:
      '`cpa005`: how files reach the bank: `folder` (local folders a bank connection tool ' +
      'synchronizes; `PAYMENT_FILES_OUTGOING_DIR`, `PAYMENT_FILES_INCOMING_DIR`) or `sftp` (the ' +
      "bank's SFTP server; `PAYMENT_FILES_SFTP_*`)",
  },
  PAYMENT_FILES_OUTGOING_DIR: {
    group: 'bank',
    schema: trimmedText,
    default: '(unset)',
    values: 'a folder',
    description:
      '`folder`: where payment files are written (atomically, under a hidden temporary name ' +
      'first: the tool must skip names starting with `.`)',
  },
  PAYMENT_FILES_INCOMING_DIR: {
    group: 'bank',
    schema: trimmedText,
    default: '(unset)',
    values: 'a folder',
    description: "`folder`: where the bank's return files arrive",
  },
  PAYMENT_FILES_ACKNOWLEDGED_DIR: {
    group: 'bank',
    schema: trimmedText,
    default: '`PAYMENT_FILES_INCOMING_DIR/acknowledged`',
    values: 'a folder',
    description: '`folder`: where returns are moved once applied',
  },
  PAYMENT_FILES_SFTP_HOST: {
    group: 'bank',
    schema: checkedText(
      (value) => !/[\s/@]/.test(value),
      'PAYMENT_FILES_SFTP_HOST must be a host name or address, without sftp:// or a user',
    ),
    default: '(unset)',
    values: 'a host name or address',
    description: "`sftp`: the bank's SFTP server",
  },
  PAYMENT_FILES_SFTP_PORT: {
    group: 'bank',
    schema: z.coerce.number().int().min(1).max(65535).default(22),
    description: "`sftp`: the server's port",
  },
  PAYMENT_FILES_SFTP_USERNAME: {
    group: 'bank',
    schema: trimmedText,
    default: '(unset)',
    values: 'a user name',
    description: '`sftp`: the user the bank set up for the brokerage',
  },
  PAYMENT_FILES_SFTP_PRIVATE_KEY: {
    group: 'bank',
    schema: pemText(
      'PAYMENT_FILES_SFTP_PRIVATE_KEY',
      /^-----BEGIN [A-Z0-9 ]*PRIVATE KEY-----/,
      'an OpenSSH or PEM private key (-----BEGIN ... PRIVATE KEY-----)',
    ),
    default: '(unset)',
    values: 'an OpenSSH or PEM private key; usually `PAYMENT_FILES_SFTP_PRIVATE_KEY_FILE`',
    description:
      '`sftp`: the key the brokerage signs in with (its public half is registered at the bank); ' +
      'this or `PAYMENT_FILES_SFTP_PASSWORD` is required',
    secret: true,
  },
  PAYMENT_FILES_SFTP_PASSPHRASE: {
    group: 'bank',
    schema: untrimmedSecret,
    default: '(unset)',
    values: 'text',
    description: "`sftp`: the private key's passphrase, when it has one",
    secret: true,
  },
  PAYMENT_FILES_SFTP_PASSWORD: {
    group: 'bank',
    schema: untrimmedSecret,
    default: '(unset)',
    values: 'text',
    description: '`sftp`: a password, for a server that takes one instead of (or besides) a key',
    secret: true,
  },
  PAYMENT_FILES_SFTP_HOST_KEY_FINGERPRINTS: {
    group: 'bank',
    schema: z
      .string()
      .optional()
      .transform((value) =>
        value
          ?.split(',')
          .map((fingerprint) => fingerprint.trim())
          .filter(Boolean),
      )
      .refine(
        (fingerprints) => !fingerprints?.some((value) => !HOST_KEY_FINGERPRINT.test(value)),
        'PAYMENT_FILES_SFTP_HOST_KEY_FINGERPRINTS takes host key fingerprints as ssh-keygen -lf ' +
          'prints them (SHA256: and 43 base64 characters), comma-separated',
      )
      .transform((fingerprints) =>
        fingerprints && fingerprints.length > 0 ? fingerprints : undefined,
      ),
    default: '(unset)',
    values: '`SHA256:` and 43 base64 characters, comma-separated',
    description:
      "`sftp`, required: the server's host key fingerprints (`ssh-keygen -lf` on the key the " +
      'bank gives); a server presenting any other key is refused before anything is sent. ' +
      'List the new one beside the old while the bank rotates its key',
  },
  PAYMENT_FILES_SFTP_OUTGOING_DIR: {
    group: 'bank',
    schema: trimmedText,
    default: '(unset)',
    values: 'a remote folder',
    description:
      '`sftp`: the folder files are delivered to (relative to the login folder, or absolute)',
  },
  PAYMENT_FILES_SFTP_INCOMING_DIR: {
    group: 'bank',
    schema: trimmedText,
    default: '(unset)',
    values: 'a remote folder',
    description: '`sftp`: the folder the bank leaves its returns in',
  },
  PAYMENT_FILES_SFTP_ACKNOWLEDGE: {
    group: 'bank',
    schema: z.enum(['move', 'delete']).default('move'),
    description:
      '`sftp`: what is done with a return once applied: `move` it to ' +
      '`PAYMENT_FILES_SFTP_ACKNOWLEDGED_DIR`, or `delete` it, for a server that allows no folder of ours',
  },
  PAYMENT_FILES_SFTP_ACKNOWLEDGED_DIR: {
    group: 'bank',
    schema: trimmedText,
    default: '`PAYMENT_FILES_SFTP_INCOMING_DIR/acknowledged`',
    values: 'a remote folder',
    description: '`sftp`: where applied returns are moved',
  },
  PAYMENT_FILES_SFTP_TIMEOUT_MS: {
    group: 'bank',
    schema: z.coerce.number().int().min(1000).max(600_000).default(60_000),
    description: '`sftp`: the time limit of one whole operation, connection included',
  },
  PAYMENT_FILES_SFTP_VERIFY_UPLOAD: {
    group: 'bank',
    schema: booleanFlag.default(true),
    default: '`true`',
    description:
      '`sftp`: read each delivered file back and compare checksums before giving it its name; ' +
      '`false` only for a server that refuses reads in its incoming folder',
  },
  PAYMENT_FILES_PGP_BANK_PUBLIC_KEY: {
    group: 'bank',
    schema: pemText(
      'PAYMENT_FILES_PGP_BANK_PUBLIC_KEY',
      /^-----BEGIN PGP PUBLIC KEY BLOCK-----/,
      'an armored OpenPGP public key (-----BEGIN PGP PUBLIC KEY BLOCK-----)',
    ),
    default: '(unset: no OpenPGP)',
    values: 'an armored OpenPGP public key; or a file, `PAYMENT_FILES_PGP_BANK_PUBLIC_KEY_FILE`',
    description:
      "`cpa005`: the bank's public key; given, files are encrypted to it before they leave " +
      '(OpenPGP), and a key that cannot encrypt stops the start',
    file: true,
  },
  PAYMENT_FILES_PGP_PRIVATE_KEY: {
    group: 'bank',
    schema: pemText(
      'PAYMENT_FILES_PGP_PRIVATE_KEY',
      /^-----BEGIN PGP PRIVATE KEY BLOCK-----/,
      'an armored OpenPGP private key (-----BEGIN PGP PRIVATE KEY BLOCK-----)',
    ),
    default: '(unset)',
    values: 'an armored OpenPGP private key; usually `PAYMENT_FILES_PGP_PRIVATE_KEY_FILE`',
    description:
      "OpenPGP: the brokerage's private key, which decrypts the bank's returns and signs files " +
      'when asked',
    secret: true,
  },
  PAYMENT_FILES_PGP_PASSPHRASE: {
    group: 'bank',
    schema: untrimmedSecret,
    default: '(unset)',
    values: 'text',
    description: "OpenPGP: the private key's passphrase, when it has one",
    secret: true,
  },
  PAYMENT_FILES_PGP_ARMOR: {
    group: 'bank',
    schema: booleanFlag.default(false),
    default: '`false`',
    description: 'OpenPGP: send ASCII-armored messages instead of binary ones',
  },
  PAYMENT_FILES_PGP_SIGN: {
    group: 'bank',
    schema: booleanFlag.default(false),
    default: '`false`',
    description: 'OpenPGP: sign outgoing files with our private key too',
  },
  PAYMENT_FILES_PGP_DECRYPT_RETURNS: {
    group: 'bank',
    schema: booleanFlag.optional(),
    default: '`true` when `PAYMENT_FILES_PGP_PRIVATE_KEY` is given',
    description: 'OpenPGP: returns must arrive encrypted to our key; a clear return is refused',
  },
  PAYMENT_FILES_PGP_REQUIRE_SIGNED_RETURNS: {
    group: 'bank',
    schema: booleanFlag.default(false),
    default: '`false`',
    description: "OpenPGP: returns must carry a valid signature by the bank's key",
  },
} as const satisfies Record<string, VariableDefinition>;
