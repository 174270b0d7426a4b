import {
  PASSWORD_RESET_MAILS_PER_HOUR,
  PASSWORD_RESET_VALIDITY_MS,
} from '@portal/domain/rules/account-security';
import {
  normalizeEmail,
  passwordProblem,
  type PasswordProblem,
} from '@portal/domain/rules/account';
import { enqueueMessage, type MessageLanguage } from '../outbox/outbox.service.ts';
import { passwordChangedMail, passwordResetMail, resetPasswordLink } from './account-mail.ts';
import {
  accountKey,
  attemptSucceeded,
  countSignInAttempt,
  HOUR_MS,
  resetKey,
  slowDown,
} from './attempt-throttles.ts';
import { isCommonPassword } from './common-passwords.ts';
import type { SecurityDeps } from './security-deps.ts';
import * as repo from './security.repo.ts';
import { hashSecret, newSecret } from './session-secrets.ts';

/**
 * Passwords: the rule with the server's list of common ones, a password typed again to confirm
 * a change, a new password set from the settings page or with a single-use reset link (every
 * other session ends, a notice mail goes out).
 */

/** The password rule with the server's list of common and breached passwords. */
export const serverPasswordProblem = (password: string, email: string) =>
  passwordProblem(password, email, isCommonPassword);

const languageOf = (language: string): MessageLanguage => (language === 'fr' ? 'fr' : 'en');

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
