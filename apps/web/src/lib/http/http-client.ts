import {
  BUSY_RETRY_ATTEMPTS,
  BUSY_RETRY_MAX_WAIT_MS,
  ERROR_REPORT_THROTTLE_MS,
  NETWORK_RETRY_ATTEMPTS,
  NETWORK_RETRY_DELAY_MS,
  OAUTH_CLIENT_ID,
  SESSION_REFRESH_THROTTLE_MS,
} from '@portal/domain/constants';
import {
  isRateLimitErrorCode,
  type RateLimitErrorCode,
} from '@portal/domain/messages/rate-limit-messages';
import type { SessionTimes } from '@portal/domain/rules/session-timing';

export const API_BASE = '/service/jaxrs';
export const AUTHORIZE_PATH = `/security/oauth/authorize?client_id=${OAUTH_CLIENT_ID}&response_type=token`;
export const REFRESH_SESSION_PATH = '/security/auth/refreshsession';
/** The session's times without extending it (cookie, no bearer). */
export const SESSION_TIMES_PATH = '/security/auth/session';
export const LOGOUT_PATH = '/security/logout?skipredirect=true';
const ERRORS_PATH = '/errors';

/** A failed call: `status` 0 means the network failed. */
export class HttpError extends Error {
  override name = 'HttpError';
  constructor(
    readonly status: number,
    readonly body: unknown,
    readonly path: string,
    /** The answer's headers (`Retry-After`), when there was an answer. */
    readonly headers?: Headers,
  ) {
    super(`${path} answered ${status}`);
  }
}

export interface RequestOptions {
  /** JSON by default; a FormData body is sent as multipart by the browser itself. */
  body?: unknown;
  /** Handle the error here instead of going to the technical-glitch page. */
  noErrorPage?: boolean;
  signal?: AbortSignal;
  /** `blob` answers a successful body as bytes (a stored file), untouched by text decoding. */
  responseType?: 'json' | 'blob';
  /**
   * The `errorCode`s of 401/403 answers that are this call's own refusals, not an expired
   * sign-in (the joint applicant's code: `coAuthCodeMismatch`, `coAuthCodeMaxAttempts`). Such an
   * answer is handed back like any refusal: no token renewal, no second send, no sign-out.
   */
  ownRefusals?: readonly string[];
}

/** What the client needs from its surroundings; injected so every rule is testable. */
export interface HttpClientDeps {
  fetch: typeof fetch;
  readToken(): string | null;
  storeToken(token: string): void;
  clearToken(): void;
  language(): string;
  /** Sends the person to a screen of the app (`/error`). */
  navigate(path: string): void;
  /** The sign-in has expired: clear everything and go to the sign-in page. */
  expiredSignIn(): void;
  /** Who to name in an error report. */
  username(): string;
  /**
   * The session's times, from each `refreshsession` that answers them (and from
   * `readSessionTimes`), so the expiry warning can follow the session (WCAG 2.2.1).
   */
  sessionTimes?(times: SessionTimes): void;
  /** Tells whether an answer carries session times (an older server answers 204). */
  isSessionTimes?(value: unknown): value is SessionTimes;
  now(): number;
  sleep(ms: number): Promise<void>;
  /**
   * The API's rate limit refused the call (429 `rateLimited` or `tooManyNewApplications`): the
   * screen stays, and says why (issue 30). Without it such a refusal is any other failure.
   */
  rateLimited?(errorCode: RateLimitErrorCode, retryAfterSeconds: number | undefined): void;
}

/** The `errorCode` of a refusal by the API's rate limit, else undefined. */
function rateLimitCodeOf(error: HttpError): RateLimitErrorCode | undefined {
  if (error.status !== 429) return undefined;
  const errorCode = (error.body as { errorCode?: unknown } | undefined)?.errorCode;
  return isRateLimitErrorCode(errorCode) ? errorCode : undefined;
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Calls that never carry the bearer header (spec section 7). */
function withoutBearer(url: string): boolean {
  return url === `${API_BASE}${ERRORS_PATH}` || url.startsWith('/security/');
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    // Spec section 8: a 200 whose body does not parse is a success with the text.
    return text;
  }
}

/** A 401/403 whose `errorCode` the call named as its own refusal (`ownRefusals`). */
async function isOwnRefusal(response: Response, options: RequestOptions): Promise<boolean> {
  if (!options.ownRefusals?.length) return false;
  const body = await readBody(response.clone()).catch(() => undefined);
  const errorCode = (body as { errorCode?: unknown } | undefined)?.errorCode;
  return typeof errorCode === 'string' && options.ownRefusals.includes(errorCode);
}

