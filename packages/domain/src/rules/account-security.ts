import { z } from 'zod';
import { PASSWORD_MAX_LENGTH } from './account.ts';
import { normalizeTypedCode } from './typed-code.ts';

/**
 * Account security (issue 11): the numbers behind email verification, password recovery,
 * second factors and session expiry, and the contract of the account settings API that the
 * client and the server share. Every number carries the reason for its value.
 */

/** Six digits: a million codes, with five attempts per code (ASVS 6.6.2: one-time codes). */
export const EMAIL_CODE_DIGITS = 6;
/** Long enough to switch to the mail app and back, short enough to be useless once leaked. */
export const EMAIL_CODE_VALIDITY_MS = 30 * 60_000;
/** Wrong tries per code before it is spent: 5 in 1,000,000 leaves a guess no real chance. */
export const ONE_TIME_CODE_MAX_ATTEMPTS = 5;
/** One new code a minute: mail takes a moment, and the button must not flood an inbox. */
export const ONE_TIME_CODE_RESEND_INTERVAL_SECONDS = 60;
/** At most this many codes per purpose in any day, so attempts stay bounded (5 x 10 = 50). */
export const ONE_TIME_CODE_MAX_SENDS_PER_DAY = 10;
/** SMS codes sent at sign-in live as long as a TOTP window's tolerance makes sense for a text. */
export const SMS_CODE_VALIDITY_MS = 10 * 60_000;

/** The "single-use, 30-minute link". */
export const PASSWORD_RESET_VALIDITY_MS = 30 * 60_000;
/** Reset mails per account per hour: enough for a lost mail, too few to spam someone with. */
export const PASSWORD_RESET_MAILS_PER_HOUR = 3;

/** RFC 6238 defaults, which every authenticator app supports. */
export const TOTP_DIGITS = 6;
export const TOTP_PERIOD_SECONDS = 30;
/** One step either side: a phone clock a little off still works (RFC 6238 section 5.2). */
export const TOTP_WINDOW_STEPS = 1;
export const RECOVERY_CODE_COUNT = 10;
/** How long the second step of a sign-in may take after the right password. */
export const SIGN_IN_CHALLENGE_VALIDITY_MS = 5 * 60_000;

export { SESSION_WARNING_MS, sessionWarningLeadMs, type SessionTimes } from './session-timing.ts';

/** Roles that must sign in with a second factor (the issue: staff and advisors). */
export const MFA_REQUIRED_ROLES = ['staff', 'advisor'] as const;
export const mfaRequiredFor = (role: string): boolean =>
  (MFA_REQUIRED_ROLES as readonly string[]).includes(role);

/**
 * A six-digit code as typed (mailed, texted or shown by an authenticator app); typed in groups
 * ("399 981") it is the same code.
 */
export const sixDigitCodeSchema = z
  .string()
  .overwrite(normalizeTypedCode)
  .regex(new RegExp(`^\\d{${EMAIL_CODE_DIGITS}}$`), 'codeFormat');
/** The code mailed to verify an address. */
export const emailCodeSchema = sixDigitCodeSchema;

/**
 * A TOTP or SMS code (6 digits) or a recovery code (`xxxxx-xxxxx`, case and dash optional),
 * spaces and dashes ignored (`normalizeTypedCode`).
 */
export const secondFactorCodeSchema = z
  .string()
  .overwrite(normalizeTypedCode)
  .min(1, 'required')
  .max(32, 'invalid')
  .regex(/^(\d{6}|[A-Za-z0-9]{10})$/, 'codeFormat');

export const passwordChangeSchema = z.object({
  currentPassword: z.string().min(1, 'required').max(PASSWORD_MAX_LENGTH, 'invalid'),
  newPassword: z.string().min(1, 'required'),
});

/** `GET account` and the answer of every settings change. */
export interface AccountSettings {
  firstName: string;
  lastName: string;
  email: string;
  emailVerified: boolean;
  /** A new address waiting for its code; `email` changes once it is proved. */
  pendingEmail: string | null;
  language: 'en' | 'fr';
  mfa: {
    /** Staff and advisors cannot turn their second factor off. */
    required: boolean;
    totp: boolean;
    sms: { phoneMasked: string } | null;
    recoveryCodesLeft: number;
  };
}

/** `POST account/mfa/totp`: what the authenticator app needs. */
export interface TotpEnrollment {
  /** Base32, grouped by four for typing by hand. */
  secret: string;
  otpauthUri: string;
  /** An SVG drawn on the server, shown as an image (no third party ever sees the secret). */
  qrSvg: string;
}

/** `GET account/sessions`. */
export interface SessionSummary {
  id: string;
  /** `Firefox on Windows`, `Safari on iPhone`, ... or `Unknown device`. */
  device: string;
  createdAt: string;
  lastSeenAt: string;
  current: boolean;
}

/** The error codes of the account API and of the sign-in pages, mapped to messages by each side. */
export const accountErrorCodes = {
  wrongPassword: 'wrongPassword',
  emailTaken: 'emailTaken',
  emailNotVerified: 'emailNotVerified',
  alreadyVerified: 'alreadyVerified',
  noCodePending: 'noCodePending',
  wrongCode: 'wrongCode',
  tooManyAttempts: 'tooManyAttempts',
  codeExpired: 'codeExpired',
  tooManyCodes: 'tooManyCodes',
  alreadyEnabled: 'alreadyEnabled',
  noEnrollment: 'noEnrollment',
  mfaNotEnabled: 'mfaNotEnabled',
  mfaRequiredForRole: 'mfaRequiredForRole',
  mfaRequired: 'mfaRequired',
  sameEmail: 'sameEmail',
  signInLocked: 'signInLocked',
  busy: 'busy',
} as const;
export type AccountErrorCode = (typeof accountErrorCodes)[keyof typeof accountErrorCodes];
