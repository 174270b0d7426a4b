import { accountNumberOf } from '@portal/domain/operations/account-numbers';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { applicationSteps, clientIdentities, users } from '../../db/schema.ts';
import {
  applicationAtProfile,
  getApplication,
  jointProfileAnswers,
  profileAnswers,
  putStep,
  saveStep,
  type ApplicationBody,
  type ErrorBody,
} from '../../test/applications.ts';
import { signedInTestApp } from '../../test/test-app.ts';
import type { TestUser } from '../../test/users.ts';
import {
  IDENTITY_REFUSALS_PER_HOUR,
  identityHashesOf,
  recordClientIdentity,
} from './client-identities.ts';

/** The profile's defaults (packages/domain's completeProfile): the known client's identity. */
const CLIENT = { email: 'nadia.roy@example.com', sin: '130692544', birthDate: '1985-03-27' };
const CLIENT_NUMBER = accountNumberOf(8_800_001);

async function userIdOf(app: FastifyInstance, user: TestUser): Promise<string> {
  const [row] = await app.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, user.email.toLowerCase()));
  return row!.id;
}

/** Makes a person a known client, as an approval does: the identity row and a client number. */
async function makeClient(app: FastifyInstance, user: TestUser, clientNumber?: string) {
  const id = await userIdOf(app, user);
  await recordClientIdentity(app.db, app.cipher, id, CLIENT);
  await app.db
    .update(users)
    .set({ onboardingComplete: true, ...(clientNumber && { ibId: clientNumber }) })
    .where(eq(users.id, id));
  return id;
}

const refusedFields = async (
  app: FastifyInstance,
  user: TestUser,
  application: ApplicationBody,
  step: string,
  data: unknown,
) => {
  const response = await putStep(app, user.token, application.id, step, application.version, data);
  expect(response.statusCode, response.body).toBe(400);
  return response.json<ErrorBody>().fields;
};

