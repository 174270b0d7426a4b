import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RIF_SAVE_SKIPPED } from '@portal/domain/api-contract/client-call-rules';
import { storeAccessToken } from '../../lib/session-token.ts';
import { rifPayoutApi } from './rif-payout-api.ts';

const applicationId = 'aaaaaaa1-0000-4000-8000-000000000000';

/** The server behind `fetch`: records each call's path, answers 201 {}. */
function server() {
  const seen: string[] = [];
  vi.spyOn(window, 'fetch').mockImplementation(async (input) => {
    const path = new URL(String(input), 'http://localhost').pathname;
    // The session refresh the client may make first is not one of the calls under test.
    if (!path.startsWith('/security/')) seen.push(path);
    return new Response('{}', { status: 201, headers: { 'content-type': 'application/json' } });
  });
  return seen;
}

describe('the RIF payout save (spec line 147)', () => {
  beforeEach(() => storeAccessToken('token'));
  afterEach(() => vi.restoreAllMocks());

  it('skips the RIF payout save, answering -1, without an application id', async () => {
    const seen = server();
    expect(await rifPayoutApi.save(undefined, {})).toBe(RIF_SAVE_SKIPPED);
    expect(await rifPayoutApi.save('', {})).toBe(-1);
    expect(await rifPayoutApi.save('-1', {})).toBe(-1);
    expect(seen).toEqual([]);
    await rifPayoutApi.save(applicationId, {});
    expect(seen).toEqual([expect.stringMatching(new RegExp(`/rifFunding/${applicationId}$`))]);
  });
});
