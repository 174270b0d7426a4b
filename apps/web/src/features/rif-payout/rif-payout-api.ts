import type { RifOptions, RifSetUpAnswer, RifSetupAnswer } from '@portal/domain/rif/rif-api';
import { isNoRifSetup } from '@portal/domain/rif/rif-payout-schema';
import { HttpError } from '../../lib/http/http-client.ts';
import { http } from '../../lib/http/http.ts';

export type { RifOptions, RifSetUpAnswer, RifSetupAnswer };

/** The payload of `POST rifFunding/{applicationId}`: the spec's fields and our two additions. */
export type RifPayoutPayload = Record<string, unknown>;

// The screen shows its own designed error states: no call goes to the glitch page.
const quiet = { noErrorPage: true } as const;
const path = (applicationId: string) => `/rifFunding/${encodeURIComponent(applicationId)}`;

/** RRIF payouts (server module `rif-funding`; spec section 7 `rifFunding`). */
export const rifPayoutApi = {
  options: (applicationId: string, signal?: AbortSignal) =>
    http.get<RifOptions>(`${path(applicationId)}/options`, { ...quiet, signal }),
  /**
   * Spec section 8's check: the setups when the application's funds are set up, null when the
   * answer is the 400 'No RIF setup found'; any other error is thrown.
   */
  setUp: async (applicationId: string, signal?: AbortSignal): Promise<RifSetUpAnswer | null> => {
    try {
      return await http.get<RifSetUpAnswer>(path(applicationId), { ...quiet, signal });
    } catch (error) {
      if (error instanceof HttpError) {
        const body = error.body as { errorCode?: string } | undefined;
        if (isNoRifSetup(error.status, body?.errorCode)) return null;
      }
      throw error;
    }
  },
  save: (applicationId: string, payload: RifPayoutPayload) =>
    http.post<RifSetupAnswer>(path(applicationId), payload, quiet),
};
