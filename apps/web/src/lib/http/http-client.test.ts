import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  AUTHORIZE_PATH,
  createHttpClient,
  HttpError,
  LOGOUT_PATH,
  REFRESH_SESSION_PATH,
  SESSION_TIMES_PATH,
  type HttpClientDeps,
} from './http-client.ts';

type Handler = (url: string, init: RequestInit) => Response | Promise<Response>;

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function setup(handler: Handler, token: string | null = 'token-1') {
  const calls: { url: string; init: RequestInit }[] = [];
  let stored = token;
  const deps: HttpClientDeps = {
    fetch: vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      calls.push({ url, init: init ?? {} });
      return handler(url, init ?? {});
    }) as unknown as typeof fetch,
    readToken: () => stored,
    storeToken: (value) => {
      stored = value;
    },
    clearToken: vi.fn(() => {
      stored = null;
    }),
    language: () => 'fr',
    navigate: vi.fn(),
    expiredSignIn: vi.fn(),
    username: () => 'camille@example.com',
    now: () => Date.now(),
    sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  };
  const client = createHttpClient(deps);
  const header = (index: number, name: string) => new Headers(calls[index]?.init.headers).get(name);
  const apiCalls = () => calls.filter((call) => call.url.startsWith('/service/jaxrs'));
  return { client, deps, calls, header, apiCalls, token: () => stored };
}

