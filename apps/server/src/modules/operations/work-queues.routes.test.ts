import {
  fundingStatuses,
  pepFormDueOn,
  recordFieldsFor,
  transferInStatuses,
  type FundingQueueItem,
  type IdentityQueueItem,
  type Page,
  type PepFormQueueItem,
  type QueueCounts,
} from '@portal/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  applications,
  auditEvents,
  fundingEvents,
  fundingRequests,
  identityAttempts,
  identityVerifications,
  outboxMessages,
  pepForms,
  reviewCases,
  transferEvents,
  transferRequests,
} from '../../db/schema.ts';
import { APPLICATIONS_URL, type ErrorBody } from '../../test/applications.ts';
import { pdf, png, postDocument } from '../../test/documents.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { bearer, signedInUser, signedInWithRole, type TestUser } from '../../test/users.ts';
import {
  BANK_TODAY,
  createdFunding,
  fundableAccount,
  oneTimePayload,
  setBankToday,
  uploadedCheque,
} from '../funding/funding.fixtures.ts';
import { decryptedRecordOf } from '../identity/identity-outcome.ts';
import { agreedApplication } from '../identity/identity.fixtures.ts';
import {
  partialTransfer,
  submittedTransfer,
  transferableAccount,
} from '../transfers/transfers.fixtures.ts';
import { createPepFormRemindersJob } from './pep-form.job.ts';

const OPS = '/service/jaxrs/ops';
const REASON = 'Checked against the policy';
const uuid = '00000000-0000-4000-8000-000000000000';

const pepAnswers = {
  category: 'foreignPep',
  position: 'Minister of Finance',
  organization: 'Government of France',
  countryId: 75,
  heldFrom: '2019-05-01',
  sourceOfWealth: 'Salary and inheritance',
  sourceOfFunds: 'Savings at a Canadian bank',
  expectedActivity: 'Monthly deposits',
};

