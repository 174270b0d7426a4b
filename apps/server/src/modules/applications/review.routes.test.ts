import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { applications, outboxMessages, users } from '../../db/schema.ts';
import {
  agreement,
  applicationAtOtherInterests,
  applicationAtReview,
  getApplication,
  listApplications,
  otherInterestsAnswers,
  putStep,
  saveStep,
  type ErrorBody,
} from '../../test/applications.ts';
import { signedInTestApp } from '../../test/test-app.ts';

describe('review and agree: the answers lock and the status moves on', () => {
  const { test, alice, sam } = signedInTestApp('alice', 'sam');

  it('refuses to agree without consent or with another booklet', async () => {
    const application = await applicationAtReview(test.app, alice.token);
    expect(application.nextStep).toBe('review');
    const response = await putStep(
      test.app,
      alice.token,
      application.id,
      'review',
      application.version,
      { agreementId: 'customer-agreements-2019', hasConsent: false },
    );
    expect(response.statusCode).toBe(400);
    expect(response.json<ErrorBody>().fields).toEqual({
      'data.agreementId': 'invalid',
      'data.hasConsent': 'consentRequired',
    });
  });

  it('cannot be agreed before the financial background is saved', async () => {
    const application = await applicationAtOtherInterests(test.app, alice.token);
    const early = await putStep(
      test.app,
      alice.token,
      application.id,
      'review',
      application.version,
      agreement,
    );
    expect(early.statusCode).toBe(400);
    expect(early.json<ErrorBody>().errorCode).toBe('stepNotAvailable');
  });

  it('an individual application goes to signing, and its answers no longer change', async () => {
    const application = await applicationAtReview(test.app, alice.token);
    const agreed = await saveStep(
      test.app,
      alice.token,
      application.id,
      'review',
      application.version,
      agreement,
    );
    expect(agreed).toMatchObject({ status: 'esignatureRequired', nextStep: 'esign' });
    const change = await putStep(
      test.app,
      alice.token,
      application.id,
      'otherinterests',
      agreed.version,
      otherInterestsAnswers(),
    );
    expect(change.statusCode).toBe(409);
    expect(change.json<ErrorBody>().errorCode).toBe('applicationLocked');
  });

  it('a joint application waits for the joint applicant, who then sees it too, read-only', async () => {
    const application = await applicationAtReview(test.app, alice.token, { joint: true });
    const agreed = await saveStep(
      test.app,
      alice.token,
      application.id,
      'review',
      application.version,
      agreement,
    );
    expect(agreed).toMatchObject({ status: 'jointActionRequired', nextStep: 'nextsteps' });

    // The joint applicant's invitation is queued with the agreement, for their address.
    const queued = await test.app.db
      .select({ recipient: outboxMessages.recipient, template: outboxMessages.template })
      .from(outboxMessages)
      .where(eq(outboxMessages.applicationId, application.id));
    expect(queued).toEqual([{ recipient: 'alex@example.com', template: 'jointInvitation' }]);

    // Before the code links them, the joint applicant sees nothing of it.
    expect((await getApplication(test.app, sam.token, application.id)).statusCode).toBe(404);
    expect(await listApplications(test.app, sam.token)).toEqual([]);

    const [samAccount] = await test.app.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, sam.email));
    await test.app.db
      .update(applications)
      .set({ jointUserId: samAccount?.id, status: 'jointEsignatureRequired' })
      .where(eq(applications.id, application.id));
    const seen = await getApplication(test.app, sam.token, application.id);
    expect(seen.statusCode).toBe(200);
    expect(seen.json()).toMatchObject({ role: 'joint', nextStep: 'esign' });
    expect(JSON.stringify(seen.json())).not.toContain('Encrypted');
    const [listed] = await listApplications(test.app, sam.token);
    expect(listed).toMatchObject({ id: application.id, role: 'joint' });
    const owner = await getApplication(test.app, alice.token, application.id);
    expect(owner.json()).toMatchObject({ role: 'primary', nextStep: 'nextsteps' });

    // Only the primary applicant answers, and the joint applicant cannot delete it.
    const write = await putStep(test.app, sam.token, application.id, 'review', 1, agreement);
    expect(write.statusCode).toBe(404);
  });
});
