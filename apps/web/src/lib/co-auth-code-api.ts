import type { CoAuthCodeInvitation } from '@portal/domain/rules/co-auth-code';
import { HttpError, type RequestOptions } from './http/http-client.ts';
import { http } from './http/http.ts';

export type { CoAuthCodeInvitation };

/**
 * The joint applicant's code (spec section 7: `coAuthCode`; server module `co-auth-code`).
 * Each call answers the spec's status number with what it means, so the screen never reads
 * HTTP errors itself: 200/201 with the invitation; 401 wrong code; 403 attempts used up;
 * 404 no invitation for this address; 409 expired; 429 asked too soon; 403 `emailNotVerified`
 * when the caller has not proved their own address yet (issue "Account security").
 */

/** The caller must prove their email address before joining (a link to verify it helps). */
type EmailNotVerified = { status: 403; kind: 'emailNotVerified' };

export type ReadOutcome =
  | { status: 200 | 403 | 409; kind: 'invitation'; invitation: CoAuthCodeInvitation }
  | { status: 404; kind: 'none' }
  | EmailNotVerified;

export type ResendOutcome =
  | { status: 201; kind: 'sent'; invitation: CoAuthCodeInvitation }
  | { status: 429; kind: 'tooSoon'; errorCode: string; retryAfterSeconds: number }
  | { status: 404; kind: 'none' }
  | EmailNotVerified;

export type VerifyOutcome =
  | { status: 200; kind: 'verified'; invitation: CoAuthCodeInvitation }
  | { status: 400; kind: 'invalid' }
  /** The agreements accepted in joining were refused: field to message code (ADR 0016). */
  | { status: 400; kind: 'agreement'; fields: Record<string, string> }
  | { status: 401; kind: 'mismatch'; attemptsLeft: number }
  | { status: 403; kind: 'locked' }
  | { status: 404; kind: 'none' }
  | { status: 409; kind: 'expired' | 'closed' }
  | EmailNotVerified;

/**
 * These calls answer 401 and 403 as their own refusals (a wrong code, attempts used up), told
 * apart from an expired sign-in by their `errorCode`; the shared client must hand them back
 * instead of renewing the token and retrying (which would count a guess twice) or signing the
 * person out. `ownRefusals` asks it to; the screen shows its own designed errors, so no call
 * goes to the technical-glitch page either.
 */
const options: RequestOptions = {
  noErrorPage: true,
  ownRefusals: ['coAuthCodeMismatch', 'coAuthCodeMaxAttempts', 'emailNotVerified'],
};

const EMAIL_NOT_VERIFIED = 'emailNotVerified';

interface RefusalBody {
  errorCode?: string;
  fields?: Record<string, string>;
  attemptsLeft?: number;
  retryAfterSeconds?: number;
}

/** The refusal's status and body, or the error again when it is not an HTTP answer. */
function refusalOf(error: unknown): { status: number; body: RefusalBody } {
  if (!(error instanceof HttpError) || error.status === 0) throw error;
  const body = typeof error.body === 'object' && error.body !== null ? error.body : {};
  return { status: error.status, body: body as RefusalBody };
}

const PATH = '/coAuthCode';

/** The customer agreements accepted in joining: the review step's answer. */
export interface JoinAgreement {
  agreementId: string;
  hasConsent: true;
  boundLanguage: 'en' | 'fr';
  expressEnglishChoice?: boolean;
}

export const coAuthCodeApi = {
  /** GET coAuthCode: where the invitation mailed to the caller's address stands. */
  async read(signal?: AbortSignal): Promise<ReadOutcome> {
    try {
      const invitation = await http.get<CoAuthCodeInvitation>(PATH, { ...options, signal });
      return { status: 200, kind: 'invitation', invitation };
    } catch (error) {
      const { status, body } = refusalOf(error);
      if (status === 404) return { status, kind: 'none' };
      if (status === 403 && body.errorCode === EMAIL_NOT_VERIFIED) {
        return { status, kind: 'emailNotVerified' };
      }
      if ((status === 403 || status === 409) && 'applicationId' in body) {
        return { status, kind: 'invitation', invitation: body as CoAuthCodeInvitation };
      }
      throw error;
    }
  },

  /** POST coAuthCode (empty body): a new code by mail, valid 24 hours again. */
  async resend(): Promise<ResendOutcome> {
    try {
      const invitation = await http.post<CoAuthCodeInvitation>(PATH, undefined, options);
      return { status: 201, kind: 'sent', invitation };
    } catch (error) {
      const { status, body } = refusalOf(error);
      if (status === 404) return { status, kind: 'none' };
      if (status === 403 && body.errorCode === EMAIL_NOT_VERIFIED) {
        return { status, kind: 'emailNotVerified' };
      }
      if (status === 429) {
        return {
          status,
          kind: 'tooSoon',
          errorCode: body.errorCode ?? 'coAuthCodeResendTooSoon',
          retryAfterSeconds: body.retryAfterSeconds ?? 60,
        };
      }
      throw error;
    }
  },

  /**
   * PUT coAuthCode/{code}: proves the code; on success the caller joins the application,
   * accepting the customer agreements `agreement` names (the review's answer, ADR 0016).
   */
  async verify(code: string, agreement?: JoinAgreement): Promise<VerifyOutcome> {
    try {
      const invitation = await http.put<CoAuthCodeInvitation>(
        `${PATH}/${encodeURIComponent(code)}`,
        agreement,
        options,
      );
      return { status: 200, kind: 'verified', invitation };
    } catch (error) {
      const { status, body } = refusalOf(error);
      switch (status) {
        case 400: {
          const fields = Object.fromEntries(
            Object.entries(body.fields ?? {}).filter(([field]) => field !== 'code'),
          );
          return Object.keys(fields).length > 0
            ? { status, kind: 'agreement', fields }
            : { status, kind: 'invalid' };
        }
        case 401:
          return { status, kind: 'mismatch', attemptsLeft: body.attemptsLeft ?? 0 };
        case 403:
          return body.errorCode === EMAIL_NOT_VERIFIED
            ? { status, kind: 'emailNotVerified' }
            : { status, kind: 'locked' };
        case 404:
          return { status, kind: 'none' };
        case 409:
          return {
            status,
            kind: body.errorCode === 'coAuthCodeClosed' ? 'closed' : 'expired',
          };
        default:
          throw error;
      }
    }
  },
};
