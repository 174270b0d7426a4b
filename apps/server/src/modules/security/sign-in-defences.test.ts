import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  createTwoInstances,
  testSecurityPolicy,
  type TestApp,
} from '../../test/test-app.ts';
import {
  authorize,
  bearer,
  registerUser,
  sessionCookieOf,
  signIn,
  signedInUser,
  uniqueEmail,
  form,
  formHeaders,
} from '../../test/users.ts';
import { mailboxHeaders } from '../../test/mailbox.ts';

/** Issue 11, holes 1, 2, 6 and part of 8: each test here failed on the code before the fix. */

describe('cross-site requests are refused (hole 1)', () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp({ publicUrl: 'https://portal.example.ca' });
  });
  afterAll(() => test.close());

  const login = (email: string, password: string, headers: Record<string, string>) =>
    test.app.inject({
      method: 'POST',
      url: '/security/login',
      headers: { ...formHeaders, ...headers },
      payload: form({ username: email, password }),
    });

  it.each([
    ['Origin: null (a sandboxed frame auto-submitting a form)', { origin: 'null' }],
    [
      'Origin: null and Sec-Fetch-Site: cross-site (the same in Chromium)',
      { origin: 'null', 'sec-fetch-site': 'cross-site' },
    ],
    ['a foreign Origin', { origin: 'https://evil.example' }],
    ['Sec-Fetch-Site: cross-site', { 'sec-fetch-site': 'cross-site' }],
    ['Sec-Fetch-Site: same-site (a sibling subdomain)', { 'sec-fetch-site': 'same-site' }],
  ])('refuses a sign-in with %s', async (_name, headers) => {
    const { email, password } = await registerUser(test.app);
    const response = await login(email, password, headers);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      errorCode: 'crossSite',
      message: 'Requests from other sites are refused.',
    });
    // A refusal carries the security headers like any answer.
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.cookies).toHaveLength(0);
  });

  it('refuses a registration forged from an opaque origin', async () => {
    const response = await test.app.inject({
      method: 'POST',
      url: '/security/register',
      headers: { ...formHeaders, origin: 'null' },
      payload: form({
        email: uniqueEmail('forged'),
        password: 'Maple-Leaf-Harbour-2026',
        firstName: 'Forged',
        lastName: 'Account',
      }),
    });
    expect(response.statusCode).toBe(403);
  });

  it('lets the site itself, a typed address and a client without browser headers through', async () => {
    const { email, password } = await registerUser(test.app);
    expect(
      (
        await login(email, password, {
          origin: 'https://portal.example.ca',
          'sec-fetch-site': 'same-origin',
        })
      ).statusCode,
    ).toBe(204);
    expect((await login(email, password, { 'sec-fetch-site': 'none' })).statusCode).toBe(204);
    // A page of the site with `Referrer-Policy: no-referrer` posts `Origin: null`; the fetch
    // metadata still says same-origin, and it decides.
    expect(
      (await login(email, password, { origin: 'null', 'sec-fetch-site': 'same-origin' }))
        .statusCode,
    ).toBe(204);
    // The curl sign-in of docs/api.md sends neither header.
    expect((await login(email, password, {})).statusCode).toBe(204);
    // A browser that addressed the site by its Host (a developer's localhost) is the site.
    expect(
      (await login(email, password, { origin: 'http://localhost:80', host: 'localhost:80' }))
        .statusCode,
    ).toBe(204);
  });

  it('refuses every state-changing API call from another site, not only sign-in', async () => {
    const user = await signedInUser(test.app);
    const create = await test.app.inject({
      method: 'POST',
      url: '/service/jaxrs/applications',
      headers: { ...bearer(user.token), origin: 'https://evil.example' },
    });
    expect(create.statusCode).toBe(403);
    const sandboxForm = await test.app.inject({
      method: 'POST',
      url: '/sandbox/esign/00000000-0000-4000-8000-000000000000',
      headers: { ...formHeaders, 'sec-fetch-site': 'cross-site' },
      payload: form({ action: 'sign' }),
    });
    expect(sandboxForm.statusCode).toBe(403);
  });

  it('keeps the spec logout link, but a link on another site cannot sign people out', async () => {
    const user = await signedInUser(test.app);
    const forged = await test.app.inject({
      url: '/security/logout?skipredirect=true',
      headers: { cookie: user.sessionCookie, 'sec-fetch-site': 'cross-site' },
    });
    expect(forged.statusCode).toBe(403);
    expect((await authorize(test.app, user.sessionCookie)).statusCode).toBe(200);
    const own = await test.app.inject({
      url: '/security/logout?skipredirect=true',
      headers: { cookie: user.sessionCookie, 'sec-fetch-site': 'same-origin' },
    });
    expect(own.statusCode).toBe(204);
    expect((await authorize(test.app, user.sessionCookie)).statusCode).toBe(401);
  });
});

