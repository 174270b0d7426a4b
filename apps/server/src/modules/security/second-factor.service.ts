import { randomInt } from 'node:crypto';
import { generateSecret, generateURI, verifySync } from 'otplib';
import QRCode from 'qrcode';
import {
  RECOVERY_CODE_COUNT,
  SMS_CODE_VALIDITY_MS,
  TOTP_PERIOD_SECONDS,
  TOTP_WINDOW_STEPS,
  type AccountSettings,
  type TotpEnrollment,
} from '@portal/domain/rules/account-security';
import { isValidPhoneNumber, normalizePhoneNumber, smsAddressOf } from '@portal/domain/rules/phone';
import { normalizeTypedCode } from '@portal/domain/rules/typed-code';
import type { Database } from '../../db/client.ts';
import type { FieldCipher } from '../../lib/crypto/field-cipher.ts';
import type { MessageLanguage } from '../outbox/outbox.service.ts';
import type { SmsDeliveryProblem } from '@portal/domain/messages/sms-delivery-messages';
import { smsDeliveryProblem } from '../outbox/sms-delivery.service.ts';
import { smsCodeText } from './account-mail.ts';
import { sendCode, verifyCode, CodeRefused } from './one-time-codes.service.ts';
import * as repo from './second-factor.repo.ts';

/**
 * Second factors (issue 11): an authenticator app (TOTP, RFC 6238, through otplib), one-time
 * codes by text message as a fallback, and ten single-use recovery codes. Secrets and phone
 * numbers are encrypted with the field cipher, bound to the person and kind; recovery codes
 * are kept as keyed hashes. A TOTP step is accepted once (replay), and every wrong code at
 * sign-in counts against the account's sign-in throttle (the routes do that).
 */

export type FactorKind = repo.FactorKind;

export class SecondFactorRefused extends Error {
  override name = 'SecondFactorRefused';
  constructor(
    readonly errorCode:
      'alreadyEnabled' | 'noEnrollment' | 'wrongCode' | 'mfaNotEnabled' | 'invalidPhone',
  ) {
    super(errorCode);
  }
}

const ISSUER = 'Laurentide Investing';
const RECOVERY_MAC_PURPOSE = 'mfa-recovery-code';
/** No 0/O, 1/l/i: a code read off paper is typed right. */
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

const secretContext = (userId: string, kind: FactorKind) => `mfa_factors:${userId}:${kind}`;

function newRecoveryCode(): string {
  const pick = () => RECOVERY_ALPHABET[randomInt(0, RECOVERY_ALPHABET.length)];
  const half = () => Array.from({ length: 5 }, pick).join('');
  return `${half()}-${half()}`;
}

const normalizeRecoveryCode = (code: string) => code.trim().toLowerCase().replace('-', '');
const recoveryHash = (cipher: FieldCipher, userId: string, code: string) =>
  cipher.mac(RECOVERY_MAC_PURPOSE, `${userId}:${normalizeRecoveryCode(code)}`);
const recoveryHashes = (cipher: FieldCipher, userId: string, code: string) =>
  cipher.macs(RECOVERY_MAC_PURPOSE, `${userId}:${normalizeRecoveryCode(code)}`);

/** `•••-•••-0199`: enough to recognise one's own number. */
export const maskPhone = (number: string) => `•••-•••-${number.slice(-4)}`;

/** The TOTP step a code belongs to, or null when it matches none within the window. */
export function totpStepOf(secret: string, code: string, now = new Date()): number | null {
  const result = verifySync({
    secret,
    token: code,
    epoch: Math.floor(now.getTime() / 1000),
    epochTolerance: TOTP_WINDOW_STEPS * TOTP_PERIOD_SECONDS,
  });
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}

export interface FactorDeps {
  db: Database;
  cipher: FieldCipher;
}

export interface MfaStatus {
  totp: boolean;
  sms: { phoneMasked: string } | null;
  recoveryCodesLeft: number;
}

export async function mfaStatusOf({ db, cipher }: FactorDeps, userId: string): Promise<MfaStatus> {
  const factors = await repo.confirmedFactorsOf(db, userId);
  const sms = factors.find((factor) => factor.kind === 'sms');
  return {
    totp: factors.some((factor) => factor.kind === 'totp'),
    sms: sms
      ? {
          phoneMasked: maskPhone(cipher.decrypt(sms.secretEncrypted, secretContext(userId, 'sms'))),
        }
      : null,
    recoveryCodesLeft: await repo.recoveryCodesLeft(db, userId),
  };
}

/** The kinds of second factor the person has confirmed (a sign-in needs one when any). */
export async function confirmedFactorKinds(db: Database, userId: string): Promise<Set<FactorKind>> {
  return new Set((await repo.confirmedFactorsOf(db, userId)).map((f) => f.kind as FactorKind));
}

