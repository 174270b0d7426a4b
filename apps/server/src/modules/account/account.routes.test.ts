import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import {
  authorize,
  bearer,
  emailCodeFor,
  sessionCookieOf,
  signIn,
  signedInUser,
  uniqueEmail,
  type TestUser,
  form,
  formHeaders,
} from '../../test/users.ts';
import { APPLICATIONS_URL, createApplication } from '../../test/applications.ts';
import { mailboxHeaders } from '../../test/mailbox.ts';

/** Issue 11: email ownership, the account settings API, and what needs a verified address. */

const ACCOUNT = '/service/jaxrs/account';

describe('account settings', () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp();
  });
  afterAll(() => test.close());

  const call = (
    user: TestUser,
    method: 'GET' | 'PUT' | 'POST' | 'DELETE',
    url: string,
    payload?: object,
  ) => test.app.inject({ method, url, headers: bearer(user.token), ...(payload && { payload }) });

  describe('email verification (hole 4)', () => {
    it('is unverified after registration and proved by the code mailed to the address', async () => {
      const user = await signedInUser(test.app, 'verify', { verified: false });
      const before = await call(user, 'GET', ACCOUNT);
      expect(before.json()).toMatchObject({ email: user.email, emailVerified: false });
      const code = await emailCodeFor(test.app, user.email);
      const wrongCode = code === '000000' ? '111111' : '000000';
      const wrong = await call(user, 'PUT', `${ACCOUNT}/email-verification`, { code: wrongCode });
      expect(wrong.statusCode).toBe(401);
      expect(wrong.json()).toMatchObject({ errorCode: 'wrongCode', attemptsLeft: 4 });
      const right = await call(user, 'PUT', `${ACCOUNT}/email-verification`, { code });
      expect(right.statusCode).toBe(200);
      expect(right.json()).toMatchObject({ emailVerified: true });
      const users = await test.app.inject({
        url: '/service/jaxrs/users',
        headers: bearer(user.token),
      });
      expect(users.json()).toMatchObject({ emailVerified: true });
      // Single use.
      expect((await call(user, 'PUT', `${ACCOUNT}/email-verification`, { code })).statusCode).toBe(
        404,
      );
      expect((await call(user, 'POST', `${ACCOUNT}/email-verification`)).json()).toMatchObject({
        errorCode: 'alreadyVerified',
      });
    });

    it('spends a code after five wrong tries and throttles new codes to one a minute', async () => {
      const user = await signedInUser(test.app, 'guesser', { verified: false });
      const code = await emailCodeFor(test.app, user.email);
      const wrong = code === '000000' ? '111111' : '000000';
      const answers = await Promise.all(
        Array.from({ length: 8 }, () =>
          call(user, 'PUT', `${ACCOUNT}/email-verification`, { code: wrong }),
        ),
      );
      expect(answers.filter((a) => a.statusCode === 401)).toHaveLength(4);
      expect(answers.filter((a) => a.statusCode === 403)).toHaveLength(4);
      // Even the right code is refused now: the tries are used up.
      expect((await call(user, 'PUT', `${ACCOUNT}/email-verification`, { code })).statusCode).toBe(
        403,
      );
      const resend = await call(user, 'POST', `${ACCOUNT}/email-verification`);
      expect(resend.statusCode).toBe(429);
      expect(Number(resend.headers['retry-after'])).toBeGreaterThan(0);
    });

    it('refuses a code that is not six digits with a field code', async () => {
      const user = await signedInUser(test.app, 'format', { verified: false });
      const response = await call(user, 'PUT', `${ACCOUNT}/email-verification`, { code: '12ab' });
      expect(response.statusCode).toBe(400);
      expect(response.json().fields).toEqual({ code: 'codeFormat' });
    });

    it('keeps an unverified person from signing an application', async () => {
      const user = await signedInUser(test.app, 'signer', { verified: false });
      const { id } = await createApplication(test.app, user.token);
      const esign = await test.app.inject({
        method: 'POST',
        url: `${APPLICATIONS_URL}/${id}/esign`,
        headers: bearer(user.token),
      });
      expect(esign.statusCode).toBe(403);
      expect(esign.json()).toMatchObject({ errorCode: 'emailNotVerified' });
    });

    it('keeps an unverified person from joining a joint application', async () => {
      const user = await signedInUser(test.app, 'joiner', { verified: false });
      const join = await test.app.inject({
        method: 'PUT',
        url: '/service/jaxrs/coAuthCode/1234',
        headers: bearer(user.token),
      });
      expect(join.statusCode).toBe(403);
      expect(join.json()).toMatchObject({ errorCode: 'emailNotVerified' });
    });
  });

  describe('name and language', () => {
    it('changes the name and the language, and answers the settings', async () => {
      const user = await signedInUser(test.app, 'names');
      const renamed = await call(user, 'PUT', `${ACCOUNT}/name`, {
        firstName: 'Élise',
        lastName: "O'Brien-Tremblay",
      });
      expect(renamed.statusCode).toBe(200);
      expect(renamed.json()).toMatchObject({ firstName: 'Élise', lastName: "O'Brien-Tremblay" });
      const french = await call(user, 'PUT', `${ACCOUNT}/language`, { language: 'fr' });
      expect(french.json()).toMatchObject({ language: 'fr' });
      const blank = await call(user, 'PUT', `${ACCOUNT}/name`, { firstName: ' ', lastName: 'X' });
      expect(blank.statusCode).toBe(400);
      expect(blank.json().fields).toMatchObject({ firstName: 'required' });
    });
  });

  describe('changing the email address', () => {
    it('needs the password, proves the new address, then switches and tells the old one', async () => {
      const user = await signedInUser(test.app, 'mover');
      const newEmail = uniqueEmail('moved');
      const wrong = await call(user, 'PUT', `${ACCOUNT}/email`, {
        email: newEmail,
        password: 'Nope-Nope-2026',
      });
      expect(wrong.statusCode).toBe(401);
      const started = await call(user, 'PUT', `${ACCOUNT}/email`, {
        email: newEmail,
        password: user.password,
      });
      expect(started.statusCode).toBe(202);
      expect(started.json()).toMatchObject({
        email: user.email,
        pendingEmail: newEmail.toLowerCase(),
      });
      const code = await emailCodeFor(test.app, newEmail);
      const proved = await call(user, 'PUT', `${ACCOUNT}/email-verification`, { code });
      expect(proved.json()).toMatchObject({
        email: newEmail.toLowerCase(),
        pendingEmail: null,
        emailVerified: true,
      });
      await test.app.outbox.runOnce();
      const oldMail = await test.app.inject({
        url: `/sandbox/mailbox/messages?to=${encodeURIComponent(user.email)}`,
        headers: mailboxHeaders,
      });
      expect(oldMail.json()[0]).toMatchObject({ subject: 'Your email address was changed' });
      // The new address signs in; the old one no longer does.
      expect((await signIn(test.app, newEmail, user.password)).statusCode).toBe(204);
      expect((await signIn(test.app, user.email, user.password)).statusCode).toBe(401);
    });

    it('refuses an address another account uses', async () => {
      const user = await signedInUser(test.app, 'taker');
      const other = await signedInUser(test.app, 'owner');
      const taken = await call(user, 'PUT', `${ACCOUNT}/email`, {
        email: other.email,
        password: user.password,
      });
      expect(taken.statusCode).toBe(409);
      expect(taken.json()).toMatchObject({ errorCode: 'emailTaken' });
    });
  });

  describe('changing the password', () => {
    it('needs the current one, applies the rule, and signs out every other device', async () => {
      const user = await signedInUser(test.app, 'changer');
      const phone = sessionCookieOf(await signIn(test.app, user.email, user.password));
      const weak = await call(user, 'PUT', `${ACCOUNT}/password`, {
        currentPassword: user.password,
        newPassword: 'qwerty123456',
      });
      expect(weak.statusCode).toBe(400);
      expect(weak.json().fields).toEqual({ newPassword: 'passwordCommon' });
      const wrong = await call(user, 'PUT', `${ACCOUNT}/password`, {
        currentPassword: 'Not-It-At-All-2026',
        newPassword: 'Boreal-Lantern-Keeper-77',
      });
      expect(wrong.statusCode).toBe(401);
      const changed = await call(user, 'PUT', `${ACCOUNT}/password`, {
        currentPassword: user.password,
        newPassword: 'Boreal-Lantern-Keeper-77',
      });
      expect(changed.statusCode).toBe(204);
      expect((await authorize(test.app, phone)).statusCode).toBe(401);
      expect((await authorize(test.app, user.sessionCookie)).statusCode).toBe(200);
      expect((await signIn(test.app, user.email, 'Boreal-Lantern-Keeper-77')).statusCode).toBe(204);
      await test.app.outbox.runOnce();
      const notice = await test.app.inject({
        url: `/sandbox/mailbox/messages?to=${encodeURIComponent(user.email)}`,
        headers: mailboxHeaders,
      });
      expect(notice.json()[0]).toMatchObject({ subject: 'Your password was changed' });
    });
  });

  describe('devices signed in', () => {
    it('lists each device, marks this one, signs one out, and 404s another person’s', async () => {
      const user = await signedInUser(test.app, 'devices');
      const iphone =
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
      const phoneLogin = await test.app.inject({
        method: 'POST',
        url: '/security/login',
        headers: { ...formHeaders, 'user-agent': iphone },
        payload: form({ username: user.email, password: user.password }),
      });
      const phone = sessionCookieOf(phoneLogin);
      const list = await call(user, 'GET', `${ACCOUNT}/sessions`);
      expect(list.statusCode).toBe(200);
      const sessions = list.json<{ id: string; device: string; current: boolean }[]>();
      expect(sessions).toHaveLength(2);
      expect(sessions.filter((s) => s.current)).toHaveLength(1);
      const other = sessions.find((s) => !s.current)!;
      expect(other.device).toBe('Safari · iPhone');

      const stranger = await signedInUser(test.app, 'stranger');
      expect((await call(stranger, 'DELETE', `${ACCOUNT}/sessions/${other.id}`)).statusCode).toBe(
        404,
      );
      expect((await authorize(test.app, phone)).statusCode).toBe(200);

      expect((await call(user, 'DELETE', `${ACCOUNT}/sessions/${other.id}`)).statusCode).toBe(204);
      expect((await authorize(test.app, phone)).statusCode).toBe(401);
      expect((await authorize(test.app, user.sessionCookie)).statusCode).toBe(200);
    });

    it('signs out everywhere, this device included', async () => {
      const user = await signedInUser(test.app, 'everywhere');
      const phone = sessionCookieOf(await signIn(test.app, user.email, user.password));
      expect((await call(user, 'DELETE', `${ACCOUNT}/sessions`)).statusCode).toBe(204);
      expect((await authorize(test.app, phone)).statusCode).toBe(401);
      expect((await authorize(test.app, user.sessionCookie)).statusCode).toBe(401);
      expect(
        (await test.app.inject({ url: ACCOUNT, headers: bearer(user.token) })).statusCode,
      ).toBe(401);
    });
  });

  it('answers 401 without a token and never caches the settings', async () => {
    expect((await test.app.inject({ url: ACCOUNT })).statusCode).toBe(401);
    const user = await signedInUser(test.app, 'cache');
    const response = await test.app.inject({ url: ACCOUNT, headers: bearer(user.token) });
    expect(response.headers['cache-control']).toBe('no-store');
  });
});
