import { createHash, randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import argon2 from 'argon2';
import Bowser from 'bowser';
import {
  mfaRequiredFor,
  PASSWORD_RESET_MAILS_PER_HOUR,
  PASSWORD_RESET_VALIDITY_MS,
  SIGN_IN_CHALLENGE_VALIDITY_MS,
  type SessionSummary,
  type SessionTimes,
} from '@portal/domain/rules/account-security';
import {
  normalizeEmail,
  passwordProblem,
  type PasswordProblem,
  type Registration,
} from '@portal/domain/rules/account';
import type { Database } from '../../db/client.ts';
import type { FieldCipher } from '../../lib/crypto/field-cipher.ts';
import type { TokenCache } from '../../lib/token-cache/token-cache.ts';
import {
  HashingBusyError,
  type PasswordHasher,
} from '../../lib/password-hashing/password-hasher.ts';
import { enqueueMessage, type MessageLanguage } from '../outbox/outbox.service.ts';
import { passwordChangedMail, passwordResetMail, resetPasswordLink } from './account-mail.ts';
import { isCommonPassword } from './common-passwords.ts';
import { startEmailVerification } from './email-verification.service.ts';
import { confirmedFactorKinds, verifySecondFactor } from './second-factor.service.ts';
import type { SecurityPolicy } from './security-policy.ts';
import * as repo from './security.repo.ts';

export type { SecurityPolicy };
export { HashingBusyError };

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

const hashSecret = (secret: string) => createHash('sha256').update(secret).digest('base64url');
const newSecret = () => randomBytes(32).toString('base64url');

/** Verifying against this when the email is unknown keeps both answers equally slow. */
let timingDecoy: Promise<string> | undefined;
const decoyHash = () => (timingDecoy ??= argon2.hash(newSecret(), { type: argon2.argon2id }));

/** For the seeds, which run before the server takes requests (no queue needed). */
export async function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, { type: argon2.argon2id });
}

/** The password rule with the server's list of common and breached passwords. */
export const serverPasswordProblem = (password: string, email: string) =>
  passwordProblem(password, email, isCommonPassword);

const languageOf = (language: string): MessageLanguage => (language === 'fr' ? 'fr' : 'en');

const accountKey = (email: string) => `account:${email}`;
const addressKey = (address: string) => `address:${address}`;
const registerKey = (address: string) => `register:${address}`;
const resetKey = (email: string) => `reset:${email}`;
const HOUR_MS = 60 * 60_000;

export type RegisterResult =
  { outcome: 'created'; user: repo.UserRow } | { outcome: 'emailTaken' } | { outcome: 'tooMany' };

/**
 * Creates a client account and mails the code that proves the address (issue 11 hole 4), in
 * one transaction. Registrations are counted per address before the password is hashed.
 */
export async function register(
  deps: SecurityDeps,
  input: Registration,
  { address, role = 'client', now = new Date() }: { address: string; role?: Role; now?: Date },
): Promise<RegisterResult> {
  const counted = await repo.countAttempt(deps.db, registerKey(address), {
    now,
    windowStart: new Date(now.getTime() - HOUR_MS),
    limit: deps.policy.registrationsPerAddressPerHour,
    lockUntil: new Date(now.getTime() + HOUR_MS),
  });
  if (counted.lockedUntil && counted.lockedUntil > now) return { outcome: 'tooMany' };
  let passwordHash: string;
  try {
    passwordHash = await deps.hasher.hash(input.password);
  } catch (error) {
    if (error instanceof HashingBusyError) await repo.uncountAttempt(deps.db, registerKey(address));
    throw error;
  }
  return deps.db.transaction(async (tx) => {
    const user = await repo.insertUser(tx, {
      email: normalizeEmail(input.email),
      passwordHash,
      firstName: input.firstName,
      lastName: input.lastName,
      language: input.language,
      role,
    });
    if (!user) return { outcome: 'emailTaken' } as const;
    await startEmailVerification({ ...deps, db: tx }, user, { now });
    return { outcome: 'created', user } as const;
  });
}

export type SignInResult =
  | { outcome: 'signedIn'; user: repo.UserRow; sessionSecret: string }
  | { outcome: 'mfaRequired'; challengeSecret: string; hasSms: boolean }
  | { outcome: 'mfaSetupRequired' }
  | { outcome: 'rejected' }
  | { outcome: 'otpRejected'; userId?: string }
  | { outcome: 'challengeExpired' }
  | { outcome: 'locked' };

