import { z } from 'zod';
import { AUTH_CODE_DIGITS, AUTH_CODE_VALIDITY_HOURS } from '../constants.ts';
import { normalizeTypedCode } from './typed-code.ts';

/**
 * The joint applicant's authentication code (spec sections 4, 5, 7 and 9: `coAuthCode`). When
 * the primary applicant agrees to the review of a joint application, the joint applicant is
 * mailed a four-digit code valid 24 hours; signed in with the address it was mailed to, they
 * enter it to join the application. Client and server share these rules and this contract.
 */

export const CO_AUTH_CODE_DIGITS = AUTH_CODE_DIGITS;
export const CO_AUTH_CODE_VALIDITY_HOURS = AUTH_CODE_VALIDITY_HOURS;
export const CO_AUTH_CODE_VALIDITY_MS = CO_AUTH_CODE_VALIDITY_HOURS * 60 * 60 * 1000;
/** Wrong codes allowed per code; the last one answers 'Failed maximum number of attempts.'. */
export const CO_AUTH_CODE_MAX_ATTEMPTS = 5;
/** A new code can be asked for once a minute (a mail takes a moment to arrive). */
export const CO_AUTH_CODE_RESEND_INTERVAL_SECONDS = 60;
/**
 * New codes asked for per invitation in any 24 hours. Each new code brings fresh attempts, so
 * this bounds the guesses a day: at most (1 + 5) codes x 5 attempts = 30 of the 10,000 codes.
 */
export const CO_AUTH_CODE_MAX_RESENDS_PER_DAY = 5;

const digitsPattern = new RegExp(`^[0-9]{${CO_AUTH_CODE_DIGITS}}$`);

/** Exactly four ASCII digits: what `PUT coAuthCode/{code}` accepts. */
export const coAuthCodeSchema = z.string().regex(digitsPattern, 'coAuthCodeFormat');

/** What a person typed, without the spaces and dashes people add to read a code ("12 34"). */
export const normalizeCoAuthCode = normalizeTypedCode;

/** The message key for what was typed (after `normalizeCoAuthCode`), or null when it is valid. */
export function coAuthCodeProblem(input: string): 'coAuthCodeRequired' | 'coAuthCodeFormat' | null {
  const code = normalizeCoAuthCode(input);
  if (code === '') return 'coAuthCodeRequired';
  return coAuthCodeSchema.safeParse(code).success ? null : 'coAuthCodeFormat';
}

/** Where the joint applicant's invitation stands. */
export type CoAuthCodeState = 'waiting' | 'expired' | 'locked' | 'verified';

/**
 * The invitation as the API describes it to the person it was mailed to (never the code):
 * the body of `GET coAuthCode` (200 waiting or verified, 403 locked, 409 expired), of
 * `POST coAuthCode` (201) and of `PUT coAuthCode/{code}` (200). `status` repeats the HTTP
 * status: the spec's "status number".
 */
export interface CoAuthCodeInvitation {
  status: number;
  state: CoAuthCodeState;
  applicationId: string;
  /** The primary applicant's name as given on the application, when it is known. */
  inviterName?: string;
  /** ISO 8601. */
  expiresAt: string;
  attemptsLeft: number;
  /** When `POST coAuthCode` will next send a code (ISO 8601); null once verified. */
  resendAvailableAt: string | null;
  /** ISO 8601, once verified. */
  verifiedAt?: string;
  /** The application's status after the code was verified (`PUT` only). */
  applicationStatus?: string;
  /**
   * Whether the agreements the joint applicant accepts in joining are French first: their
   * home address (the joint profile) is in Quebec (ADR 0016).
   */
  frenchFirst?: boolean;
}

/** The `errorCode` of each coAuthCode refusal, keyed by what happened. */
/**
 * Spec section 8: the demo codes that stand for each verify answer, so support can show every
 * state. Answered only where the `demo-auth-codes` flag is on (the demo environment): nothing
 * is read, counted or changed. Elsewhere they are ordinary (wrong) codes.
 */
export const demoAuthCodeStatuses = {
  '2000': 200,
  '4010': 401,
  '4030': 403,
  '4040': 404,
} as const;
export type DemoAuthCode = keyof typeof demoAuthCodeStatuses;

export const isDemoAuthCode = (code: string): code is DemoAuthCode =>
  Object.hasOwn(demoAuthCodeStatuses, code);

export const coAuthCodeErrorCodes = {
  mismatch: 'coAuthCodeMismatch',
  maxAttempts: 'coAuthCodeMaxAttempts',
  expired: 'coAuthCodeExpired',
  notFound: 'coAuthCodeNotFound',
  resendTooSoon: 'coAuthCodeResendTooSoon',
  resendLimit: 'coAuthCodeResendLimit',
  closed: 'coAuthCodeClosed',
} as const;
