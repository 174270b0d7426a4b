import { complete } from '@portal/domain/rules/other-interests.fixtures';
import type { DocumentSummary } from '@portal/domain/rules/uploads';
import { beforeAll, describe, expect, it } from 'vitest';
import * as applicationsRepo from '../modules/applications/applications.repo.ts';
import {
  APPLICATIONS_URL,
  applicationAtOtherInterests,
  applicationWithAccounts,
  createApplication,
  getApplication,
  listApplications,
  putStep,
  type ApplicationBody,
  type ErrorBody,
} from './applications.ts';
import { documentsUrl, uploadDocument } from './documents.ts';
import { signedInTestApp } from './test-app.ts';
import { authorize, bearer, sessionCookieOf, signIn } from './users.ts';

/**
 * Every endpoint that serves a person's data is proved here against two users: each sees only
 * their own, and another's resource answers 404. Each later issue adds its endpoints.
 */
describe('authorization: two users never see each other', () => {
  const { test, alice, bob } = signedInTestApp('alice', 'bob');

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

  describe("applications: bob cannot reach alice's", () => {
    let aliceToken: string;
    let alicesApplication: ApplicationBody;
    let bobsApplication: ApplicationBody;
    beforeAll(async () => {
      // Alice may have signed out above (that revokes her tokens): she signs in again.
      const session = sessionCookieOf(await signIn(test.app, alice.email, alice.password));
      aliceToken = (await authorize(test.app, session)).body;
      const chosen = await applicationWithAccounts(test.app, aliceToken, ['tfsa']);
      alicesApplication = (await getApplication(test.app, aliceToken, chosen.id)).json();
      bobsApplication = await createApplication(test.app, bob.token);
    });

    /** Alice still sees her application exactly as before, and its trail names only her steps. */
    async function expectAlicesUnchanged() {
      const response = await getApplication(test.app, aliceToken, alicesApplication.id);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual(alicesApplication);
      const trail = await applicationsRepo.auditTrail(test.app.db, alicesApplication.id);
      expect(trail.map((event) => event.action)).toEqual([
        'created',
        'stepSaved',
        'stepSaved',
        'stepSaved',
      ]);
    }

    it("GET of alice's application answers bob 404 notFound, exactly like an unknown id", async () => {
      const response = await getApplication(test.app, bob.token, alicesApplication.id);
      expect(response.statusCode).toBe(404);
      expect(response.json<ErrorBody>().errorCode).toBe('notFound');
      const unknown = await getApplication(
        test.app,
        bob.token,
        '00000000-0000-4000-8000-000000000000',
      );
      expect(response.json()).toEqual(unknown.json());
      await expectAlicesUnchanged();
    });

    it("saving a step of alice's application answers bob 404, even with its current version", async () => {
      const response = await putStep(
        test.app,
        bob.token,
        alicesApplication.id,
        'ownership',
        alicesApplication.version,
        { ownershipTypeId: 2, jointRelationship: 'spouse' },
      );
      expect(response.statusCode).toBe(404);
      expect(response.json<ErrorBody>().errorCode).toBe('notFound');
      await expectAlicesUnchanged();
    });

    it("bob's list holds only his application, and alice's only hers", async () => {
      expect((await listApplications(test.app, bob.token)).map((a) => a.id)).toEqual([
        bobsApplication.id,
      ]);
      expect((await listApplications(test.app, aliceToken)).map((a) => a.id)).toEqual([
        alicesApplication.id,
      ]);
    });

    it("next-step of alice's application answers bob 404", async () => {
      const response = await test.app.inject({
        url: `${APPLICATIONS_URL}/${alicesApplication.id}/next-step`,
        headers: bearer(bob.token),
      });
      expect(response.statusCode).toBe(404);
      expect(response.json<ErrorBody>().errorCode).toBe('notFound');
      await expectAlicesUnchanged();
    });

    it("DELETE of alice's application answers bob 404 and leaves it in place", async () => {
      const response = await test.app.inject({
        method: 'DELETE',
        url: `${APPLICATIONS_URL}/${alicesApplication.id}`,
        headers: bearer(bob.token),
      });
      expect(response.statusCode).toBe(404);
      expect(response.json<ErrorBody>().errorCode).toBe('notFound');
      await expectAlicesUnchanged();
    });
  });

  describe("documents and the financial step: bob cannot reach alice's", () => {
    let aliceToken: string;
    let application: ApplicationBody;
    let document: DocumentSummary;
    let trail: string[];
    const actionsOf = async (id: string) =>
      (await applicationsRepo.auditTrail(test.app.db, id)).map((event) => event.action);

    beforeAll(async () => {
      const session = sessionCookieOf(await signIn(test.app, alice.email, alice.password));
      aliceToken = (await authorize(test.app, session)).body;
      application = await applicationAtOtherInterests(test.app, aliceToken);
      const uploaded = await uploadDocument(test.app, aliceToken, application.id, 'alice.pdf');
      expect(uploaded.statusCode).toBe(201);
      document = uploaded.json<DocumentSummary>();
      application = (await getApplication(test.app, aliceToken, application.id)).json();
      trail = await actionsOf(application.id);
    });

    /** Alice's application, document and trail are exactly as they were. */
    async function expectAlicesUnchanged() {
      const response = await getApplication(test.app, aliceToken, application.id);
      expect(response.json()).toEqual(application);
      const list = await test.app.inject({
        url: documentsUrl(application.id),
        headers: bearer(aliceToken),
      });
      expect(list.json()).toEqual([document]);
      expect(await actionsOf(application.id)).toEqual(trail);
    }

    function expectNotFound(response: { statusCode: number; json<T>(): T }) {
      expect(response.statusCode).toBe(404);
      expect(response.json<ErrorBody>().errorCode).toBe('notFound');
    }

    it("uploading to alice's application answers bob 404", async () => {
      expectNotFound(await uploadDocument(test.app, bob.token, application.id, 'bob.pdf'));
      await expectAlicesUnchanged();
    });

    it("listing alice's documents answers bob 404", async () => {
      expectNotFound(
        await test.app.inject({ url: documentsUrl(application.id), headers: bearer(bob.token) }),
      );
      await expectAlicesUnchanged();
    });

    it("the content of alice's document answers bob 404", async () => {
      expectNotFound(
        await test.app.inject({
          url: `${documentsUrl(application.id)}/${document.id}/content`,
          headers: bearer(bob.token),
        }),
      );
      await expectAlicesUnchanged();
    });

    it("DELETE of alice's document answers bob 404 and leaves it in place", async () => {
      expectNotFound(
        await test.app.inject({
          method: 'DELETE',
          url: `${documentsUrl(application.id)}/${document.id}`,
          headers: bearer(bob.token),
        }),
      );
      await expectAlicesUnchanged();
    });

    it("saving otherinterests on alice's application answers bob 404 (the same answers save for her)", async () => {
      const answers = { ...complete, intendedUse: { tfsa: 1 } };
      const save = (token: string) =>
        putStep(test.app, token, application.id, 'otherinterests', application.version, answers);
      expectNotFound(await save(bob.token));
      await expectAlicesUnchanged();
      expect((await save(aliceToken)).statusCode).toBe(200);
    });
  });
});