export interface Client {
  /** The caller's address (the socket's, or the trusted proxy's X-Forwarded-For). */
  address: string;
  userAgent?: string;
  /** The session this browser already holds: a new sign-in replaces it. */
  replacesSession?: string;
}

/**
 * Counts one attempt on the account and on the address before any password or code is checked
 * (one atomic upsert each, shared by every instance), so a burst can never have more than the
 * limit checked. Answers whether this attempt may go on.
 */
async function countSignInAttempt(deps: SecurityDeps, email: string, address: string, now: Date) {
  const { policy } = deps;
  const window = {
    now,
    windowStart: new Date(now.getTime() - policy.failureMemoryMs),
    lockUntil: new Date(now.getTime() + policy.lockMs),
  };
  const account = await repo.countAttempt(deps.db, accountKey(email), {
    ...window,
    limit: policy.accountLockAfterFailures,
  });
  const byAddress = await repo.countAttempt(deps.db, addressKey(address), {
    ...window,
    limit: policy.addressLockAfterFailures,
  });
  const locked = [account, byAddress].some((c) => c.lockedUntil && c.lockedUntil > now);
  return { allowed: !locked, accountCount: account.count };
}

/** The attempt succeeded: the account starts again, the address forgets this one. */
async function attemptSucceeded(deps: SecurityDeps, email: string, address: string) {
  await repo.clearThrottle(deps.db, accountKey(email));
  await repo.uncountAttempt(deps.db, addressKey(address));
}

/**
 * How long the answer to a failed attempt is held, given the failures counted on the account:
 * nothing for the first few, then one step more for each, up to `slowdownMaxMs`.
 */
export function slowdownMs(policy: SecurityPolicy, failures: number): number {
  if (failures <= policy.slowAfterFailures) return 0;
  const steps = failures - policy.slowAfterFailures;
  return Math.min(policy.slowdownMaxMs, steps * policy.slowdownStepMs);
}

/** Holds a failed attempt's answer for its `slowdownMs`. */
async function slowDown(deps: Pick<SecurityDeps, 'policy' | 'wait'>, failures: number) {
  const ms = slowdownMs(deps.policy, failures);
  if (ms > 0) await (deps.wait ?? sleep)(ms);
}

/**
 * Checks the credentials, and the second factor when the person has one (`otp`, optional: when
 * it is due and missing, a challenge lets the sign-in page ask for it without the password
 * being sent twice). The answer never tells whether the email exists.
 */
export async function signIn(
  deps: SecurityDeps,
  credentials: { username: string; password: string; otp?: string },
  client: Client,
  now = new Date(),
): Promise<SignInResult> {
  const email = normalizeEmail(credentials.username);
  const attempt = await countSignInAttempt(deps, email, client.address, now);
  if (!attempt.allowed) return { outcome: 'locked' };

  const user = await repo.findUserByEmail(deps.db, email);
  let valid: boolean;
  try {
    valid = await deps.hasher.verify(
      user?.passwordHash ?? (await decoyHash()),
      credentials.password,
    );
  } catch (error) {
    // Refused for load, not checked: the attempt does not count.
    if (error instanceof HashingBusyError) {
      await repo.uncountAttempt(deps.db, accountKey(email));
      await repo.uncountAttempt(deps.db, addressKey(client.address));
    }
    throw error;
  }
  if (!user || !valid) {
    await slowDown(deps, attempt.accountCount);
    return { outcome: 'rejected' };
  }

  const factors = await confirmedFactorKinds(deps.db, user.id);
  const hasFactor = factors.size > 0;
  if (!hasFactor && mfaRequiredFor(user.role)) return { outcome: 'mfaSetupRequired' };
  if (hasFactor) {
    if (credentials.otp === undefined || credentials.otp.trim() === '') {
      // The password was right, but the account's count stays: codes guessed next count on
      // it, so the password cannot be used to reset the count between guesses.
      await repo.uncountAttempt(deps.db, addressKey(client.address));
      const challengeSecret = newSecret();
      await repo.insertChallenge(deps.db, {
        secretHash: hashSecret(challengeSecret),
        userId: user.id,
        expiresAt: new Date(now.getTime() + SIGN_IN_CHALLENGE_VALIDITY_MS),
      });
      return { outcome: 'mfaRequired', challengeSecret, hasSms: factors.has('sms') };
    }
    const factor = await verifySecondFactor(deps, user.id, credentials.otp, now);
    if (!factor) {
      await slowDown(deps, attempt.accountCount);
      return { outcome: 'otpRejected' };
    }
  }
  await attemptSucceeded(deps, email, client.address);
  const sessionSecret = await startSession(deps, user.id, client, now);
  return { outcome: 'signedIn', user, sessionSecret };
}

