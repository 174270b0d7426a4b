import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { coAuthCodeApi } from './co-auth-code-api.ts';
import { readAccessToken, storeAccessToken } from './session-token.ts';

const invitation = {
  status: 200,
  state: 'waiting',
  applicationId: 'aaaaaaa1-0000-4000-8000-000000000000',
  expiresAt: '2026-12-02T15:30:00Z',
  attemptsLeft: 5,
  resendAvailableAt: '2026-12-01T15:31:00Z',
};

interface Seen {
  method: string;
  path: string;
  language: string | null;
}

/** The server behind `fetch`: one answer per call, in order; authorize hands out a new token. */
function server(...answers: { status: number; body?: unknown }[]) {
  const seen: Seen[] & { security: string[] } = Object.assign([], { security: [] });
  vi.spyOn(window, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname.startsWith('/security/')) {
      seen.security.push(url.pathname);
      return new Response(url.pathname.includes('authorize') ? 'renewed-token' : null, {
        status: 200,
      });
    }
    const headers = new Headers(init?.headers);
    seen.push({
      method: init?.method ?? 'GET',
      path: url.pathname,
      language: headers.get('accept-language'),
    });
    const answer = answers.shift() ?? { status: 500, body: { errorCode: 'internalError' } };
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'content-type': 'application/json' },
    });
  });
  return seen;
}

