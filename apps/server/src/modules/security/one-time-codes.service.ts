import { randomInt } from 'node:crypto';
import {
  ONE_TIME_CODE_MAX_ATTEMPTS,
  ONE_TIME_CODE_MAX_SENDS_PER_DAY,
  ONE_TIME_CODE_RESEND_INTERVAL_SECONDS,
} from '@portal/domain/rules/account-security';
import type { Database } from '../../db/client.ts';
import type { FieldCipher } from '../../lib/crypto/field-cipher.ts';
import { enqueueMessage, type OutgoingMessage } from '../outbox/outbox.service.ts';
import * as repo from './second-factor.repo.ts';

/**
 * Short numeric codes sent by mail or text (email verification, SMS sign-in and set-up): one
 * live code per person and purpose, six digits from the system's secure generator, stored as a
 * keyed hash bound to the person and purpose, five tries each (counted atomically before the
 * comparison), one send a minute and ten a day. Modelled on the joint applicant's code.
 */

export type CodePurpose =
  | 'emailVerification'
  | 'smsSignIn'
  | 'smsSetup'
  /** A partner employee's work email (issue 17, modules/promo/work-email.service.ts). */
  | 'workEmailVerification';

const CODE_MAC_PURPOSE = 'one-time-code';
const DAY_MS = 24 * 60 * 60_000;
const RESEND_INTERVAL_MS = ONE_TIME_CODE_RESEND_INTERVAL_SECONDS * 1000;

export class CodeRefused extends Error {
  override name = 'CodeRefused';
  constructor(
    readonly errorCode:
      'noCodePending' | 'wrongCode' | 'tooManyAttempts' | 'codeExpired' | 'tooManyCodes',
    readonly details: { attemptsLeft?: number; retryAfterSeconds?: number } = {},
  ) {
    super(errorCode);
  }
}

const hashOf = (cipher: FieldCipher, userId: string, purpose: CodePurpose, code: string) =>
  cipher.mac(CODE_MAC_PURPOSE, `${userId}:${purpose}:${code}`);

export const newNumericCode = (digits = 6) =>
  String(randomInt(0, 10 ** digits)).padStart(digits, '0');

export interface SendCode {
  userId: string;
  purpose: CodePurpose;
  /** Where the code goes, kept to know what it proves (an address being verified). */
  target: string | null;
  validityMs: number;
  message: (code: string) => Omit<OutgoingMessage, 'template'>;
  now?: Date;
}

/**
 * Sends a new code, replacing the live one, unless sent less than a minute ago (an expired code
 * is replaced at once) or ten were sent in the last day: then `tooManyCodes` with the wait.
 * Call it inside the transaction of the change that asks for it; the mail goes on commit.
 */
export async function sendCode(
  db: Database,
  cipher: FieldCipher,
  input: SendCode,
): Promise<{ resendAvailableAt: Date }> {
  const now = input.now ?? new Date();
  const existing = await repo.findCode(db, input.userId, input.purpose);
  const sameTarget = existing?.target === input.target;
  const windowFresh = existing && now.getTime() - existing.sendWindowStartedAt.getTime() < DAY_MS;
  const sendCount = windowFresh ? existing.sendCount + 1 : 1;
  if (existing && sameTarget) {
    const expired = existing.expiresAt.getTime() <= now.getTime();
    const nextAt = existing.sentAt.getTime() + RESEND_INTERVAL_MS;
    if (!expired && nextAt > now.getTime()) {
      throw new CodeRefused('tooManyCodes', {
        retryAfterSeconds: Math.ceil((nextAt - now.getTime()) / 1000),
      });
    }
  }
  if (windowFresh && existing.sendCount >= ONE_TIME_CODE_MAX_SENDS_PER_DAY) {
    const until = existing.sendWindowStartedAt.getTime() + DAY_MS;
    throw new CodeRefused('tooManyCodes', {
      retryAfterSeconds: Math.ceil((until - now.getTime()) / 1000),
    });
  }
  const code = newNumericCode();
  await repo.upsertCode(db, {
    userId: input.userId,
    purpose: input.purpose,
    target: input.target,
    codeHash: hashOf(cipher, input.userId, input.purpose, code),
    expiresAt: new Date(now.getTime() + input.validityMs),
    sentAt: now,
    sendCount,
    sendWindowStartedAt: windowFresh ? existing.sendWindowStartedAt : now,
  });
  await enqueueMessage(db, cipher, { ...input.message(code), template: input.purpose });
  return { resendAvailableAt: new Date(now.getTime() + RESEND_INTERVAL_MS) };
}

/**
 * Checks a code: the try is counted first (atomically), so concurrent guesses never get more
 * than five comparisons. A right code is spent. Answers the target it proved.
 */
export async function verifyCode(
  db: Database,
  cipher: FieldCipher,
  {
    userId,
    purpose,
    code,
    now = new Date(),
  }: {
    userId: string;
    purpose: CodePurpose;
    code: string;
    now?: Date;
  },
): Promise<{ target: string | null }> {
  const row = await repo.findCode(db, userId, purpose);
  if (!row) throw new CodeRefused('noCodePending');
  if (row.expiresAt.getTime() <= now.getTime()) throw new CodeRefused('codeExpired');
  const attempts = await repo.countCodeAttempt(db, userId, purpose);
  if (attempts === undefined) throw new CodeRefused('noCodePending');
  if (attempts > ONE_TIME_CODE_MAX_ATTEMPTS) throw new CodeRefused('tooManyAttempts');
  if (!cipher.verifyMac(CODE_MAC_PURPOSE, `${userId}:${purpose}:${code}`, row.codeHash)) {
    const attemptsLeft = ONE_TIME_CODE_MAX_ATTEMPTS - attempts;
    throw attemptsLeft > 0
      ? new CodeRefused('wrongCode', { attemptsLeft })
      : new CodeRefused('tooManyAttempts');
  }
  await repo.deleteCode(db, userId, purpose);
  return { target: row.target };
}
