import { randomUUID } from 'node:crypto';
import {
  identityMethods,
  recordFieldsFor,
  type IdentityCase,
  type IdentityQueueItem,
  type Page,
} from '@portal/domain';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, identityAttempts, outboxMessages } from '../../db/schema.ts';
import type { VerificationDecision } from '../../providers/document-verification/document-verification-provider.ts';
import {
  ONFIDO_SIGNATURE_HEADER,
  ONFIDO_WEBHOOK_PATH,
} from '../../providers/document-verification/onfido-webhook.ts';
import { createApplication, type ErrorBody } from '../../test/applications.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { bearer, signedInUser, signedInWithRole, type TestUser } from '../../test/users.ts';
import {
  onfidoAsReported,
  onfidoCheckEvent,
  onfidoSettingsFor,
} from '../../test/vendors/onfido-as-reported.ts';
import {
  createIdentityFollowUpJob,
  PENDING_FOLLOW_UP_AFTER_MS,
} from '../identity-capture/identity-follow-up.job.ts';
import { completeAttempt, decryptedRecordOf, startAttempt } from '../identity/identity-outcome.ts';
import { userIdOf } from '../identity/identity.fixtures.ts';

/**
 * Photo-ID checks the vendor leaves to us (issue 34): a `review` waits in the console's identity
 * queue with the vendor's breakdown and the document it read; staff approve it as the photo-ID
 * method (the check's id as the record's reference) or refuse it; the vendor forgets the check
 * only once they have decided, never while it waits for them.
 */

const OPS = '/service/jaxrs/ops';
const REASON = 'Tampering flag is a glare artefact';
const WEBHOOK_TOKEN = 'onfido-webhook-token-for-review-tests';
const NUMBER = 'O1234-567890-12';
const onfido = onfidoSettingsFor(WEBHOOK_TOKEN);

/** Onfido suspects the document: its picture may have been edited. */
const suspected = (
  vendorReference: string,
  document: Partial<NonNullable<VerificationDecision['document']>> | null = {},
): VerificationDecision => ({
  vendorReference,
  decision: 'review',
  reasons: [],
  ...(document && {
    document: {
      type: 'driversLicence',
      number: NUMBER,
      jurisdiction: 'QC',
      country: 'CA',
      expiryDate: '2031-06-30',
      name: 'Camille Tremblay',
      dateOfBirth: '1988-04-12',
      ...document,
    },
  }),
  reports: [
    {
      kind: 'document',
      result: 'consider',
      subResult: 'suspected',
      concerns: [
        { area: 'visualAuthenticity', item: null, result: 'consider' },
        { area: 'visualAuthenticity', item: 'digitalTampering', result: 'consider' },
      ],
    },
    { kind: 'facialSimilarity', result: 'clear', subResult: null, concerns: [] },
  ],
});

const checkCompleted = (checkId: string) => onfidoCheckEvent(checkId, WEBHOOK_TOKEN);

