import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registrationSchema } from '@portal/domain';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { authorize, bearer, sessionCookieOf, signIn, uniqueEmail } from '../../test/users.ts';
import { register, type Role } from '../security/security.service.ts';

describe('GET /service/jaxrs/users: roles', () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp();
  });
  afterAll(() => test.close());

  async function userInfoFor(role: Role) {
    const input = registrationSchema.parse({
      email: uniqueEmail(role),
      password: 'Maple-Leaf-Harbour-2026',
      firstName: 'Role',
      lastName: 'Holder',
    });
    await register(test.app.db, input, role);
    const session = sessionCookieOf(await signIn(test.app, input.email, input.password));
    const token = (await authorize(test.app, session)).body;
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
