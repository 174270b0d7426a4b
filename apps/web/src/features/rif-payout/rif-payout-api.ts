import type { RifOptions, RifSetUpAnswer, RifSetupAnswer } from '@portal/domain/rif/rif-api';
import { isApplicationId, RIF_SAVE_SKIPPED } from '@portal/domain/api-contract/client-call-rules';
import { http } from '../../lib/http/http.ts';
import { rifSetUpOf } from '../../lib/rif-setup-api.ts';

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
  /** Spec section 8's check: the setups, or null when there is none yet. */
  setUp: rifSetUpOf,
  /** Skipped, answering RIF_SAVE_SKIPPED, without an application id (spec line 147). */
  save: async (
    applicationId: string | undefined,
    payload: RifPayoutPayload,
  ): Promise<RifSetupAnswer | typeof RIF_SAVE_SKIPPED> =>
    isApplicationId(applicationId)
      ? http.post<RifSetupAnswer>(path(applicationId), payload, quiet)
      : RIF_SAVE_SKIPPED,
};