export async function hasSecondFactor(db: Database, userId: string): Promise<boolean> {
  return (await confirmedFactorKinds(db, userId)).size > 0;
}

/** Starts (or restarts) setting up an authenticator app: the secret and its QR code. */
export async function startTotp(
  { db, cipher }: FactorDeps,
  user: { id: string; email: string },
): Promise<TotpEnrollment> {
  const secret = generateSecret();
  const stored = await repo.upsertPendingFactor(db, {
    userId: user.id,
    kind: 'totp',
    secretEncrypted: cipher.encrypt(secret, secretContext(user.id, 'totp')),
  });
  if (!stored) throw new SecondFactorRefused('alreadyEnabled');
  const otpauthUri = generateURI({ issuer: ISSUER, label: user.email, secret });
  // Drawn here, not by a web service: the secret never leaves the site.
  const qrSvg = await QRCode.toString(otpauthUri, {
    type: 'svg',
    margin: 2,
    errorCorrectionLevel: 'M',
  });
  return { secret: secret.match(/.{1,4}/g)?.join(' ') ?? secret, otpauthUri, qrSvg };
}

/** New recovery codes replace the old ones; answers them in plain text, once. */
export async function newRecoveryCodes({ db, cipher }: FactorDeps, userId: string) {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await repo.replaceRecoveryCodes(
    db,
    userId,
    codes.map((code) => recoveryHash(cipher, userId, code)),
  );
  return codes;
}

/** Recovery codes come with the first factor; a second factor keeps the codes already given. */
async function recoveryCodesForNewFactor(deps: FactorDeps, userId: string) {
  const left = await repo.recoveryCodesLeft(deps.db, userId);
  return left > 0 ? undefined : newRecoveryCodes(deps, userId);
}

/** Confirms the authenticator app with a code it shows; the factor then counts. */
export async function confirmTotp(
  deps: FactorDeps,
  userId: string,
  code: string,
  now = new Date(),
): Promise<{ recoveryCodes?: string[] }> {
  const factor = (await repo.factorsOf(deps.db, userId)).find((f) => f.kind === 'totp');
  if (!factor) throw new SecondFactorRefused('noEnrollment');
  if (factor.confirmedAt) throw new SecondFactorRefused('alreadyEnabled');
  const secret = deps.cipher.decrypt(factor.secretEncrypted, secretContext(userId, 'totp'));
  const step = totpStepOf(secret, code, now);
  if (step === null || !(await repo.useTotpStep(deps.db, userId, step))) {
    throw new SecondFactorRefused('wrongCode');
  }
  await repo.confirmFactor(deps.db, userId, 'totp', now);
  const recoveryCodes = await recoveryCodesForNewFactor(deps, userId);
  return recoveryCodes ? { recoveryCodes } : {};
}

/** Starts setting up text messages: stores the number and texts it a code. */
export async function startSms(
  deps: FactorDeps,
  user: { id: string; language: string },
  phone: string,
  now = new Date(),
): Promise<{ resendAvailableAt: Date }> {
  const number = normalizePhoneNumber(phone);
  if (!isValidPhoneNumber(number)) throw new SecondFactorRefused('invalidPhone');
  const factors = await repo.factorsOf(deps.db, user.id);
  if (factors.some((f) => f.kind === 'sms' && f.confirmedAt)) {
    throw new SecondFactorRefused('alreadyEnabled');
  }
  await repo.upsertPendingFactor(deps.db, {
    userId: user.id,
    kind: 'sms',
    secretEncrypted: deps.cipher.encrypt(number, secretContext(user.id, 'sms')),
  });
  return sendSmsCode(deps, user, number, 'smsSetup', now);
}

function sendSmsCode(
  { db, cipher }: FactorDeps,
  user: { id: string; language: string },
  number: string,
  purpose: 'smsSetup' | 'smsSignIn',
  now: Date,
  target: string | null = null,
) {
  const language: MessageLanguage = user.language === 'fr' ? 'fr' : 'en';
  return sendCode(db, cipher, {
    userId: user.id,
    purpose,
    target,
    validityMs: SMS_CODE_VALIDITY_MS,
    now,
    message: (code) => ({
      channel: 'sms',
      recipient: smsAddressOf(number),
      language,
      content: smsCodeText(language, { code, purpose }),
    }),
  });
}

export async function confirmSms(
  deps: FactorDeps,
  userId: string,
  code: string,
  now = new Date(),
): Promise<{ recoveryCodes?: string[] }> {
  const factor = (await repo.factorsOf(deps.db, userId)).find((f) => f.kind === 'sms');
  if (!factor) throw new SecondFactorRefused('noEnrollment');
  await verifyCode(deps.db, deps.cipher, { userId, purpose: 'smsSetup', code, now });
  await repo.confirmFactor(deps.db, userId, 'sms', now);
  const recoveryCodes = await recoveryCodesForNewFactor(deps, userId);
  return recoveryCodes ? { recoveryCodes } : {};
}

