/**
 * Sign-in: sessions, tokens, throttles, second factors, codes and password resets
 * (modules/security).
 */

import {
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/** A signed-in browser: the cookie holds a random secret, the table only its hash. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    secretHash: text('secret_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    idleExpiresAt: timestamp('idle_expires_at', { withTimezone: true }).notNull(),
    absoluteExpiresAt: timestamp('absolute_expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** The browser's User-Agent, cut short: lets the settings page name each device. */
    userAgent: text('user_agent'),
    /** Last time the session was used (a token issued or the session refreshed). */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('sessions_secret_hash_idx').on(table.secretHash),
    index('sessions_user_idx').on(table.userId),
  ],
);

/** Bearer tokens issued to the client by `oauth/authorize`, stored hashed. */
export const accessTokens = pgTable(
  'access_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('access_tokens_token_hash_idx').on(table.tokenHash),
    index('access_tokens_session_idx').on(table.sessionId),
  ],
);

/**
 * Attempts counted per key (sign-ins per account and per address, registrations per address,
 * reset mails per account), in the database so that every instance behind the load balancer
 * counts the same attempts. An attempt is counted before the work it guards (one atomic upsert).
 */
export const signInThrottles = pgTable('sign_in_throttles', {
  /** `account:<email>`, `address:<ip>`, `register:<ip>`, `reset:<email>`, ... */
  key: text('key').primaryKey(),
  failures: integer('failures').notNull().default(0),
  lastFailureAt: timestamp('last_failure_at', { withTimezone: true }).notNull().defaultNow(),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
});

/**
 * A person's second factors (issue 11): `totp` (an authenticator app's shared secret) and `sms`
 * (a phone number for one-time codes). The secret or number is encrypted with the field cipher,
 * bound to the user and kind. A factor being set up has no `confirmed_at` and does not count.
 */
export const mfaFactors = pgTable(
  'mfa_factors',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    secretEncrypted: text('secret_encrypted').notNull(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    /** TOTP: the last 30-second step accepted, so no code is accepted twice. */
    lastUsedStep: integer('last_used_step'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.kind] })],
);

/** Ten single-use recovery codes per person, stored as keyed hashes; a new set voids the old. */
export const mfaRecoveryCodes = pgTable(
  'mfa_recovery_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('mfa_recovery_codes_hash_idx').on(table.userId, table.codeHash)],
);

/**
 * Short numeric codes sent to a person, one live code per purpose: `emailVerification` (to
 * `target`, the address being proved), `smsSignIn` and `smsSetup` (to the phone of the `sms`
 * factor). Stored as a keyed hash with the attempts and sends counted.
 */
export const oneTimeCodes = pgTable(
  'one_time_codes',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').notNull(),
    target: text('target'),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
    /** Codes sent since `send_window_started_at` (a rolling bound on mail and SMS sent). */
    sendCount: integer('send_count').notNull().default(1),
    sendWindowStartedAt: timestamp('send_window_started_at', { withTimezone: true })
      .notNull()
      .defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.purpose] })],
);

/** Password-reset links: single use, 30 minutes, only the token's hash kept. */
export const passwordResets = pgTable(
  'password_resets',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [index('password_resets_user_idx').on(table.userId)],
);

/**
 * A sign-in whose password was right and whose second factor is still due: the browser holds
 * the secret in a short-lived cookie, so the password is never posted twice.
 */
export const signInChallenges = pgTable('sign_in_challenges', {
  secretHash: text('secret_hash').primaryKey(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});
