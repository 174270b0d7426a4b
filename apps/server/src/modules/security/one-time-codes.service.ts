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
 * comparison), one send a minute and ten a day. Modelled on the joint applicant's code. A used
 * code's row stays, marked spent, so using a code does not restart those bounds (B-F8).
 */

export type CodePurpose =
  | 'emailVerification'
  | 'smsSignIn'
  | 'smsSetup'
  /** A partner employee's work email (issue 17, modules/promo/work-email.service.ts). */
  | 'workEmailVerification';

const CODE_MAC_PURPOSE = 'one-time-code';
/** What a spent code's hash becomes: no MAC is ever this, so no code matches it again. */
const SPENT = 'spent';

/**
 * Purposes whose target is an address the person is proving: a code to a new address may go at
 * once. For the others (a phone, a sign-in attempt) the minute between sends holds whatever
 * the target, or each new sign-in attempt would text at once.
 */
const targetIsAddress: Record<CodePurpose, boolean> = {
  emailVerification: true,
  workEmailVerification: true,
  smsSignIn: false,
  smsSetup: false,
};
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
  const newAddress = existing?.target !== input.target && targetIsAddress[input.purpose];
  const windowFresh = existing && now.getTime() - existing.sendWindowStartedAt.getTime() < DAY_MS;
  const sendCount = windowFresh ? existing.sendCount + 1 : 1;
  if (existing && !newAddress) {
    // A spent code waits its minute like a live one; only one that expired unused is replaced
    // at once (the person waited it out).
    const expiredUnused =
      existing.codeHash !== SPENT && existing.expiresAt.getTime() <= now.getTime();
    const nextAt = existing.sentAt.getTime() + RESEND_INTERVAL_MS;
    if (!expiredUnused && nextAt > now.getTime()) {
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
 * than five comparisons. A right code is spent, once. Answers the target it proved. With
 * `target`, a code sent for another target is refused as if none were pending (an SMS sign-in
 * code works only for the sign-in attempt it was sent for, gap G6).
 */
export async function verifyCode(
  db: Database,
  cipher: FieldCipher,
  {
    userId,
    purpose,
    code,
    target,
    now = new Date(),
  }: {
    userId: string;
    purpose: CodePurpose;
    code: string;
    target?: string;
    now?: Date;
  },
): Promise<{ target: string | null }> {
  const row = await repo.findCode(db, userId, purpose);
  if (!row || row.codeHash === SPENT) throw new CodeRefused('noCodePending');
  if (target !== undefined && row.target !== target) throw new CodeRefused('noCodePending');
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
  const spent = await repo.spendCode(db, {
    userId,
    purpose,
    codeHash: row.codeHash,
    spentHash: SPENT,
    now,
  });
  if (!spent) throw new CodeRefused('noCodePending');
  return { target: row.target };
}