export function createHttpClient(deps: HttpClientDeps) {
  let lastRefreshAt = Number.NEGATIVE_INFINITY;
  let lastReportAt = Number.NEGATIVE_INFINITY;

  /** Hands on the session's times when the answer carries them; answers what it read. */
  async function readTimes(response: Response): Promise<SessionTimes | undefined> {
    if (response.status !== 200) return undefined;
    const body = await readBody(response).catch(() => undefined);
    if (!deps.isSessionTimes?.(body)) return undefined;
    deps.sessionTimes?.(body);
    return body;
  }

  /** Keeps the server session alive, at most once per 10 s, never blocking the call. */
  function refreshSession(): void {
    const now = deps.now();
    if (now - lastRefreshAt < SESSION_REFRESH_THROTTLE_MS) return;
    lastRefreshAt = now;
    deps
      .fetch(REFRESH_SESSION_PATH, { credentials: 'include' })
      .then(readTimes)
      .catch((error: unknown) => console.warn('session refresh failed', error));
  }

  /** Status 0 (the network failed) is tried 3 times in all, 2 s apart. */
  async function fetchOrNetworkRetry(url: string, init: RequestInit): Promise<Response> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await deps.fetch(url, init);
      } catch (error) {
        if (init.signal?.aborted || attempt >= NETWORK_RETRY_ATTEMPTS) throw error;
        await deps.sleep(NETWORK_RETRY_DELAY_MS);
      }
    }
  }

  /**
   * A 503 with Retry-After was refused before it ran (the server was too busy to take it), so
   * it is safe to send again, whatever its method: tried 3 times in all, waiting what the
   * server asks (at most 5 s). Past that the 503 is the answer.
   */
  async function fetchWithRetry(url: string, init: RequestInit): Promise<Response> {
    for (let attempt = 1; ; attempt += 1) {
      const response = await fetchOrNetworkRetry(url, init);
      const retryAfter = Number(response.headers.get('retry-after'));
      if (
        response.status !== 503 ||
        !Number.isFinite(retryAfter) ||
        !response.headers.has('retry-after') ||
        attempt >= BUSY_RETRY_ATTEMPTS ||
        init.signal?.aborted
      ) {
        return response;
      }
      await deps.sleep(Math.min(Math.max(retryAfter, 0) * 1000, BUSY_RETRY_MAX_WAIT_MS));
    }
  }

  /** A new token from the session (silent renewal); null when the session is gone too. */
  async function renewToken(): Promise<string | null> {
    const response = await fetchWithRetry(AUTHORIZE_PATH, {
      credentials: 'include',
      headers: { accept: 'text/plain' },
    });
    if (!response.ok) return null;
    const token = (await response.text()).trim();
    if (!token) return null;
    deps.storeToken(token);
    return token;
  }

  function buildInit(method: Method, url: string, options: RequestOptions, token: string | null) {
    const headers = new Headers({ accept: 'application/json' });
    if (method !== 'DELETE') headers.set('accept-language', deps.language());
    if (token && !withoutBearer(url)) headers.set('authorization', `Bearer ${token}`);
    let body: BodyInit | undefined;
    if (options.body instanceof FormData) {
      body = options.body; // the browser writes the multipart boundary itself
    } else if (options.body !== undefined || method === 'POST' || method === 'PUT') {
      headers.set('content-type', 'application/json');
      body = options.body === undefined ? undefined : JSON.stringify(options.body);
    }
    return { method, headers, body, signal: options.signal, credentials: 'same-origin' } as const;
  }

  /** Sends an error report (spec section 7, `POST errors`), at most one per 30 s. */
  function report(errorField: string): void {
    const now = deps.now();
    if (now - lastReportAt < ERROR_REPORT_THROTTLE_MS) return;
    lastReportAt = now;
    void request('POST', ERRORS_PATH, {
      body: {
        errorField,
        pageFailed: typeof window === 'undefined' ? '' : window.location.hash,
        username: deps.username(),
      },
      noErrorPage: true,
    }).catch((reportError: unknown) => console.warn('error report failed', reportError));
  }

  /**
   * Reports an unhandled error (at most once per 30 s) and shows the glitch page. A refusal by
   * the rate limit is no glitch: the person is told to wait, on the screen they are on, even
   * when the screen handles the failure itself (it can only say that the action failed).
   */
  function failVisibly(error: HttpError, options: RequestOptions): void {
    const rateLimitCode = rateLimitCodeOf(error);
    if (rateLimitCode && deps.rateLimited) {
      const retryAfter = Number(error.headers?.get('retry-after') ?? Number.NaN);
      deps.rateLimited(rateLimitCode, Number.isFinite(retryAfter) ? retryAfter : undefined);
      return;
    }
    if (options.noErrorPage) return;
    report(`${error.status} ${error.path}`);
    deps.navigate('/error');
  }

  async function request<T = unknown>(
    method: Method,
    path: string,
    options: RequestOptions = {},
  ): Promise<T> {
    const url = `${API_BASE}${path}`;
    const token = deps.readToken();
    const protectedCall = !withoutBearer(url) && token !== null;
    if (protectedCall) refreshSession();

    let response: Response;
    try {
      response = await fetchWithRetry(url, buildInit(method, url, options, token));
    } catch (cause) {
      const error = new HttpError(0, cause, path);
      failVisibly(error, options);
      throw error;
    }

    if (
      (response.status === 401 || response.status === 403) &&
      protectedCall &&
      !(await isOwnRefusal(response, options))
    ) {
      const renewed = await renewToken().catch(() => null);
      if (!renewed) {
        deps.clearToken();
        deps.expiredSignIn();
        throw new HttpError(response.status, await readBody(response), path, response.headers);
      }
      response = await fetchWithRetry(url, buildInit(method, url, options, renewed));
      // Sent again with the new token, the call may meet its own refusal (a wrong password
      // when the old token had just expired): that is the answer, not an expired sign-in.
      if (
        (response.status === 401 || response.status === 403) &&
        !(await isOwnRefusal(response, options))
      ) {
        deps.clearToken();
        deps.expiredSignIn();
        throw new HttpError(response.status, await readBody(response), path, response.headers);
      }
    }

    if (response.ok && options.responseType === 'blob') return (await response.blob()) as T;
    const body = await readBody(response);
    if (response.ok) return body as T;
    const error = new HttpError(response.status, body, path, response.headers);
    failVisibly(error, options);
    throw error;
  }

  return {
    get: <T = unknown>(path: string, options?: RequestOptions) => request<T>('GET', path, options),
    post: <T = unknown>(path: string, body?: unknown, options?: RequestOptions) =>
      request<T>('POST', path, { ...options, body }),
    put: <T = unknown>(path: string, body?: unknown, options?: RequestOptions) =>
      request<T>('PUT', path, { ...options, body }),
    delete: <T = unknown>(path: string, options?: RequestOptions) =>
      request<T>('DELETE', path, options),
    /**
     * Reports a failure the screen survived (a browser notice, a script of another site): the
     * server hears of it, the person stays where they are. Shares the 30 s throttle.
     */
    report,
    /**
     * "Stay signed in": extends the session now, whatever the 10 s throttle says. Answers the
     * new times (undefined when the server answers none), or null when the session has ended.
     * A failed network throws: the person may try again.
     */
    async extendSession(): Promise<SessionTimes | null | undefined> {
      lastRefreshAt = deps.now();
      const response = await fetchWithRetry(REFRESH_SESSION_PATH, { credentials: 'include' });
      if (response.status === 401) return null;
      if (!response.ok) throw new HttpError(response.status, undefined, REFRESH_SESSION_PATH);
      return readTimes(response);
    },
    /**
     * The session's times without extending it (when a signed-in page opens). Null when the
     * server has none to give (ended session, or an older server without this call), and,
     * without asking, when this tab holds no token: signing out clears it before the session
     * ends, and a warning that mounts then (its code still loading when "Log out" was pressed)
     * would ask for the times of a session being ended, answered 401.
     */
    async readSessionTimes(): Promise<SessionTimes | null> {
      if (deps.readToken() === null) return null;
      const response = await fetchWithRetry(SESSION_TIMES_PATH, {
        credentials: 'include',
        headers: { accept: 'application/json' },
      });
      return (await readTimes(response)) ?? null;
    },
    /** Ends the server session; a failure is only logged (spec section 8). */
    async logout(): Promise<void> {
      deps.clearToken();
      try {
        // No bearer header here (spec section 7): the session cookie names what to end.
        await deps.fetch(LOGOUT_PATH, { credentials: 'include' });
      } catch (error) {
        console.warn('logout call failed', error);
      }
    },
  };
}

export type HttpClient = ReturnType<typeof createHttpClient>;
