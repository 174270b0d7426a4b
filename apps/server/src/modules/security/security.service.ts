import { createHash, randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import argon2 from 'argon2';
import { normalizeEmail, type Registration } from '@portal/domain';
import type { Database } from '../../db/client.ts';
import type { SecurityPolicy } from './security-policy.ts';
import * as repo from './security.repo.ts';

export type { SecurityPolicy };

export type Role = repo.UserRow['role'];
export type AuthenticatedUser = repo.UserRow;

const hashSecret = (secret: string) => createHash('sha256').update(secret).digest('base64url');
const newSecret = () => randomBytes(32).toString('base64url');

/** Verifying against this when the email is unknown keeps both answers equally slow. */
let timingDecoy: Promise<string> | undefined;
const decoyHash = () => (timingDecoy ??= argon2.hash(newSecret(), { type: argon2.argon2id }));

export async function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, { type: argon2.argon2id });
}

export async function register(
  db: Database,
  input: Registration,
  role: Role = 'client',
): Promise<repo.UserRow | 'emailTaken'> {
  const user = await repo.insertUser(db, {
    email: normalizeEmail(input.email),
    passwordHash: await hashPassword(input.password),
    firstName: input.firstName,
    lastName: input.lastName,
    language: input.language,
    role,
  });
  return user ?? 'emailTaken';
}

export type SignInResult =
  | { outcome: 'signedIn'; user: repo.UserRow; sessionSecret: string; sessionMaxAgeMs: number }
  | { outcome: 'rejected' }
  | { outcome: 'locked' };

const accountKey = (email: string) => `account:${email}`;
const addressKey = (address: string) => `address:${address}`;

/**
 * Checks the credentials. Failures are counted per account and per address in the database;
 * past a few, each answer is slowed, and past more, the account or address is locked for a
 * while. The answer never tells whether the email exists.
 */
export async function signIn(
  db: Database,
  policy: SecurityPolicy,
  credentials: { username: string; password: string; address: string },
  now = new Date(),
): Promise<SignInResult> {
  const email = normalizeEmail(credentials.username);
  const keys = [accountKey(email), addressKey(credentials.address)];
  for (const key of keys) {
    const throttle = await repo.findThrottle(db, key);
    if (throttle?.lockedUntil && throttle.lockedUntil > now) return { outcome: 'locked' };
  }

  const user = await repo.findUserByEmail(db, email);
  const valid = await argon2
    .verify(user?.passwordHash ?? (await decoyHash()), credentials.password)
    .catch(() => false);

  if (!user || !valid) {
    const resetBefore = new Date(now.getTime() - policy.failureMemoryMs);
    const [account, address] = await Promise.all(
      keys.map((key) => repo.recordFailure(db, key, now, resetBefore)),
    );
    const accountFailures = account?.failures ?? 0;
    const until = new Date(now.getTime() + policy.lockMs);
    if (accountFailures >= policy.accountLockAfterFailures) {
      await repo.lockThrottle(db, accountKey(email), until);
    }
    if ((address?.failures ?? 0) >= policy.addressLockAfterFailures) {
      await repo.lockThrottle(db, addressKey(credentials.address), until);
    }
    if (accountFailures > policy.slowAfterFailures) {
      const steps = accountFailures - policy.slowAfterFailures;
      await sleep(Math.min(policy.slowdownMaxMs, steps * policy.slowdownStepMs));
    }
    return { outcome: 'rejected' };
  }

  await repo.clearThrottle(db, accountKey(email));
  const sessionSecret = await startSession(db, policy, user.id, now);
  return { outcome: 'signedIn', user, sessionSecret, sessionMaxAgeMs: policy.sessionMaxMs };
}

/** Starts a session for a person who just created their account. */
export async function startSession(
  db: Database,
  policy: SecurityPolicy,
  userId: string,
  now = new Date(),
): Promise<string> {
  const sessionSecret = newSecret();
  await repo.insertSession(db, {
    userId,
    secretHash: hashSecret(sessionSecret),
    idleExpiresAt: new Date(now.getTime() + policy.sessionIdleMs),
    absoluteExpiresAt: new Date(now.getTime() + policy.sessionMaxMs),
  });
  return sessionSecret;
}

/** A fresh access token for a live session (which it also keeps alive), or null. */
export async function issueAccessToken(
  db: Database,
  policy: SecurityPolicy,
  sessionSecret: string | undefined,
  now = new Date(),
): Promise<string | null> {
  if (!sessionSecret) return null;
  const session = await repo.findLiveSession(db, hashSecret(sessionSecret), now);
  if (!session) return null;
  await repo.extendSession(db, session.id, new Date(now.getTime() + policy.sessionIdleMs));
  const token = newSecret();
  await repo.insertAccessToken(db, {
    sessionId: session.id,
    userId: session.userId,
    tokenHash: hashSecret(token),
    expiresAt: new Date(now.getTime() + policy.accessTokenIdleMs),
  });
  return token;
}

/** Extends a live session; answers whether there was one. */
export async function refreshSession(
  db: Database,
  policy: SecurityPolicy,
  sessionSecret: string | undefined,
  now = new Date(),
): Promise<boolean> {
  if (!sessionSecret) return false;
  const session = await repo.findLiveSession(db, hashSecret(sessionSecret), now);
  if (!session) return false;
  await repo.extendSession(db, session.id, new Date(now.getTime() + policy.sessionIdleMs));
  return true;
}

/** Writes a token's new expiry at most once a minute (or a quarter of its life), not per call. */
const extendGranularityMs = (policy: SecurityPolicy) =>
  Math.min(60_000, policy.accessTokenIdleMs / 4);

/** The user behind a live bearer token; each use keeps the token alive 15 minutes more. */
export async function authenticate(
  db: Database,
  policy: SecurityPolicy,
  token: string,
  now = new Date(),
): Promise<{ user: AuthenticatedUser; sessionId: string } | null> {
  const found = await repo.findLiveAccessToken(db, hashSecret(token), now);
  if (!found) return null;
  const renewed = new Date(now.getTime() + policy.accessTokenIdleMs);
  if (renewed.getTime() - found.token.expiresAt.getTime() > extendGranularityMs(policy)) {
    await repo.extendAccessToken(db, found.token.id, renewed);
  }
  return { user: found.user, sessionId: found.token.sessionId };
}

/** Revokes the session (by its cookie, or the one behind a bearer token) and all its tokens. */
export async function signOut(
  db: Database,
  policy: SecurityPolicy,
  { sessionSecret, token }: { sessionSecret?: string; token?: string },
  now = new Date(),
): Promise<void> {
  if (sessionSecret) {
    const session = await repo.findLiveSession(db, hashSecret(sessionSecret), now);
    if (session) await repo.revokeSession(db, session.id, now);
  }
  if (token) {
    const found = await authenticate(db, policy, token, now);
    if (found) await repo.revokeSession(db, found.sessionId, now);
  }
}