describe('existing clients: the profile steps checked by keyed hash', () => {
  const { test, nadia, newcomer, other, joiner } = signedInTestApp(
    'nadia',
    'newcomer',
    'other',
    'joiner',
  );

  it('tells a new login with a client’s SIN and birth date to sign in with the existing account', async () => {
    await makeClient(test.app, nadia, CLIENT_NUMBER);
    const application = await applicationAtProfile(test.app, newcomer.token);
    const fields = await refusedFields(
      test.app,
      newcomer,
      application,
      'profile',
      profileAnswers(),
    );
    expect(fields).toEqual({ 'data.sin': 'existingAccount' });
    // Nothing was saved: the application is as it was.
    const rows = await test.app.db
      .select()
      .from(applicationSteps)
      .where(eq(applicationSteps.applicationId, application.id));
    expect(rows.map((row) => row.step)).not.toContain('profile');
  });

  it('answers a mismatch for the same SIN with another birth date, or the same email with another SIN', async () => {
    const application = await applicationAtProfile(test.app, other.token);
    expect(
      await refusedFields(
        test.app,
        other,
        application,
        'profile',
        profileAnswers(undefined, { birthDate: '1985-03-28' }),
      ),
    ).toEqual({ 'data.sin': 'identityMismatch' });
    expect(
      await refusedFields(
        test.app,
        other,
        application,
        'profile',
        profileAnswers(undefined, {
          sin: '193 456 787',
          email: CLIENT.email.toUpperCase(),
          confirmEmail: CLIENT.email,
        }),
      ),
    ).toEqual({ 'data.sin': 'identityMismatch' });
    // Someone else altogether is no client's business.
    await saveStep(
      test.app,
      other.token,
      application.id,
      'profile',
      application.version,
      profileAnswers(undefined, { sin: '193 456 787' }),
    );
  });

  it('never counts the client’s own row, and holds their identity to it', async () => {
    const application = await applicationAtProfile(test.app, nadia.token);
    expect(
      await refusedFields(
        test.app,
        nadia,
        application,
        'profile',
        profileAnswers(undefined, { birthDate: '1986-03-27' }),
      ),
    ).toEqual({ 'data.sin': 'identityMismatch' });
    await saveStep(
      test.app,
      nadia.token,
      application.id,
      'profile',
      application.version,
      profileAnswers(undefined, { email: CLIENT.email, confirmEmail: CLIENT.email }),
    );
  });

  it('looks others up by hash, never decrypting their values', async () => {
    const application = await applicationAtProfile(test.app, joiner.token);
    const decrypt = vi.spyOn(test.app.cipher, 'decrypt');
    try {
      await refusedFields(test.app, joiner, application, 'profile', profileAnswers());
      const contexts = decrypt.mock.calls.map(([, context]) => String(context));
      expect(
        contexts.every((context) => context.startsWith(`applications:${application.id}:`)),
      ).toBe(true);
    } finally {
      decrypt.mockRestore();
    }
    const stored = await test.app.db.select().from(clientIdentities);
    const serialized = JSON.stringify(stored);
    expect(serialized).not.toContain(CLIENT.sin);
    expect(serialized).not.toContain(CLIENT.birthDate);
    expect(serialized).not.toContain(CLIENT.email);
    expect(
      stored.find((row) => row.sinHash === identityHashesOf(test.app.cipher, CLIENT).sinHash),
    ).toBeDefined();
  });

  describe('the joint applicant', () => {
    /** A joint application at its joint profile, the primary being someone else again. */
    const jointAtProfile = async (user: TestUser) => {
      const application = await applicationAtProfile(test.app, user.token, { joint: true });
      return saveStep(
        test.app,
        user.token,
        application.id,
        'profile',
        application.version,
        profileAnswers(undefined, { sin: '271 234 569', birthDate: '1980-01-01' }),
      );
    };
    const asClient = (overrides: Record<string, unknown> = {}) => ({
      ...jointProfileAnswers(),
      sin: CLIENT.sin,
      birthDate: CLIENT.birthDate,
      ...overrides,
    });

    it('answers the joint mismatch for a partial match', async () => {
      const application = await jointAtProfile(other);
      expect(
        await refusedFields(
          test.app,
          other,
          application,
          'profilejoint',
          asClient({ birthDate: '1990-01-01' }),
        ),
      ).toEqual({ 'data.sin': 'identityMismatchJoint' });
    });

    it('accepts a client as joint applicant, with their client number and their share', async () => {
      const application = await jointAtProfile(other);
      const saved = await saveStep(
        test.app,
        other.token,
        application.id,
        'profilejoint',
        application.version,
        asClient({
          shareholderId: `${CLIENT_NUMBER.slice(0, 4)} ${CLIENT_NUMBER.slice(4)}`,
          shareholderPercent: '40',
        }),
      );
      const detail = (
        await getApplication(test.app, other.token, saved.id)
      ).json<ApplicationBody>();
      expect(detail.steps?.profilejoint).toMatchObject({
        shareholderId: CLIENT_NUMBER,
        shareholderPercent: 40,
      });
    });

    it('refuses a client number that is not the joint applicant’s, or not a client number', async () => {
      const application = await jointAtProfile(other);
      expect(
        await refusedFields(
          test.app,
          other,
          application,
          'profilejoint',
          asClient({ shareholderId: accountNumberOf(8_800_002) }),
        ),
      ).toEqual({ 'data.shareholderId': 'shareholderIdNotValidated' });
      // Another person giving the client's number: the number is not theirs.
      expect(
        await refusedFields(test.app, other, application, 'profilejoint', {
          ...jointProfileAnswers(),
          shareholderId: CLIENT_NUMBER,
        }),
      ).toEqual({ 'data.shareholderId': 'shareholderIdNotValidated' });
      expect(
        await refusedFields(test.app, other, application, 'profilejoint', {
          ...jointProfileAnswers(),
          shareholderId: '12345678',
          shareholderPercent: 101,
        }),
      ).toEqual({
        'data.shareholderId': 'shareholderIdFormat',
        'data.shareholderPercent': 'percentRange',
      });
    });

    it('gives the joint applicant half unless told', async () => {
      const application = await jointAtProfile(other);
      const saved = await saveStep(
        test.app,
        other.token,
        application.id,
        'profilejoint',
        application.version,
        jointProfileAnswers(),
      );
      const detail = (
        await getApplication(test.app, other.token, saved.id)
      ).json<ApplicationBody>();
      expect(detail.steps?.profilejoint).toMatchObject({ shareholderPercent: 50 });
      expect(detail.steps?.profilejoint).not.toHaveProperty('shareholderId');
    });
  });
});

describe('the identity check cannot be used to test SINs (issue 17)', () => {
  const { test, client, prober } = signedInTestApp('client', 'prober');

  it(`makes profile saves wait an hour after ${IDENTITY_REFUSALS_PER_HOUR} refusals, even a right one`, async () => {
    await makeClient(test.app, client, CLIENT_NUMBER);
    const application = await applicationAtProfile(test.app, prober.token);
    for (let day = 1; day <= IDENTITY_REFUSALS_PER_HOUR; day += 1) {
      // The client's SIN with birth dates that are not theirs: each one a mismatch.
      const guess = profileAnswers(undefined, {
        birthDate: `1985-04-${String(day).padStart(2, '0')}`,
      });
      expect(await refusedFields(test.app, prober, application, 'profile', guess)).toEqual({
        'data.sin': 'identityMismatch',
      });
    }
    const blocked = await putStep(
      test.app,
      prober.token,
      application.id,
      'profile',
      application.version,
      profileAnswers(undefined, { sin: '193 456 787' }),
    );
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json<ErrorBody>().errorCode).toBe('tooManyIdentityChecks');
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(3500);
  });

  it('counts only refusals: ordinary mistakes and other steps are not held against anyone', async () => {
    const application = await applicationAtProfile(test.app, client.token);
    for (let attempt = 0; attempt <= IDENTITY_REFUSALS_PER_HOUR; attempt += 1) {
      const response = await putStep(
        test.app,
        client.token,
        application.id,
        'profile',
        application.version,
        profileAnswers(undefined, { birthDate: 'not a date' }),
      );
      expect(response.statusCode).toBe(400);
    }
    await saveStep(
      test.app,
      client.token,
      application.id,
      'profile',
      application.version,
      profileAnswers(),
    );
  });
});