/** The person a live session cookie belongs to, if any (without extending the session). */
export async function sessionUser(
  deps: Pick<SecurityDeps, 'db'>,
  sessionSecret: string | undefined,
  now = new Date(),
): Promise<repo.UserRow | undefined> {
  if (!sessionSecret) return undefined;
  const session = await repo.findLiveSession(deps.db, hashSecret(sessionSecret), now);
  return session ? repo.findUserById(deps.db, session.userId) : undefined;
}

/** What an SMS sign-in code is bound to: the sign-in attempt (challenge) it was sent for. */
export const challengeTarget = (challengeSecret: string) =>
  `challenge:${hashSecret(challengeSecret)}`;

/** The user a live sign-in challenge belongs to, if any. */
export async function challengeUser(
  deps: Pick<SecurityDeps, 'db'>,
  challengeSecret: string | undefined,
  now = new Date(),
): Promise<repo.UserRow | undefined> {
  if (!challengeSecret) return undefined;
  const challenge = await repo.findLiveChallenge(deps.db, hashSecret(challengeSecret), now);
  return challenge ? repo.findUserById(deps.db, challenge.userId) : undefined;
}

/** The second step of a sign-in: the code for the challenge the password step left. */
export async function completeSecondFactor(
  deps: SecurityDeps,
  { challengeSecret, otp }: { challengeSecret: string | undefined; otp: string },
  client: Client,
  now = new Date(),
): Promise<SignInResult> {
  const user = await challengeUser(deps, challengeSecret, now);
  if (!user || !challengeSecret) return { outcome: 'challengeExpired' };
  const attempt = await countSignInAttempt(deps, user.email, client.address, now);
  if (!attempt.allowed) return { outcome: 'locked' };
  const factor = await verifySecondFactor(
    deps,
    user.id,
    otp,
    now,
    challengeTarget(challengeSecret),
  );
  if (!factor) {
    await slowDown(deps, attempt.accountCount);
    return { outcome: 'otpRejected', userId: user.id };
  }
  await repo.deleteChallenge(deps.db, hashSecret(challengeSecret), now);
  await attemptSucceeded(deps, user.email, client.address);
  const sessionSecret = await startSession(deps, user.id, client, now);
  return { outcome: 'signedIn', user, sessionSecret };
}

/**
 * Starts a session; the one this browser held before (another person's, or the same person's
 * older one) ends with it, so a shared computer never keeps two sign-ins alive.
 */
export async function startSession(
  deps: Pick<SecurityDeps, 'db' | 'policy' | 'tokens'>,
  userId: string,
  client: Pick<Client, 'userAgent' | 'replacesSession'> = {},
  now = new Date(),
): Promise<string> {
  const { db, policy } = deps;
  if (client.replacesSession) {
    const previous = await repo.findLiveSession(db, hashSecret(client.replacesSession), now);
    if (previous) await revokeSession(deps, previous.id, now);
  }
  const sessionSecret = newSecret();
  await repo.insertSession(db, {
    userId,
    secretHash: hashSecret(sessionSecret),
    idleExpiresAt: new Date(now.getTime() + policy.sessionIdleMs),
    absoluteExpiresAt: new Date(now.getTime() + policy.sessionMaxMs),
    userAgent: client.userAgent?.slice(0, 300) ?? null,
    lastSeenAt: now,
  });
  return sessionSecret;
}

