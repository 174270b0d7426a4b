import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BIOMETRIC_CONSENT_VERSION,
  identityVerificationScreens,
  recordFieldsFor,
  type KbaQuestion,
} from '@portal/domain';
import { applications, auditEvents, identityAttempts } from '../../db/schema.ts';
import {
  APPLICATIONS_URL,
  agreement,
  applicationAtReview,
  saveStep,
  type ApplicationBody,
  type ErrorBody,
} from '../../test/applications.ts';
import { pdf, png, postDocument } from '../../test/documents.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { queuedMailsTo } from '../outbox/outbox.fixtures.ts';
import { bearer, signedInUser, signedInWithRole, type TestUser } from '../../test/users.ts';
import { agreedApplication, userIdOf } from './identity.fixtures.ts';
import { completeAttempt, decryptedRecordOf } from './identity-outcome.ts';
import { reviewedDualProcessRecord } from './identity.service.ts';
import * as repo from './identity.repo.ts';

const identityUrl = (id: string) => `${APPLICATIONS_URL}/${id}/identity`;

/** The truths of the test fixtures' profile (ONTARIO_HOME, born 1985). */
const truths = ['Queen St W', 'Toronto', '1985', 'M5H'];

interface IdentityBody {
  role: string;
  state: string;
  bypassed: boolean;
  method: string | null;
  screen: number;
  verificationStatus: string;
  bureau: { offline: boolean };
  tried: string[];
  lastFailure?: { method: string; reason: string };
  attempts: { id: string; method: string; outcome: string; reason?: string }[];
}
type CreditFileBody =
  | { outcome: 'questions'; attemptId: string; questions: KbaQuestion[] }
  | { outcome: 'failed'; reason: string };

async function statusOf(app: FastifyInstance, id: string): Promise<string> {
  const [row] = await app.db
    .select({ status: applications.status })
    .from(applications)
    .where(eq(applications.id, id));
  return row!.status;
}

/** The true choice of each question, as the person whose profile it is knows it. */
function trueAnswers(questions: KbaQuestion[]) {
  return questions.map((question) => {
    const choice = question.choices.find((c) => truths.includes(c.label.en));
    if (!choice) throw new Error(`no true choice in ${JSON.stringify(question)}`);
    return { questionId: question.id, choiceId: choice.id };
  });
}

