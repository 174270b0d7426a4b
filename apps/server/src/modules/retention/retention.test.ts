// Past 600 lines: one app and its seeded applications serve every record class, the hold, the
// closure and the abandoned sweep; splitting by class would seed the same accounts again per file.
import { randomUUID } from 'node:crypto';
import type { RetentionStateView } from '@portal/domain/retention/retention-rules';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  applicationDocuments,
  applicationRetention,
  applicationSignatures,
  applications,
  auditEvents,
  identityAttempts,
  outboxMessages,
  padAgreements,
  paymentFiles,
  paymentItems,
  paymentReturnFiles,
  sandboxEsignEnvelopes,
  users,
} from '../../db/schema.ts';
import { createSandboxEsign } from '../../providers/esign/sandbox-esign.ts';
import { paymentFixtures } from '../../test/payment-files.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { bearer, signedInUser, signedInWithRole, type TestUser } from '../../test/users.ts';
import { contentContext } from '../outbox/outbox.service.ts';
import { ABANDONED_APPLICATION_REMINDER_TEMPLATE } from './abandoned-application-mail.ts';
import { ABANDONED_APPLICATION_DELETED, RECORD_DELETED } from './retention-audit.ts';
import { createRetentionJob, defaultRetentionSettings } from './retention.job.ts';

const OPS = '/service/jaxrs/ops/retention';
const DAY = 86_400_000;
const YEAR = 365.25 * DAY;
const REASON = 'Litigation matter 2026-14';
const silentLog = { warn: () => undefined, error: () => undefined };

