import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fundingApi, type ChequeUpload } from './funding-api.ts';
import { storeAccessToken } from './session-token.ts';

const applicationId = 'aaaaaaa1-0000-4000-8000-000000000000';

/** The server behind `fetch`: records each call's path and body, answers 201 {}. */
function server() {
  const seen: { path: string; body: unknown }[] = [];
  vi.spyOn(window, 'fetch').mockImplementation(async (input, init) => {
    const path = new URL(String(input), 'http://localhost').pathname;
    // The session refresh the client may make first is not one of the calls under test.
    if (!path.startsWith('/security/')) seen.push({ path, body: init?.body });
    return new Response('{}', { status: 201, headers: { 'content-type': 'application/json' } });
  });
  return seen;
}

const cheque = (amountId?: number): ChequeUpload => ({
  finInstitution: '001',
  transitNumber: '12345',
  bankAccountNumber: '1234567',
  nickname: 'Chequing',
  currency: 'cad',
  file: new File(['%PDF-1.7'], 'cheque.pdf', { type: 'application/pdf' }),
  ...(amountId === undefined ? {} : { amountId }),
});

describe('the cheque upload (spec line 147)', () => {
  beforeEach(() => storeAccessToken('token'));
  afterEach(() => vi.restoreAllMocks());

  it('appends the cheque upload amount id only when above 0', async () => {
    const seen = server();
    await fundingApi.uploadCheque(applicationId, cheque(7));
    await fundingApi.uploadCheque(applicationId, cheque(0));
    await fundingApi.uploadCheque(applicationId, cheque());
    const amountIds = seen.map(({ body }) => (body as FormData).get('amountId'));
    expect(amountIds).toEqual(['7', null, null]);
  });
});