describe('photo-ID reviews in the identity queue (issue 34)', () => {
  const onfidoVendor = onfidoAsReported();
  let test: TestApp;
  let app: FastifyInstance;
  let staff: TestUser;
  let other: TestUser;
  let client: TestUser;

  beforeAll(async () => {
    test = await createTestApp(
      { featureFlags: { bypassQualId: false }, identityDocument: onfido },
      { vendors: { documentVerification: onfidoVendor.vendor } },
    );
    app = test.app;
    staff = await signedInWithRole(app, 'staff');
    other = await signedInWithRole(app, 'staff');
    client = await signedInUser(app, 'camille');
  });
  afterEach(() => {
    onfidoVendor.forgotten.length = 0;
    onfidoVendor.failWith(false);
  });
  afterAll(() => test.close());

  const get = (user: TestUser, url: string) =>
    app.inject({ method: 'GET', url, headers: bearer(user.token) });
  const post = (user: TestUser, url: string, payload: object = {}) =>
    app.inject({ method: 'POST', url, headers: bearer(user.token), payload });
  const claim = (user: TestUser, id: string) =>
    post(user, `${OPS}/claims`, { kind: 'identity', id });
  const attemptRow = async (attemptId: string) =>
    (await app.db.select().from(identityAttempts).where(eq(identityAttempts.id, attemptId)))[0]!;
  const auditOf = async (applicationId: string, action: string) =>
    app.db
      .select({ details: auditEvents.details, actorId: auditEvents.actorId })
      .from(auditEvents)
      .where(and(eq(auditEvents.applicationId, applicationId), eq(auditEvents.action, action)));
  const mailsOf = (applicationId: string, template: string) =>
    app.db
      .select({ recipient: outboxMessages.recipient })
      .from(outboxMessages)
      .where(
        and(eq(outboxMessages.applicationId, applicationId), eq(outboxMessages.template, template)),
      );

  /** A photo-ID attempt sent to Onfido, waiting for its check. */
  async function pendingCheck() {
    const checkId = randomUUID();
    const { id: applicationId } = await createApplication(app, client.token);
    const userId = await userIdOf(app, client);
    const attemptId = await app.db.transaction(async (tx) => {
      const started = await startAttempt(tx, app.cipher, {
        applicationId,
        role: 'primary',
        userId,
        method: 'photoId',
        vendor: 'onfido',
        vendorReference: checkId,
        methodsOffered: identityMethods,
      });
      await completeAttempt(tx, app.cipher, { attemptId: started.attemptId, outcome: 'pending' });
      return started.attemptId;
    });
    return { applicationId, attemptId, checkId };
  }

  /** A check Onfido completed as a review, its webhook delivered. */
  async function reviewCase(document: Parameters<typeof suspected>[1] = {}) {
    const pending = await pendingCheck();
    onfidoVendor.decisions.set(pending.checkId, suspected(pending.checkId, document));
    const { body, signature } = checkCompleted(pending.checkId);
    const delivered = await app.inject({
      method: 'POST',
      url: ONFIDO_WEBHOOK_PATH,
      headers: { 'content-type': 'application/json', [ONFIDO_SIGNATURE_HEADER]: signature },
      payload: body,
    });
    expect(delivered.statusCode, delivered.body).toBe(200);
    return pending;
  }

  it('waits in the queue with the vendor’s breakdown and the document read, the number masked, and Onfido keeps the check meanwhile', async () => {
    const { applicationId, attemptId, checkId } = await reviewCase();
    expect((await attemptRow(attemptId)).outcome).toBe('needsReview');
    // The images stay at Onfido for the reviewer: nothing is deleted before the decision.
    expect(onfidoVendor.forgotten).toEqual([]);

    const queue = (await get(staff, `${OPS}/identity?pageSize=100`)).json<
      Page<IdentityQueueItem>
    >();
    expect(queue.items.find((item) => item.attemptId === attemptId)).toMatchObject({
      applicationId,
      method: 'photoId',
      role: 'primary',
      documentIds: [],
    });

    const response = await get(staff, `${OPS}/identity/${attemptId}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toContain('no-store');
    const view = response.json<IdentityCase>();
    expect(view).toMatchObject({
      attemptId,
      method: 'photoId',
      outcome: 'needsReview',
      decidable: true,
      photoIdCheck: {
        vendor: 'onfido',
        checkId,
        reports: suspected(checkId).reports,
        document: {
          documentType: 'driversLicence',
          jurisdiction: 'QC',
          country: 'CA',
          expiryDate: '2031-06-30',
          expired: false,
          name: 'Camille Tremblay',
          dateOfBirth: '1988-04-12',
          numberMasked: '************-12',
        },
      },
    });
    expect(response.body).not.toContain(NUMBER);
    // What the attempt keeps for staff is encrypted at rest.
    expect(JSON.stringify(await attemptRow(attemptId))).not.toContain(NUMBER);
  });

  it('reveals the number only under the claim, auditing the field and the reason, never the value', async () => {
    const { applicationId, attemptId } = await reviewCase();
    const reveal = (
      user: TestUser,
      payload: object = { field: 'documentNumber', reason: REASON },
    ) => post(user, `${OPS}/identity/${attemptId}/reveal`, payload);
    expect((await reveal(staff)).json<ErrorBody>().errorCode).toBe('claimRequired');
    await claim(staff, attemptId);
    expect((await reveal(staff, { field: 'documentNumber' })).statusCode).toBe(400);
    expect((await reveal(other)).json<ErrorBody>().errorCode).toBe('claimedByOther');
    const shown = await reveal(staff);
    expect(shown.statusCode).toBe(200);
    expect(shown.json()).toEqual({ field: 'documentNumber', value: NUMBER, seconds: 60 });
    const audit = await auditOf(applicationId, 'identityDocumentRevealed');
    expect(audit).toEqual([
      {
        actorId: expect.any(String),
        details: { attemptId, role: 'primary', field: 'documentNumber', reason: REASON },
      },
    ]);
  });

  it('approves as the photo-ID method from the vendor’s document, the check id as its reference, then has Onfido forget the check', async () => {
    const { applicationId, attemptId, checkId } = await reviewCase();
    const verify = () => post(staff, `${OPS}/identity/${attemptId}/verify`, { reason: REASON });
    // Without the claim, or with someone else's: refused, and nothing forgotten.
    expect((await verify()).json<ErrorBody>().errorCode).toBe('claimRequired');
    await claim(other, attemptId);
    expect((await verify()).json<ErrorBody>().errorCode).toBe('claimedByOther');
    await app.inject({
      method: 'DELETE',
      url: `${OPS}/claims/identity/${attemptId}`,
      headers: bearer(other.token),
    });
    await claim(staff, attemptId);
    expect(onfidoVendor.forgotten).toEqual([]);

    const verified = await verify();
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json()).toEqual({ state: 'verified' });

    const row = await attemptRow(attemptId);
    expect(row.outcome).toBe('verified');
    const record = decryptedRecordOf(app.cipher, row);
    expect(record).toEqual({
      method: 'photoId',
      documentType: 'driversLicence',
      documentNumber: NUMBER,
      jurisdiction: 'QC',
      country: 'CA',
      expiryDate: '2031-06-30',
      verifiedName: 'Camille Tremblay',
      vendor: 'onfido',
      vendorReference: checkId,
      verifiedAt: expect.any(String),
    });
    // FINTRAC's strict record: the method's fields and no others (no date of birth).
    expect(Object.keys(record!).sort()).toEqual([...recordFieldsFor('photoId')].sort());
    // The working state (the vendor's data kept for staff) is dropped with the decision.
    expect(row.workingEncrypted).toBeNull();

    const [audit] = await auditOf(applicationId, 'identityVerifiedByStaff');
    expect(audit?.details).toMatchObject({
      attemptId,
      method: 'photoId',
      reviewedBy: audit?.actorId,
      vendor: 'onfido',
      documentType: 'driversLicence',
      subResults: ['suspected'],
      reason: REASON,
    });
    expect(JSON.stringify(audit?.details)).not.toContain(NUMBER);
    expect(JSON.stringify(audit?.details)).not.toContain('Camille');
    expect(await mailsOf(applicationId, 'identityVerifiedByStaff')).toHaveLength(1);

    // Decided: Onfido forgets the applicant and its images, once.
    expect(onfidoVendor.forgotten).toEqual([checkId]);
    expect((await verify()).json<ErrorBody>().errorCode).toBe('notDecidable');
    expect(onfidoVendor.forgotten).toEqual([checkId]);
    const decided = (await get(staff, `${OPS}/identity/${attemptId}`)).json<IdentityCase>();
    expect(decided).toMatchObject({ outcome: 'verified', decidable: false, photoIdCheck: null });
  });

  it('refuses with the refusal’s code and mails the person, then has Onfido forget the check', async () => {
    const { applicationId, attemptId, checkId } = await reviewCase();
    await claim(staff, attemptId);
    const refused = await post(staff, `${OPS}/identity/${attemptId}/refuse`, {
      reason: REASON,
      refusal: 'notAuthentic',
    });
    expect(refused.json()).toEqual({ state: 'failed' });
    const row = await attemptRow(attemptId);
    expect(row).toMatchObject({ outcome: 'failed', reason: 'notAuthentic', recordEncrypted: null });
    expect(await mailsOf(applicationId, 'identityRefusedByStaff')).toHaveLength(1);
    expect(onfidoVendor.forgotten).toEqual([checkId]);
  });

  it('keeps the decision when Onfido cannot delete the check (logged, to be done by hand)', async () => {
    const { attemptId } = await reviewCase();
    await claim(staff, attemptId);
    onfidoVendor.failWith(true);
    const verified = await post(staff, `${OPS}/identity/${attemptId}/verify`, { reason: REASON });
    expect(verified.statusCode).toBe(200);
    expect((await attemptRow(attemptId)).outcome).toBe('verified');
  });

  it('cannot approve a document the vendor could not read, or one expired: refused instead', async () => {
    const unread = await reviewCase(null);
    await claim(staff, unread.attemptId);
    const view = (await get(staff, `${OPS}/identity/${unread.attemptId}`)).json<IdentityCase>();
    expect(view.photoIdCheck).toMatchObject({ checkId: unread.checkId, document: null });
    const notRead = await post(staff, `${OPS}/identity/${unread.attemptId}/verify`, {
      reason: REASON,
    });
    expect(notRead.statusCode).toBe(409);
    expect(notRead.json<ErrorBody>().errorCode).toBe('photoIdNotRead');
    expect(
      (
        await post(staff, `${OPS}/identity/${unread.attemptId}/reveal`, {
          field: 'documentNumber',
          reason: REASON,
        })
      ).json<ErrorBody>().errorCode,
    ).toBe('nothingToReveal');

    const expired = await reviewCase({ expiryDate: '2020-01-31' });
    await claim(staff, expired.attemptId);
    const expiredView = (
      await get(staff, `${OPS}/identity/${expired.attemptId}`)
    ).json<IdentityCase>();
    expect(expiredView.photoIdCheck?.document?.expired).toBe(true);
    const refused = await post(staff, `${OPS}/identity/${expired.attemptId}/verify`, {
      reason: REASON,
    });
    expect(refused.json<ErrorBody>().errorCode).toBe('photoIdExpired');
    expect((await attemptRow(expired.attemptId)).outcome).toBe('needsReview');
    // Nothing decided, nothing forgotten.
    expect(onfidoVendor.forgotten).toEqual([]);
  });

  it('does not decide an attempt in another state, nor one of a method staff do not review', async () => {
    const pending = await pendingCheck();
    await claim(staff, pending.attemptId);
    const early = await post(staff, `${OPS}/identity/${pending.attemptId}/verify`, {
      reason: REASON,
    });
    expect(early.statusCode).toBe(409);
    expect(early.json<ErrorBody>().errorCode).toBe('notDecidable');
    expect(
      (
        await post(staff, `${OPS}/identity/${pending.attemptId}/refuse`, {
          reason: REASON,
          refusal: 'other',
        })
      ).json<ErrorBody>().errorCode,
    ).toBe('notDecidable');
    const pendingView = (
      await get(staff, `${OPS}/identity/${pending.attemptId}`)
    ).json<IdentityCase>();
    expect(pendingView).toMatchObject({ decidable: false, photoIdCheck: null });

    const { id: applicationId } = await createApplication(app, client.token);
    const userId = await userIdOf(app, client);
    const creditFile = await app.db.transaction(async (tx) =>
      startAttempt(tx, app.cipher, {
        applicationId,
        role: 'primary',
        userId,
        method: 'creditFile',
        methodsOffered: identityMethods,
      }),
    );
    await claim(staff, creditFile.attemptId);
    expect((await get(staff, `${OPS}/identity/${creditFile.attemptId}`)).statusCode).toBe(404);
    expect(
      (await post(staff, `${OPS}/identity/${creditFile.attemptId}/verify`, { reason: REASON }))
        .statusCode,
    ).toBe(404);
    expect(onfidoVendor.forgotten).toEqual([]);
  });

  it('answers 404 to anyone but staff on the case and the reveal', async () => {
    const { attemptId } = await reviewCase();
    for (const user of [client, await signedInWithRole(app, 'advisor')]) {
      expect((await get(user, `${OPS}/identity/${attemptId}`)).statusCode).toBe(404);
      expect(
        (
          await post(user, `${OPS}/identity/${attemptId}/reveal`, {
            field: 'documentNumber',
            reason: REASON,
          })
        ).statusCode,
      ).toBe(404);
    }
    expect(
      (await app.inject({ method: 'GET', url: `${OPS}/identity/${attemptId}` })).statusCode,
    ).toBe(401);
  });

  it('keeps a review the follow-up job found at Onfido for staff, forgetting it only after their decision', async () => {
    const { attemptId, checkId } = await pendingCheck();
    onfidoVendor.decisions.set(checkId, suspected(checkId));
    const job = createIdentityFollowUpJob({
      db: app.db,
      cipher: app.cipher,
      provider: onfidoVendor.vendor,
      log: { debug: () => {}, info: () => {}, warn: () => {}, error: () => {} },
      now: () => new Date(Date.now() + PENDING_FOLLOW_UP_AFTER_MS + 60_000),
    });
    expect((await job.runOnce()).applied).toBeGreaterThanOrEqual(1);
    expect((await attemptRow(attemptId)).outcome).toBe('needsReview');
    expect(onfidoVendor.forgotten).not.toContain(checkId);
    const view = (await get(staff, `${OPS}/identity/${attemptId}`)).json<IdentityCase>();
    expect(view.photoIdCheck?.checkId).toBe(checkId);

    await claim(staff, attemptId);
    await post(staff, `${OPS}/identity/${attemptId}/refuse`, {
      reason: REASON,
      refusal: 'documentUnreadable',
    });
    expect(onfidoVendor.forgotten).toEqual([checkId]);
  });
});
