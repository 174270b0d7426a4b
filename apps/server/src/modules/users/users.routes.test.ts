import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import {
  authorize,
  bearer,
  registerUser,
  sessionCookieOf,
  signIn,
  signedInWithRole,
} from '../../test/users.ts';
import type { Role } from '../security/security.service.ts';

describe('GET /service/jaxrs/users: roles', () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp();
  });
  afterAll(() => test.close());

  async function userInfoFor(role: Role) {
    const { token } = await signedInWithRole(test.app, role);
    return (await test.app.inject({ url: '/service/jaxrs/users', headers: bearer(token) })).json();
  }

  it.each([
    ['client', { adminLogin: false, trialUser: false, advisor: false }],
    ['advisor', { adminLogin: false, trialUser: false, advisor: true }],
    ['trial', { adminLogin: false, trialUser: true, advisor: false }],
    ['staff', { adminLogin: true, trialUser: false, advisor: false }],
  ] as const)('flags a %s', async (role, flags) => {
    expect(await userInfoFor(role)).toMatchObject(flags);
  });
});

describe('GET /service/jaxrs/users: language', () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp();
  });
  afterAll(() => test.close());

  it("answers the account's preferred language, so the app follows it after sign-in", async () => {
    const { email, password } = await registerUser(test.app, { language: 'fr' });
    const token = (
      await authorize(test.app, sessionCookieOf(await signIn(test.app, email, password)))
    ).body;
    const info = await test.app.inject({ url: '/service/jaxrs/users', headers: bearer(token) });
    expect(info.json()).toMatchObject({ language: 'fr' });
  });
});
