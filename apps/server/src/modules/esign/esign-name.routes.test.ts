import { and, eq } from 'drizzle-orm';
import { complete } from '@portal/domain/rules/other-interests.fixtures';
import { describe, expect, it } from 'vitest';
import { applicationSteps, users } from '../../db/schema.ts';
import { applicationAtOtherInterests, saveStep, type ErrorBody } from '../../test/applications.ts';
import { signedInTestApp } from '../../test/test-app.ts';
import { bearer } from '../../test/users.ts';
import { applyApplicationEvent } from '../applications/applications.service.ts';

/** Issue 12 item 1: the e-signature checks the signer's saved name with the one name rule. */
describe('e-signature: the name check', () => {
  const { test, camille } = signedInTestApp('camille');

  /** An individual application waiting for its signature, its profile saved as `firstName`. */
  async function awaitingSignature(firstName: string) {
    const atOtherInterests = await applicationAtOtherInterests(test.app, camille.token);
    const id = atOtherInterests.id;
    await saveStep(test.app, camille.token, id, 'otherinterests', atOtherInterests.version, {
      ...complete,
      intendedUse: { tfsa: 1 },
      correspondenceLanguage: 1,
    });
    // As saved before the rule: the profile's stored answers, written directly.
    const profileOf = and(
      eq(applicationSteps.applicationId, id),
      eq(applicationSteps.step, 'profile'),
    );
    const [profile] = await test.app.db.select().from(applicationSteps).where(profileOf);
    await test.app.db
      .update(applicationSteps)
      .set({ data: { ...(profile!.data as object), firstName } })
      .where(profileOf);
    await test.app.db.insert(applicationSteps).values({
      applicationId: id,
      step: 'review',
      data: { agreementId: 'customer-agreements-2026-11', hasConsent: true },
    });
    const [owner] = await test.app.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, camille.email.toLowerCase()));
    await test.app.db.transaction((tx) =>
      applyApplicationEvent(tx, {
        applicationId: id,
        actorId: owner!.id,
        event: 'reviewAgreedIndividual',
      }),
    );
    return id;
  }

  const start = (id: string) =>
    test.app.inject({
      method: 'POST',
      url: `/service/jaxrs/applications/${id}/esign`,
      headers: bearer(camille.token),
    });

  it('refuses to start signing for a saved name the rule refuses', async () => {
    const response = await start(await awaitingSignature('Anne (Annie)'));
    expect(response.statusCode).toBe(409);
    expect(response.json<ErrorBody>().errorCode).toBe('signerNameRefused');
  });

  it('starts signing for a name with a suffix or a curly apostrophe', async () => {
    const response = await start(await awaitingSignature('Seán O’Brien, Jr.'));
    expect(response.statusCode, response.body).toBe(200);
  });
});