describe('coAuthCode calls answer the spec status numbers', () => {
  beforeEach(() => {
    storeAccessToken('token-of-the-joint-applicant');
    window.location.hash = '#/auth-code';
  });
  afterEach(() => {
    vi.restoreAllMocks();
    window.location.hash = '';
  });

  it('GET: 200 the invitation, 403/409 the invitation with its state, 404 none', async () => {
    const seen = server(
      { status: 200, body: invitation },
      {
        status: 409,
        body: {
          ...invitation,
          status: 409,
          state: 'expired',
          errorCode: 'coAuthCodeExpired',
          message: 'Code expired.',
        },
      },
      { status: 404, body: { status: 404, errorCode: 'coAuthCodeNotFound', message: '…' } },
    );
    expect(await coAuthCodeApi.read()).toEqual({ status: 200, kind: 'invitation', invitation });
    expect(await coAuthCodeApi.read()).toMatchObject({
      status: 409,
      kind: 'invitation',
      invitation: { state: 'expired' },
    });
    expect(await coAuthCodeApi.read()).toEqual({ status: 404, kind: 'none' });
    expect(seen.map((call) => `${call.method} ${call.path}`)).toEqual([
      'GET /service/jaxrs/coAuthCode',
      'GET /service/jaxrs/coAuthCode',
      'GET /service/jaxrs/coAuthCode',
    ]);
  });

  it('POST: 201 sent, 429 too soon with the wait, 404 none; never the glitch page', async () => {
    server(
      { status: 201, body: { ...invitation, status: 201 } },
      {
        status: 429,
        body: {
          status: 429,
          errorCode: 'coAuthCodeResendTooSoon',
          message: '…',
          retryAfterSeconds: 42,
        },
      },
      { status: 404, body: { status: 404, errorCode: 'coAuthCodeNotFound', message: '…' } },
    );
    expect(await coAuthCodeApi.resend()).toMatchObject({ status: 201, kind: 'sent' });
    expect(await coAuthCodeApi.resend()).toEqual({
      status: 429,
      kind: 'tooSoon',
      errorCode: 'coAuthCodeResendTooSoon',
      retryAfterSeconds: 42,
    });
    expect(await coAuthCodeApi.resend()).toEqual({ status: 404, kind: 'none' });
    expect(window.location.hash).toBe('#/auth-code');
  });

  it('PUT: 200 verified, 400 invalid, 404 none, 409 expired or closed', async () => {
    const seen = server(
      { status: 200, body: { ...invitation, state: 'verified' } },
      {
        status: 400,
        body: { errorCode: 'invalidInput', message: '…', fields: { code: 'coAuthCodeFormat' } },
      },
      { status: 404, body: { status: 404, errorCode: 'coAuthCodeNotFound', message: '…' } },
      { status: 409, body: { status: 409, errorCode: 'coAuthCodeExpired', message: '…' } },
      { status: 409, body: { status: 409, errorCode: 'coAuthCodeClosed', message: '…' } },
    );
    expect(await coAuthCodeApi.verify('0427')).toMatchObject({ status: 200, kind: 'verified' });
    expect(await coAuthCodeApi.verify('0427')).toEqual({ status: 400, kind: 'invalid' });
    expect(await coAuthCodeApi.verify('0427')).toEqual({ status: 404, kind: 'none' });
    expect(await coAuthCodeApi.verify('0427')).toEqual({ status: 409, kind: 'expired' });
    expect(await coAuthCodeApi.verify('0427')).toEqual({ status: 409, kind: 'closed' });
    expect(seen[0]).toMatchObject({ method: 'PUT', path: '/service/jaxrs/coAuthCode/0427' });
    expect(seen[0]?.language).toBeTruthy();
    expect(window.location.hash).toBe('#/auth-code');
  });

  it('PUT: 400 about the agreements accepted in joining answers their fields (ADR 0016)', async () => {
    server({
      status: 400,
      body: {
        errorCode: 'englishChoiceRequired',
        message: '…',
        fields: { expressEnglishChoice: 'englishChoiceRequired' },
      },
    });
    expect(
      await coAuthCodeApi.verify('0427', {
        agreementId: 'customer-agreements-2026-11',
        hasConsent: true,
        boundLanguage: 'en',
      }),
    ).toEqual({
      status: 400,
      kind: 'agreement',
      fields: { expressEnglishChoice: 'englishChoiceRequired' },
    });
  });

  it('throws what is not an answer of the spec (500), for the screen to show its own error', async () => {
    server({ status: 500, body: { errorCode: 'internalError', message: '…' } });
    await expect(coAuthCodeApi.read()).rejects.toMatchObject({ status: 500 });
    expect(window.location.hash).toBe('#/auth-code');
  });

  it('PUT: 401 wrong code and 403 attempts used up are answers, not an expired sign-in', async () => {
    const seen = server(
      {
        status: 401,
        body: { status: 401, errorCode: 'coAuthCodeMismatch', message: '…', attemptsLeft: 4 },
      },
      {
        status: 403,
        body: { status: 403, errorCode: 'coAuthCodeMaxAttempts', message: '…', attemptsLeft: 0 },
      },
    );
    vi.stubGlobal('location', { ...window.location, assign: vi.fn() });
    try {
      expect(await coAuthCodeApi.verify('1111')).toEqual({
        status: 401,
        kind: 'mismatch',
        attemptsLeft: 4,
      });
      expect(await coAuthCodeApi.verify('1111')).toEqual({ status: 403, kind: 'locked' });
      // Each guess sent once, no token renewal, still signed in.
      expect(seen.map((call) => `${call.method} ${call.path}`)).toEqual([
        'PUT /service/jaxrs/coAuthCode/1111',
        'PUT /service/jaxrs/coAuthCode/1111',
      ]);
      expect(seen.security).not.toContain('/security/oauth/authorize');
      expect(readAccessToken()).toBe('token-of-the-joint-applicant');
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('403 emailNotVerified is an answer on every call: the caller must prove their address first', async () => {
    const refusal = { status: 403, body: { errorCode: 'emailNotVerified', message: '…' } };
    const seen = server(refusal, refusal, refusal);
    vi.stubGlobal('location', { ...window.location, assign: vi.fn() });
    try {
      const expected = { status: 403, kind: 'emailNotVerified' };
      expect(await coAuthCodeApi.read()).toEqual(expected);
      expect(await coAuthCodeApi.resend()).toEqual(expected);
      expect(await coAuthCodeApi.verify('1111')).toEqual(expected);
      expect(seen).toHaveLength(3);
      expect(seen.security).not.toContain('/security/oauth/authorize');
      expect(readAccessToken()).toBe('token-of-the-joint-applicant');
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
