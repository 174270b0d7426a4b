import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  createTwoInstances,
  testSecurityPolicy,
  type TestApp,
} from '../../test/test-app.ts';
import {
  AUTHORIZE_URL,
  authorize,
  bearer,
  form,
  formHeaders,
  registerUser,
  sessionCookieOf,
  signIn,
  signedInUser,
  uniqueEmail,
} from '../../test/users.ts';

const html = { accept: 'text/html' };

describe('security service', () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp({
      security: testSecurityPolicy({ accountLockAfterFailures: 4, addressLockAfterFailures: 1000 }),
    });
  });
  afterAll(() => test.close());

  describe('POST /security/register', () => {
    it('creates a client account (201), then 409 for the same email in any case', async () => {
      const email = uniqueEmail('camille');
      expect((await registerUser(test.app, { email })).response.statusCode).toBe(201);
      const again = await registerUser(test.app, { email: email.toUpperCase() });
      expect(again.response.statusCode).toBe(409);
      expect(again.response.json()).toMatchObject({ errorCode: 'emailTaken' });
    });

    it('refuses a weak password and a bad email with field codes', async () => {
      const { response } = await registerUser(test.app, {
        email: 'not-an-email',
        password: 'alllowercaseletters',
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().fields).toMatchObject({
        email: 'emailFormat',
      });
      const common = await registerUser(test.app, { password: 'Password2026!' });
      expect(common.response.json().fields).toEqual({ password: 'passwordCommon' });
      const short = await registerUser(test.app, { password: 'Short-2026' });
      expect(short.response.json().fields).toEqual({ password: 'passwordTooShort' });
      // No composition rule (ASVS 6.2.5): twelve lower-case letters and spaces are fine.
      const plain = await registerUser(test.app, { password: 'maple leaf harbour' });
      expect(plain.response.statusCode).toBe(201);
    });

    it('shows the form again in French with each message, keeping what was typed', async () => {
      const response = await test.app.inject({
        method: 'POST',
        url: '/security/register',
        headers: {
          ...html,
          cookie: 'lang=fr',
          'content-type': 'application/x-www-form-urlencoded',
        },
        payload: 'email=camille%40example.com&password=court&firstName=Camille&lastName=',
      });
      expect(response.statusCode).toBe(400);
      expect(response.body).toContain('<html lang="fr-CA">');
      expect(response.body).toContain(
        '<title>Erreur : Créer un compte | Demandes en ligne</title>',
      );
      expect(response.body).toContain('Utilisez au moins 12 caractères.');
      expect(response.body).toContain('Obligatoire.');
      expect(response.body).toContain('value="Camille"');
      expect(response.body).not.toContain('court');
    });

    it('lists each missing answer by its field, in the order of the form, in both languages', async () => {
      const post = (lang: string) =>
        test.app.inject({
          method: 'POST',
          url: '/security/register',
          headers: {
            ...html,
            cookie: `lang=${lang}`,
            'content-type': 'application/x-www-form-urlencoded',
          },
          payload: 'email=&password=&firstName=&lastName=',
        });
      const summaryOf = (body: string) =>
        [...body.matchAll(/<li><a href="#(\w+)">([^<]*)<\/a><\/li>/g)].map(([, id, text]) => [
          id,
          text,
        ]);
      const english = await post('en');
      expect(english.statusCode).toBe(400);
      expect(summaryOf(english.body)).toEqual([
        ['firstName', 'First name: Required.'],
        ['lastName', 'Last name: Required.'],
        ['email', 'Email address: Required.'],
        ['password', 'Password: Required.'],
      ]);
      expect(summaryOf((await post('fr')).body)).toEqual([
        ['firstName', 'Prénom : Obligatoire.'],
        ['lastName', 'Nom de famille : Obligatoire.'],
        ['email', 'Adresse courriel : Obligatoire.'],
        ['password', 'Mot de passe : Obligatoire.'],
      ]);
    });

    it('signs the new person in when they used the page', async () => {
      const response = await test.app.inject({
        method: 'POST',
        url: '/security/register',
        headers: { ...html, 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({
          email: uniqueEmail(),
          password: 'Maple-Leaf-Harbour-2026',
          firstName: 'Alex',
          lastName: 'Martin',
          language: 'en',
        }).toString(),
      });
      expect(response.statusCode).toBe(201);
      expect(response.body).toContain('Your account is ready');
      // The address is to be proved, and a second factor is offered.
      expect(response.body).toContain('We sent a 6-digit code to');
      expect(response.body).toContain(
        '<a href="/#/home/settings">Turn on two-step verification</a>',
      );
      expect((await authorize(test.app, sessionCookieOf(response))).statusCode).toBe(200);
    });
  });

  describe('POST /security/login', () => {
    it('sets an HttpOnly, SameSite=Lax session cookie limited to /security', async () => {
      const { email, password } = await registerUser(test.app);
      const response = await signIn(test.app, email, password);
      expect(response.statusCode).toBe(204);
      const cookie = response.cookies.find((c) => c.name === 'portal_session');
      expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/security' });
      expect(cookie?.secure).toBeFalsy();
    });

    it("sets the lang cookie to the account's language, whatever the browser sent", async () => {
      const { email, password } = await registerUser(test.app, { language: 'fr' });
      const response = await test.app.inject({
        method: 'POST',
        url: '/security/login',
        headers: { ...html, ...formHeaders, cookie: 'lang=en' },
        payload: form({ username: email, password }),
      });
      expect(response.statusCode).toBe(303);
      expect(response.cookies.find((c) => c.name === 'lang')).toMatchObject({
        value: 'fr',
        path: '/',
        sameSite: 'Lax',
      });
      const english = await registerUser(test.app, { language: 'en' });
      const again = await signIn(test.app, english.email, english.password);
      expect(again.cookies.find((c) => c.name === 'lang')?.value).toBe('en');
    });

    it('gives the same answer for a wrong password and an unknown email', async () => {
      const { email } = await registerUser(test.app);
      const wrong = await signIn(test.app, email, 'Wrong-Password-2026');
      const unknown = await signIn(test.app, uniqueEmail('nobody'), 'Wrong-Password-2026');
      expect(wrong.statusCode).toBe(401);
      expect(unknown.statusCode).toBe(401);
      expect(wrong.body).toBe(unknown.body);
      expect(wrong.cookies).toHaveLength(0);
    });

    it('locks an account after repeated failures, even for the right password', async () => {
      const { email, password } = await registerUser(test.app);
      for (let i = 0; i < 4; i += 1) {
        expect((await signIn(test.app, email, 'Wrong-Password-2026')).statusCode).toBe(401);
      }
      const locked = await signIn(test.app, email, password);
      expect(locked.statusCode).toBe(429);
      expect(locked.json()).toMatchObject({ errorCode: 'signInLocked' });
      const other = await registerUser(test.app);
      expect((await signIn(test.app, other.email, other.password)).statusCode).toBe(204);
    });

    it('shows the sign-in page again with a message that names no account', async () => {
      const response = await test.app.inject({
        method: 'POST',
        url: '/security/login',
        headers: { ...html, 'content-type': 'application/x-www-form-urlencoded' },
        payload: `username=${encodeURIComponent(uniqueEmail())}&password=Wrong-Password-2026`,
      });
      expect(response.statusCode).toBe(401);
      expect(response.body).toContain('The email address or password is not right.');
      expect(response.body).toContain('<title>Error: Sign in | Online Applications</title>');
    });

    it('refuses a form posted from another site', async () => {
      const { email, password } = await registerUser(test.app);
      const response = await test.app.inject({
        method: 'POST',
        url: '/security/login',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          origin: 'https://evil.example',
        },
        payload: new URLSearchParams({ username: email, password }).toString(),
      });
      expect(response.statusCode).toBe(403);
    });
  });

  describe('GET /security/oauth/authorize', () => {
    it('answers the token as text to a call with the session (silent renewal)', async () => {
      const user = await signedInUser(test.app);
      const response = await authorize(test.app, user.sessionCookie);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/plain');
      expect(response.body).toMatch(/^[\w-]{40,}$/);
      expect(response.body).not.toBe(user.token);
    });

    it('hands a navigation the token in a short-lived cookie and returns to #/oauth', async () => {
      const user = await signedInUser(test.app);
      const redirect = 'http://localhost:0/#/oauth';
      const response = await test.app.inject({
        method: 'GET',
        url: `${AUTHORIZE_URL}&redirect_uri=${encodeURIComponent(redirect)}`,
        headers: { ...html, cookie: user.sessionCookie },
      });
      expect(response.statusCode).toBe(302);
      expect(response.headers.location).toBe(redirect);
      const cookie = response.cookies.find((c) => c.name === 'portalAccessToken');
      expect(cookie?.maxAge).toBe(60);
      expect(cookie?.httpOnly).toBeFalsy();
    });

    it('answers 401 to a call without a session, and shows sign-in to a navigation', async () => {
      expect((await test.app.inject({ method: 'GET', url: AUTHORIZE_URL })).statusCode).toBe(401);
      const page = await test.app.inject({ method: 'GET', url: AUTHORIZE_URL, headers: html });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('name="returnTo"');
      expect(page.body).toContain('Sign in');
    });

    it('refuses another client id or a redirect to another site', async () => {
      const user = await signedInUser(test.app);
      const headers = { cookie: user.sessionCookie, host: 'localhost:80' };
      const otherClient = await test.app.inject({
        method: 'GET',
        url: '/security/oauth/authorize?client_id=someoneElse&response_type=token',
        headers,
      });
      expect(otherClient.statusCode).toBe(400);
      const foreign = await test.app.inject({
        method: 'GET',
        url: `${AUTHORIZE_URL}&redirect_uri=${encodeURIComponent('https://evil.example/#/oauth')}`,
        headers,
      });
      expect(foreign.statusCode).toBe(400);
    });
  });

  describe('tokens, refresh and logout', () => {
    it('lets a token read the caller and refuses a missing or forged one', async () => {
      const user = await signedInUser(test.app, 'reader');
      const ok = await test.app.inject({
        url: '/service/jaxrs/users',
        headers: bearer(user.token),
      });
      expect(ok.statusCode).toBe(200);
      expect(ok.json()).toEqual({
        firstName: 'Alex',
        lastName: 'Martin',
        email: user.email,
        emailVerified: true,
        onboardingComplete: false,
        ibId: null,
        adminLogin: false,
        trialUser: false,
        advisor: false,
        nameNeedsCorrection: false,
        language: 'en',
      });
      expect((await test.app.inject({ url: '/service/jaxrs/users' })).statusCode).toBe(401);
      const forged = await test.app.inject({
        url: '/service/jaxrs/users',
        headers: bearer('x'.repeat(43)),
      });
      expect(forged.statusCode).toBe(401);
    });

    it('extends a live session on refreshsession and answers 401 without one', async () => {
      const user = await signedInUser(test.app);
      const ok = await test.app.inject({
        url: '/security/auth/refreshsession',
        headers: { cookie: user.sessionCookie },
      });
      expect(ok.statusCode).toBe(200);
      const times = ok.json<{ idleExpiresAt: string; absoluteExpiresAt: string; now: string }>();
      expect(Date.parse(times.idleExpiresAt)).toBeGreaterThan(Date.parse(times.now));
      expect(Date.parse(times.absoluteExpiresAt)).toBeGreaterThanOrEqual(
        Date.parse(times.idleExpiresAt),
      );
      expect((await test.app.inject({ url: '/security/auth/refreshsession' })).statusCode).toBe(
        401,
      );
    });

    it('revokes the session and every token on logout', async () => {
      const user = await signedInUser(test.app);
      const logout = await test.app.inject({
        url: '/security/logout?skipredirect=true',
        headers: { cookie: user.sessionCookie, ...bearer(user.token) },
      });
      expect(logout.statusCode).toBe(204);
      const after = await test.app.inject({
        url: '/service/jaxrs/users',
        headers: bearer(user.token),
      });
      expect(after.statusCode).toBe(401);
      expect((await authorize(test.app, user.sessionCookie)).statusCode).toBe(401);
    });
  });
});

describe('several instances on one database', () => {
  it('share sessions, tokens and lockouts', async () => {
    const instances = await createTwoInstances({
      security: testSecurityPolicy({ accountLockAfterFailures: 2 }),
    });
    try {
      const { first, second } = instances;
      const { email, password } = await registerUser(first);
      const signedIn = await signIn(second, email, password);
      expect(signedIn.statusCode).toBe(204);
      const token = (await authorize(first, sessionCookieOf(signedIn))).body;
      const me = await second.inject({ url: '/service/jaxrs/users', headers: bearer(token) });
      expect(me.json().email).toBe(email);

      await signIn(first, email, 'Wrong-Password-2026');
      await signIn(second, email, 'Wrong-Password-2026');
      expect((await signIn(first, email, password)).statusCode).toBe(429);
    } finally {
      await instances.close();
    }
  });
});
