import type { SmsDeliveryProblem } from '@portal/domain/messages/sms-delivery-messages';
import {
  accountErrorCodes,
  type AccountSettings,
  type SessionSummary,
  type TotpEnrollment,
} from '@portal/domain/rules/account-security';
import { HttpError, type RequestOptions } from '../../lib/http/http-client.ts';
import { http } from '../../lib/http/http.ts';

export type { AccountSettings, SessionSummary, TotpEnrollment };

/**
 * The account settings API (issue "Account security"; contract in the domain's
 * rules/account-security.ts), through the one HTTP client. Its 401 and 403 answers carry their
 * own `errorCode`s (a wrong password, a wrong code, a role that must keep its second factor):
 * they are this call's refusals, not an expired sign-in, so the client hands them back
 * (`ownRefusals`) instead of renewing the token and sending a password or a code twice. The
 * screens show their own designed errors, so nothing goes to the technical-glitch page.
 */
const options: RequestOptions = {
  noErrorPage: true,
  ownRefusals: Object.values(accountErrorCodes),
};

/** A refusal the screens explain: status, `errorCode`, field codes and the figures they need. */
export interface Refusal {
  status: number;
  errorCode: string;
  fields: Record<string, string>;
  attemptsLeft?: number;
  /** From `Retry-After` (seconds or a date), else the body's `retryAfterSeconds`. */
  retryAfterSeconds?: number;
}

export type Outcome<T> =
  { kind: 'done'; data: T } | { kind: 'refused'; refusal: Refusal } | { kind: 'failed' };

function retryAfterOf(error: HttpError, body: Record<string, unknown>): number | undefined {
  const header = error.headers?.get('retry-after');
  if (header) {
    const seconds = Number(header);
    if (Number.isFinite(seconds)) return Math.max(0, seconds);
    const at = Date.parse(header);
    if (!Number.isNaN(at)) return Math.max(0, Math.ceil((at - Date.now()) / 1000));
  }
  return typeof body.retryAfterSeconds === 'number' ? body.retryAfterSeconds : undefined;
}

/** The refusal in an error, or null when the network or the server failed. */
export function refusalOf(error: unknown): Refusal | null {
  if (!(error instanceof HttpError) || error.status === 0 || error.status >= 500) return null;
  const body = (typeof error.body === 'object' && error.body !== null ? error.body : {}) as Record<
    string,
    unknown
  >;
  const fields =
    typeof body.fields === 'object' && body.fields !== null
      ? (body.fields as Record<string, string>)
      : {};
  return {
    status: error.status,
    errorCode: typeof body.errorCode === 'string' ? body.errorCode : '',
    fields,
    ...(typeof body.attemptsLeft === 'number' && { attemptsLeft: body.attemptsLeft }),
    retryAfterSeconds: retryAfterOf(error, body),
  };
}

/** Runs a call and says how it went, so each form handles three cases and no exception. */
export async function attempt<T>(call: () => Promise<T>): Promise<Outcome<T>> {
  try {
    return { kind: 'done', data: await call() };
  } catch (error) {
    const refusal = refusalOf(error);
    return refusal ? { kind: 'refused', refusal } : { kind: 'failed' };
  }
}

export type MfaFactor = 'totp' | 'sms' | 'all';

export interface RecoveryCodes {
  recoveryCodes: string[];
}

const ACCOUNT = '/account';

export const accountApi = {
  get: (signal?: AbortSignal) => http.get<AccountSettings>(ACCOUNT, { ...options, signal }),
  saveName: (name: { firstName: string; lastName: string }) =>
    http.put<AccountSettings>(`${ACCOUNT}/name`, name, options),
  saveLanguage: (language: 'en' | 'fr') =>
    http.put<AccountSettings>(`${ACCOUNT}/language`, { language }, options),

  /** A new code to the address waiting to be proved (the new one while a change is pending). */
  sendEmailCode: () =>
    http.post<{ resendAvailableAt?: string }>(`${ACCOUNT}/email-verification`, undefined, options),
  verifyEmail: (code: string) =>
    http.put<AccountSettings>(`${ACCOUNT}/email-verification`, { code }, options),
  changeEmail: (change: { email: string; password: string }) =>
    http.put<AccountSettings>(`${ACCOUNT}/email`, change, options),
  cancelEmailChange: () => http.delete<AccountSettings>(`${ACCOUNT}/email`, options),

  changePassword: (change: { currentPassword: string; newPassword: string }) =>
    http.put<void>(`${ACCOUNT}/password`, change, options),

  /** Adding a second factor asks for the password first (ASVS 7.5.1), as removing one does. */
  startTotp: (password: string) =>
    http.post<TotpEnrollment>(`${ACCOUNT}/mfa/totp`, { password }, options),
  confirmTotp: (code: string) => http.put<RecoveryCodes>(`${ACCOUNT}/mfa/totp`, { code }, options),
  startSms: (request: { phone: string; password: string }) =>
    http.post<void>(`${ACCOUNT}/mfa/sms`, request, options),
  /** Whether the last code texted to the number being set up arrived: why not, if not. */
  smsDelivery: () =>
    http.get<{ problem: SmsDeliveryProblem | null }>(`${ACCOUNT}/mfa/sms/delivery`, options),
  confirmSms: (code: string) =>
    http.put<Partial<RecoveryCodes>>(`${ACCOUNT}/mfa/sms`, { code }, options),
  disableMfa: (request: { password: string; factor: MfaFactor }) =>
    http.post<AccountSettings>(`${ACCOUNT}/mfa/disable`, request, options),
  newRecoveryCodes: (password: string) =>
    http.post<RecoveryCodes>(`${ACCOUNT}/mfa/recovery-codes`, { password }, options),

  sessions: (signal?: AbortSignal) =>
    http.get<SessionSummary[]>(`${ACCOUNT}/sessions`, { ...options, signal }),
  endSession: (id: string) =>
    http.delete<void>(`${ACCOUNT}/sessions/${encodeURIComponent(id)}`, options),
  endAllSessions: () => http.delete<void>(`${ACCOUNT}/sessions`, options),
};