describe('identity verification API (bypass-qualId off)', () => {
  let test: TestApp;
  let app: FastifyInstance;
  let camille: TestUser;
  let alex: TestUser;
  let stranger: TestUser;

  beforeAll(async () => {
    test = await createTestApp({ featureFlags: { bypassQualId: false } });
    app = test.app;
    camille = await signedInUser(app, 'camille');
    alex = await signedInUser(app, 'alex');
    stranger = await signedInUser(app, 'stranger');
  });
  afterAll(() => test.close());

  const get = (user: TestUser, id: string) =>
    app.inject({ method: 'GET', url: identityUrl(id), headers: bearer(user.token) });
  const post = (user: TestUser, url: string, payload?: object) =>
    app.inject({
      method: 'POST',
      url,
      headers: bearer(user.token),
      ...(payload && { payload }),
    });
  const startCreditFile = (user: TestUser, id: string) =>
    post(user, `${identityUrl(id)}/creditFile`);
  const answer = (user: TestUser, id: string, attemptId: string, answers: object[]) =>
    post(user, `${identityUrl(id)}/creditFile/${attemptId}/answers`, { answers });
  const startSigning = (user: TestUser, id: string) =>
    post(user, `${APPLICATIONS_URL}/${id}/esign`);

  async function questionsFor(user: TestUser, id: string) {
    const response = await startCreditFile(user, id);
    expect(response.statusCode).toBe(200);
    const body = response.json<CreditFileBody>();
    if (body.outcome !== 'questions') throw new Error(`no questions: ${response.body}`);
    return body;
  }

  it('refuses to sign before identity, then verifies with the questions answered truly and signs', async () => {
    const id = await agreedApplication(app, camille);
    // The signing screen is told, so it does not say "ready to sign" first (A minor 9).
    const signing = async () =>
      (
        await app.inject({
          method: 'GET',
          url: `${APPLICATIONS_URL}/${id}/esign`,
          headers: bearer(camille.token),
        })
      ).json<{ canSign: boolean; identityVerified: boolean }>();
    expect(await signing()).toMatchObject({ canSign: true, identityVerified: false });
    const refused = await startSigning(camille, id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json<ErrorBody>().errorCode).toBe('identityNotVerified');

    const before = (
      await app.inject({
        method: 'GET',
        url: `${APPLICATIONS_URL}/${id}`,
        headers: bearer(camille.token),
      })
    ).json<ApplicationBody & { identity: { state: string } }>();
    expect(before.identity).toEqual({ state: 'notStarted' });
    expect(before.nextStep).toBe('qualid');
    const view = (await get(camille, id)).json<IdentityBody>();
    expect(view).toMatchObject({
      role: 'primary',
      state: 'notStarted',
      bypassed: false,
      screen: identityVerificationScreens.Landing,
      verificationStatus: 'NOTSTARTED',
      tried: [],
      attempts: [],
    });

    const { attemptId, questions } = await questionsFor(camille, id);
    expect(questions).toHaveLength(4);
    for (const question of questions) {
      expect(question.choices).toHaveLength(4);
      expect(question.choices.at(-1)?.label.en).toBe('None of the above');
    }
    const verified = await answer(camille, id, attemptId, trueAnswers(questions));
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toEqual({ outcome: 'verified' });

    const listed = (
      await app.inject({ method: 'GET', url: APPLICATIONS_URL, headers: bearer(camille.token) })
    ).json<(ApplicationBody & { identity: { state: string } })[]>();
    const mine = listed.find((application) => application.id === id);
    expect(mine?.identity).toEqual({ state: 'verified' });
    expect(mine?.nextStep).toBe('esign');
    expect((await get(camille, id)).json<IdentityBody>()).toMatchObject({
      state: 'verified',
      method: 'creditFile',
      verificationStatus: 'MATCH',
    });
    expect((await startSigning(camille, id)).statusCode).toBe(200);

    expect(await signing()).toMatchObject({ canSign: true, identityVerified: true });
    // The same answers again change nothing.
    const replayed = await answer(camille, id, attemptId, trueAnswers(questions));
    expect(replayed.statusCode).toBe(409);
    expect(replayed.json<ErrorBody>().errorCode).toBe('attemptClosed');
    // Nor can a verified person start again.
    expect((await startCreditFile(camille, id)).json<ErrorBody>().errorCode).toBe(
      'alreadyVerified',
    );

    // The FINTRAC record: exactly the credit file's fields, its numbers never in clear.
    const attempt = await repo.findAttempt(app.db, attemptId);
    const record = decryptedRecordOf(app.cipher, attempt!) as Record<string, unknown>;
    expect(Object.keys(record).sort()).toEqual([...recordFieldsFor('creditFile')].sort());
    expect(record).toMatchObject({
      method: 'creditFile',
      verifiedName: 'Camille Tremblay',
      bureau: 'equifax',
      fileAgeYears: 6,
      tradelines: 4,
    });
    const raw = JSON.stringify(
      await app.db.select().from(identityAttempts).where(eq(identityAttempts.id, attemptId)),
    );
    expect(raw).not.toContain(String(record.fileReference));
    expect(raw).not.toContain('Tremblay');
    expect(attempt!.retainUntil.getUTCFullYear()).toBe(attempt!.startedAt.getUTCFullYear() + 5);

    const trail = await app.db
      .select({ action: auditEvents.action, details: auditEvents.details })
      .from(auditEvents)
      .where(eq(auditEvents.applicationId, id));
    const identityTrail = trail.filter((event) => event.action.startsWith('identityAttempt'));
    expect(identityTrail.map((event) => event.action).sort()).toEqual([
      'identityAttemptCompleted',
      'identityAttemptStarted',
    ]);
    expect(JSON.stringify(identityTrail)).not.toMatch(/Tremblay|EQ\d/);
  });

  it('fails the method on a wrong answer and offers the next one', async () => {
    const id = await agreedApplication(app, camille);
    const { attemptId, questions } = await questionsFor(camille, id);
    const answers = trueAnswers(questions);
    const first = questions[0]!;
    answers[0] = { questionId: first.id, choiceId: first.choices.at(-1)!.id };
    const failed = await answer(camille, id, attemptId, answers);
    expect(failed.json()).toEqual({ outcome: 'failed', reason: 'questionsFailed' });
    const view = (await get(camille, id)).json<IdentityBody>();
    expect(view).toMatchObject({
      state: 'failed',
      tried: ['creditFile'],
      lastFailure: { method: 'creditFile', reason: 'questionsFailed' },
      screen: identityVerificationScreens.Fail,
    });
    expect((await startSigning(camille, id)).json<ErrorBody>().errorCode).toBe(
      'identityNotVerified',
    );
  });

  it('refuses unanswered or foreign answers with 400 and keeps the attempt open', async () => {
    const id = await agreedApplication(app, camille);
    const { attemptId, questions } = await questionsFor(camille, id);
    const partial = await answer(camille, id, attemptId, trueAnswers(questions).slice(1));
    expect(partial.statusCode).toBe(400);
    expect(partial.json<ErrorBody>().fields).toEqual({ 'answers.0': 'required' });
    expect((await answer(camille, id, attemptId, trueAnswers(questions))).json()).toEqual({
      outcome: 'verified',
    });
  });

  it.each([
    ['Nofile', 'noMatch'],
    ['Thinfield', 'thinFile'],
    ['Hardstop', 'hardStop'],
  ])('answers the sandbox bureau input %s as a failed %s', async (lastName, reason) => {
    const id = await agreedApplication(app, camille, { lastName });
    const response = await startCreditFile(camille, id);
    expect(response.json()).toEqual({ outcome: 'failed', reason });
    const [attempt] = await repo.attemptsOf(app.db, id, 'primary');
    expect(attempt).toMatchObject({ outcome: 'failed', reason, recordEncrypted: null });
  });

  it('answers 503 bureauOffline when the sandbox bureau is offline', async () => {
    const id = await agreedApplication(app, camille, { lastName: 'Offline' });
    const response = await startCreditFile(camille, id);
    expect(response.statusCode).toBe(503);
    expect(response.json<ErrorBody>().errorCode).toBe('bureauOffline');
    expect(await repo.attemptsOf(app.db, id, 'primary')).toEqual([]);
  });

  it('sends the person to the identity step once they agree to the review', async () => {
    const atReview = await applicationAtReview(app, camille.token);
    const agreed = await saveStep(
      app,
      camille.token,
      atReview.id,
      'review',
      atReview.version,
      agreement,
    );
    expect(agreed).toMatchObject({
      status: 'esignatureRequired',
      nextStep: 'qualid',
      identity: { state: 'notStarted' },
    });
  });

  it('sends Continue from funding to the identity step, not past it to signing (A minor 9)', async () => {
    const nextStep = async (user: TestUser, id: string) =>
      (
        await app.inject({
          method: 'GET',
          url: `${APPLICATIONS_URL}/${id}/next-step`,
          headers: bearer(user.token),
        })
      ).json<{ step: string | null }>().step;
    const individual = await agreedApplication(app, camille);
    expect(await nextStep(camille, individual)).toBe('qualid');
    // A joint primary verifies while the joint applicant is invited (spec section 4, C-4).
    const joint = await agreedApplication(app, camille, { joint: alex });
    expect(await nextStep(camille, joint)).toBe('qualid');
    expect(await nextStep(alex, joint)).toBe('qualid');
  });

  it('answers 409 identityNotOpen before the review is agreed', async () => {
    const atReview = await applicationAtReview(app, camille.token);
    const response = await startCreditFile(camille, atReview.id);
    expect(response.statusCode).toBe(409);
    expect(response.json<ErrorBody>().errorCode).toBe('identityNotOpen');
  });

  it('answers 404 to someone else on every route, and to an attempt of another application', async () => {
    const id = await agreedApplication(app, camille);
    const { attemptId, questions } = await questionsFor(camille, id);
    const url = identityUrl(id);
    const responses = [
      await get(stranger, id),
      await startCreditFile(stranger, id),
      await answer(stranger, id, attemptId, trueAnswers(questions)),
      await post(stranger, `${url}/dualProcess`, { documents: [] }),
      await post(stranger, `${url}/manual`, { documentType: 'passport', expiry: '01/2031' }),
    ];
    expect(responses.map((response) => response.statusCode)).toEqual([404, 404, 404, 404, 404]);
    const other = await agreedApplication(app, stranger);
    const crossed = await answer(stranger, other, attemptId, trueAnswers(questions));
    expect(crossed.statusCode).toBe(404);
    expect((await repo.findAttempt(app.db, attemptId))?.outcome).toBe('inProgress');
  });

  it('takes the joint applicant from two documents to review (uploadJointEid), then to signing when operations verify', async () => {
    const id = await agreedApplication(app, camille, { joint: alex });
    expect(await statusOf(app, id)).toBe('jointEidUndetermined');
    expect((await get(alex, id)).json<IdentityBody>().role).toBe('joint');

    const upload = async (documentType: string) => {
      const response = await postDocument(
        app,
        alex.token,
        id,
        { documentType },
        { fileName: `${documentType}.pdf`, content: pdf(), contentType: 'application/pdf' },
      );
      expect(response.statusCode).toBe(201);
      return response.json<{ id: string }>().id;
    };
    // Only identity documents, and only while verifying.
    const w9 = await postDocument(
      app,
      alex.token,
      id,
      { documentType: 'w9Form' },
      { fileName: 'w9.pdf', content: pdf(), contentType: 'application/pdf' },
    );
    expect(w9.statusCode).toBe(404);
    const bill = await upload('utilityBill');
    const statement = await upload('bankStatement');

    const sameCategory = await post(alex, `${identityUrl(id)}/dualProcess`, {
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
          category: 'nameAddress',
          referenceNumber: '00123-998877',
        },
      ],
    });
    expect(sameCategory.statusCode).toBe(400);
    expect(sameCategory.json<ErrorBody>().fields).toEqual({
      'documents.1.category': 'sameCategory',
    });

    // One upload named twice is one source, whatever the form says about it.
    const sameDocument = await post(alex, `${identityUrl(id)}/dualProcess`, {
      documents: [
        {
          documentId: bill,
          sourceName: 'Hydro Ottawa',
          category: 'nameAddress',
          referenceNumber: 'HO-4477',
        },
        {
          documentId: bill,
          sourceName: 'Enbridge Gas',
          category: 'nameDateOfBirth',
          referenceNumber: 'EG-1234',
        },
      ],
    });
    expect(sameDocument.statusCode).toBe(400);
    expect(sameDocument.json<ErrorBody>().fields).toMatchObject({
      'documents.1.documentId': 'sameDocument',
    });

    const sent = await post(alex, `${identityUrl(id)}/dualProcess`, {
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
    expect(sent.json()).toEqual({ state: 'needsReview' });
    expect(await statusOf(app, id)).toBe('uploadJointEid');
    expect((await get(alex, id)).json<IdentityBody>()).toMatchObject({
      state: 'needsReview',
      verificationStatus: 'HARDSTOP',
    });

    const [attempt] = await repo.attemptsOf(app.db, id, 'joint');
    const raw = JSON.stringify(attempt);
    expect(raw).not.toContain('00123-998877');
    expect(raw).not.toContain('HO-4477');

    // Operations verify the documents (issue 16 builds their console).
    const staffId = await userIdOf(app, camille);
    await app.db.transaction(async (tx) => {
      const { changed } = await completeAttempt(tx, app.cipher, {
        attemptId: attempt!.id,
        outcome: 'verified',
        record: reviewedDualProcessRecord(app.cipher, attempt!, {
          reviewedBy: staffId,
          now: new Date(),
        }),
        verifiedName: 'Alex Tremblay',
        actorId: staffId,
      });
      expect(changed).toBe(true);
    });
    expect(await statusOf(app, id)).toBe('esignatureRequired');
    const done = await repo.findAttempt(app.db, attempt!.id);
    const record = decryptedRecordOf(app.cipher, done!) as Record<string, unknown>;
    expect(Object.keys(record).sort()).toEqual([...recordFieldsFor('dualProcess')].sort());
    expect(record.sources).toEqual([
      {
        sourceName: 'Hydro Ottawa',
        category: 'nameAddress',
        documentType: 'utilityBill',
        referenceNumber: 'HO-4477',
      },
      {
        sourceName: 'Banque Nationale',
        category: 'nameFinancialAccount',
        documentType: 'bankStatement',
        referenceNumber: '00123-998877',
      },
    ]);
    expect(JSON.stringify(done)).not.toContain('00123-998877');
    expect((await get(alex, id)).json<IdentityBody>().state).toBe('verified');
  });

  it('moves the joint applicant straight to signing when the credit file verifies them', async () => {
    const id = await agreedApplication(app, camille, { joint: alex });
    const { attemptId, questions } = await questionsFor(alex, id);
    expect((await answer(alex, id, attemptId, trueAnswers(questions))).json()).toEqual({
      outcome: 'verified',
    });
    expect(await statusOf(app, id)).toBe('esignatureRequired');
    // The primary's own identity is still to verify.
    expect((await get(camille, id)).json<IdentityBody>().state).toBe('notStarted');
  });

  describe('tells the primary by mail when the joint applicant’s identity makes it their turn (A-M2)', () => {
    const turnMails = async (id: string) =>
      (await queuedMailsTo(app, camille.email)).filter(
        (mail) => mail.applicationId === id && mail.template === 'primaryTurn',
      );

    it('to confirm their own identity first, when it is not confirmed yet, once', async () => {
      const id = await agreedApplication(app, camille, { joint: alex });
      const { attemptId, questions } = await questionsFor(alex, id);
      await answer(alex, id, attemptId, trueAnswers(questions));
      // Answered again (a lost answer): refused, and no second mail.
      expect((await answer(alex, id, attemptId, trueAnswers(questions))).statusCode).toBe(409);
      const mails = await turnMails(id);
      expect(mails).toHaveLength(1);
      expect(mails[0]!.language).toBe('en');
      expect(mails[0]!.content.subject).toBe('Confirm your identity to sign the joint application');
      expect(mails[0]!.content.text).toContain('Alex Tremblay has confirmed their identity.');
      expect(mails[0]!.content.text).toMatch(
        new RegExp(`https?://\\S+/\\?lang=en#/application/${id}/qualid`),
      );
    });

    it('to sign, in their own language, when their identity is confirmed already', async () => {
      const id = await agreedApplication(app, camille, { joint: alex });
      const own = await questionsFor(camille, id);
      await answer(camille, id, own.attemptId, trueAnswers(own.questions));
      await app.db.execute(
        sql`update users set language = 'fr' where email = ${camille.email.toLowerCase()}`,
      );
      try {
        const joint = await questionsFor(alex, id);
        await answer(alex, id, joint.attemptId, trueAnswers(joint.questions));
        const mails = await turnMails(id);
        expect(mails).toHaveLength(1);
        expect(mails[0]!.language).toBe('fr');
        expect(mails[0]!.content.subject).toBe("C'est votre tour de signer la demande conjointe");
        expect(mails[0]!.content.text).toMatch(
          new RegExp(`https?://\\S+/\\?lang=fr#/application/${id}/esign`),
        );
      } finally {
        await app.db.execute(
          sql`update users set language = 'en' where email = ${camille.email.toLowerCase()}`,
        );
      }
    });
  });

  it('sends a photo ID for manual verification after the review, refusing an expired one', async () => {
    const id = await agreedApplication(app, camille);
    const image = await postDocument(
      app,
      camille.token,
      id,
      { documentType: 'photoIDFront' },
      { fileName: 'licence.png', content: png(), contentType: 'image/png' },
    );
    expect(image.statusCode).toBe(201);
    const documentId = image.json<{ id: string }>().id;
    // Other documents stay locked once the review is agreed.
    const locked = await postDocument(
      app,
      camille.token,
      id,
      { documentType: 'w9Form' },
      { fileName: 'w9.pdf', content: pdf(), contentType: 'application/pdf' },
    );
    expect(locked.statusCode).toBe(409);

    const manual = (expiry: string) =>
      post(camille, `${identityUrl(id)}/manual`, {
        documentType: 'driversLicence',
        expiry,
        documentIds: [documentId],
      });
    const statement = await postDocument(
      app,
      camille.token,
      id,
      { documentType: 'bankStatement' },
      { fileName: 'statement.pdf', content: pdf(), contentType: 'application/pdf' },
    );
    const notAPhotoId = await post(camille, `${identityUrl(id)}/manual`, {
      documentType: 'driversLicence',
      expiry: '08/2031',
      documentIds: [statement.json<{ id: string }>().id],
    });
    expect(notAPhotoId.json<ErrorBody>().fields).toEqual({ documentIds: 'invalid' });
    const expired = await manual('01/2020');
    expect(expired.statusCode).toBe(400);
    expect(expired.json<ErrorBody>().fields).toEqual({ expiry: 'documentExpired' });
    expect((await manual('13/2030')).json<ErrorBody>().fields).toEqual({ expiry: 'expiryMonth' });
    const sent = await manual('08/2031');
    expect(sent.json()).toEqual({ state: 'needsReview' });

    const [attempt] = await repo.attemptsOf(app.db, id, 'primary');
    expect(attempt).toMatchObject({ method: 'manual', outcome: 'needsReview' });
    const staffId = await userIdOf(app, stranger);
    await app.db.transaction(async (tx) => {
      await completeAttempt(tx, app.cipher, {
        attemptId: attempt!.id,
        outcome: 'verified',
        verifiedName: 'Camille Tremblay',
        actorId: staffId,
        record: {
          method: 'manual',
          methodUsed: 'dualProcess',
          reviewedBy: staffId,
          verifiedName: 'Camille Tremblay',
          verifiedAt: new Date().toISOString(),
          vendor: 'operations',
          vendorReference: attempt!.id,
          sources: [
            {
              sourceName: 'Ministry of Transportation of Ontario',
              category: 'nameDateOfBirth',
              documentType: 'photoID',
              referenceNumber: 'T1234-56789-01234',
            },
            {
              sourceName: 'Equifax Canada',
              category: 'nameAddress',
              documentType: 'other',
              referenceNumber: 'EQ-5566',
            },
          ],
        },
      });
    });
    const done = await repo.findAttempt(app.db, attempt!.id);
    const record = decryptedRecordOf(app.cipher, done!) as Record<string, unknown>;
    expect(Object.keys(record).sort()).toEqual([...recordFieldsFor('manual')].sort());
    expect(JSON.stringify(done)).not.toContain('T1234-56789-01234');
    expect((await startSigning(camille, id)).statusCode).toBe(200);
  });

  it('shows the running photo-ID hand-off to the desktop, without its link', async () => {
    const id = await agreedApplication(app, camille);
    const started = await post(camille, `${identityUrl(id)}/photoId`, {
      phone: '4165550123',
      biometricConsent: { version: BIOMETRIC_CONSENT_VERSION, language: 'en' },
    });
    expect(started.statusCode).toBe(201);
    const view = (await get(camille, id)).json<
      IdentityBody & { handoff?: Record<string, unknown> }
    >();
    expect(view).toMatchObject({
      state: 'inProgress',
      method: 'photoId',
      screen: identityVerificationScreens.ThirdPartyWorkflow,
      handoff: { stage: 'sent', phoneMasked: '*** *** 0123' },
    });
    expect(view.handoff).not.toHaveProperty('link');
    expect(view.handoff).not.toHaveProperty('qrSvg');
  });

  it("exports a person's records to staff, and to nobody else", async () => {
    const id = await agreedApplication(app, camille);
    const { attemptId, questions } = await questionsFor(camille, id);
    await answer(camille, id, attemptId, trueAnswers(questions));
    const camilleId = await userIdOf(app, camille);
    const url = `/service/jaxrs/ops/identityRecords/${camilleId}`;

    expect(
      (await app.inject({ method: 'GET', url, headers: bearer(camille.token) })).statusCode,
    ).toBe(404);
    // The role is checked before the id: a malformed id tells a client nothing either.
    const malformed = await app.inject({
      method: 'GET',
      url: '/service/jaxrs/ops/identityRecords/not-a-uuid',
      headers: bearer(camille.token),
    });
    expect(malformed.statusCode).toBe(404);
    expect(malformed.json()).toMatchObject({ errorCode: 'notFound' });
    const staff = await signedInWithRole(app, 'staff');
    // Due within 30 days, answered by one call; its speed is the machine's, not asserted here.
    const response = await app.inject({ method: 'GET', url, headers: bearer(staff.token) });
    expect(response.statusCode).toBe(200);
    const body = response.json<{
      userId: string;
      records: {
        attemptId: string;
        record: Record<string, unknown> | null;
        verifiedName: string | null;
      }[];
    }>();
    expect(body.userId).toBe(camilleId);
    const exported = body.records.find((entry) => entry.attemptId === attemptId);
    expect(exported?.verifiedName).toBe('Camille Tremblay');
    expect(exported?.record).toMatchObject({ method: 'creditFile', bureau: 'equifax' });
    const [audit] = await app.db
      .select()
      .from(auditEvents)
      .where(
        and(eq(auditEvents.applicationId, id), eq(auditEvents.action, 'identityRecordsExported')),
      );
    expect(audit?.details).toEqual({ userId: camilleId });
  });
});

