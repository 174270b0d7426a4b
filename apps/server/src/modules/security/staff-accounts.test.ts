import { generateSync } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import {
  authorize,
  bearer,
  sessionCookieOf,
  signIn,
  signInWithCode,
  uniqueEmail,
} from '../../test/users.ts';
import { createStaffAccount, StaffRefused } from './staff-accounts.ts';

describe('staff accounts made by the staff:create command', () => {
  let test: TestApp;
  let app: FastifyInstance;
  beforeAll(async () => {
    test = await createTestApp();
    app = test.app;
  });
  afterAll(() => test.close());

  const deps = () => ({ db: app.db, cipher: app.cipher });

  it('creates a staff member who signs in with the handed-over authenticator and is staff', async () => {
    const email = uniqueEmail('ops');
    const created = await createStaffAccount(deps(), {
      email,
      firstName: 'Anne-Marie',
      lastName: "O'Brien",
      language: 'fr',
    });
    expect(created.passwordGenerated).toBe(true);
    expect(created.password).toHaveLength(24);
    expect(created.recoveryCodes).toHaveLength(10);
    expect(created.otpauthUri).toMatch(/^otpauth:\/\/totp\//);

    // Without the code, the second factor is asked for: the account has one from the start.
    expect((await signIn(app, email, created.password)).statusCode).toBe(401);
    const response = await signInWithCode(
      app,
      email,
      created.password,
      generateSync({ secret: created.totpSecret }),
    );
    expect(response.statusCode).toBeLessThan(400);
    const token = (await authorize(app, sessionCookieOf(response))).body;
    const me = await app.inject({ url: '/service/jaxrs/users', headers: bearer(token) });
    expect(me.json()).toMatchObject({ adminLogin: true, firstName: 'Anne-Marie' });
  });

  it('refuses an address already in use, a common password and a name the name rule refuses', async () => {
    const email = uniqueEmail('ops');
    await createStaffAccount(deps(), { email, firstName: 'Li', lastName: 'Wong' });
    await expect(
      createStaffAccount(deps(), { email, firstName: 'Li', lastName: 'Wong' }),
    ).rejects.toThrow(StaffRefused);
    await expect(
      createStaffAccount(
        deps(),
        { email: uniqueEmail('ops'), firstName: 'Li', lastName: 'Wong' },
        'password1234',
      ),
    ).rejects.toThrow(/password/);
    await expect(
      createStaffAccount(deps(), {
        email: uniqueEmail('ops'),
        firstName: 'L1<b>',
        lastName: 'Wong',
      }),
    ).rejects.toThrow(/firstName/);
  });
});
