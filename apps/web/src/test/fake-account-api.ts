import { vi } from 'vitest';
import type {
  AccountSettings,
  SessionSummary,
  SessionTimes,
} from '@portal/domain/rules/account-security';

export interface AccountCall {
  method: string;
  path: string;
  body: unknown;
}

interface Answer {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

/** The codes the fake accepts; anything else is a wrong code. */
export const GOOD_EMAIL_CODE = '123456';
export const GOOD_APP_CODE = '654321';
export const GOOD_SMS_CODE = '112233';
export const CURRENT_PASSWORD = 'Maple-Leaf-Harbour-2026';
export const RECOVERY_CODES = Array.from({ length: 10 }, (_, index) => `abcd${index}-efgh${index}`);
export const TOTP_SECRET = 'JBSW Y3DP EHPK 3PXP';

export const accountSettings = (changes: Partial<AccountSettings> = {}): AccountSettings => ({
  firstName: 'Camille',
  lastName: 'Tremblay',
  email: 'camille@example.com',
  emailVerified: true,
  pendingEmail: null,
  language: 'en',
  ...changes,
  mfa: {
    required: false,
    totp: false,
    sms: null,
    recoveryCodesLeft: 0,
    ...changes.mfa,
  },
});

export const devices: SessionSummary[] = [
  {
    id: 'session-this',
    device: 'Firefox on Windows',
    createdAt: '2026-11-20T14:05:00Z',
    lastSeenAt: '2026-11-22T10:00:00Z',
    current: true,
  },
  {
    id: 'session-phone',
    device: 'Safari on iPhone',
    createdAt: '2026-11-18T09:30:00Z',
    lastSeenAt: '2026-11-21T19:45:00Z',
    current: false,
  },
];

/**
 * The account settings API (and the session calls of /security) behind `window.fetch`, with
 * the contract's answers: settings held in memory, the codes above accepted, a wrong code
 * counting down its attempts. `answerNext` queues a one-off answer for a method and path, to
 * play refusals and outages.
 */
export function fakeAccountApi(
  initial: Partial<AccountSettings> = {},
  { sessions = devices, times }: { sessions?: SessionSummary[]; times?: SessionTimes } = {},
) {
  let settings = accountSettings(initial);
  let list = [...sessions];
  let attemptsLeft = 5;
  const calls: AccountCall[] = [];
  const queued = new Map<string, Answer[]>();

  const json = ({ status, body, headers = {} }: Answer) =>
    new Response(body === undefined ? null : JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json', ...headers },
    });

  /** Adding a second factor: no password is a field error, another one a refusal. */
  const passwordRefusal = (body: Record<string, unknown>): Answer =>
    typeof body.password === 'string' && body.password !== ''
      ? { status: 401, body: { errorCode: 'wrongPassword' } }
      : { status: 400, body: { errorCode: 'invalidInput', fields: { password: 'required' } } };