/** A fresh access token for a live session (which it also keeps alive), or null. */
export async function issueAccessToken(
  deps: Pick<SecurityDeps, 'db' | 'policy'>,
  sessionSecret: string | undefined,
  now = new Date(),
): Promise<string | null> {
  const { db, policy } = deps;
  if (!sessionSecret) return null;
  const session = await repo.findLiveSession(db, hashSecret(sessionSecret), now);
  if (!session) return null;
  await repo.extendSession(db, session.id, new Date(now.getTime() + policy.sessionIdleMs), now);
  const token = newSecret();
  await repo.insertAccessToken(db, {
    sessionId: session.id,
    userId: session.userId,
    tokenHash: hashSecret(token),
    expiresAt: new Date(now.getTime() + policy.accessTokenIdleMs),
  });
  return token;
}

const timesOf = (
  session: { idleExpiresAt: Date; absoluteExpiresAt: Date },
  now: Date,
): SessionTimes => ({
  idleExpiresAt: session.idleExpiresAt.toISOString(),
  absoluteExpiresAt: session.absoluteExpiresAt.toISOString(),
  now: now.toISOString(),
});

/** Extends a live session; answers its times, or null when there is none. */
export async function refreshSession(
  deps: Pick<SecurityDeps, 'db' | 'policy'>,
  sessionSecret: string | undefined,
  now = new Date(),
): Promise<SessionTimes | null> {
  if (!sessionSecret) return null;
  const session = await repo.findLiveSession(deps.db, hashSecret(sessionSecret), now);
  if (!session) return null;
  const extended = await repo.extendSession(
    deps.db,
    session.id,
    new Date(now.getTime() + deps.policy.sessionIdleMs),
    now,
  );
  return timesOf(extended ?? session, now);
}

/** A live session's times, without extending it (the expiry dialog reads them). */
export async function sessionTimes(
  deps: Pick<SecurityDeps, 'db'>,
  sessionSecret: string | undefined,
  now = new Date(),
): Promise<SessionTimes | null> {
  if (!sessionSecret) return null;
  const session = await repo.findLiveSession(deps.db, hashSecret(sessionSecret), now);
  return session ? timesOf(session, now) : null;
}

/** Writes a token's new expiry at most once a minute (or a quarter of its life), not per call. */
const extendGranularityMs = (policy: SecurityPolicy) =>
  Math.min(60_000, policy.accessTokenIdleMs / 4);

/** The new expiry when the stored one is more than the granularity behind, else null. */
function renewalDue(policy: SecurityPolicy, expiresAt: Date, now: Date): Date | null {
  const renewed = new Date(now.getTime() + policy.accessTokenIdleMs);
  return renewed.getTime() - expiresAt.getTime() > extendGranularityMs(policy) ? renewed : null;
}

/**
 * The user behind a live bearer token; each use keeps the token alive 15 minutes more. With a
 * `cache` (ADR 0025) a token checked in the last few seconds is answered from memory; the
 * expiry is still written when due, so a cached token does not die while in use.
 */
export async function authenticate(
  db: Database,
  policy: SecurityPolicy,
  token: string,
  now = new Date(),
  cache?: TokenCache<AuthenticatedUser>,
): Promise<{ user: AuthenticatedUser; sessionId: string } | null> {
  const tokenHash = hashSecret(token);
  const cached = cache?.get(tokenHash, now.getTime());
  if (cached) {
    const renewed = renewalDue(policy, cached.tokenExpiresAt, now);
    if (renewed) {
      // Noted first, so that the calls arriving meanwhile do not write it again.
      cache?.extended(tokenHash, renewed);
      await repo.extendAccessToken(db, cached.tokenId, renewed);
    }
    return { user: cached.user, sessionId: cached.sessionId };
  }
  const epoch = cache?.epoch ?? 0;
  const found = await repo.findLiveAccessToken(db, tokenHash, now);
  if (!found) return null;
  const renewed = renewalDue(policy, found.token.expiresAt, now);
  if (renewed) await repo.extendAccessToken(db, found.token.id, renewed);
  cache?.set(
    tokenHash,
    {
      user: found.user,
      userId: found.user.id,
      sessionId: found.token.sessionId,
      tokenId: found.token.id,
      tokenExpiresAt: renewed ?? found.token.expiresAt,
      sessionEndsAt: found.sessionEndsAt,
    },
    { now: now.getTime(), epoch },
  );
  return { user: found.user, sessionId: found.token.sessionId };
}

