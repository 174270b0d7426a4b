import type { Database } from '../../db/client.ts';
import type { FieldCipher } from '../../lib/crypto/field-cipher.ts';
import type { PasswordHasher } from '../../lib/password-hashing/password-hasher.ts';
import type { TokenCache } from '../../lib/token-cache/token-cache.ts';
import type { SecurityPolicy } from './security-policy.ts';
import type * as repo from './security.repo.ts';

/** Who signs in, what the security services work with, and the browser asking. */

export type Role = repo.UserRow['role'];
export type AuthenticatedUser = repo.UserRow;

/**
 * This instance's cache of live tokens (ADR 0025). What a service ends it also evicts here, at
 * once; the other instances hear the database's `portal_token_revoked` notification.
 */
export type TokenEvictions = Pick<
  TokenCache<AuthenticatedUser>,
  'evictSessions' | 'evictUser' | 'propagated'
>;

/** What the sign-in, account and reset services need. */
export interface SecurityDeps {
  db: Database;
  cipher: FieldCipher;
  policy: SecurityPolicy;
  hasher: PasswordHasher;
  /** `publicUrlOf(config)`: links in mail. */
  publicUrl: string;
  tokens: TokenEvictions;
  /**
   * How a slowed answer waits (Node's timer when absent): the tests hand in their own, to read
   * the delay asked for and to hold the answer without a clock.
   */
  wait?: (ms: number) => Promise<unknown>;
}

export interface Client {
  /** The caller's address (the socket's, or the trusted proxy's X-Forwarded-For). */
  address: string;
  userAgent?: string;
  /** The session this browser already holds: a new sign-in replaces it. */
  replacesSession?: string;
}