describe('retention, legal hold and abandoned applications', () => {
  let test: TestApp;
  let app: FastifyInstance;
  let staff: TestUser;
  let staffId: string;
  let client: TestUser;
  let clientId: string;
  let clientEmail: string;

  beforeAll(async () => {
    test = await createTestApp({ logLevel: 'error' });
    app = test.app;
    staff = await signedInWithRole(app, 'staff');
    staffId = (await userIdOf(staff.email))!;
    client = await signedInUser(app, 'retention');
    clientEmail = client.email.toLowerCase();
    clientId = (await userIdOf(client.email))!;
  });
  afterAll(() => test.close());

  async function userIdOf(email: string) {
    const [row] = await app.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, email.toLowerCase()));
    return row?.id;
  }

  /** A job on the test's clock, with the sandbox e-sign vendor of the same database. */
  function jobAt(clock: { now: Date }) {
    return createRetentionJob({
      db: app.db,
      cipher: app.cipher,
      publicUrl: 'http://portal.test',
      settings: { ...defaultRetentionSettings, batchSize: 2 },
      esign: createSandboxEsign({ db: app.db, cipher: app.cipher }),
      log: silentLog,
      now: () => clock.now,
    });
  }

  /** An application with a document, an identity attempt and a signature at the sandbox vendor. */
  async function applicationWithRecords(input: {
    ownerId: string;
    status: string;
    createdAt: Date;
    updatedAt?: Date;
  }) {
    const id = randomUUID();
    await app.db.insert(applications).values({
      id,
      ownerId: input.ownerId,
      status: input.status,
      createdAt: input.createdAt,
      updatedAt: input.updatedAt ?? input.createdAt,
    });
    const documentId = randomUUID();
    await app.db.insert(applicationDocuments).values({
      id: documentId,
      applicationId: id,
      uploadedBy: input.ownerId,
      documentType: 'photoId',
      fileNameEncrypted: app.cipher.encrypt('passport.pdf', `doc:${documentId}`),
      contentType: 'application/pdf',
      size: 4,
      contentEncrypted: app.cipher.encryptBytes(new Uint8Array([1, 2, 3, 4]), `doc:${documentId}`),
      contentFingerprint: randomUUID(),
      uploadedAt: input.createdAt,
    });
    const attemptId = randomUUID();
    await app.db.insert(identityAttempts).values({
      id: attemptId,
      applicationId: id,
      role: 'primary',
      userId: input.ownerId,
      method: 'creditFile',
      outcome: 'verified',
      startedAt: input.createdAt,
      retainUntil: new Date(input.createdAt.getTime() + 5 * YEAR),
    });
    const envelopeId = randomUUID();
    await app.db.insert(sandboxEsignEnvelopes).values({
      id: envelopeId,
      signerEmail: clientEmail,
      signerName: 'Alex Martin',
      language: 'en',
      documentName: 'application.pdf',
      documentEncrypted: app.cipher.encryptBytes(new Uint8Array([5]), `env:${envelopeId}`),
      returnPath: '/',
      createdAt: input.createdAt,
      expiresAt: new Date(input.createdAt.getTime() + 30 * DAY),
    });
    await app.db.insert(applicationSignatures).values({
      applicationId: id,
      role: 'primary',
      signerId: input.ownerId,
      provider: 'sandbox',
      envelopeId,
      createdAt: input.createdAt,
    });
    return { id, documentId, attemptId, envelopeId };
  }

  async function recordsOf(records: Awaited<ReturnType<typeof applicationWithRecords>>) {
    const [documents, attempts, signatures, envelopes] = await Promise.all([
      app.db
        .select()
        .from(applicationDocuments)
        .where(eq(applicationDocuments.applicationId, records.id)),
      app.db.select().from(identityAttempts).where(eq(identityAttempts.id, records.attemptId)),
      app.db
        .select()
        .from(applicationSignatures)
        .where(eq(applicationSignatures.applicationId, records.id)),
      app.db
        .select()
        .from(sandboxEsignEnvelopes)
        .where(eq(sandboxEsignEnvelopes.id, records.envelopeId)),
    ]);
    return {
      documents: documents.length,
      attempts: attempts.length,
      signatures: signatures.length,
      envelopes: envelopes.length,
    };
  }

  const auditOf = (applicationId: string, actions: string[]) =>
    app.db
      .select({
        actorId: auditEvents.actorId,
        action: auditEvents.action,
        details: auditEvents.details,
      })
      .from(auditEvents)
      .where(
        and(eq(auditEvents.applicationId, applicationId), inArray(auditEvents.action, actions)),
      );

  const put = (url: string, payload: object, token = staff.token) =>
    app.inject({ method: 'PUT', url, headers: bearer(token), payload });
  const post = (url: string, payload: object, token = staff.token) =>
    app.inject({ method: 'POST', url, headers: bearer(token), payload });

  it('refuses the retention routes to clients, advisors and trial users (404) and to no one signed in (401)', async () => {
    const { id } = await applicationWithRecords({
      ownerId: clientId,
      status: 'approved',
      createdAt: new Date(),
    });
    const advisor = await signedInWithRole(app, 'advisor');
    const trial = await signedInWithRole(app, 'trial');
    for (const other of [client, advisor, trial]) {
      const calls = [
        app.inject({ method: 'GET', url: `${OPS}/${id}`, headers: bearer(other.token) }),
        put(`${OPS}/${id}/legalHold`, { reason: REASON }, other.token),
        post(`${OPS}/${id}/legalHold/lift`, { reason: REASON }, other.token),
        put(
          `${OPS}/${id}/accountClosure`,
          { closedAt: new Date().toISOString(), reason: REASON },
          other.token,
        ),
      ];
      for (const response of await Promise.all(calls)) expect(response.statusCode).toBe(404);
    }
    const anonymous = await app.inject({ method: 'GET', url: `${OPS}/${id}` });
    expect(anonymous.statusCode).toBe(401);
    const [row] = await app.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.applicationId, id), eq(auditEvents.action, 'legalHoldSet')));
    expect(row).toBeUndefined();
  });

  it('sets and lifts a legal hold, each audited with the staff member and the reason', async () => {
    const { id } = await applicationWithRecords({
      ownerId: clientId,
      status: 'approved',
      createdAt: new Date(),
    });
    const set = await put(`${OPS}/${id}/legalHold`, { reason: REASON });
    expect(set.statusCode).toBe(200);
    expect(set.json<RetentionStateView>()).toMatchObject({
      legalHold: true,
      legalHoldReason: REASON,
    });
    expect(set.json<RetentionStateView>().deletableFrom.identityRecord).toBeNull();
    expect((await put(`${OPS}/${id}/legalHold`, { reason: REASON })).statusCode).toBe(409);

    const lifted = await post(`${OPS}/${id}/legalHold/lift`, { reason: 'Matter settled' });
    expect(lifted.statusCode).toBe(200);
    expect(lifted.json<RetentionStateView>().legalHold).toBe(false);
    expect((await post(`${OPS}/${id}/legalHold/lift`, { reason: 'Again' })).statusCode).toBe(409);

    const trail = await auditOf(id, ['legalHoldSet', 'legalHoldLifted']);
    expect(trail).toEqual([
      { actorId: staffId, action: 'legalHoldSet', details: { reason: REASON } },
      {
        actorId: staffId,
        action: 'legalHoldLifted',
        details: expect.objectContaining({ reason: 'Matter settled' }),
      },
    ]);
    expect((await put(`${OPS}/${randomUUID()}/legalHold`, { reason: REASON })).statusCode).toBe(
      404,
    );
  });

  it("records an approved account's closure with its reason, audited, and refuses one ahead of today or of an unapproved application", async () => {
    const { id } = await applicationWithRecords({
      ownerId: clientId,
      status: 'approved',
      createdAt: new Date(Date.now() - 2 * YEAR),
    });
    const closure = `${OPS}/${id}/accountClosure`;
    const tomorrow = new Date(Date.now() + DAY).toISOString();

    const ahead = await put(closure, { closedAt: tomorrow, reason: 'Closed by the client' });
    expect(ahead.statusCode).toBe(422);
    expect(ahead.json()).toMatchObject({
      errorCode: 'closureInFuture',
      message: 'The closure date cannot be in the future.',
      fields: { closedAt: 'closureInFuture' },
    });
    const noReason = await put(closure, { closedAt: new Date(Date.now() - DAY).toISOString() });
    expect(noReason.statusCode).toBe(400);
    const [before] = await app.db
      .select()
      .from(applicationRetention)
      .where(eq(applicationRetention.applicationId, id));
    expect(before?.accountClosedAt ?? null).toBeNull();

    const closedAt = new Date(Date.now() - 30 * DAY).toISOString();
    const recorded = await put(closure, { closedAt, reason: 'Closed by the client' });
    expect(recorded.statusCode).toBe(200);
    expect(recorded.json<RetentionStateView>().accountClosedAt).toBe(closedAt);
    expect(recorded.json<RetentionStateView>().deletableFrom.identityRecord).not.toBeNull();
    expect(await auditOf(id, ['accountClosureRecorded'])).toEqual([
      {
        actorId: staffId,
        action: 'accountClosureRecorded',
        details: { reason: 'Closed by the client', closedAt, previous: null },
      },
    ]);

    const unsigned = await applicationWithRecords({
      ownerId: clientId,
      status: 'underReview',
      createdAt: new Date(),
    });
    const refused = await app.inject({
      method: 'PUT',
      url: `${OPS}/${unsigned.id}/accountClosure`,
      headers: { ...bearer(staff.token), 'accept-language': 'fr' },
      payload: { closedAt, reason: 'Closed by the client' },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      errorCode: 'accountNotApproved',
      message: expect.stringContaining('n’a pas été approuvée'),
    });
    expect(await auditOf(unsigned.id, ['accountClosureRecorded'])).toEqual([]);
  });

  it('deletes records past retention only once the account is closed and not under a legal hold', async () => {
    const clock = { now: new Date() };
    const longAgo = new Date(clock.now.getTime() - 9 * YEAR);
    const closedAt = new Date(clock.now.getTime() - 8 * YEAR).toISOString();
    const closed = await applicationWithRecords({
      ownerId: clientId,
      status: 'approved',
      createdAt: longAgo,
    });
    const open = await applicationWithRecords({
      ownerId: clientId,
      status: 'approved',
      createdAt: longAgo,
    });
    const held = await applicationWithRecords({
      ownerId: clientId,
      status: 'approved',
      createdAt: longAgo,
    });
    // Closed long ago, but only 6 years passed since this document arrived: kept (7 by default).
    const youngDocumentId = randomUUID();
    await app.db.insert(applicationDocuments).values({
      id: youngDocumentId,
      applicationId: closed.id,
      uploadedBy: clientId,
      documentType: 'voidCheque',
      fileNameEncrypted: 'v1:x',
      contentType: 'application/pdf',
      size: 1,
      contentEncrypted: Buffer.from([0]),
      contentFingerprint: randomUUID(),
      uploadedAt: new Date(clock.now.getTime() - 6 * YEAR),
    });
    for (const { id } of [closed, held]) {
      const response = await put(`${OPS}/${id}/accountClosure`, { closedAt, reason: REASON });
      expect(response.statusCode).toBe(200);
    }
    expect((await put(`${OPS}/${held.id}/legalHold`, { reason: REASON })).statusCode).toBe(200);

    const job = jobAt(clock);
    const pass = await job.runOnce();
    expect(pass.retention.identityRecord).toBeGreaterThanOrEqual(1);

    expect(await recordsOf(closed)).toEqual({
      documents: 1,
      attempts: 0,
      signatures: 0,
      envelopes: 0,
    });
    const [left] = await app.db
      .select({ id: applicationDocuments.id })
      .from(applicationDocuments)
      .where(eq(applicationDocuments.applicationId, closed.id));
    expect(left?.id).toBe(youngDocumentId);
    const kept = { documents: 1, attempts: 1, signatures: 1, envelopes: 1 };
    expect(await recordsOf(open)).toEqual(kept);
    expect(await recordsOf(held)).toEqual(kept);

    // Idempotent: a second pass finds nothing more.
    const again = await job.runOnce();
    expect(again.retention.identityRecord).toBe(0);
    expect(again.retention.accountAgreement).toBe(0);

    // The trail names ids and classes only.
    const deletions = await auditOf(closed.id, [RECORD_DELETED]);
    expect(deletions.map((event) => event.details)).toEqual(
      expect.arrayContaining([
        { recordClass: 'identityRecord', recordIds: [closed.attemptId] },
        { recordClass: 'applicationDocument', recordIds: [closed.documentId] },
        { recordClass: 'accountAgreement', recordIds: [`${closed.id}:primary`] },
      ]),
    );
    expect(deletions).toHaveLength(3);
    const text = JSON.stringify(deletions);
    expect(text).not.toContain(clientEmail);
    expect(text).not.toContain('Alex');
    expect(text).not.toContain('Martin');
    expect(text).not.toContain('passport');

    // Once the hold is lifted, the held account's records go too.
    expect(
      (await post(`${OPS}/${held.id}/legalHold/lift`, { reason: 'Matter settled' })).statusCode,
    ).toBe(200);
    await job.runOnce();
    expect(await recordsOf(held)).toEqual({
      documents: 0,
      attempts: 0,
      signatures: 0,
      envelopes: 0,
    });
    expect(await recordsOf(open)).toEqual(kept);
  });

  it('reminds an abandoned application in its language, then deletes it with its documents', async () => {
    const french = await signedInUser(app, 'retention-fr');
    const frenchId = (await userIdOf(french.email))!;
    await app.db.update(users).set({ language: 'fr' }).where(eq(users.id, frenchId));
    const start = new Date('2026-01-05T12:00:00Z');
    const clock = { now: start };
    const abandoned = await applicationWithRecords({
      ownerId: frenchId,
      status: 'continue',
      createdAt: start,
    });
    const englishOne = await applicationWithRecords({
      ownerId: clientId,
      status: 'esignatureRequired',
      createdAt: start,
    });
    const heldOne = await applicationWithRecords({
      ownerId: clientId,
      status: 'new',
      createdAt: start,
    });
    expect((await put(`${OPS}/${heldOne.id}/legalHold`, { reason: REASON })).statusCode).toBe(200);
    // Signed by the primary applicant: no longer "abandoned before signature".
    const signed = await applicationWithRecords({
      ownerId: clientId,
      status: 'jointEsignatureRequired',
      createdAt: start,
    });
    const job = jobAt(clock);
    const remindersOf = (applicationId: string) =>
      app.db
        .select()
        .from(outboxMessages)
        .where(
          and(
            eq(outboxMessages.applicationId, applicationId),
            eq(outboxMessages.template, ABANDONED_APPLICATION_REMINDER_TEMPLATE),
          ),
        );

    clock.now = new Date(start.getTime() + 150 * DAY);
    expect((await job.runOnce()).abandoned).toEqual({ reminded: 0, deleted: 0 });

    // 14 days before the 180th: the reminder, once, in each person's language.
    clock.now = new Date(start.getTime() + 166 * DAY + 1000);
    await job.runOnce();
    await job.runOnce();
    const [frenchMail, ...more] = await remindersOf(abandoned.id);
    expect(more).toEqual([]);
    expect(frenchMail!.language).toBe('fr');
    const content = JSON.parse(
      app.cipher.decrypt(frenchMail!.contentEncrypted, contentContext(frenchMail!.id)),
    ) as { subject: string; text: string };
    expect(content.subject).toContain('sera supprimée le');
    expect(content.subject).toContain('2026');
    const [englishMail] = await remindersOf(englishOne.id);
    expect(englishMail!.language).toBe('en');
    expect(await remindersOf(heldOne.id)).toEqual([]);
    expect(await remindersOf(signed.id)).toEqual([]);

    // Not before the 180th day.
    clock.now = new Date(start.getTime() + 179 * DAY);
    expect((await job.runOnce()).abandoned.deleted).toBe(0);

    clock.now = new Date(start.getTime() + 181 * DAY);
    expect((await job.runOnce()).abandoned.deleted).toBe(2);
    const gone = await app.db
      .select({ id: applications.id })
      .from(applications)
      .where(inArray(applications.id, [abandoned.id, englishOne.id]));
    expect(gone).toEqual([]);
    for (const records of [abandoned, englishOne]) {
      const left = await recordsOf(records);
      // The documents and the vendor's envelope are gone; the FINTRAC attempt keeps its 5 years.
      expect(left).toEqual({ documents: 0, attempts: 1, signatures: 0, envelopes: 0 });
    }
    const kept = { documents: 1, attempts: 1, signatures: 1, envelopes: 1 };
    expect(await recordsOf(heldOne)).toEqual(kept);
    expect(await recordsOf(signed)).toEqual(kept);

    const [deletion] = await auditOf(abandoned.id, [ABANDONED_APPLICATION_DELETED]);
    expect(deletion!.details).toEqual({
      recordClass: 'abandonedApplication',
      recordIds: [abandoned.id, abandoned.documentId],
    });
    const text = JSON.stringify(await auditOf(abandoned.id, [ABANDONED_APPLICATION_DELETED]));
    expect(text).not.toContain(french.email.toLowerCase());
    expect(text).not.toContain('Alex');

    // Idempotent: nothing more to do.
    expect((await job.runOnce()).abandoned).toEqual({ reminded: 0, deleted: 0 });
  });

  it('reminds again after new activity instead of deleting', async () => {
    const start = new Date('2026-03-01T12:00:00Z');
    const clock = { now: new Date(start.getTime() + 170 * DAY) };
    const records = await applicationWithRecords({
      ownerId: clientId,
      status: 'continue',
      createdAt: start,
    });
    const job = jobAt(clock);
    expect((await job.runOnce()).abandoned.reminded).toBeGreaterThanOrEqual(1);
    // The applicant comes back on day 175.
    await app.db
      .update(applications)
      .set({ updatedAt: new Date(start.getTime() + 175 * DAY) })
      .where(eq(applications.id, records.id));
    clock.now = new Date(start.getTime() + 200 * DAY);
    await job.runOnce();
    expect(await recordsOf(records)).toMatchObject({ documents: 1 });
    const remindersSent = async () =>
      (
        await app.db
          .select({ id: outboxMessages.id })
          .from(outboxMessages)
          .where(
            and(
              eq(outboxMessages.applicationId, records.id),
              eq(outboxMessages.template, ABANDONED_APPLICATION_REMINDER_TEMPLATE),
            ),
          )
      ).length;
    expect(await remindersSent()).toBe(1);
    // A new stretch of inactivity: a new reminder, then the deletion 180 days after day 175.
    clock.now = new Date(start.getTime() + (175 + 167) * DAY);
    await job.runOnce();
    expect(await remindersSent()).toBe(2);
    clock.now = new Date(start.getTime() + (175 + 181) * DAY);
    await job.runOnce();
    expect(await recordsOf(records)).toMatchObject({ documents: 0, envelopes: 0 });
  });

  it('reminds before it deletes when the job was down past the deletion day', async () => {
    const start = new Date('2025-01-10T12:00:00Z');
    const clock = { now: new Date(start.getTime() + 400 * DAY) };
    const records = await applicationWithRecords({
      ownerId: clientId,
      status: 'new',
      createdAt: start,
    });
    const job = jobAt(clock);
    await job.runOnce();
    expect(await recordsOf(records)).toMatchObject({ documents: 1 });
    clock.now = new Date(clock.now.getTime() + 13 * DAY);
    await job.runOnce();
    expect(await recordsOf(records)).toMatchObject({ documents: 1 });
    clock.now = new Date(clock.now.getTime() + 2 * DAY);
    await job.runOnce();
    expect(await recordsOf(records)).toMatchObject({ documents: 0 });
  });

  it('deletes PAD agreements, payment files and return files only once every account they name is closed and released', async () => {
    const fixtures = paymentFixtures(app.db);
    const clock = { now: new Date() };
    const longAgo = new Date(clock.now.getTime() - 9 * YEAR);
    const closedAt = new Date(clock.now.getTime() - 8 * YEAR);
    const closed = await fixtures.client();
    const open = await fixtures.client();
    await app.db
      .update(applications)
      .set({ status: 'approved' })
      .where(inArray(applications.id, [closed.applicationId, open.applicationId]));
    await app.db
      .insert(applicationRetention)
      .values({ applicationId: closed.applicationId, accountClosedAt: closedAt });

    const padOf = async (client: typeof closed) => {
      const id = randomUUID();
      await app.db.insert(padAgreements).values({
        id,
        userId: client.userId,
        fundingRequestId: await fixtures.fundingRequest(client, 10_000),
        language: 'en',
        acceptedAt: longAgo,
        pdfEncrypted: Buffer.from('pdf'),
        pdfSha256: 'ab'.repeat(32),
      });
      return id;
    };
    const closedPad = await padOf(closed);
    const openPad = await padOf(open);
    const onlyClosed = await fixtures.paymentFile({
      fileDay: '2017-06-01',
      createdAt: longAgo,
      items: [{ direction: 'debit', client: closed, amountCents: 10_000 }],
    });
    const shared = await fixtures.paymentFile({
      fileDay: '2017-06-02',
      createdAt: longAgo,
      items: [
        { direction: 'debit', client: closed, amountCents: 10_000 },
        { direction: 'debit', client: open, amountCents: 20_000 },
      ],
    });
    const returnedClosed = await fixtures.returnFile({
      readAt: longAgo,
      returns: [{ item: onlyClosed.items[0]!, reasonCode: 901, outcome: 'applied' }],
    });
    const returnedShared = await fixtures.returnFile({
      readAt: longAgo,
      returns: [{ item: shared.items[1]!, reasonCode: 901, outcome: 'applied' }],
    });

    const pass = await jobAt(clock).runOnce();
    expect(pass.retention).toMatchObject({ padAgreement: 1, paymentFile: 1, paymentReturnFile: 1 });

    const idsOf = async (rows: Promise<{ id: string }[]>) => (await rows).map((row) => row.id);
    expect(await idsOf(app.db.select({ id: padAgreements.id }).from(padAgreements))).toEqual(
      expect.arrayContaining([openPad]),
    );
    expect(
      await idsOf(
        app.db
          .select({ id: padAgreements.id })
          .from(padAgreements)
          .where(eq(padAgreements.id, closedPad)),
      ),
    ).toEqual([]);
    const files = await idsOf(app.db.select({ id: paymentFiles.id }).from(paymentFiles));
    expect(files).toContain(shared.id);
    expect(files).not.toContain(onlyClosed.id);
    expect(
      await idsOf(
        app.db
          .select({ id: paymentItems.id })
          .from(paymentItems)
          .where(eq(paymentItems.fileId, shared.id)),
      ),
    ).toHaveLength(2);
    const returnFiles = await idsOf(
      app.db.select({ id: paymentReturnFiles.id }).from(paymentReturnFiles),
    );
    expect(returnFiles).toContain(returnedShared.id);
    expect(returnFiles).not.toContain(returnedClosed.id);

    const [fileDeletion] = await app.db
      .select({ details: auditEvents.details })
      .from(auditEvents)
      .where(eq(auditEvents.action, RECORD_DELETED))
      .then((rows) =>
        rows.filter(
          (row) => (row.details as { recordClass?: string }).recordClass === 'paymentFile',
        ),
      );
    expect(fileDeletion!.details).toEqual({
      recordClass: 'paymentFile',
      recordIds: [onlyClosed.id],
    });
  });
});