describe('identity with bypass-qualId on (the default)', () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp();
  });
  afterAll(() => test.close());

  it('leaves identity out of the application and lets the person sign', async () => {
    const camille = await signedInUser(test.app, 'camille');
    const id = await agreedApplication(test.app, camille);
    const detail = (
      await test.app.inject({
        method: 'GET',
        url: `${APPLICATIONS_URL}/${id}`,
        headers: bearer(camille.token),
      })
    ).json<ApplicationBody & { identity?: unknown }>();
    expect(detail.identity).toBeUndefined();
    expect(detail.nextStep).toBe('esign');
    const view = (
      await test.app.inject({ method: 'GET', url: identityUrl(id), headers: bearer(camille.token) })
    ).json<IdentityBody>();
    expect(view.bypassed).toBe(true);
    const signing = await test.app.inject({
      method: 'POST',
      url: `${APPLICATIONS_URL}/${id}/esign`,
      headers: bearer(camille.token),
    });
    expect(signing.statusCode).toBe(200);
  });
});

describe('identity with no credit bureau configured (CREDIT_BUREAU_PROVIDER=none)', () => {
  let test: TestApp;
  let app: FastifyInstance;
  let camille: TestUser;
  let stranger: TestUser;
  beforeAll(async () => {
    test = await createTestApp({
      featureFlags: { bypassQualId: false },
      creditBureau: { provider: 'none' },
    });
    app = test.app;
    camille = await signedInUser(app, 'camille');
    stranger = await signedInUser(app, 'stranger');
  });
  afterAll(() => test.close());

  const post = (user: TestUser, url: string, payload?: object) =>
    app.inject({
      method: 'POST',
      url,
      headers: bearer(user.token),
      ...(payload && { payload }),
    });
  const startedEvents = async (id: string) =>
    (
      await app.db
        .select({ details: auditEvents.details })
        .from(auditEvents)
        .where(
          and(eq(auditEvents.applicationId, id), eq(auditEvents.action, 'identityAttemptStarted')),
        )
    ).map((row) => row.details);

  it('offers photo ID, two documents and manual review, never the credit file', async () => {
    const id = await agreedApplication(app, camille);
    const view = (
      await app.inject({ method: 'GET', url: identityUrl(id), headers: bearer(camille.token) })
    ).json<IdentityBody & { methods: string[] }>();
    expect(view.methods).toEqual(['photoId', 'dualProcess', 'manual']);
    // No bureau, no maintenance window to wait for.
    expect(view.bureau.offline).toBe(false);
    const creditFile = await post(camille, `${identityUrl(id)}/creditFile`);
    expect(creditFile.statusCode).toBe(409);
    expect(creditFile.json<ErrorBody>().errorCode).toBe('methodNotOffered');
    expect(await startedEvents(id)).toEqual([]);

    // The methods offered are kept with the attempt the person chose.
    const image = await postDocument(
      app,
      camille.token,
      id,
      { documentType: 'photoIDFront' },
      { fileName: 'licence.png', content: png(), contentType: 'image/png' },
    );
    const manual = await post(camille, `${identityUrl(id)}/manual`, {
      documentType: 'driversLicence',
      expiry: '08/2031',
      documentIds: [image.json<{ id: string }>().id],
    });
    expect(manual.statusCode).toBe(200);
    expect(await startedEvents(id)).toEqual([
      expect.objectContaining({
        method: 'manual',
        methodsOffered: ['photoId', 'dualProcess', 'manual'],
      }),
    ]);
  });

  it('records a refusal of the comparison of the selfie with the photo ID, in the words and language shown', async () => {
    const id = await agreedApplication(app, camille);
    const consentRefusal = `${identityUrl(id)}/photoId/consentRefusal`;
    const words = { version: BIOMETRIC_CONSENT_VERSION, language: 'fr' };
    expect((await post(stranger, consentRefusal, words)).statusCode).toBe(404);
    expect((await post(camille, consentRefusal, { ...words, version: 'old' })).statusCode).toBe(
      400,
    );
    expect((await post(camille, consentRefusal, words)).statusCode).toBe(204);
    const refusals = await app.db
      .select({ actorId: auditEvents.actorId, details: auditEvents.details })
      .from(auditEvents)
      .where(
        and(eq(auditEvents.applicationId, id), eq(auditEvents.action, 'biometricConsentRefused')),
      );
    expect(refusals).toEqual([
      {
        actorId: await userIdOf(app, camille),
        details: { role: 'primary', version: BIOMETRIC_CONSENT_VERSION, language: 'fr' },
      },
    ]);
    // A refusal starts nothing: the person goes on with another method.
    expect(await startedEvents(id)).toEqual([]);
  });
});