/** Ends a session and its tokens, and forgets them here at once (ADR 0025). */
async function revokeSession(deps: Pick<SecurityDeps, 'db' | 'tokens'>, id: string, now: Date) {
  await repo.revokeSession(deps.db, id, now);
  deps.tokens.evictSessions([id]);
  await deps.tokens.propagated();
}

/** Revokes the session (by its cookie, or the one behind a bearer token) and all its tokens. */
export async function signOut(
  deps: Pick<SecurityDeps, 'db' | 'policy' | 'tokens'>,
  { sessionSecret, token }: { sessionSecret?: string; token?: string },
  now = new Date(),
): Promise<void> {
  const { db, policy } = deps;
  if (sessionSecret) {
    const session = await repo.findLiveSession(db, hashSecret(sessionSecret), now);
    if (session) await revokeSession(deps, session.id, now);
  }
  if (token) {
    // Read from the database, not the cache: a sign-out must find the session whatever it holds.
    const found = await authenticate(db, policy, token, now);
    if (found) await revokeSession(deps, found.sessionId, now);
  }
}

/** `Firefox on Windows`, `Safari on iPhone`: enough to recognise one's own devices. */
export function deviceName(userAgent: string | null): string | null {
  if (!userAgent) return null;
  const parsed = Bowser.parse(userAgent);
  const browser = parsed.browser.name;
  const platform =
    parsed.platform.model === 'iPhone' || parsed.platform.model === 'iPad'
      ? parsed.platform.model
      : parsed.os.name;
  if (!browser && !platform) return null;
  return [browser, platform].filter(Boolean).join(' · ');
}

/** The person's live sessions for the settings page, this one marked. */
export async function listSessions(
  deps: Pick<SecurityDeps, 'db'>,
  userId: string,
  currentSessionId: string | undefined,
  now = new Date(),
): Promise<SessionSummary[]> {
  const rows = await repo.listLiveSessions(deps.db, userId, now);
  return rows.map((row) => ({
    id: row.id,
    device: deviceName(row.userAgent) ?? '',
    createdAt: row.createdAt.toISOString(),
    lastSeenAt: row.lastSeenAt.toISOString(),
    current: row.id === currentSessionId,
  }));
}

/** Ends one of the person's sessions; false when it is not theirs or not live (404). */
export async function endSession(
  deps: Pick<SecurityDeps, 'db' | 'tokens'>,
  userId: string,
  sessionId: string,
  now = new Date(),
): Promise<boolean> {
  const live = await repo.listLiveSessions(deps.db, userId, now);
  if (!live.some((session) => session.id === sessionId)) return false;
  await revokeSession(deps, sessionId, now);
  return true;
}

/** "Sign out everywhere": every session of the person ends, this one included. */
export async function endAllSessions(
  deps: Pick<SecurityDeps, 'db' | 'tokens'>,
  userId: string,
  now = new Date(),
) {
  await repo.revokeSessionsOfUser(deps.db, userId, now);
  deps.tokens.evictUser(userId);
  await deps.tokens.propagated();
}

export type PasswordChangeResult =
  | { outcome: 'changed' }
  | { outcome: 'wrongPassword' }
  | { outcome: 'locked' }
  | { outcome: 'invalid'; problem: PasswordProblem };

/** Checks a password the person typed again (changing the password or the email). */
export async function confirmPassword(
  deps: SecurityDeps,
  user: repo.UserRow,
  password: string,
  address: string,
  now = new Date(),
): Promise<'confirmed' | 'wrongPassword' | 'locked'> {
  const attempt = await countSignInAttempt(deps, user.email, address, now);
  if (!attempt.allowed) return 'locked';
  if (!(await deps.hasher.verify(user.passwordHash, password))) {
    await slowDown(deps, attempt.accountCount);
    return 'wrongPassword';
  }
  await attemptSucceeded(deps, user.email, address);
  return 'confirmed';
}

