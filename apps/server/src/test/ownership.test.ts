import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test-app.ts';
import { bearer, signedInUser, type TestUser } from './users.ts';

/**
 * Every endpoint that serves a person's data is proved here against two users: each sees only
 * their own, and another's resource answers 404. Each later issue adds its endpoints.
 */
describe('authorization: two users never see each other', () => {
  let test: TestApp;
  let alice: TestUser;
  let bob: TestUser;
  beforeAll(async () => {
    test = await createTestApp();
    alice = await signedInUser(test.app, 'alice');
    bob = await signedInUser(test.app, 'bob');
  });
  afterAll(() => test.close());

  it('GET users answers each caller with their own account only', async () => {
    const forAlice = await test.app.inject({
      url: '/service/jaxrs/users',
      headers: bearer(alice.token),
    });
    const forBob = await test.app.inject({
      url: '/service/jaxrs/users',
      headers: bearer(bob.token),
    });
    expect(forAlice.json().email).toBe(alice.email);
    expect(forBob.json().email).toBe(bob.email);
  });

  it("one person's session cannot mint tokens or sign out another", async () => {
    await test.app.inject({
      url: '/security/logout?skipredirect=true',
      headers: { cookie: alice.sessionCookie },
    });
    const bobStill = await test.app.inject({
      url: '/service/jaxrs/users',
      headers: bearer(bob.token),
    });
    expect(bobStill.statusCode).toBe(200);
  });
});