  function answer(method: string, path: string, body: Record<string, unknown>): Answer {
    const once = queued.get(`${method} ${path}`)?.shift();
    if (once) return once;
    const route = `${method} ${path.replace('/service/jaxrs/account', '')}`;
    switch (route) {
      case 'GET ':
        return { status: 200, body: settings };
      case 'PUT /name':
        settings = {
          ...settings,
          firstName: String(body.firstName),
          lastName: String(body.lastName),
        };
        return { status: 200, body: settings };
      case 'PUT /language':
        settings = { ...settings, language: body.language as 'en' | 'fr' };
        return { status: 200, body: settings };
      case 'POST /email-verification':
        if (settings.emailVerified && !settings.pendingEmail) {
          return { status: 409, body: { errorCode: 'alreadyVerified' } };
        }
        attemptsLeft = 5;
        return {
          status: 202,
          body: { resendAvailableAt: new Date(Date.now() + 60_000).toISOString() },
        };
      case 'PUT /email-verification':
        if (body.code !== GOOD_EMAIL_CODE) {
          attemptsLeft -= 1;
          return attemptsLeft <= 0
            ? { status: 403, body: { errorCode: 'tooManyAttempts' } }
            : { status: 401, body: { errorCode: 'wrongCode', attemptsLeft } };
        }
        settings = {
          ...settings,
          email: settings.pendingEmail ?? settings.email,
          pendingEmail: null,
          emailVerified: true,
        };
        return { status: 200, body: settings };
      case 'PUT /email':
        if (body.password !== CURRENT_PASSWORD) {
          return { status: 401, body: { errorCode: 'wrongPassword' } };
        }
        settings = { ...settings, pendingEmail: String(body.email) };
        return { status: 202, body: settings };
      case 'DELETE /email':
        settings = { ...settings, pendingEmail: null };
        return { status: 200, body: settings };
      case 'PUT /password':
        return body.currentPassword === CURRENT_PASSWORD
          ? { status: 204 }
          : { status: 401, body: { errorCode: 'wrongPassword' } };
      case 'POST /mfa/totp':
        if (body.password !== CURRENT_PASSWORD) return passwordRefusal(body);
        return {
          status: 201,
          body: {
            secret: TOTP_SECRET,
            otpauthUri: 'otpauth://totp/Laurentide:camille@example.com?secret=JBSWY3DPEHPK3PXP',
            qrSvg:
              '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"><rect width="1" height="1"/></svg>',
          },
        };
      case 'PUT /mfa/totp':
        if (body.code !== GOOD_APP_CODE) return { status: 401, body: { errorCode: 'wrongCode' } };
        settings = { ...settings, mfa: { ...settings.mfa, totp: true, recoveryCodesLeft: 10 } };
        return { status: 200, body: { recoveryCodes: RECOVERY_CODES } };
      case 'POST /mfa/sms':
        if (body.password !== CURRENT_PASSWORD) return passwordRefusal(body);
        return {
          status: 202,
          body: { resendAvailableAt: new Date(Date.now() + 60_000).toISOString() },
        };
      case 'GET /mfa/sms/delivery':
        // On its way or arrived; a test queues a refusal with answerNext.
        return { status: 200, body: { problem: null } };
      case 'PUT /mfa/sms': {
        if (body.code !== GOOD_SMS_CODE) return { status: 401, body: { errorCode: 'wrongCode' } };
        const first = !settings.mfa.totp;
        settings = {
          ...settings,
          mfa: {
            ...settings.mfa,
            sms: { phoneMasked: '•••-•••-0123' },
            recoveryCodesLeft: first ? 10 : settings.mfa.recoveryCodesLeft,
          },
        };
        return { status: 200, body: first ? { recoveryCodes: RECOVERY_CODES } : {} };
      }
      case 'POST /mfa/disable': {
        if (body.password !== CURRENT_PASSWORD) {
          return { status: 401, body: { errorCode: 'wrongPassword' } };
        }
        if (settings.mfa.required)
          return { status: 403, body: { errorCode: 'mfaRequiredForRole' } };
        const factor = body.factor;
        const totp = factor === 'sms' ? settings.mfa.totp : false;
        const sms = factor === 'totp' ? settings.mfa.sms : null;
        settings = {
          ...settings,
          mfa: { ...settings.mfa, totp, sms, recoveryCodesLeft: totp || sms ? 10 : 0 },
        };
        return { status: 200, body: settings };
      }
      case 'POST /mfa/recovery-codes':
        if (body.password !== CURRENT_PASSWORD) {
          return { status: 401, body: { errorCode: 'wrongPassword' } };
        }
        return { status: 200, body: { recoveryCodes: RECOVERY_CODES } };
      case 'GET /sessions':
        return { status: 200, body: list };
      case 'DELETE /sessions':
        list = [];
        return { status: 204 };
      default: {
        const session = /^DELETE \/sessions\/(.+)$/.exec(route);
        if (session) {
          const before = list.length;
          list = list.filter((s) => s.id !== decodeURIComponent(session[1] ?? ''));
          return { status: list.length < before ? 204 : 404 };
        }
        return { status: 404, body: { errorCode: 'notFound' } };
      }
    }
  }

  const fetchSpy = vi.spyOn(window, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : {};
    calls.push({ method, path: url.pathname, body });
    if (url.pathname.startsWith('/security/')) {
      const once = queued.get(`${method} ${url.pathname}`)?.shift();
      if (once) return json(once);
      if (times && url.pathname.startsWith('/security/auth/')) {
        return json({ status: 200, body: times });
      }
      return new Response(null, { status: 204 });
    }
    return json(answer(method, url.pathname, body as Record<string, unknown>));
  });

  return {
    get settings() {
      return settings;
    },
    calls,
    fetchSpy,
    /** Calls to the account API (not the session keep-alive), as `METHOD /path`. */
    apiCalls: () =>
      calls
        .filter((call) => call.path.startsWith('/service/jaxrs/'))
        .map((call) => `${call.method} ${call.path.replace('/service/jaxrs', '')}`),
    /** The next call to this method and path (`/service/jaxrs/...` or `/security/...`) answers this. */
    answerNext(
      method: string,
      path: string,
      status: number,
      body?: unknown,
      headers?: Record<string, string>,
    ) {
      const key = `${method} ${path.startsWith('/security/') ? path : `/service/jaxrs${path}`}`;
      queued.set(key, [...(queued.get(key) ?? []), { status, body, headers }]);
    },
  };
}
