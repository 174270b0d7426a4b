import { createHash, randomBytes } from 'node:crypto';

/**
 * How a CPA 005 payment file reaches the brokerage's bank and how the bank's return files come
 * back (issue 35, transport). Two implementations: `folder-transport.ts` (folders a bank
 * connection tool syncs; the default in development) and `sftp-transport.ts` (the bank's SFTP
 * server). PGP sits above them, in `payment-file-channel.ts`.
 *
 * The promises every transport keeps:
 * - **Atomic at the bank's side**: the bytes are written under a temporary name and renamed to
 *   the final name, so a half-written file is never seen under its final name.
 * - **Immutable, idempotent**: delivering a name that already holds the same bytes is a success
 *   that writes nothing (`alreadyDelivered`), so a resend after a crash is safe; a name that
 *   holds other bytes is refused (`conflict`), never overwritten.
 * - **Returns read once**: `acknowledgeReturn` moves a return out of the incoming folder after
 *   the caller has applied it, so the next `listReturns` no longer offers it.
 * - **Plain names only**: a name with a path separator, `..`, a leading dot or a control
 *   character is refused before any I/O (`invalidName`).
 */

export interface PaymentFileToDeliver {
  /** The file's name at the bank: a plain name, no folder (`assertPlainFileName`). */
  name: string;
  bytes: Uint8Array;
}

export interface PaymentFileDelivery {
  /** Where the file now is, in the transport's own terms (a local path, a remote path). */
  remotePath: string;
  /** SHA-256 (hex) of the bytes delivered, as they are at the bank's side. */
  sha256: string;
  /** When the file arrived under its final name (for a resend: when it first did). */
  deliveredAt: Date;
  /** True when the same bytes were already there under that name: nothing was written. */
  alreadyDelivered: boolean;
}

export interface PaymentFileTransport {
  /** `folder` or `sftp`, for logs and the operations console. */
  readonly name: string;
  deliver(file: PaymentFileToDeliver): Promise<PaymentFileDelivery>;
  /** Names of the return files waiting in the incoming folder, sorted. */
  listReturns(): Promise<string[]>;
  fetchReturn(name: string): Promise<Uint8Array>;
  /** Moves a fetched return out of the incoming folder so it is not read twice. */
  acknowledgeReturn(name: string): Promise<void>;
}

export type PaymentFileTransportErrorCode =
  /** A name with a folder, `..`, a leading dot or a control character. */
  | 'invalidName'
  /** Other bytes are already there under that name: a delivered file is never replaced. */
  | 'conflict'
  /** No such return (never there, or already acknowledged). */
  | 'notFound'
  /** A return larger than the transport accepts. */
  | 'tooLarge'
  /** The server's host key is not the configured one: nothing was sent. */
  | 'hostKeyMismatch'
  /** The server refused our user name, key or password. */
  | 'authenticationFailed'
  /** The operation did not finish within its time limit; the connection was closed. */
  | 'timeout'
  /** The server could not be reached (refused, unknown host, reset). */
  | 'unreachable'
  /** The bytes read back from the temporary file were not the bytes sent. */
  | 'verificationFailed'
  /** A PGP key in the configuration cannot be used (unreadable, wrong kind, no encryption key). */
  | 'pgpKey'
  /** A return arrived in clear text while the bank is configured to encrypt its returns. */
  | 'notEncrypted'
  /** A return could not be decrypted, or its signature was required and not valid. */
  | 'decryptionFailed'
  /** A setting the transport cannot work with (missing fingerprint, no credentials). */
  | 'configuration'
  | 'failed';

/**
 * A transport's refusal or failure. The message names the transport, the operation and the
 * file, never a password, a passphrase or key material; callers may log it as it is.
 */
export class PaymentFileTransportError extends Error {
  override readonly name = 'PaymentFileTransportError';
  constructor(
    readonly code: PaymentFileTransportErrorCode,
    message: string,
  ) {
    super(message);
  }
}

/**
 * Longest name accepted: file systems and SFTP servers hold 255 characters in one name, less
 * the 21 of the stamp an acknowledged return is kept under (`acknowledgedNameFor`).
 */
const MAX_NAME_LENGTH = 200;

/**
 * Refuses a name that is not one plain file name: empty or too long, a `/` or `\` (a folder), a
 * `..` anywhere (a way out of the folder, even as `a..b`, refused rather than reasoned about),
 * a leading dot (hidden files and our own temporary files live there), a `:` (a Windows drive
 * or stream), a control character, or blanks at either end.
 */
export function assertPlainFileName(name: string, transport: string): void {
  const reason = plainFileNameProblem(name);
  if (reason) {
    throw new PaymentFileTransportError(
      'invalidName',
      `${transport}: refused the file name ${JSON.stringify(name.slice(0, 80))}: ${reason}`,
    );
  }
}

export function isPlainFileName(name: string): boolean {
  return plainFileNameProblem(name) === undefined;
}

function plainFileNameProblem(name: string): string | undefined {
  if (name.length === 0 || name.length > MAX_NAME_LENGTH) {
    return `a name has 1 to ${MAX_NAME_LENGTH} characters`;
  }
  if (/[/\\]/.test(name)) return 'a name holds no folder separator';
  if (name.includes('..')) return 'a name holds no ".."';
  if (name.startsWith('.')) return 'a name does not start with a dot';
  if (name.includes(':')) return 'a name holds no ":"';
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  if (/[\u0000-\u001f\u007f]/.test(name)) return 'a name holds no control character';
  if (name.trim() !== name) return 'a name does not start or end with a blank';
  return undefined;
}

/**
 * Files still being written, ours or the bank's, are not returns: hidden names and the usual
 * suffixes of partial uploads (ours is `.partial`; `.part`, `.filepart` and `.tmp` are other
 * tools').
 */
export function isInProgressName(name: string): boolean {
  return name.startsWith('.') || /\.(partial|part|filepart|tmp)$/i.test(name);
}

/** `.NAME.<random>.partial`: hidden, unique per attempt, and skipped by `isInProgressName`. */
export function temporaryNameFor(name: string): string {
  return `.${name}.${randomBytes(6).toString('hex')}.partial`;
}

/**
 * The name an acknowledged return is kept under: the moment it was acknowledged, then its
 * name. Banks reuse return names from day to day; the stamp keeps each one.
 */
export function acknowledgedNameFor(name: string, at: Date): string {
  return `${at.toISOString().replace(/[-:.]/g, '')}-${name}`;
}

export function sha256Hex(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}