describe('lockout under concurrency (hole 2)', () => {
  it('checks at most the limit of 40 concurrent guesses across two instances', async () => {
    const instances = await createTwoInstances({
      security: testSecurityPolicy({
        accountLockAfterFailures: 10,
        addressLockAfterFailures: 1000,
      }),
    });
    try {
      const { first, second } = instances;
      const { email, password } = await registerUser(first);
      const guesses = Array.from({ length: 40 }, (_, i) =>
        signIn(i % 2 === 0 ? first : second, email, `Wrong-Guess-${i}-2026`),
      );
      // The owner's right password arrives inside the burst.
      const right = signIn(second, email, password);
      const answers = await Promise.all([...guesses, right]);
      const checked = answers.filter((answer) => answer.statusCode !== 429);
      // Every answer that is not 429 had its password checked: never more than the limit.
      expect(checked.length).toBeLessThanOrEqual(10);
      expect(answers.filter((answer) => answer.statusCode === 429).length).toBeGreaterThanOrEqual(
        31,
      );
      // Once the limit is reached, the right password waits out the lock like any other.
      const after = await signIn(first, email, password);
      expect(after.statusCode).toBe(429);
      expect(after.json()).toMatchObject({ errorCode: 'signInLocked' });
    } finally {
      await instances.close();
    }
  });
});

describe('client addresses behind a load balancer (hole 6)', () => {
  const policy = testSecurityPolicy({ addressLockAfterFailures: 3, accountLockAfterFailures: 100 });

  const attempt = (test: TestApp, remoteAddress: string, forwardedFor: string) =>
    test.app.inject({
      method: 'POST',
      url: '/security/login',
      remoteAddress,
      headers: { ...formHeaders, 'x-forwarded-for': forwardedFor },
      payload: form({ username: uniqueEmail('guess'), password: 'Wrong-Password-2026' }),
    });

  it('ignores X-Forwarded-For from a sender that is not a trusted proxy', async () => {
    const test = await createTestApp({ trustProxy: ['10.0.0.0/8'], security: policy });
    try {
      // An attacker rotating the header from one address is still one address.
      for (let i = 1; i <= 3; i += 1) {
        expect((await attempt(test, '203.0.113.9', `198.51.100.${i}`)).statusCode).toBe(401);
      }
      expect((await attempt(test, '203.0.113.9', '198.51.100.77')).statusCode).toBe(429);
    } finally {
      await test.close();
    }
  });

  it('counts each real client behind a trusted proxy on its own', async () => {
    const test = await createTestApp({ trustProxy: ['10.0.0.0/8'], security: policy });
    try {
      // Five people behind the load balancer each fail twice: nobody is locked out.
      for (let person = 1; person <= 5; person += 1) {
        for (let i = 0; i < 2; i += 1) {
          expect((await attempt(test, '10.0.0.5', `198.51.100.${person}`)).statusCode).toBe(401);
        }
      }
      // One of them failing once more than the limit is locked, alone.
      expect((await attempt(test, '10.0.0.5', '198.51.100.1')).statusCode).toBe(401);
      expect((await attempt(test, '10.0.0.5', '198.51.100.1')).statusCode).toBe(429);
      expect((await attempt(test, '10.0.0.5', '198.51.100.2')).statusCode).toBe(401);
    } finally {
      await test.close();
    }
  });
});

