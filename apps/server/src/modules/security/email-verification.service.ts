import { EMAIL_CODE_VALIDITY_MS } from '@portal/domain/rules/account-security';
import type { Database } from '../../db/client.ts';
import type { FieldCipher } from '../../lib/crypto/field-cipher.ts';
import { enqueueMessage, type MessageLanguage } from '../outbox/outbox.service.ts';
import { emailChangedMail, emailCodeMail } from './account-mail.ts';
import { sendCode, verifyCode, CodeRefused } from './one-time-codes.service.ts';
import * as repo from './security.repo.ts';

/**
 * Proof that a person reads mail at their address (issue 11 hole 4): a six-digit code mailed at
 * registration and on request, and for a new address before it replaces the old one. Joining a
 * joint application, signing and funding need a verified address (`requireVerifiedEmail`).
 */

interface Deps {
  db: Database;
  cipher: FieldCipher;
  publicUrl: string;
}

type User = Pick<repo.UserRow, 'id' | 'email' | 'language' | 'emailVerifiedAt' | 'pendingEmail'>;

const languageOf = (language: string): MessageLanguage => (language === 'fr' ? 'fr' : 'en');

/** The address a code would prove now: the pending new one, else the current unverified one. */
const addressToProve = (user: User) =>
  user.pendingEmail ?? (user.emailVerifiedAt ? null : user.email);

/**
 * Mails a code for the address waiting to be proved; `alreadyVerified` when none is. Throttled
 * (one a minute, ten a day) by `sendCode`.
 */
export async function startEmailVerification(
  deps: Deps,
  user: User,
  { now = new Date() }: { now?: Date } = {},
): Promise<{ resendAvailableAt: Date } | 'alreadyVerified'> {
  const address = addressToProve(user);
  if (!address) return 'alreadyVerified';
  const language = languageOf(user.language);
  return sendCode(deps.db, deps.cipher, {
    userId: user.id,
    purpose: 'emailVerification',
    target: address,
    validityMs: EMAIL_CODE_VALIDITY_MS,
    now,
    message: (code) => ({
      channel: 'email',
      recipient: address,
      language,
      content: emailCodeMail(language, {
        code,
        publicUrl: deps.publicUrl,
        minutes: EMAIL_CODE_VALIDITY_MS / 60_000,
      }),
    }),
  });
}

export type VerifyEmailResult = 'verified' | 'emailTaken';

/**
 * Proves the address the code was mailed to. For a new address, it becomes the sign-in email
 * (unless someone took it meanwhile) and the old one is told.
 */
export async function verifyEmail(
  deps: Deps,
  user: User,
  code: string,
  now = new Date(),
): Promise<VerifyEmailResult> {
  // Outside the transaction below: a wrong code's try must stay counted when it is refused.
  const { target } = await verifyCode(deps.db, deps.cipher, {
    userId: user.id,
    purpose: 'emailVerification',
    code,
    now,
  });
  if (target === user.email) {
    await repo.markEmailVerified(deps.db, user.id, now);
    return 'verified';
  }
  if (!target || target !== user.pendingEmail) throw new CodeRefused('noCodePending');
  return deps.db.transaction(async (tx) => {
    if (!(await repo.changeEmail(tx, user.id, target, now))) return 'emailTaken';
    const language = languageOf(user.language);
    await enqueueMessage(tx, deps.cipher, {
      channel: 'email',
      recipient: user.email,
      language,
      template: 'emailChanged',
      content: emailChangedMail(language, { newEmail: target }),
    });
    return 'verified';
  });
}

/** Starts changing the address: the new one waits for its code; `emailTaken` when in use. */
export async function requestEmailChange(
  deps: Deps,
  user: User,
  newEmail: string,
  now = new Date(),
): Promise<{ resendAvailableAt: Date } | 'emailTaken' | 'sameEmail'> {
  if (newEmail === user.email) return 'sameEmail';
  if (await repo.findUserByEmail(deps.db, newEmail)) return 'emailTaken';
  return deps.db.transaction(async (tx) => {
    await repo.setPendingEmail(tx, user.id, newEmail);
    const sent = await startEmailVerification(
      { ...deps, db: tx },
      { ...user, pendingEmail: newEmail },
      { now },
    );
    if (sent === 'alreadyVerified') throw new Error('a pending address is always to be proved');
    return sent;
  });
}

export async function cancelEmailChange(deps: Pick<Deps, 'db'>, user: User): Promise<void> {
  await repo.setPendingEmail(deps.db, user.id, null);
}