describe('HTTP client (spec sections 7 and 8)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-11-22T10:00:00Z'));
    vi.spyOn(console, 'warn').mockImplementation(() => {});
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('prefixes /service/jaxrs and sends the bearer token and Accept-Language on GET', async () => {
    const { client, calls, header } = setup(() => json({ ok: true }));
    await expect(client.get('/users')).resolves.toEqual({ ok: true });
    const call = calls.findIndex((c) => c.url === '/service/jaxrs/users');
    expect(header(call, 'authorization')).toBe('Bearer token-1');
    expect(header(call, 'accept-language')).toBe('fr');
  });

  it('sends JSON on POST and PUT, and leaves multipart to the browser', async () => {
    const { client, calls, header } = setup(() => json({}));
    await client.post('/things', { a: 1 });
    await client.put('/things/1', { a: 2 });
    const form = new FormData();
    form.set('file', new Blob(['x']), 'x.pdf');
    await client.post('/upload', form);
    const api = calls.filter((c) => c.url.startsWith('/service'));
    expect(new Headers(api[0]?.init.headers).get('content-type')).toBe('application/json');
    expect(api[0]?.init.body).toBe('{"a":1}');
    expect(new Headers(api[1]?.init.headers).get('content-type')).toBe('application/json');
    expect(new Headers(api[1]?.init.headers).get('accept-language')).toBe('fr');
    expect(new Headers(api[2]?.init.headers).get('content-type')).toBeNull();
    expect(api[2]?.init.body).toBe(form);
    expect(header(calls.indexOf(api[0]!), 'accept-language')).toBe('fr');
  });

  it('never sends the bearer token to the error service', async () => {
    const { client, calls } = setup(() => new Response(null, { status: 201 }));
    await client.post('/errors', { errorField: 'x' });
    const call = calls.find((c) => c.url === '/service/jaxrs/errors');
    expect(new Headers(call?.init.headers).get('authorization')).toBeNull();
  });

  it('refreshes the session at most once per 10 s while protected calls are made', async () => {
    const { client, calls } = setup(() => json({}));
    const refreshes = () => calls.filter((c) => c.url === REFRESH_SESSION_PATH).length;
    await client.get('/users');
    await client.get('/users');
    expect(refreshes()).toBe(1);
    vi.advanceTimersByTime(9_999);
    await client.get('/users');
    expect(refreshes()).toBe(1);
    vi.advanceTimersByTime(1);
    await client.get('/users');
    expect(refreshes()).toBe(2);
    expect(calls.find((c) => c.url === REFRESH_SESSION_PATH)?.init.credentials).toBe('include');
  });

  it('does not refresh a session for calls made while signed out', async () => {
    const { client, calls } = setup(() => json([]), null);
    await client.get('/references/countries');
    expect(calls.some((c) => c.url === REFRESH_SESSION_PATH)).toBe(false);
  });

  it('on 401 gets a new token through authorize and retries once', async () => {
    let first = true;
    const { client, calls, token } = setup((url, init) => {
      if (url === AUTHORIZE_PATH) return new Response('token-2', { status: 200 });
      if (url === '/service/jaxrs/users') {
        const bearer = new Headers(init.headers).get('authorization');
        if (first) {
          first = false;
          return new Response(null, { status: 401 });
        }
        return json({ bearer });
      }
      return new Response(null, { status: 204 });
    });
    await expect(client.get('/users')).resolves.toEqual({ bearer: 'Bearer token-2' });
    expect(token()).toBe('token-2');
    const authorizeCall = calls.find((c) => c.url === AUTHORIZE_PATH);
    expect(authorizeCall?.init.credentials).toBe('include');
    expect(new Headers(authorizeCall?.init.headers).get('authorization')).toBeNull();
  });

  it('hands back the call’s own refusal met after renewing an expired token, without signing out', async () => {
    let first = true;
    const { client, deps, token } = setup((url) => {
      if (url === AUTHORIZE_PATH) return new Response('token-2', { status: 200 });
      if (url === '/service/jaxrs/account/mfa/totp') {
        if (first) {
          first = false;
          // The token expired a moment before: the server has not read the password yet.
          return json({ errorCode: 'unauthorized' }, 401);
        }
        return json({ errorCode: 'wrongPassword', message: 'The password is not right.' }, 401);
      }
      return new Response(null, { status: 204 });
    });
    const refusal = await client
      .post('/account/mfa/totp', { password: 'not-it' }, { ownRefusals: ['wrongPassword'] })
      .catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(HttpError);
    expect((refusal as HttpError).status).toBe(401);
    expect(deps.expiredSignIn).not.toHaveBeenCalled();
    expect(deps.clearToken).not.toHaveBeenCalled();
    expect(token()).toBe('token-2');
  });

  it('treats 403 like 401', async () => {
    let first = true;
    const { client } = setup((url) => {
      if (url === AUTHORIZE_PATH) return new Response('token-2');
      if (url.startsWith('/service')) {
        if (first) {
          first = false;
          return new Response(null, { status: 403 });
        }
        return json({ fine: true });
      }
      return new Response(null, { status: 204 });
    });
    await expect(client.get('/users')).resolves.toEqual({ fine: true });
  });

  it('logs out and goes to sign-in when authorize itself answers 401', async () => {
    const { client, deps, token } = setup((url) =>
      url.startsWith('/security/oauth')
        ? new Response(null, { status: 401 })
        : url.startsWith('/service')
          ? new Response(null, { status: 401 })
          : new Response(null, { status: 204 }),
    );
    await expect(client.get('/users')).rejects.toMatchObject({ status: 401 });
    expect(token()).toBeNull();
    expect(deps.expiredSignIn).toHaveBeenCalledTimes(1);
    expect(deps.navigate).not.toHaveBeenCalled();
  });

  it('tries a network failure 3 times in all, 2 s apart, then fails', async () => {
    const { client, apiCalls, deps } = setup((url) => {
      if (url.startsWith('/service')) throw new TypeError('Failed to fetch');
      return new Response(null, { status: 204 });
    });
    const result = client.get('/users', { noErrorPage: true }).catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(0);
    expect(apiCalls()).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1_999);
    expect(apiCalls()).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(apiCalls()).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(apiCalls()).toHaveLength(3);
    const error = await result;
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).status).toBe(0);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(apiCalls()).toHaveLength(3);
    expect(deps.navigate).not.toHaveBeenCalled();
  });

  it('succeeds on the second attempt when the network comes back', async () => {
    let failures = 1;
    const { client } = setup((url) => {
      if (url.startsWith('/service') && failures-- > 0) throw new TypeError('offline');
      return json({ back: true });
    });
    const result = client.get('/users');
    await vi.advanceTimersByTimeAsync(2_000);
    await expect(result).resolves.toEqual({ back: true });
  });

  it('sends a save refused 503 busy with Retry-After again after the wait the server asks', async () => {
    let busy = 1;
    const { client, apiCalls } = setup((url) =>
      url.startsWith('/service') && busy-- > 0
        ? new Response(JSON.stringify({ errorCode: 'busy' }), {
            status: 503,
            headers: { 'retry-after': '1', 'content-type': 'application/json' },
          })
        : json({ saved: true }),
    );
    const result = client.put('/applications/a/steps/goals', { version: 1 });
    await vi.advanceTimersByTimeAsync(999);
    expect(apiCalls()).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    await expect(result).resolves.toEqual({ saved: true });
    expect(apiCalls()).toHaveLength(2);
  });

  it('answers the 503 after 3 busy answers, and never waits more than 5 s between them', async () => {
    const { client, apiCalls } = setup((url) =>
      url.startsWith('/service')
        ? new Response(JSON.stringify({ errorCode: 'busy' }), {
            status: 503,
            headers: { 'retry-after': '120', 'content-type': 'application/json' },
          })
        : new Response(null, { status: 204 }),
    );
    const result = client.get('/users', { noErrorPage: true }).catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(apiCalls()).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(apiCalls()).toHaveLength(3);
    const error = await result;
    expect((error as HttpError).status).toBe(503);
  });

  it('does not send a 503 without Retry-After again', async () => {
    const { client, apiCalls } = setup((url) =>
      url.startsWith('/service')
        ? json({ errorCode: 'bureauOffline' }, 503)
        : new Response(null, { status: 204 }),
    );
    const error = await client.get('/identity', { noErrorPage: true }).catch((e: unknown) => e);
    expect((error as HttpError).status).toBe(503);
    expect(apiCalls()).toHaveLength(1);
  });

  it('takes a 200 whose body does not parse as a success with the text', async () => {
    const { client } = setup(() => new Response('plain words', { status: 200 }));
    await expect(client.get('/something')).resolves.toBe('plain words');
  });

  it('reports other errors at most once per 30 s and always shows the error page', async () => {
    const { client, calls, deps } = setup((url) =>
      url === '/service/jaxrs/errors'
        ? new Response(null, { status: 201 })
        : url.startsWith('/service')
          ? json({ errorCode: 'internalError' }, 500)
          : new Response(null, { status: 204 }),
    );
    const reports = () => calls.filter((c) => c.url === '/service/jaxrs/errors');
    await expect(client.get('/users')).rejects.toMatchObject({ status: 500 });
    await vi.advanceTimersByTimeAsync(0);
    expect(reports()).toHaveLength(1);
    expect(JSON.parse(String(reports()[0]?.init.body))).toMatchObject({
      errorField: '500 /users',
      username: 'camille@example.com',
    });
    expect(deps.navigate).toHaveBeenCalledWith('/error');

    vi.advanceTimersByTime(29_999);
    await expect(client.get('/users')).rejects.toMatchObject({ status: 500 });
    expect(reports()).toHaveLength(1);
    expect(deps.navigate).toHaveBeenCalledTimes(2);

    vi.advanceTimersByTime(1);
    await expect(client.get('/users')).rejects.toMatchObject({ status: 500 });
    await vi.advanceTimersByTimeAsync(0);
    expect(reports()).toHaveLength(2);
  });

  it('reports a failure the screen survived without leaving it, under the same throttle', async () => {
    const { client, calls, deps } = setup((url) =>
      url === '/service/jaxrs/errors'
        ? new Response(null, { status: 201 })
        : json({ errorCode: 'internalError' }, 500),
    );
    const reports = () => calls.filter((c) => c.url === '/service/jaxrs/errors');
    client.report('notice ResizeObserver loop completed with undelivered notifications.');
    await vi.advanceTimersByTimeAsync(0);
    expect(reports()).toHaveLength(1);
    expect(new Headers(reports()[0]?.init.headers).has('authorization')).toBe(false);
    expect(JSON.parse(String(reports()[0]?.init.body))).toMatchObject({
      errorField: 'notice ResizeObserver loop completed with undelivered notifications.',
      username: 'camille@example.com',
    });
    expect(deps.navigate).not.toHaveBeenCalled();
    // A failed call within 30 s still shows the error page, its report held back.
    await expect(client.get('/users')).rejects.toMatchObject({ status: 500 });
    expect(reports()).toHaveLength(1);
    expect(deps.navigate).toHaveBeenCalledWith('/error');
  });

  it('lets a call opt out of the error page', async () => {
    const { client, deps, calls } = setup(() => json({ errorCode: 'conflict' }, 409));
    await expect(client.put('/x', {}, { noErrorPage: true })).rejects.toMatchObject({
      status: 409,
      body: { errorCode: 'conflict' },
    });
    expect(deps.navigate).not.toHaveBeenCalled();
    expect(calls.some((c) => c.url === '/service/jaxrs/errors')).toBe(false);
  });

  it('logs out without a bearer header and only logs a failure', async () => {
    const { client, calls, token } = setup(() => {
      throw new TypeError('offline');
    });
    await expect(client.logout()).resolves.toBeUndefined();
    expect(token()).toBeNull();
    const call = calls.find((c) => c.url === LOGOUT_PATH);
    expect(new Headers(call?.init.headers).get('authorization')).toBeNull();
    expect(call?.init.credentials).toBe('include');
    expect(console.warn).toHaveBeenCalledWith('logout call failed', expect.any(TypeError));
  });

  describe('session times (the expiry warning)', () => {
    const times = {
      idleExpiresAt: '2026-11-22T10:15:00Z',
      absoluteExpiresAt: '2026-11-22T18:00:00Z',
      now: '2026-11-22T10:00:00Z',
    };
    const withTimes = (deps: HttpClientDeps) => {
      const heard: unknown[] = [];
      deps.sessionTimes = (value) => heard.push(value);
      deps.isSessionTimes = (value): value is typeof times =>
        typeof value === 'object' && value !== null && 'idleExpiresAt' in value;
      return heard;
    };

    it('hands on the times each refreshsession answers, and ignores a bare 204', async () => {
      let refreshAnswer = () => json(times);
      const { client, deps } = setup((url) =>
        url === REFRESH_SESSION_PATH ? refreshAnswer() : json({}),
      );
      const heard = withTimes(deps);
      await client.get('/users');
      await vi.advanceTimersByTimeAsync(0);
      expect(heard).toEqual([times]);
      refreshAnswer = () => new Response(null, { status: 204 });
      vi.advanceTimersByTime(10_000);
      await client.get('/users');
      await vi.advanceTimersByTimeAsync(0);
      expect(heard).toHaveLength(1);
    });

    it('extends on request whatever the throttle says, and says when the session is gone', async () => {
      let status = 200;
      const { client, deps, calls } = setup((url) =>
        url === REFRESH_SESSION_PATH
          ? status === 200
            ? json(times)
            : json({ errorCode: 'signInRequired' }, status)
          : json({}),
      );
      const heard = withTimes(deps);
      await client.get('/users');
      await expect(client.extendSession()).resolves.toEqual(times);
      expect(calls.filter((c) => c.url === REFRESH_SESSION_PATH)).toHaveLength(2);
      status = 401;
      await expect(client.extendSession()).resolves.toBeNull();
      // The refresh just made counts for the throttle.
      await client.get('/users');
      expect(calls.filter((c) => c.url === REFRESH_SESSION_PATH)).toHaveLength(3);
      expect(heard.length).toBeGreaterThanOrEqual(2);
    });

    it('reads the times without extending the session, with the cookie and no bearer', async () => {
      const { client, deps, calls } = setup((url) =>
        url === SESSION_TIMES_PATH ? json(times) : json({}),
      );
      const heard = withTimes(deps);
      await expect(client.readSessionTimes()).resolves.toEqual(times);
      expect(heard).toEqual([times]);
      const call = calls.find((c) => c.url === SESSION_TIMES_PATH);
      expect(call?.init.credentials).toBe('include');
      expect(new Headers(call?.init.headers).get('authorization')).toBeNull();
      expect(calls.some((c) => c.url === REFRESH_SESSION_PATH)).toBe(false);
    });

    it('asks nothing once the tab holds no token (signing out cleared it)', async () => {
      const { client, deps, calls } = setup(() => json(times), null);
      withTimes(deps);
      await expect(client.readSessionTimes()).resolves.toBeNull();
      expect(calls).toEqual([]);
    });

    it('answers null when the server has no times to give', async () => {
      const { client, deps } = setup(() => new Response(null, { status: 404 }));
      withTimes(deps);
      await expect(client.readSessionTimes()).resolves.toBeNull();
    });
  });

  it('keeps the headers of a refusal (Retry-After) on the error', async () => {
    const { client } = setup(
      () =>
        new Response(JSON.stringify({ errorCode: 'tooManyCodes' }), {
          status: 429,
          headers: { 'retry-after': '60', 'content-type': 'application/json' },
        }),
    );
    const error = await client
      .post('/account/email-verification', undefined, { noErrorPage: true })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).headers?.get('retry-after')).toBe('60');
  });

  it('leaves the person on the screen at a refusal by the rate limit, and hands it to the notice', async () => {
    const { client, deps, apiCalls } = setup(
      () =>
        new Response(JSON.stringify({ errorCode: 'rateLimited', message: '…' }), {
          status: 429,
          headers: { 'retry-after': '42', 'content-type': 'application/json' },
        }),
    );
    const rateLimited = vi.fn();
    const withNotice = createHttpClient({ ...deps, rateLimited });
    const error = await withNotice.put('/account/language', { language: 'en' }).catch((e) => e);
    expect((error as HttpError).status).toBe(429);
    expect(rateLimited).toHaveBeenCalledWith('rateLimited', 42);
    expect(deps.navigate).not.toHaveBeenCalled();
    // Not a glitch: no error report is sent, and the call is not repeated.
    expect(apiCalls().map((call) => call.url)).toEqual(['/service/jaxrs/account/language']);
    // Another 429 (a code's own throttle) is the screen's to handle, as before.
    await client.post('/account/email-verification').catch(() => {});
    expect(deps.navigate).toHaveBeenCalledWith('/error');
  });
});