/**
 * Why the last text to the person's number did not arrive (they replied STOP, the number cannot
 * take texts, the carrier could not deliver), so the page can say so and point to the other ways:
 * the confirmed number at sign-in, the number being set up in the settings. Undefined when
 * texts get through, or there is no such number.
 */
export async function lastTextProblem(
  deps: FactorDeps,
  userId: string,
  which: 'confirmed' | 'beingSetUp',
  now = new Date(),
): Promise<SmsDeliveryProblem | undefined> {
  const sms = (await repo.factorsOf(deps.db, userId)).find(
    (f) => f.kind === 'sms' && (which === 'confirmed') === (f.confirmedAt !== null),
  );
  if (!sms) return undefined;
  const number = deps.cipher.decrypt(sms.secretEncrypted, secretContext(userId, 'sms'));
  return smsDeliveryProblem(deps.db, smsAddressOf(number), now);
}

/**
 * Texts a sign-in code to the person's confirmed number (the fallback at sign-in), bound to the
 * sign-in attempt it is for: `challenge` names it (`challengeTarget`), and the code works for
 * that attempt only (gap G6).
 */
export async function sendSignInSms(
  deps: FactorDeps,
  user: { id: string; language: string },
  challenge: string,
  now = new Date(),
): Promise<{ resendAvailableAt: Date }> {
  const sms = (await repo.confirmedFactorsOf(deps.db, user.id)).find((f) => f.kind === 'sms');
  if (!sms) throw new SecondFactorRefused('mfaNotEnabled');
  const number = deps.cipher.decrypt(sms.secretEncrypted, secretContext(user.id, 'sms'));
  return sendSmsCode(deps, user, number, 'smsSignIn', now, challenge);
}

/** Removes factors; with none left, the recovery codes go too. */
export async function disableFactors(
  { db }: FactorDeps,
  userId: string,
  kinds: readonly FactorKind[],
): Promise<void> {
  await repo.deleteFactors(db, userId, kinds);
  if ((await repo.factorsOf(db, userId)).every((factor) => !factor.confirmedAt)) {
    await repo.deleteFactors(db, userId, ['totp', 'sms']);
    await repo.replaceRecoveryCodes(db, userId, []);
  }
}

/**
 * Checks a second-factor code at sign-in: a current TOTP code (each step once), a sign-in code
 * sent by text for this very attempt (`challenge`; a sign-in without one takes no text code),
 * or an unused recovery code (spent). Answers which one it was, or null.
 */
export async function verifySecondFactor(
  deps: FactorDeps,
  userId: string,
  code: string,
  now = new Date(),
  challenge?: string,
): Promise<'totp' | 'sms' | 'recovery' | null> {
  const trimmed = normalizeTypedCode(code);
  const factors = await repo.confirmedFactorsOf(deps.db, userId);
  if (/^\d{6}$/.test(trimmed)) {
    const totp = factors.find((factor) => factor.kind === 'totp');
    if (totp) {
      const secret = deps.cipher.decrypt(totp.secretEncrypted, secretContext(userId, 'totp'));
      const step = totpStepOf(secret, trimmed, now);
      if (step !== null && (await repo.useTotpStep(deps.db, userId, step))) return 'totp';
    }
    if (challenge !== undefined && factors.some((factor) => factor.kind === 'sms')) {
      try {
        await verifyCode(deps.db, deps.cipher, {
          userId,
          purpose: 'smsSignIn',
          code: trimmed,
          target: challenge,
          now,
        });
        return 'sms';
      } catch (error) {
        if (!(error instanceof CodeRefused)) throw error;
      }
    }
    return null;
  }
  if (factors.length === 0) return null;
  const spent = await repo.spendRecoveryCode(
    deps.db,
    userId,
    // A code given under an older key keeps its hash until it is used (ADR 0043).
    recoveryHashes(deps.cipher, userId, trimmed),
    now,
  );
  return spent ? 'recovery' : null;
}

/** The second-factor part of the settings page. */
export async function mfaSettingsOf(
  deps: FactorDeps,
  user: { id: string; role: string },
  required: boolean,
): Promise<AccountSettings['mfa']> {
  return { required, ...(await mfaStatusOf(deps, user.id)) };
}

/** Seeds a confirmed TOTP factor with a known secret (the README's demo staff and advisor). */
export async function seedTotp(
  { db, cipher }: FactorDeps,
  userId: string,
  secret: string,
  now = new Date(),
): Promise<void> {
  await repo.upsertPendingFactor(db, {
    userId,
    kind: 'totp',
    secretEncrypted: cipher.encrypt(secret, secretContext(userId, 'totp')),
  });
  await repo.confirmFactor(db, userId, 'totp', now);
}
