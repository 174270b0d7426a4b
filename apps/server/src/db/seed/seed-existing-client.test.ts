import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applications, clientIdentities, users } from '../schema.ts';
import { identityHashesOf } from '../../modules/client-identities/client-identities.ts';
import {
  applicationAtProfile,
  profileAnswers,
  putStep,
  type ErrorBody,
} from '../../test/applications.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { signedInUser } from '../../test/users.ts';
import { EXISTING_CLIENT } from './seed-existing-client.ts';

describe('the seeded existing client (README demo users)', () => {
  let test: TestApp;
  let app: FastifyInstance;

  beforeAll(async () => {
    test = await createTestApp({ seedDemoUsers: true });
    app = test.app;
  });
  afterAll(() => test?.close());

  it('is a client with a client number, an approved application and an identity on file', async () => {
    const [user] = await app.db.select().from(users).where(eq(users.email, EXISTING_CLIENT.email));
    expect(user).toMatchObject({ onboardingComplete: true, ibId: EXISTING_CLIENT.clientNumber });
    const owned = await app.db
      .select({ status: applications.status })
      .from(applications)
      .where(eq(applications.ownerId, user!.id));
    expect(owned).toEqual([{ status: 'approved' }]);
    const [identity] = await app.db
      .select()
      .from(clientIdentities)
      .where(eq(clientIdentities.userId, user!.id));
    expect(identity).toMatchObject(identityHashesOf(app.cipher, EXISTING_CLIENT));
  });

  it('is recognized when a new login gives their SIN and birth date', async () => {
    const newcomer = await signedInUser(app, 'newcomer');
    const application = await applicationAtProfile(app, newcomer.token);
    const response = await putStep(
      app,
      newcomer.token,
      application.id,
      'profile',
      application.version,
      profileAnswers(undefined, { sin: EXISTING_CLIENT.sin, birthDate: EXISTING_CLIENT.birthDate }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json<ErrorBody>().fields).toEqual({ 'data.sin': 'existingAccount' });
  });
});