/** Writes a new password: every other session ends, reset links die, a notice mail goes out. */
async function setPassword(
  deps: SecurityDeps,
  user: repo.UserRow,
  newPassword: string,
  { keepSession, now }: { keepSession?: string; now: Date },
) {
  const hash = await deps.hasher.hash(newPassword);
  await deps.db.transaction(async (tx) => {
    await repo.updatePassword(tx, user.id, hash, now);
    await repo.revokeSessionsOfUser(tx, user.id, now, keepSession);
    await repo.spendPasswordResetsOf(tx, user.id, now);
    await repo.clearThrottle(tx, accountKey(user.email));
    const language = languageOf(user.language);
    await enqueueMessage(tx, deps.cipher, {
      channel: 'email',
      recipient: user.email,
      language,
      template: 'passwordChanged',
      content: passwordChangedMail(language, { publicUrl: deps.publicUrl }),
    });
  });
  // After the commit: evicted earlier, a call in between could cache the still-live token again.
  // The kept session's tokens go too; the next call reads them back with the new user row.
  deps.tokens.evictUser(user.id);
  await deps.tokens.propagated();
}

/** Settings: a new password, given the current one. Other sessions end. */
export async function changePassword(
  deps: SecurityDeps,
  user: repo.UserRow,
  { currentPassword, newPassword }: { currentPassword: string; newPassword: string },
  { address, sessionId }: { address: string; sessionId?: string },
  now = new Date(),
): Promise<PasswordChangeResult> {
  const problem = serverPasswordProblem(newPassword, user.email);
  if (problem) return { outcome: 'invalid', problem };
  const confirmed = await confirmPassword(deps, user, currentPassword, address, now);
  if (confirmed !== 'confirmed') return { outcome: confirmed };
  await setPassword(deps, user, newPassword, { keepSession: sessionId, now });
  return { outcome: 'changed' };
}

/**
 * "Forgot your password?": mails a single-use, 30-minute link when the address has an account,
 * at most three an hour; the caller answers the same whatever happens here.
 */
export async function requestPasswordReset(
  deps: SecurityDeps,
  emailInput: string,
  now = new Date(),
): Promise<void> {
  const email = normalizeEmail(emailInput);
  const counted = await repo.countAttempt(deps.db, resetKey(email), {
    now,
    windowStart: new Date(now.getTime() - HOUR_MS),
    limit: PASSWORD_RESET_MAILS_PER_HOUR,
    lockUntil: new Date(now.getTime() + HOUR_MS),
  });
  if (counted.lockedUntil && counted.lockedUntil > now) return;
  const user = await repo.findUserByEmail(deps.db, email);
  if (!user) return;
  const token = newSecret();
  const language = languageOf(user.language);
  await deps.db.transaction(async (tx) => {
    await repo.insertPasswordReset(tx, {
      tokenHash: hashSecret(token),
      userId: user.id,
      expiresAt: new Date(now.getTime() + PASSWORD_RESET_VALIDITY_MS),
    });
    await enqueueMessage(tx, deps.cipher, {
      channel: 'email',
      recipient: user.email,
      language,
      template: 'passwordReset',
      content: passwordResetMail(language, {
        link: resetPasswordLink(deps.publicUrl, token),
        minutes: PASSWORD_RESET_VALIDITY_MS / 60_000,
      }),
    });
  });
}

/** Whether a reset link still works (the page shows the form, or says it expired). */
export async function resetLinkUser(
  deps: Pick<SecurityDeps, 'db'>,
  token: string,
  now = new Date(),
): Promise<repo.UserRow | undefined> {
  const reset = await repo.findLivePasswordReset(deps.db, hashSecret(token), now);
  return reset ? repo.findUserById(deps.db, reset.userId) : undefined;
}

export type ResetResult =
  | { outcome: 'reset'; user: repo.UserRow }
  | { outcome: 'invalidLink' }
  | { outcome: 'invalid'; problem: PasswordProblem };

/** Spends a reset link for a new password; every session and token of the person ends. */
export async function resetPassword(
  deps: SecurityDeps,
  { token, newPassword }: { token: string; newPassword: string },
  now = new Date(),
): Promise<ResetResult> {
  const user = await resetLinkUser(deps, token, now);
  if (!user) return { outcome: 'invalidLink' };
  const problem = serverPasswordProblem(newPassword, user.email);
  if (problem) return { outcome: 'invalid', problem };
  // Spent in one statement: two submissions of one link cannot both set a password.
  const spent = await repo.spendPasswordReset(deps.db, hashSecret(token), now);
  if (!spent) return { outcome: 'invalidLink' };
  await setPassword(deps, user, newPassword, { now });
  return { outcome: 'reset', user };
}
