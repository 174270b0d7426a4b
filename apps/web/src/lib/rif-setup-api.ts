import type { RifSetUpAnswer } from '@portal/domain/rif/rif-api';
import { isNoRifSetup } from '@portal/domain/rif/rif-payout-schema';
import { HttpError } from './http/http-client.ts';
import { http } from './http/http.ts';

/**
 * Spec section 8's check `GET rifFunding/{applicationId}`: the setups when the application's
 * income funds have their payments set up, null when the answer is the 400 'No RIF setup
 * found'; any other error is thrown. The RRIF payout screen and the funding screens ask it.
 */
export async function rifSetUpOf(
  applicationId: string,
  signal?: AbortSignal,
): Promise<RifSetUpAnswer | null> {
  try {
    return await http.get<RifSetUpAnswer>(`/rifFunding/${encodeURIComponent(applicationId)}`, {
      // Each screen shows its own designed error states: no call goes to the glitch page.
      noErrorPage: true,
      signal,
    });
  } catch (error) {
    if (error instanceof HttpError) {
      const body = error.body as { errorCode?: string } | undefined;
      if (isNoRifSetup(error.status, body?.errorCode)) return null;
    }
    throw error;
  }
}
