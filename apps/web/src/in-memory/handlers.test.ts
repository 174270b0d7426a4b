import {
  applicantContractCases,
  runContractCase,
  type Send,
} from '@portal/domain/api-contract/applicant-contract';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { inMemoryHandlers } from './handlers.ts';
import { freshState, InMemoryApi } from './in-memory-api.ts';

/**
 * The applicant's API contract (ADR 0028) against the in-memory mode's Mock Service Worker
 * handlers: the same cases the server answers in apps/server/src/test/applicant-contract.test.ts,
 * sent with `fetch` through msw/node as the browser sends them through the service worker.
 */
const ORIGIN = 'http://portal.test';
const api = new InMemoryApi();
const server = setupServer(...inMemoryHandlers(api));

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
// Each case starts from the sample data, as each server case has a person of its own.
beforeEach(() => {
  api.state = freshState();
});

const send: Send = async (request, token) => {
  const headers = new Headers({ accept: 'application/json', 'accept-language': 'en' });
  if (token && !request.path.startsWith('/security/')) {
    headers.set('authorization', `Bearer ${token}`);
  }
  if (request.body !== undefined) headers.set('content-type', 'application/json');
  const response = await fetch(`${ORIGIN}${request.path}`, {
    method: request.method,
    headers,
    ...(request.body !== undefined && { body: JSON.stringify(request.body) }),
  });
  const text = await response.text();
  let body: unknown = text === '' ? undefined : text;
  try {
    body = JSON.parse(text);
  } catch {
    // Plain text (an access token) or nothing.
  }
  return { status: response.status, body };
};

/** A token as the client gets one: authorize with the (stand-in) session. */
async function signedInToken(): Promise<string> {
  const answer = await send(
    {
      method: 'GET',
      path: '/security/oauth/authorize?client_id=clientOnlineApp&response_type=token',
    },
    undefined,
  );
  expect(answer.status).toBe(200);
  return String(answer.body);
}

describe('the applicant API contract, on the in-memory handlers', () => {
  for (const contractCase of applicantContractCases) {
    it(contractCase.name, async () => {
      const problems = await runContractCase(contractCase, send, await signedInToken());
      expect(problems).toEqual([]);
    });
  }
});

describe('the in-memory e-signature ceremony', () => {
  it('signs with the typed name and moves the application to under review', async () => {
    const token = await signedInToken();
    const problems = await runContractCase(
      applicantContractCases.find((c) => c.name.startsWith('to the review'))!,
      send,
      token,
    );
    expect(problems).toEqual([]);
    const [envelope] = api.state.envelopes;
    expect(envelope?.status).toBe('pending');
    const ceremony = `/sandbox/esign/${envelope!.id}`;
    const wrong = await send(
      { method: 'POST', path: `${ceremony}/sign`, body: { typedName: 'Sam Roy' } },
      undefined,
    );
    expect(wrong).toMatchObject({ status: 400, body: { errorCode: 'nameMismatch' } });
    // The one name rule (ADR 0012): case, spacing, the apostrophe's form and a final period
    // aside, as the server's ceremony (findings 2026-11-28, A-H1).
    envelope!.signerName = "Alex O'Martin Jr.";
    const signed = await send(
      { method: 'POST', path: `${ceremony}/sign`, body: { typedName: ' alex  o’MARTIN jr ' } },
      undefined,
    );
    expect(signed).toMatchObject({ status: 200, body: { status: 'signed' } });
    const id = envelope!.applicationId;
    const state = await send(
      { method: 'GET', path: `/service/jaxrs/applications/${id}/esign` },
      token,
    );
    expect(state.body).toMatchObject({
      status: 'signed',
      applicationStatus: 'underReview',
      canSign: false,
    });
    const summary = await send({ method: 'GET', path: `/service/jaxrs/applications/${id}` }, token);
    expect(summary.body).toMatchObject({ status: 'underReview', nextStep: 'nextsteps' });
    const copy = await send(
      { method: 'GET', path: `/service/jaxrs/applications/${id}/esign/document` },
      token,
    );
    expect(copy.status).toBe(200);
    expect(String(copy.body)).toMatch(/^%PDF-/);
  });

  it('declines: nothing is signed and the application still waits for the signature', async () => {
    const token = await signedInToken();
    await runContractCase(
      applicantContractCases.find((c) => c.name.startsWith('to the review'))!,
      send,
      token,
    );
    const [envelope] = api.state.envelopes;
    const declined = await send(
      { method: 'POST', path: `/sandbox/esign/${envelope!.id}/decline` },
      undefined,
    );
    expect(declined).toMatchObject({ status: 200, body: { status: 'declined' } });
    const state = await send(
      { method: 'GET', path: `/service/jaxrs/applications/${envelope!.applicationId}/esign` },
      token,
    );
    expect(state.body).toMatchObject({
      status: 'declined',
      applicationStatus: 'esignatureRequired',
      canSign: true,
    });
  });
});