describe('sessions, cookies and redirects (hole 8)', () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp({
      publicUrl: 'https://portal.example.ca',
      trustProxy: ['127.0.0.1'],
    });
  });
  afterAll(() => test.close());

  it('replaces the browser’s previous session when it signs in again; other devices stay', async () => {
    const { email, password } = await registerUser(test.app);
    const phone = sessionCookieOf(await signIn(test.app, email, password));
    const firstBrowser = sessionCookieOf(await signIn(test.app, email, password));
    const again = await test.app.inject({
      method: 'POST',
      url: '/security/login',
      headers: { ...formHeaders, cookie: firstBrowser },
      payload: form({ username: email, password }),
    });
    expect(again.statusCode).toBe(204);
    expect((await authorize(test.app, firstBrowser)).statusCode).toBe(401);
    expect((await authorize(test.app, sessionCookieOf(again))).statusCode).toBe(200);
    expect((await authorize(test.app, phone)).statusCode).toBe(200);
  });

  it('names the session cookie __Secure- over https and ignores an unprefixed one there', async () => {
    const { email, password } = await registerUser(test.app);
    const https = { 'x-forwarded-proto': 'https' };
    const response = await test.app.inject({
      method: 'POST',
      url: '/security/login',
      headers: { ...formHeaders, ...https },
      payload: form({ username: email, password }),
    });
    const cookie = response.cookies.find((c) => c.name === '__Secure-portal_session');
    expect(cookie).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Lax' });
    const planted = await test.app.inject({
      url: '/security/oauth/authorize?client_id=clientOnlineApp&response_type=token',
      headers: { ...https, cookie: `portal_session=${cookie?.value}` },
    });
    expect(planted.statusCode).toBe(401);
    const proper = await test.app.inject({
      url: '/security/oauth/authorize?client_id=clientOnlineApp&response_type=token',
      headers: { ...https, cookie: `__Secure-portal_session=${cookie?.value}` },
    });
    expect(proper.statusCode).toBe(200);
  });

  it('clears every __Secure- cookie with Secure over https, or the browser keeps it (B-F4)', async () => {
    const https = { 'x-forwarded-proto': 'https' };
    /** The clearing Set-Cookie of `name`: expired at once, and Secure. */
    const cleared = (response: { headers: Record<string, unknown> }, name: string) => {
      const headers = [response.headers['set-cookie'] ?? []].flat() as string[];
      const clearing = headers.find((header) => header.startsWith(`${name}=;`));
      expect(clearing, `${name} is cleared`).toBeDefined();
      expect(clearing).toMatch(/; Max-Age=0|; Expires=Thu, 01 Jan 1970/);
      expect(clearing).toMatch(/; Secure(;|$)/);
      expect(clearing).toContain('Path=/security');
    };
    const { email, password } = await registerUser(test.app);
    const signedIn = await test.app.inject({
      method: 'POST',
      url: '/security/login',
      headers: { ...formHeaders, ...https },
      payload: form({ username: email, password }),
    });
    cleared(signedIn, '__Secure-portal_mfa');
    const session = signedIn.cookies.find((c) => c.name === '__Secure-portal_session')?.value;

    const loggedOut = await test.app.inject({
      url: '/security/logout?skipredirect=true',
      headers: { ...https, cookie: `__Secure-portal_session=${session}` },
    });
    expect(loggedOut.statusCode).toBe(204);
    cleared(loggedOut, '__Secure-portal_session');

    await test.app.inject({
      method: 'POST',
      url: '/security/forgot-password',
      headers: { ...formHeaders, ...https },
      payload: form({ email }),
    });
    await test.app.afterResponse.settled();
    await test.app.outbox.runOnce();
    const mail = await test.app.inject({
      url: `/sandbox/mailbox/messages?to=${encodeURIComponent(email)}`,
      headers: mailboxHeaders,
    });
    const token = /reset-password\?token=([\w-]+)/.exec(mail.body)?.[1] ?? '';
    const reset = await test.app.inject({
      method: 'POST',
      url: '/security/reset-password',
      headers: { ...formHeaders, ...https },
      payload: form({ token, password: 'Another-Harbour-Passphrase-2026' }),
    });
    expect(reset.statusCode).toBe(204);
    cleared(reset, '__Secure-portal_session');
  });

  it('redirects only within PUBLIC_URL, whatever Host the request names', async () => {
    const user = await signedInUser(test.app);
    const authorizeTo = (redirect: string, host: string) =>
      test.app.inject({
        url: `/security/oauth/authorize?client_id=clientOnlineApp&response_type=token&redirect_uri=${encodeURIComponent(redirect)}`,
        headers: { accept: 'text/html', cookie: user.sessionCookie, host },
      });
    const spoofed = await authorizeTo('https://evil.example/#/oauth', 'evil.example');
    expect(spoofed.statusCode).toBe(400);
    // A browser is shown a page, which leads only to the sign-in page of PUBLIC_URL.
    expect(spoofed.headers['content-type']).toMatch(/^text\/html/);
    expect(spoofed.body).toContain('href="https://portal.example.ca/security/login"');
    expect(spoofed.body).not.toContain('evil.example');
    const own = await authorizeTo('https://portal.example.ca/#/oauth', 'evil.example');
    expect(own.statusCode).toBe(302);
    expect(own.headers.location).toBe('https://portal.example.ca/#/oauth');
  });

  it('answers a CR/LF in redirect_uri with the project’s 400, never a raw 500', async () => {
    const user = await signedInUser(test.app);
    const response = await test.app.inject({
      url: '/security/oauth/authorize?client_id=clientOnlineApp&response_type=token&redirect_uri=https://portal.example.ca/%0d%0aSet-Cookie:%20x=1',
      headers: { accept: 'application/json', cookie: user.sessionCookie },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ errorCode: 'invalidRedirect', message: 'Refused redirect.' });
    expect(response.headers['set-cookie']).toBeUndefined();
  });

  it('shows a browser a refused return address as the sign-in error page, in its language', async () => {
    const user = await signedInUser(test.app);
    const refused = (headers: Record<string, string>) =>
      test.app.inject({
        url: `/security/oauth/authorize?client_id=clientOnlineApp&response_type=token&redirect_uri=${encodeURIComponent('http://127.0.0.1:8080/#/oauth')}`,
        headers: { cookie: user.sessionCookie, ...headers },
      });
    const navigation = { 'sec-fetch-mode': 'navigate', accept: 'text/html,application/xhtml+xml' };

    const english = await refused(navigation);
    expect(english.statusCode).toBe(400);
    expect(english.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(english.body).toContain('<title>Error: Sign in');
    expect(english.body).toContain(
      'This page was opened at another address than the site’s own, so signing in cannot go on here.',
    );
    expect(english.body).toContain('Sign in at the site’s address, https://portal.example.ca.');
    expect(english.body).toContain(
      '<a id="sign-in-here" class="button" href="https://portal.example.ca/security/login">Go to the sign-in page</a>',
    );
    expect(english.body).not.toContain('errorCode');

    const fromCookie = await refused({
      ...navigation,
      cookie: `${user.sessionCookie}; lang=fr`,
    });
    expect(fromCookie.body).toContain('<html lang="fr');
    expect(fromCookie.body).toContain(
      'Cette page a été ouverte à une autre adresse que celle du site : l’ouverture de session ne peut pas continuer ici.',
    );
    const fromBrowser = await refused({
      ...navigation,
      'accept-language': 'fr-CA,fr;q=0.9,en;q=0.5',
    });
    expect(fromBrowser.body).toContain('Aller à la page d’ouverture de session');
    // The language chosen on the site wins over the browser's.
    const chosen = await refused({
      ...navigation,
      'accept-language': 'fr-CA',
      cookie: `${user.sessionCookie}; lang=en`,
    });
    expect(chosen.body).toContain('Go to the sign-in page');

    // An API client asking for JSON keeps its JSON.
    const api = await refused({ accept: 'application/json' });
    expect(api.json()).toEqual({ errorCode: 'invalidRedirect', message: 'Refused redirect.' });
  });

  it('sends a signed-in browser on with a relative path, never built from Host', async () => {
    const { email, password } = await registerUser(test.app);
    const response = await test.app.inject({
      method: 'POST',
      url: '/security/login',
      headers: { ...formHeaders, accept: 'text/html', host: 'evil.example' },
      payload: form({ username: email, password }),
    });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe(
      '/security/oauth/authorize?client_id=clientOnlineApp&response_type=token',
    );
  });
});

