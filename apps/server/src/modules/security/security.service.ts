import argon2 from 'argon2';
import {
  mfaRequiredFor,
  SIGN_IN_CHALLENGE_VALIDITY_MS,
} from '@portal/domain/rules/account-security';
import { normalizeEmail, type Registration } from '@portal/domain/rules/account';
import { HashingBusyError } from '../../lib/password-hashing/password-hasher.ts';
import {
  accountKey,
  addressKey,
  attemptSucceeded,
  countSignInAttempt,
  HOUR_MS,
  registerKey,
  slowDown,
} from './attempt-throttles.ts';
import { startEmailVerification } from './email-verification.service.ts';
import { confirmedFactorKinds, verifySecondFactor } from './second-factor.service.ts';
import type { Client, Role, SecurityDeps } from './security-deps.ts';
import type { SecurityPolicy } from './security-policy.ts';
import * as repo from './security.repo.ts';
import { hashSecret, newSecret } from './session-secrets.ts';
import { startSession } from './sessions.service.ts';

/**
 * The security service (spec section 7; issues 11 and 30): creating an account and signing in,
 * with the second factor's challenge. Sessions and tokens, passwords, the attempt throttles and
 * the secrets are modules beside it (issue 32), re-exported here so callers keep one import.
 */

export type { SecurityPolicy };
export { HashingBusyError };
export { slowdownMs } from './attempt-throttles.ts';
export type {
  AuthenticatedUser,
  Client,
  Role,
  SecurityDeps,
  TokenEvictions,
} from './security-deps.ts';
export {
  authenticate,
  deviceName,
  endAllSessions,
  endSession,
  issueAccessToken,
  listSessions,
  refreshSession,
  sessionTimes,
  sessionUser,
  signOut,
  startSession,
} from './sessions.service.ts';
export {
  changePassword,
  confirmPassword,
  requestPasswordReset,
  resetLinkUser,
  resetPassword,
  serverPasswordProblem,
  type PasswordChangeResult,
  type ResetResult,
} from './passwords.service.ts';

/** Verifying against this when the email is unknown keeps both answers equally slow. */
let timingDecoy: Promise<string> | undefined;
const decoyHash = () => (timingDecoy ??= argon2.hash(newSecret(), { type: argon2.argon2id }));

/** For the seeds, which run before the server takes requests (no queue needed). */
export async function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, { type: argon2.argon2id });
}

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
