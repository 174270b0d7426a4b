import { createHash, createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';
import { ConfigError } from '../../config.ts';
import { loadOrCreateSecretFile } from '../../lib/crypto/secret-file.ts';

/**
 * Who may read the sandbox mailbox (issue 30 item 3): it holds codes and links that open
 * accounts, so only whoever holds its secret (the operator who started the server, the
 * end-to-end suite) and signed-in staff. The secret travels in a header for the JSON, and for
 * the pages once in `?key=`, which the server swaps for an HttpOnly cookie and drops from the
 * address at once.
 */

/** `SANDBOX_MAILBOX_SECRET`, or a secret generated once into `DATA_DIR/sandbox-mailbox.secret`. */
export type MailboxSecretSource =
  { kind: 'given'; secret: string } | { kind: 'file'; path: string };

export const MAILBOX_SECRET_MIN_LENGTH = 32;
/** The header a script sends the secret in (a custom header: no other site can send it). */
export const MAILBOX_SECRET_HEADER = 'sandbox-mailbox-secret';
/** The query parameter of the address printed at start, swapped at once for the cookie. */
export const MAILBOX_KEY_PARAMETER = 'key';
/** The pages' cookie: path `/sandbox/mailbox`, HttpOnly, SameSite=Strict, `__Secure-` over https. */
export const MAILBOX_COOKIE = 'sandbox_mailbox';

/** A configuration the server refuses: `npm start` stops with the reason alone. */
export class MailboxSecretError extends ConfigError {
  override name = 'MailboxSecretError';
}

export interface MailboxSecret {
  secret: string;
  /** Where it came from: a generated one is shown on the start line, a given one never. */
  origin: 'given' | 'file' | 'derived';
}

/**
 * The mailbox's secret. Without a source (a configuration built in code) it is derived from
 * the app secret, as the data key is; `loadConfig` always names one.
 */
export function resolveMailboxSecret(
  source: MailboxSecretSource | undefined,
  appSecret: string,
): MailboxSecret {
  if (!source) {
    const derived = hkdfSync('sha256', appSecret, 'portal', 'portal/sandbox-mailbox', 32);
    return { secret: Buffer.from(derived).toString('base64url'), origin: 'derived' };
  }
  if (source.kind === 'given') {
    if (source.secret.trim().length < MAILBOX_SECRET_MIN_LENGTH) {
      throw new MailboxSecretError(
        `the sandbox mailbox's secret must be at least ${MAILBOX_SECRET_MIN_LENGTH} characters`,
      );
    }
    return { secret: source.secret.trim(), origin: 'given' };
  }
  const secret = loadOrCreateSecretFile(source.path, {
    generate() {
      const value = randomBytes(32).toString('base64url');
      return { value, text: value };
    },
    parse: (text) => (text.trim().length >= MAILBOX_SECRET_MIN_LENGTH ? text.trim() : null),
    refusal: (file) =>
      new MailboxSecretError(
        `${file} does not hold a sandbox mailbox secret of at least ${MAILBOX_SECRET_MIN_LENGTH} ` +
          'characters; delete it to draw a new one, or set SANDBOX_MAILBOX_SECRET',
      ),
  });
  return { secret, origin: 'file' };
}

const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();

/** Equal in constant time: both sides are hashed first, so their lengths never differ. */
function sameSecret(candidate: string | undefined, expected: string): boolean {
  if (candidate === undefined || candidate === '') return false;
  return timingSafeEqual(digest(candidate), digest(expected));
}

export interface MailboxAccess {
  /** The secret itself, sent by a script or typed into `?key=`. */
  acceptsSecret(candidate: string | undefined): boolean;
  /**
   * What the pages' cookie holds: a value derived from the secret, not the secret, so the
   * cookie cannot be replayed as the header; another secret invalidates every cookie.
   */
  cookieValue: string;
  acceptsCookie(candidate: string | undefined): boolean;
}

export function mailboxAccess(secret: string): MailboxAccess {
  const cookieValue = createHmac('sha256', secret)
    .update('portal/sandbox-mailbox/cookie')
    .digest('base64url');
  return {
    acceptsSecret: (candidate) => sameSecret(candidate, secret),
    cookieValue,
    acceptsCookie: (candidate) => sameSecret(candidate, cookieValue),
  };
}

/** The address a person opens the mailbox at: with the key when the server may show it. */
export function mailboxAddress(publicUrl: string, mailbox: MailboxSecret): string {
  const address = `${publicUrl}/sandbox/mailbox`;
  if (mailbox.origin === 'given') return address;
  return `${address}?${MAILBOX_KEY_PARAMETER}=${encodeURIComponent(mailbox.secret)}`;
}
