import type { ApplicationEvent } from '@portal/domain';
import { applicant } from '@portal/domain/rules/other-interests.fixtures';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  applications,
  applicationSteps,
  auditEvents,
  clientIdentities,
  users,
} from '../../db/schema.ts';
import {
  applicationAtOtherInterests,
  applicationAtProfile,
  createApplication,
  getApplication,
  otherInterestsAnswers,
  profileAnswers,
  putStep,
  saveStep,
  type ApplicationBody,
  type ErrorBody,
} from '../../test/applications.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { bearer, signedInUser, signedInWithRole, type TestUser } from '../../test/users.ts';
import { applyApplicationEvent } from '../applications/applications.service.ts';
import { openReviewCaseOf } from '../operations/review-cases.ts';
import { identityHashesOf } from './client-identities.ts';

const OPS = '/service/jaxrs/ops';

async function userOf(app: FastifyInstance, user: TestUser) {
  const [row] = await app.db.select().from(users).where(eq(users.email, user.email.toLowerCase()));
  return row!;
}

/** An individual application signed and under review, as the e-sign module leaves it. */
async function underReview(app: FastifyInstance, client: TestUser): Promise<string> {
  const before = await applicationAtOtherInterests(app, client.token);
  await saveStep(app, client.token, before.id, 'otherinterests', before.version, {
    ...otherInterestsAnswers(),
    affiliations: { primary: applicant },
  });
  await app.db.insert(applicationSteps).values({
    applicationId: before.id,
    step: 'review',
    data: { agreementId: 'customer-agreements-2026-11', hasConsent: true },
  });
  const actorId = (await userOf(app, client)).id;
  const events: ApplicationEvent[] = ['reviewAgreedIndividual', 'primarySignedIndividual'];
  await app.db.transaction(async (tx) => {
    for (const event of events) {
      await applyApplicationEvent(tx, { applicationId: before.id, actorId, event });
    }
    await openReviewCaseOf(tx, before.id, new Date());
  });
  return before.id;
}

describe('existing clients: recorded at approval, recognized afterwards', () => {
  let test: TestApp;
  let app: FastifyInstance;
  let client: TestUser;
  let twin: TestUser;
  let approvedId: string;

  beforeAll(async () => {
    test = await createTestApp();
    app = test.app;
    client = await signedInUser(app, 'camille');
    twin = await signedInUser(app, 'twin');
    const staff = await signedInWithRole(app, 'staff');
    const id = await underReview(app, client);
    approvedId = id;
    const call = (url: string, payload: object) =>
      app.inject({ method: 'POST', url: `${OPS}${url}`, headers: bearer(staff.token), payload });
    const claimed = await call('/claims', { kind: 'application', id });
    expect(claimed.statusCode, claimed.body).toBeLessThan(300);
    const [row] = await app.db.select().from(applications).where(eq(applications.id, id));
    const approved = await call(`/applications/${id}/approve`, {
      version: row!.version,
      reason: 'Checked the file against the policy',
    });
    expect(approved.statusCode, approved.body).toBe(200);
  });
  afterAll(() => test?.close());

  it('writes the approved applicant’s identity as keyed hashes in the approval', async () => {
    const user = await userOf(app, client);
    expect(user.onboardingComplete).toBe(true);
    const [identity] = await app.db
      .select()
      .from(clientIdentities)
      .where(eq(clientIdentities.userId, user.id));
    // completeProfile's email, SIN and birth date.
    expect(identity).toMatchObject(
      identityHashesOf(app.cipher, {
        email: 'Camille@Example.com ',
        sin: '130 692 544',
        birthDate: '1985-03-27',
      }),
    );
  });

  it('starts the client’s new application from the approved profile, the SIN kept sealed', async () => {
    const fresh = await createApplication(app, client.token);
    const detail = (await getApplication(app, client.token, fresh.id)).json<ApplicationBody>();
    const profile = detail.steps?.profile as Record<string, unknown>;
    expect(profile).toMatchObject({ firstName: 'Camille', birthDate: '1985-03-27' });
    expect(profile.sinMasked).toBe('*** *** 544');
    expect(profile).not.toHaveProperty('sinEncrypted');
    // The trail says where the profile came from.
    const [created] = await app.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.applicationId, fresh.id), eq(auditEvents.action, 'created')));
    expect(created?.details).toEqual({ profileFrom: approvedId });
    // Confirmed as it is, the SIN left blank: the one carried over is kept.
    const ready = await applicationAtProfile(app, client.token);
    const confirmed = await saveStep(
      app,
      client.token,
      ready.id,
      'profile',
      ready.version,
      profileAnswers(undefined, { sin: '' }),
    );
    expect(confirmed.id).toBe(ready.id);
  });

  it('tells another login with the same SIN and birth date to use the existing account', async () => {
    const application = await applicationAtProfile(app, twin.token);
    const response = await putStep(
      app,
      twin.token,
      application.id,
      'profile',
      application.version,
      profileAnswers(),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json<ErrorBody>().fields).toEqual({ 'data.sin': 'existingAccount' });
  });

  it('starts nothing for a person who is not a client yet', async () => {
    const created = await createApplication(app, twin.token);
    const detail = (await getApplication(app, twin.token, created.id)).json<ApplicationBody>();
    expect(detail.steps?.profile).toBeUndefined();
  });
});
