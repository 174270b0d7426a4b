import type { PartnerAgreement, WorkEmailState } from '@portal/domain/promo/partners-api';
import type { AcceptedPromoCode, PromoCodeAnswer } from '@portal/domain/promo/promo-api';
import { HttpError, type RequestOptions } from './http/http-client.ts';
import { http } from './http/http.ts';

export type { AcceptedPromoCode, PartnerAgreement };

/**
 * Promo codes, the partner agreement and the work email of an application (issue 17; the
 * contract is packages/domain/src/promo). Refusals the screens explain come back as outcomes
 * with their `errorCode`; anything else throws for the screen's own error state.
 */

/** The work email code's wrong answer is a 401 of this call, not an expired sign-in. */
const options: RequestOptions = {
  noErrorPage: true,
  ownRefusals: ['wrongCode', 'tooManyAttempts'],
};

interface RefusalBody {
  errorCode?: string;
  attemptsLeft?: number;
  retryAfterSeconds?: number;
}

export type Refusal = { ok: false; status: number; errorCode: string } & RefusalBody;

/** The refusal a screen explains (4xx with an errorCode), or the error again. */
function refusalOf(error: unknown): Refusal {
  if (!(error instanceof HttpError) || error.status < 400 || error.status >= 500) throw error;
  const body = (
    typeof error.body === 'object' && error.body !== null ? error.body : {}
  ) as RefusalBody;
  if (!body.errorCode || error.status === 404) throw error;
  return { ok: false, status: error.status, ...body, errorCode: body.errorCode };
}

async function outcome<T>(call: () => Promise<T>): Promise<{ ok: true; value: T } | Refusal> {
  try {
    return { ok: true, value: await call() };
  } catch (error) {
    return refusalOf(error);
  }
}

const base = (applicationId: string) => `/applications/${encodeURIComponent(applicationId)}`;

export const promoApi = {
  async read(applicationId: string, signal?: AbortSignal): Promise<AcceptedPromoCode | null> {
    const answer = await http.get<PromoCodeAnswer>(`${base(applicationId)}/promoCode`, {
      noErrorPage: true,
      ...(signal && { signal }),
    });
    return answer.promoCode;
  },
  apply: (applicationId: string, code: string) =>
    outcome(async () => {
      const answer = await http.put<PromoCodeAnswer>(
        `${base(applicationId)}/promoCode`,
        { code },
        options,
      );
      return answer.promoCode as AcceptedPromoCode;
    }),
  remove: (applicationId: string) =>
    outcome(() => http.delete(`${base(applicationId)}/promoCode`, options)),
};

export const partnerAgreementApi = {
  async read(applicationId: string, signal?: AbortSignal): Promise<PartnerAgreement | null> {
    const answer = await http.get<{ partnerAgreement: PartnerAgreement | null }>(
      `${base(applicationId)}/partnerAgreement`,
      { noErrorPage: true, ...(signal && { signal }) },
    );
    return answer.partnerAgreement;
  },
  /** The server reads the partner from this browser's skin cookies, sent with the call. */
  async accept(applicationId: string): Promise<PartnerAgreement> {
    const answer = await http.put<{ partnerAgreement: PartnerAgreement }>(
      `${base(applicationId)}/partnerAgreement`,
      undefined,
      { noErrorPage: true },
    );
    return answer.partnerAgreement;
  },
};

export const workEmailApi = {
  async state(applicationId: string, email: string, signal?: AbortSignal): Promise<WorkEmailState> {
    return http.get<WorkEmailState>(
      `${base(applicationId)}/workEmail?email=${encodeURIComponent(email)}`,
      { noErrorPage: true, ...(signal && { signal }) },
    );
  },
  sendCode: (applicationId: string, email: string) =>
    outcome(() =>
      http.post<{ resendAvailableAt: string }>(
        `${base(applicationId)}/workEmail/code`,
        { email },
        options,
      ),
    ),
  verify: (applicationId: string, email: string, code: string) =>
    outcome(() =>
      http.put<WorkEmailState>(`${base(applicationId)}/workEmail/verify`, { email, code }, options),
    ),
};