describe('operations work queues', () => {
  let test: TestApp;
  let app: FastifyInstance;
  let staff: TestUser;
  let other: TestUser;
  let client: TestUser;

  beforeAll(async () => {
    test = await createTestApp({ featureFlags: { bypassQualId: false } });
    app = test.app;
    staff = await signedInWithRole(app, 'staff');
    other = await signedInWithRole(app, 'staff');
    client = await signedInUser(app, 'client');
    await setBankToday(app, BANK_TODAY);
  });
  afterAll(() => test.close());

  const get = (user: TestUser, url: string) =>
    app.inject({ method: 'GET', url, headers: bearer(user.token) });
  const post = (user: TestUser, url: string, payload: object = {}) =>
    app.inject({ method: 'POST', url, headers: bearer(user.token), payload });
  const claim = (user: TestUser, kind: string, id: string) =>
    post(user, `${OPS}/claims`, { kind, id });
  const mailsOf = (applicationId: string, template: string) =>
    app.db
      .select({ recipient: outboxMessages.recipient, language: outboxMessages.language })
      .from(outboxMessages)
      .where(
        and(eq(outboxMessages.applicationId, applicationId), eq(outboxMessages.template, template)),
      );

  /** A PEP application under review, its case submitted at `submittedAt`. */
  async function pepCase(user: TestUser, submittedAt: Date): Promise<string> {
    const id = await agreedApplication(app, user);
    await app.db.execute(
      sql`update application_steps set data = jsonb_set(data, '{affiliations,primary,isPep}', 'true'::jsonb)
          where application_id = ${id} and step = 'otherinterests'`,
    );
    await app.db.update(applications).set({ status: 'underReview' }).where(eq(applications.id, id));
    await app.db.insert(reviewCases).values({
      applicationId: id,
      submittedAt,
      pep: true,
      pepFormDueOn: pepFormDueOn(submittedAt),
    });
    return id;
  }

  it('answers 404 to clients, advisors and trial users on every endpoint', async () => {
    const others = [
      client,
      await signedInWithRole(app, 'advisor'),
      await signedInWithRole(app, 'trial'),
    ];
    const calls = [
      ['GET', `${OPS}/queues`],
      ['GET', `${OPS}/identity`],
      ['POST', `${OPS}/identity/${uuid}/verify`],
      ['POST', `${OPS}/identity/${uuid}/refuse`],
      ['GET', `${OPS}/funding`],
      ['POST', `${OPS}/funding/${uuid}/retry`],
      ['POST', `${OPS}/funding/${uuid}/decline`],
      ['POST', `${OPS}/transfers/${uuid}/resubmit`],
      ['POST', `${OPS}/transfers/${uuid}/close`],
      ['GET', `${OPS}/pepForms`],
      ['POST', `${OPS}/documents/${uuid}/view`],
    ] as const;
    for (const user of others) {
      for (const [method, url] of calls) {
        const response = await app.inject({
          method,
          url,
          headers: bearer(user.token),
          ...(method === 'POST' && { payload: { reason: REASON } }),
        });
        expect(response.statusCode, `${method} ${url}`).toBe(404);
      }
    }
    expect((await app.inject({ method: 'GET', url: `${OPS}/queues` })).statusCode).toBe(401);
  });

  it('verifies a manual identity only as the dual-process method, with its record, and mails the person; refuses another', async () => {
    const id = await agreedApplication(app, client);
    const uploaded = await postDocument(
      app,
      client.token,
      id,
      { documentType: 'photoIDFront' },
      { fileName: 'licence.png', content: png(), contentType: 'image/png' },
    );
    const documentId = uploaded.json<{ id: string }>().id;
    const manual = () =>
      post(client, `${APPLICATIONS_URL}/${id}/identity/manual`, {
        documentType: 'driversLicence',
        expiry: '08/2031',
        documentIds: [documentId],
      });
    expect((await manual()).statusCode).toBe(200);
    const before = (await get(staff, `${OPS}/queues`)).json<QueueCounts>();
    expect(before.identity).toBeGreaterThanOrEqual(1);

    const queue = (await get(staff, `${OPS}/identity`)).json<Page<IdentityQueueItem>>();
    const item = queue.items.find((found) => found.applicationId === id)!;
    expect(item).toMatchObject({ method: 'manual', role: 'primary', documentIds: [documentId] });
    const verify = `${OPS}/identity/${item.attemptId}/verify`;
    // Approved only as the dual-process method: the licence and a second, independent source.
    const licence = {
      sourceName: 'Ministry of Transportation of Ontario',
      documentType: 'photoID',
      category: 'nameDateOfBirth',
      referenceNumber: 'T1234-56789-01234',
    };
    const creditFile = {
      sourceName: 'Equifax Canada',
      documentType: 'other',
      category: 'nameAddress',
      referenceNumber: 'EQ-5566-7788',
    };
    const sources = [licence, creditFile];

    // No claim, then someone else's claim: 409.
    expect(
      (await post(staff, verify, { reason: REASON, sources })).json<ErrorBody>(),
    ).toMatchObject({ errorCode: 'claimRequired' });
    expect((await claim(other, 'identity', item.attemptId)).statusCode).toBe(200);
    const taken = await post(staff, verify, { reason: REASON, sources });
    expect(taken.statusCode).toBe(409);
    expect(taken.json<ErrorBody>().errorCode).toBe('claimedByOther');
    await app.inject({
      method: 'DELETE',
      url: `${OPS}/claims/identity/${item.attemptId}`,
      headers: bearer(other.token),
    });
    expect((await claim(staff, 'identity', item.attemptId)).statusCode).toBe(200);
    // The uploaded photo ID alone is not enough: two documents, two sources, two categories.
    const refusedFields = async (payload: object) => {
      const response = await post(staff, verify, { reason: REASON, ...payload });
      expect(response.statusCode).toBe(400);
      return response.json<ErrorBody>().fields;
    };
    expect(await refusedFields({})).toEqual({ sources: 'twoDocuments' });
    expect(await refusedFields({ sources: [licence] })).toEqual({ sources: 'twoDocuments' });
    expect(
      await refusedFields({
        sources: [licence, { ...licence, category: 'nameAddress', referenceNumber: 'X-1' }],
      }),
    ).toEqual({ 'sources.1.sourceName': 'sameSource' });
    expect(
      await refusedFields({ sources: [licence, { ...creditFile, category: 'nameDateOfBirth' }] }),
    ).toEqual({ 'sources.1.category': 'sameCategory' });
    expect(
      await refusedFields({
        sources: [licence, { ...creditFile, sourceName: 'Laurentide', referenceNumber: '' }],
      }),
    ).toEqual({ 'sources.1.sourceName': 'sourceIsUs', 'sources.1.referenceNumber': 'required' });
    // The document says which category it can confirm: a utility bill shows no birth date.
    expect(
      await refusedFields({
        sources: [
          { ...licence, category: 'nameAddress' },
          { ...creditFile, documentType: 'utilityBill', category: 'nameDateOfBirth' },
        ],
      }),
    ).toEqual({ 'sources.1.category': 'categoryNotProved' });
    const verified = await post(staff, verify, { reason: REASON, sources });
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toEqual({ state: 'verified' });
    const [state] = await app.db
      .select({ state: identityVerifications.state })
      .from(identityVerifications)
      .where(eq(identityVerifications.applicationId, id));
    expect(state?.state).toBe('verified');
    expect(await mailsOf(id, 'identityVerifiedByStaff')).toHaveLength(1);
    const [audit] = await app.db
      .select({ details: auditEvents.details })
      .from(auditEvents)
      .where(
        and(eq(auditEvents.applicationId, id), eq(auditEvents.action, 'identityVerifiedByStaff')),
      );
    expect(audit?.details).toMatchObject({
      reason: REASON,
      method: 'manual',
      methodUsed: 'dualProcess',
      categories: ['nameDateOfBirth', 'nameAddress'],
      documentTypes: ['photoID', 'other'],
    });
    expect(JSON.stringify(audit?.details)).not.toContain('T1234');
    expect(JSON.stringify(audit?.details)).not.toContain('Equifax');
    // The record: the dual-process method's fields, encrypted at rest like every record.
    const [row] = await app.db
      .select()
      .from(identityAttempts)
      .where(eq(identityAttempts.id, item.attemptId));
    expect(JSON.stringify(row)).not.toContain('T1234');
    expect(decryptedRecordOf(app.cipher, row!)).toMatchObject({
      method: 'manual',
      methodUsed: 'dualProcess',
      vendor: 'operations',
      reviewedBy: expect.any(String),
      sources: [licence, creditFile].map((source) => expect.objectContaining(source)),
    });
    expect(Object.keys(decryptedRecordOf(app.cipher, row!)!).sort()).toEqual(
      [...recordFieldsFor('manual')].sort(),
    );
    // Decided: no longer waiting, and a second decision is refused.
    expect((await post(staff, verify, { reason: REASON, sources })).statusCode).toBe(409);

    // Another person's attempt, refused.
    const second = await signedInUser(app, 'second');
    const secondId = await agreedApplication(app, second);
    const photo = await postDocument(
      app,
      second.token,
      secondId,
      { documentType: 'photoIDFront' },
      { fileName: 'id.png', content: png(), contentType: 'image/png' },
    );
    await post(second, `${APPLICATIONS_URL}/${secondId}/identity/manual`, {
      documentType: 'passport',
      expiry: '08/2031',
      documentIds: [photo.json<{ id: string }>().id],
    });
    const [attempt] = await app.db
      .select({ id: identityAttempts.id })
      .from(identityAttempts)
      .where(eq(identityAttempts.applicationId, secondId));
    await claim(staff, 'identity', attempt!.id);
    const refused = await post(staff, `${OPS}/identity/${attempt!.id}/refuse`, {
      reason: REASON,
      refusal: 'documentExpired',
    });
    expect(refused.json()).toEqual({ state: 'failed' });
    const [failed] = await app.db
      .select({ outcome: identityAttempts.outcome, reason: identityAttempts.reason })
      .from(identityAttempts)
      .where(eq(identityAttempts.id, attempt!.id));
    expect(failed).toEqual({ outcome: 'failed', reason: 'documentExpired' });
    expect(await mailsOf(secondId, 'identityRefusedByStaff')).toHaveLength(1);
  });

  it('verifies a joint applicant from two documents and moves the application to signing', async () => {
    const primary = await signedInUser(app, 'primary');
    const joint = await signedInUser(app, 'joint');
    const id = await agreedApplication(app, primary, { joint });
    const upload = async (documentType: string) =>
      (
        await postDocument(
          app,
          joint.token,
          id,
          { documentType },
          { fileName: `${documentType}.pdf`, content: pdf(), contentType: 'application/pdf' },
        )
      ).json<{ id: string }>().id;
    const bill = await upload('utilityBill');
    const statement = await upload('bankStatement');
    const sent = await post(joint, `${APPLICATIONS_URL}/${id}/identity/dualProcess`, {
      documents: [
        {
          documentId: bill,
          sourceName: 'Hydro Ottawa',
          category: 'nameAddress',
          referenceNumber: 'HO-4477',
        },
        {
          documentId: statement,
          sourceName: 'Banque Nationale',
          category: 'nameFinancialAccount',
          referenceNumber: '00123-998877',
        },
      ],
    });
    expect(sent.statusCode).toBe(200);
    const statusOf = async () =>
      (
        await app.db
          .select({ status: applications.status })
          .from(applications)
          .where(eq(applications.id, id))
      )[0]?.status;
    expect(await statusOf()).toBe('uploadJointEid');
    const queue = (await get(staff, `${OPS}/identity?pageSize=100`)).json<
      Page<IdentityQueueItem>
    >();
    const item = queue.items.find((found) => found.applicationId === id)!;
    expect(item).toMatchObject({ method: 'dualProcess', role: 'joint' });
    expect([...item.documentIds].sort()).toEqual([bill, statement].sort());
    await claim(staff, 'identity', item.attemptId);
    const verified = await post(staff, `${OPS}/identity/${item.attemptId}/verify`, {
      reason: REASON,
    });
    expect(verified.json()).toEqual({ state: 'verified' });
    expect(await statusOf()).toBe('esignatureRequired');
    expect(await mailsOf(id, 'identityVerifiedByStaff')).toEqual([
      expect.objectContaining({ recipient: joint.email.toLowerCase() }),
    ]);
  });

  it('shows a document only under the claim of its item, sandboxed and audited with the reason', async () => {
    const id = await agreedApplication(app, client);
    const image = png();
    const uploaded = await postDocument(
      app,
      client.token,
      id,
      { documentType: 'photoIDFront' },
      { fileName: 'Permis "été".png', content: image, contentType: 'image/png' },
    );
    const documentId = uploaded.json<{ id: string }>().id;
    const view = (user: TestUser, kind: string, itemId: string, id = documentId) =>
      post(user, `${OPS}/documents/${id}/view`, { kind, itemId, reason: REASON });
    const viewed = () =>
      app.db
        .select({ details: auditEvents.details })
        .from(auditEvents)
        .where(and(eq(auditEvents.applicationId, id), eq(auditEvents.action, 'documentViewed')));

    // No claim: refused as every action; the reason is required.
    expect((await view(staff, 'application', id)).json<ErrorBody>().errorCode).toBe(
      'claimRequired',
    );
    expect(
      (
        await post(staff, `${OPS}/documents/${documentId}/view`, {
          kind: 'application',
          itemId: id,
        })
      ).statusCode,
    ).toBe(400);
    // The application's claim while it is still with the applicant (not submitted): 404.
    await claim(staff, 'application', id);
    expect((await view(staff, 'application', id)).statusCode).toBe(404);

    // Sent for manual verification: the identity item's claim opens its documents.
    await post(client, `${APPLICATIONS_URL}/${id}/identity/manual`, {
      documentType: 'driversLicence',
      expiry: '08/2031',
      documentIds: [documentId],
    });
    const queue = (await get(staff, `${OPS}/identity?pageSize=100`)).json<
      Page<IdentityQueueItem>
    >();
    const item = queue.items.find((found) => found.applicationId === id)!;
    expect((await view(staff, 'identity', item.attemptId)).statusCode).toBe(409);
    await claim(staff, 'identity', item.attemptId);
    const response = await view(staff, 'identity', item.attemptId);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('image/png');
    expect(response.headers['content-disposition']).toMatch(
      /^inline; filename="Permis [^"]*\.png"; filename\*=UTF-8''/,
    );
    expect(response.headers['content-security-policy']).toBe('sandbox');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['cache-control']).toContain('no-store');
    expect(response.rawPayload.equals(image)).toBe(true);
    expect(await viewed()).toEqual([
      {
        details: {
          documentId,
          documentType: 'photoIDFront',
          claimKind: 'identity',
          itemId: item.attemptId,
          reason: REASON,
        },
      },
    ]);

    // Another document of the same application is not this item's; someone else's claim is 409.
    const back = await postDocument(
      app,
      client.token,
      id,
      { documentType: 'photoIDBack' },
      { fileName: 'back.png', content: png(), contentType: 'image/png' },
    );
    const backId = back.json<{ id: string }>().id;
    expect((await view(staff, 'identity', item.attemptId, backId)).statusCode).toBe(404);
    const taken = await view(other, 'identity', item.attemptId);
    expect(taken.json<ErrorBody>().errorCode).toBe('claimedByOther');
    expect((await view(staff, 'identity', item.attemptId, uuid)).statusCode).toBe(404);
    expect(await viewed()).toHaveLength(1);
  });

  it('retries and declines rejected funding, 409 while a job holds the row', async () => {
    const payer = await signedInUser(app, 'payer');
    const { applicationId, accountId } = await fundableAccount(app, payer);
    const cheque = await uploadedCheque(app, payer.token, applicationId);
    const first = await createdFunding(
      app,
      payer.token,
      oneTimePayload(accountId, cheque.documentUploadedId),
    );
    const second = await createdFunding(app, payer.token, {
      ...oneTimePayload(accountId, cheque.documentUploadedId),
      amount: 700,
    });
    const ids = [first.item.id, second.item.id].map(String);
    // The bank rejected the first; the job set the second aside after a failure.
    await app.db
      .update(fundingRequests)
      .set({ status: fundingStatuses.REJECTED_BY_BANK })
      .where(eq(fundingRequests.id, ids[0]!));
    await app.db
      .update(fundingRequests)
      .set({ claimedBy: 'held:instance-1', claimedUntil: new Date(Date.now() + 600_000) })
      .where(eq(fundingRequests.id, ids[1]!));
    const queue = (await get(staff, `${OPS}/funding`)).json<Page<FundingQueueItem>>();
    const mine = queue.items.filter((item) => item.applicationId === applicationId);
    expect(mine.map((item) => [item.id, item.why]).sort()).toEqual(
      [
        [ids[0], 'rejected'],
        [ids[1], 'held'],
      ].sort(),
    );
    const retry = `${OPS}/funding/${ids[0]}/retry`;
    expect((await post(staff, retry, { reason: REASON })).statusCode).toBe(409);
    await claim(staff, 'funding', ids[0]!);
    // The void cheque it debits opens under its claim, and only there.
    expect(mine.every((item) => item.documentIds[0] === cheque.documentUploadedId)).toBe(true);
    const viewCheque = (kind: string, itemId: string) =>
      post(staff, `${OPS}/documents/${cheque.documentUploadedId}/view`, {
        kind,
        itemId,
        reason: REASON,
      });
    expect((await viewCheque('funding', ids[0]!)).statusCode).toBe(200);
    expect((await viewCheque('funding', ids[1]!)).json<ErrorBody>().errorCode).toBe(
      'claimRequired',
    );
    // A job's live lease (not a held mark): moving now.
    await app.db
      .update(fundingRequests)
      .set({ claimedBy: 'instance-2', claimedUntil: new Date(Date.now() + 60_000) })
      .where(eq(fundingRequests.id, ids[0]!));
    const moving = await post(staff, retry, { reason: REASON });
    expect(moving.statusCode).toBe(409);
    expect(moving.json<ErrorBody>().errorCode).toBe('movingNow');
    await app.db
      .update(fundingRequests)
      .set({ claimedBy: null, claimedUntil: null })
      .where(eq(fundingRequests.id, ids[0]!));
    const retried = await post(staff, retry, { reason: REASON });
    expect(retried.statusCode).toBe(200);
    expect(retried.json()).toEqual({ status: fundingStatuses.SUBMITTED });
    const [row] = await app.db
      .select({ startDate: fundingRequests.startDate })
      .from(fundingRequests)
      .where(eq(fundingRequests.id, ids[0]!));
    expect(row!.startDate > BANK_TODAY).toBe(true);
    const events = await app.db
      .select({ actor: fundingEvents.actor, toStatus: fundingEvents.toStatus })
      .from(fundingEvents)
      .where(eq(fundingEvents.fundingRequestId, ids[0]!));
    expect(events).toContainEqual({ actor: 'staff', toStatus: fundingStatuses.SUBMITTED });

    await claim(staff, 'funding', ids[1]!);
    const declined = await post(staff, `${OPS}/funding/${ids[1]}/decline`, { reason: REASON });
    expect(declined.json()).toEqual({ status: fundingStatuses.DECLINED });
    const after = (await get(staff, `${OPS}/funding`)).json<Page<FundingQueueItem>>();
    expect(after.items.filter((item) => item.applicationId === applicationId)).toEqual([]);
  });

  // PGlite has one connection: a second transaction waits for the first, so only a server
  // shows a row locked by a job's pass.
  it.runIf(process.env.TEST_DATABASE_URL)(
    'answers 409 movingNow while a job’s pass locks the row (PostgreSQL)',
    async () => {
      const payer = await signedInUser(app, 'locked');
      const { applicationId, accountId } = await fundableAccount(app, payer);
      const cheque = await uploadedCheque(app, payer.token, applicationId);
      const created = await createdFunding(
        app,
        payer.token,
        oneTimePayload(accountId, cheque.documentUploadedId),
      );
      const id = String(created.item.id);
      await app.db
        .update(fundingRequests)
        .set({ status: fundingStatuses.REJECTED_BY_BANK })
        .where(eq(fundingRequests.id, id));
      await claim(staff, 'funding', id);
      let answer: ErrorBody | undefined;
      await app.db.transaction(async (tx) => {
        await tx
          .select()
          .from(fundingRequests)
          .where(eq(fundingRequests.id, id))
          .for('update', { skipLocked: true });
        answer = (await post(staff, `${OPS}/funding/${id}/decline`, { reason: REASON })).json();
      });
      expect(answer?.errorCode).toBe('movingNow');
      const [row] = await app.db
        .select({ status: fundingRequests.status })
        .from(fundingRequests)
        .where(eq(fundingRequests.id, id));
      expect(row?.status).toBe(fundingStatuses.REJECTED_BY_BANK);
    },
  );

  it('resubmits and closes declined transfers, acted on once', async () => {
    const mover = await signedInUser(app, 'mover');
    const ids = await transferableAccount(app, mover);
    await submittedTransfer(app, mover.token, partialTransfer(ids));
    await submittedTransfer(app, mover.token, partialTransfer(ids, { accountNumber: '7001234' }));
    const rows = await app.db
      .select({ id: transferRequests.id })
      .from(transferRequests)
      .where(eq(transferRequests.applicationId, ids.applicationId));
    expect(rows).toHaveLength(2);
    await app.db
      .update(transferRequests)
      .set({ status: transferInStatuses.SC_DECLINED })
      .where(eq(transferRequests.applicationId, ids.applicationId));
    const [closeId, resubmitId] = rows.map((row) => row.id);
    const waiting = async () =>
      (await get(staff, `${OPS}/funding`))
        .json<Page<FundingQueueItem>>()
        .items.filter((item) => item.applicationId === ids.applicationId);
    expect(await waiting()).toHaveLength(2);

    await claim(staff, 'transfer', closeId!);
    const closed = await post(staff, `${OPS}/transfers/${closeId}/close`, { reason: REASON });
    expect(closed.json()).toEqual({ status: transferInStatuses.SC_DECLINED });
    // Closed once: the queue no longer shows it, and it cannot be closed again unseen.
    expect((await waiting()).map((item) => item.id)).toEqual([resubmitId]);

    await claim(staff, 'transfer', resubmitId!);
    await app.db
      .update(transferRequests)
      .set({ claimedBy: 'instance-3', claimedUntil: new Date(Date.now() + 60_000) })
      .where(eq(transferRequests.id, resubmitId!));
    const moving = await post(staff, `${OPS}/transfers/${resubmitId}/resubmit`, { reason: REASON });
    expect(moving.json<ErrorBody>().errorCode).toBe('movingNow');
    await app.db
      .update(transferRequests)
      .set({ claimedBy: null, claimedUntil: null })
      .where(eq(transferRequests.id, resubmitId!));
    const resubmitted = await post(staff, `${OPS}/transfers/${resubmitId}/resubmit`, {
      reason: REASON,
    });
    expect(resubmitted.json()).toEqual({ status: transferInStatuses.SC_IN_PROGRESS });
    expect(await waiting()).toEqual([]);
    const events = await app.db
      .select({ actor: transferEvents.actor, toStatus: transferEvents.toStatus })
      .from(transferEvents)
      .where(eq(transferEvents.transferRequestId, resubmitId!));
    expect(events).toContainEqual({ actor: 'staff', toStatus: transferInStatuses.SC_IN_PROGRESS });
  });

  it('takes the PEP/HIO form on screen or as an upload, and queues and counts the forms', async () => {
    const before = (await get(staff, `${OPS}/queues`)).json<QueueCounts>();
    const onScreen = await signedInUser(app, 'pep-screen');
    const id = await pepCase(onScreen, new Date());
    const url = `${APPLICATIONS_URL}/${id}/pepForm`;
    // Nobody else sees it; staff neither (the applicant's side).
    expect((await get(client, url)).statusCode).toBe(404);
    expect((await get(staff, url)).statusCode).toBe(404);
    const view = (await get(onScreen, url)).json<{
      status: { receivedAt: null };
      people: string[];
    }>();
    expect(view).toMatchObject({ people: ['primary'], status: { receivedAt: null } });
    const invalid = await app.inject({
      method: 'PUT',
      url,
      headers: bearer(onScreen.token),
      payload: { primary: { ...pepAnswers, position: '' } },
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json<ErrorBody>().fields).toMatchObject({ 'primary.position': 'required' });
    const saved = await app.inject({
      method: 'PUT',
      url,
      headers: bearer(onScreen.token),
      payload: { primary: pepAnswers },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      status: { restricted: false },
      answers: { primary: pepAnswers },
    });
    expect(
      saved.json<{ status: { receivedAt: string | null } }>().status.receivedAt,
    ).not.toBeNull();
    const [stored] = await app.db
      .select({ answers: pepForms.answersEncrypted })
      .from(pepForms)
      .where(eq(pepForms.applicationId, id));
    expect(stored!.answers).not.toContain('Minister');

    const uploader = await signedInUser(app, 'pep-upload');
    const late = new Date(Date.now() - 30 * 86_400_000);
    const lateId = await pepCase(uploader, late);
    const queue = (await get(staff, `${OPS}/pepForms?pageSize=100`)).json<Page<PepFormQueueItem>>();
    expect(queue.items.find((item) => item.applicationId === lateId)).toMatchObject({
      restricted: true,
      receivedAt: null,
    });
    expect(queue.items.find((item) => item.applicationId === id)).toMatchObject({
      restricted: false,
    });
    const counts = (await get(staff, `${OPS}/queues`)).json<QueueCounts>();
    expect(counts.pepForms - before.pepForms).toBe(1);
    expect(counts.pepFormsOverdue - before.pepFormsOverdue).toBe(1);
    expect(counts.underReview - before.underReview).toBe(2);

    const blank = await get(uploader, `${APPLICATIONS_URL}/${lateId}/pepForm/pdf`);
    expect(blank.statusCode).toBe(200);
    expect(blank.headers['content-type']).toBe('application/pdf');
    expect(blank.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const form = await postDocument(
      app,
      uploader.token,
      lateId,
      { documentType: 'pepHioForm' },
      { fileName: 'form.pdf', content: pdf(), contentType: 'application/pdf' },
    );
    expect(form.statusCode).toBe(201);
    const documentId = form.json<{ id: string }>().id;
    // Someone else's application: 404; the form itself: received.
    expect((await post(client, `${url}/upload`, { documentId })).statusCode).toBe(404);
    const filed = await post(uploader, `${APPLICATIONS_URL}/${lateId}/pepForm/upload`, {
      documentId,
    });
    expect(filed.statusCode).toBe(200);
    expect(filed.json()).toMatchObject({ status: { restricted: false } });
    const [received] = await app.db
      .select({ at: reviewCases.pepFormReceivedAt })
      .from(reviewCases)
      .where(eq(reviewCases.applicationId, lateId));
    expect(received?.at).not.toBeNull();
    const final = (await get(staff, `${OPS}/queues`)).json<QueueCounts>();
    expect(final.pepForms).toBe(before.pepForms);
  });

  it('mails the notice, then reminders at 7 and 14 days, once each, and nothing once received', async () => {
    const person = await signedInUser(app, 'pep-mail');
    const submittedAt = new Date('2026-11-02T15:00:00Z');
    const id = await pepCase(person, submittedAt);
    const received = await pepCase(await signedInUser(app, 'pep-done'), submittedAt);
    await app.db
      .update(reviewCases)
      .set({ pepFormReceivedAt: submittedAt })
      .where(eq(reviewCases.applicationId, received));
    let clock = submittedAt;
    const job = createPepFormRemindersJob({
      db: app.db,
      cipher: app.cipher,
      publicUrl: 'https://portal.test',
      log: app.log,
      now: () => clock,
    });
    const day = (days: number) => new Date(submittedAt.getTime() + days * 86_400_000);
    const counted = async () => ({
      due: (await mailsOf(id, 'pepFormDue')).length,
      reminders: (await mailsOf(id, 'pepFormReminder')).length,
    });
    await job.runOnce();
    await job.runOnce();
    expect(await counted()).toEqual({ due: 1, reminders: 0 });
    clock = day(6);
    await job.runOnce();
    expect(await counted()).toEqual({ due: 1, reminders: 0 });
    clock = day(7);
    await job.runOnce();
    await job.runOnce();
    expect(await counted()).toEqual({ due: 1, reminders: 1 });
    clock = day(14);
    await job.runOnce();
    clock = day(20);
    await job.runOnce();
    expect(await counted()).toEqual({ due: 1, reminders: 2 });
    const [sent] = await app.db
      .select({ count: reviewCases.pepRemindersSent })
      .from(reviewCases)
      .where(eq(reviewCases.applicationId, id));
    expect(sent?.count).toBe(3);
    expect([
      ...(await mailsOf(received, 'pepFormDue')),
      ...(await mailsOf(received, 'pepFormReminder')),
    ]).toEqual([]);
  });
});