describe('registrations per address', () => {
  it('refuses a fourth account from one address in an hour when the bound is three', async () => {
    const test = await createTestApp({
      security: testSecurityPolicy({ registrationsPerAddressPerHour: 3 }),
    });
    try {
      for (let i = 0; i < 3; i += 1) {
        expect((await registerUser(test.app)).response.statusCode).toBe(201);
      }
      const fourth = await registerUser(test.app);
      expect(fourth.response.statusCode).toBe(429);
      expect(fourth.response.json()).toMatchObject({ errorCode: 'tooManyRegistrations' });
      const elsewhere = await test.app.inject({
        method: 'POST',
        url: '/security/register',
        remoteAddress: '198.51.100.20',
        headers: formHeaders,
        payload: form({
          email: uniqueEmail(),
          password: 'Maple-Leaf-Harbour-2026',
          firstName: 'Alex',
          lastName: 'Martin',
        }),
      });
      expect(elsewhere.statusCode).toBe(201);
    } finally {
      await test.close();
    }
  });
});

describe('password hashing under load (hole 7)', () => {
  it('answers 429 with Retry-After once the hashing queue is full', async () => {
    const test = await createTestApp({ passwordHashing: { maxConcurrent: 1, maxQueued: 1 } });
    try {
      const { email, password } = await registerUser(test.app);
      const answers = await Promise.all(
        Array.from({ length: 8 }, () => signIn(test.app, email, password)),
      );
      const busy = answers.filter((answer) => answer.statusCode === 429);
      expect(busy.length).toBeGreaterThan(0);
      for (const answer of busy) {
        expect(answer.json()).toMatchObject({ errorCode: 'busy' });
        expect(Number(answer.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      }
      // Refused for load, not checked: no attempt was counted against the account.
      expect((await signIn(test.app, email, password)).statusCode).toBe(204);
    } finally {
      await test.close();
    }
  });
});
