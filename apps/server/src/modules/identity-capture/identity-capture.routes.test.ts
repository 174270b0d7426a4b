import { Writable } from 'node:stream';
import { and, count, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { BIOMETRIC_CONSENT_VERSION } from '@portal/domain';
import { webhookSecretOf } from '../../config.ts';
import {
  applications,
  applicationSteps,
  auditEvents,
  identityAttempts,
  identityCaptures,
  identityHandoffs,
  identityVerifications,
  outboxMessages,
  users,
} from '../../db/schema.ts';
import { signWebhook, WEBHOOK_SIGNATURE_HEADER } from '../../lib/webhooks/webhook-signature.ts';
import { applicationAtReview } from '../../test/applications.ts';
import { multipart, pdf, png } from '../../test/documents.ts';
import { createTestApp, signedInTestApp } from '../../test/test-app.ts';
import { bearer, signedInUser, type TestUser } from '../../test/users.ts';
import { applyApplicationEvent } from '../applications/applications.service.ts';
import { logText } from '../../test/log-text.ts';

const API = '/service/jaxrs';
const photoIdUrl = (id: string) => `${API}/applications/${id}/identity/photoId`;
const captureUrl = (credential: string, rest = '') => `${API}/identityCapture/${credential}${rest}`;
/** A minute past the sandbox's slowest ordinary decision: every due webhook is delivered. */
const later = () => new Date(Date.now() + 60_000);
/** The consent the page asks for before the camera (ADR 0036), as the English page sends it. */
const consent = { version: BIOMETRIC_CONSENT_VERSION, language: 'en' } as const;

interface HandoffBody {
  attemptId: string;
  stage: string;
  expiresAt: string;
  smsSentAt?: string;
  canResendAt?: string;
  phoneMasked?: string;
  link: string;
  shortLink: string;
  qrSvg: string;
}
interface CaptureBody {
  language: string;
  firstName: string;
  stage: string;
  documentType?: string;
  captured: { front: boolean; back: boolean; selfie: boolean };
  needsBack: boolean;
  outcome?: string;
  reason?: string;
}

async function userIdOf(app: FastifyInstance, user: TestUser): Promise<string> {
  const [row] = await app.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, user.email.toLowerCase()));
  return row!.id;
}

/** An individual application whose review is agreed: its applicant verifies before signing. */
async function awaitingIdentity(app: FastifyInstance, user: TestUser): Promise<string> {
  const { id } = await applicationAtReview(app, user.token);
  await app.db.insert(applicationSteps).values({
    applicationId: id,
    step: 'review',
    data: { agreementId: 'customer-agreements-2026-11', hasConsent: true },
  });
  const actorId = await userIdOf(app, user);
  await app.db.transaction((tx) =>
    applyApplicationEvent(tx, { applicationId: id, actorId, event: 'reviewAgreedIndividual' }),
  );
  return id;
}

const tokenOf = (handoff: HandoffBody) => handoff.link.split('/#/verify/')[1]!;
const codeOf = (handoff: HandoffBody) => handoff.shortLink.split('/v/')[1]!;

describe('photo ID on the phone: hand-off, phone API, vendor webhook', () => {
  const { test, camille, stranger } = signedInTestApp('camille', 'stranger');
  let app: FastifyInstance;
  beforeAll(() => {
    app = test.app;
  });

  const start = (user: TestUser, id: string, body: object = {}) =>
    app.inject({
      method: 'POST',
      url: photoIdUrl(id),
      headers: bearer(user.token),
      payload: { biometricConsent: consent, ...body },
    });
  const resend = (user: TestUser, id: string) =>
    app.inject({
      method: 'POST',
      url: `${photoIdUrl(id)}/sms`,
      headers: bearer(user.token),
      payload: {},
    });
  const look = (credential: string) => app.inject({ method: 'GET', url: captureUrl(credential) });
  const choose = (credential: string, documentType: string) =>
    app.inject({
      method: 'PUT',
      url: captureUrl(credential, '/document'),
      payload: { documentType },
    });
  const upload = (credential: string, side: string, fileName: string, content: Buffer = png()) => {
    const body = multipart({}, { fileName, content, contentType: 'image/png' });
    return app.inject({
      method: 'POST',
      url: captureUrl(credential, `/images/${side}`),
      headers: body.headers,
      payload: body.payload,
    });
  };
  const submit = (credential: string, payload: object = {}) =>
    app.inject({ method: 'POST', url: captureUrl(credential, '/submit'), payload });
  const attemptOf = async (attemptId: string) => {
    const [row] = await app.db
      .select()
      .from(identityAttempts)
      .where(eq(identityAttempts.id, attemptId));
    return row!;
  };

  /** Starts a hand-off and captures a driver's licence, the front under `frontName`. */
  async function captured(frontName: string, selfieName = 'selfie.png') {
    const id = await awaitingIdentity(app, camille);
    const started = await start(camille, id);
    expect(started.statusCode).toBe(201);
    const handoff = started.json<{ handoff: HandoffBody }>().handoff;
    const token = tokenOf(handoff);
    expect((await choose(token, 'driversLicence')).statusCode).toBe(200);
    expect((await upload(token, 'front', frontName)).statusCode).toBe(200);
    expect((await upload(token, 'back', 'back.png')).statusCode).toBe(200);
    expect((await upload(token, 'selfie', selfieName)).statusCode).toBe(200);
    return { id, handoff, token };
  }

  it('runs the whole hand-off: text, phone pages by token and short code, pictures, vendor, verified', async () => {
    const id = await awaitingIdentity(app, camille);
    const started = await start(camille, id);
    expect(started.statusCode).toBe(201);
    expect(started.headers['cache-control']).toContain('no-store');
    const handoff = started.json<{ handoff: HandoffBody }>().handoff;
    expect(handoff).toMatchObject({ stage: 'sent', phoneMasked: '*** *** 0199' });
    expect(handoff.link).toMatch(/\/#\/verify\/[A-Za-z0-9_-]{43}$/);
    expect(handoff.shortLink).toMatch(/\/v\/[2-9A-HJKMNP-Z]{8}$/);
    expect(handoff.qrSvg).toContain('<svg');
    expect(Date.parse(handoff.expiresAt) - Date.parse(handoff.smsSentAt!)).toBe(15 * 60_000);
    expect(Date.parse(handoff.canResendAt!) - Date.parse(handoff.smsSentAt!)).toBe(60_000);

    // The text went to the profile's mobile phone with the link; the table keeps no token.
    const [sms] = await app.db
      .select()
      .from(outboxMessages)
      .where(
        and(eq(outboxMessages.applicationId, id), eq(outboxMessages.template, 'identityLink')),
      );
    expect(sms).toMatchObject({ channel: 'sms', recipient: '+15145550199' });
    const token = tokenOf(handoff);
    const [stored] = await app.db
      .select()
      .from(identityHandoffs)
      .where(eq(identityHandoffs.attemptId, handoff.attemptId));
    expect(JSON.stringify(stored)).not.toContain(token);
    expect(JSON.stringify(stored)).not.toContain(codeOf(handoff));
    expect(JSON.stringify(stored)).not.toContain('5145550199');

    // The phone opens the link; the short code, typed in lower case, opens the same hand-off.
    const opened = await look(token);
    expect(opened.statusCode).toBe(200);
    expect(opened.headers['cache-control']).toBe('no-store');
    expect(opened.json<CaptureBody>()).toMatchObject({
      stage: 'opened',
      language: 'en',
      captured: { front: false, back: false, selfie: false },
      needsBack: true,
    });
    expect((await look(codeOf(handoff).toLowerCase())).json<CaptureBody>().stage).toBe('opened');

    expect((await choose(token, 'driversLicence')).json<CaptureBody>()).toMatchObject({
      stage: 'document',
      documentType: 'driversLicence',
    });
    await upload(token, 'front', 'front.png');
    await upload(token, 'back', 'back.png');
    const third = await upload(token, 'selfie', 'selfie.png');
    expect(third.json<CaptureBody>()).toMatchObject({
      stage: 'selfie',
      captured: { front: true, back: true, selfie: true },
    });

    // Retake: the selfie goes and comes back.
    const retake = await app.inject({ method: 'DELETE', url: captureUrl(token, '/images/selfie') });
    expect(retake.json<CaptureBody>().captured.selfie).toBe(false);
    await upload(token, 'selfie', 'selfie-again.png');

    const submitted = await submit(token);
    expect(submitted.statusCode).toBe(202);
    expect(submitted.json()).toEqual({ stage: 'submitted', outcome: 'pending' });
    expect((await attemptOf(handoff.attemptId)).outcome).toBe('pending');
    expect((await look(token)).json<CaptureBody>()).toMatchObject({
      stage: 'submitted',
      outcome: 'pending',
    });
    // The vendor holds the pictures now: none stay here.
    const left = await app.db
      .select({ value: count() })
      .from(identityCaptures)
      .where(eq(identityCaptures.attemptId, handoff.attemptId));
    expect(left[0]?.value).toBe(0);

    expect(await app.sandboxWebhooks.runOnce(later())).toBeGreaterThanOrEqual(1);
    const attempt = await attemptOf(handoff.attemptId);
    expect(attempt).toMatchObject({ outcome: 'verified', method: 'photoId' });
    expect(JSON.stringify(attempt)).not.toContain('D1234-56789-01234');
    const [verification] = await app.db
      .select()
      .from(identityVerifications)
      .where(
        and(eq(identityVerifications.applicationId, id), eq(identityVerifications.role, 'primary')),
      );
    expect(verification?.state).toBe('verified');
    expect((await look(token)).json<CaptureBody>()).toMatchObject({
      stage: 'decided',
      outcome: 'verified',
    });
  });

  it('keeps exactly the photo-ID fields in the FINTRAC record', async () => {
    const { handoff, token } = await captured('front.png');
    await submit(token);
    await app.sandboxWebhooks.runOnce(later());
    const staff = await exportRecordOf(handoff.attemptId);
    expect(Object.keys(staff).sort()).toEqual(
      [
        'country',
        'documentNumber',
        'documentType',
        'expiryDate',
        'jurisdiction',
        'method',
        'vendor',
        'vendorReference',
        'verifiedAt',
        'verifiedName',
      ].sort(),
    );
    expect(staff).toMatchObject({
      documentNumber: 'D1234-56789-01234',
      jurisdiction: 'ON',
      country: 'CA',
      expiryDate: '2030-08-31',
    });
  });

  it('refuses an expired document (file name "expired"): failed documentExpired', async () => {
    const { handoff, token } = await captured('my-expired-licence.png');
    await submit(token);
    await app.sandboxWebhooks.runOnce(later());
    expect(await attemptOf(handoff.attemptId)).toMatchObject({
      outcome: 'failed',
      reason: 'documentExpired',
    });
    expect((await look(token)).json<CaptureBody>()).toMatchObject({
      outcome: 'failed',
      reason: 'documentExpired',
    });
  });

  it('leaves a "review" decision to operations: needsReview, the phone told it is pending', async () => {
    const { handoff, token } = await captured('review.png');
    await submit(token);
    await app.sandboxWebhooks.runOnce(later());
    expect((await attemptOf(handoff.attemptId)).outcome).toBe('needsReview');
    expect((await look(token)).json<CaptureBody>()).toMatchObject({
      stage: 'decided',
      outcome: 'pending',
      reason: 'review',
    });
  });

  it('refuses a document past its expiry even when the vendor approves it', async () => {
    const { handoff, token } = await captured('slow.png');
    await submit(token);
    const { vendorReference } = await attemptOf(handoff.attemptId);
    const body = JSON.stringify({
      id: `evt-approved-expired-${handoff.attemptId}`,
      type: 'verification.decided',
      occurredAt: new Date().toISOString(),
      data: {
        vendorReference,
        decision: 'approved',
        reasons: [],
        document: {
          type: 'driversLicence',
          number: 'D1234-56789-01234',
          jurisdiction: 'ON',
          country: 'CA',
          expiryDate: '2025-01-31',
          name: 'Camille Tremblay',
        },
      },
    });
    const secret = webhookSecretOf(
      { appSecret: 'test-secret-test-secret-test-secret-0001' },
      'identity',
    );
    const response = await app.inject({
      method: 'POST',
      url: '/webhooks/identity',
      headers: {
        'content-type': 'application/json',
        [WEBHOOK_SIGNATURE_HEADER]: signWebhook(secret, body, new Date()),
      },
      payload: body,
    });
    expect(response.statusCode).toBe(200);
    const attempt = await attemptOf(handoff.attemptId);
    expect(attempt).toMatchObject({ outcome: 'failed', reason: 'documentExpired' });
    expect(attempt.recordEncrypted).toBeNull();
  });

  it('texts the result when the phone asked for it', async () => {
    const { id, token } = await captured('front.png');
    await submit(token, { notifyBySms: true });
    await app.sandboxWebhooks.runOnce(later());
    const done = await app.db
      .select()
      .from(outboxMessages)
      .where(
        and(eq(outboxMessages.applicationId, id), eq(outboxMessages.template, 'identityDone')),
      );
    expect(done).toHaveLength(1);
  });

  it('changes nothing on a wrongly signed webhook, and nothing more on a replayed one', async () => {
    const { id, handoff, token } = await captured('slow.png');
    await submit(token);
    const { vendorReference } = await attemptOf(handoff.attemptId);
    const body = JSON.stringify({
      id: `evt-${handoff.attemptId}`,
      type: 'verification.decided',
      occurredAt: new Date().toISOString(),
      data: { vendorReference, decision: 'declined', reasons: ['likenessFailed'] },
    });
    const deliver = (secret: string) =>
      app.inject({
        method: 'POST',
        url: '/webhooks/identity',
        headers: {
          'content-type': 'application/json',
          [WEBHOOK_SIGNATURE_HEADER]: signWebhook(secret, body, new Date()),
        },
        payload: body,
      });
    const auditCount = async () =>
      (
        await app.db
          .select({ value: count() })
          .from(auditEvents)
          .where(eq(auditEvents.applicationId, id))
      )[0]!.value;

    const forged = await deliver('not-the-secret-not-the-secret-000');
    expect(forged.statusCode).toBe(401);
    expect((await attemptOf(handoff.attemptId)).outcome).toBe('pending');

    const secret = webhookSecretOf(
      { appSecret: 'test-secret-test-secret-test-secret-0001' },
      'identity',
    );
    const first = await deliver(secret);
    expect(first.json()).toMatchObject({ duplicate: false });
    expect(await attemptOf(handoff.attemptId)).toMatchObject({
      outcome: 'failed',
      reason: 'likenessFailed',
    });
    const audits = await auditCount();
    const replay = await deliver(secret);
    expect(replay.json()).toMatchObject({ duplicate: true });
    expect(await auditCount()).toBe(audits);
    // The vendor's own later "slow" approval finds the attempt closed: it stays failed.
    await app.sandboxWebhooks.runOnce(new Date(Date.now() + 120_000));
    expect((await attemptOf(handoff.attemptId)).outcome).toBe('failed');
  });

  it('re-sends the text only after a minute, with a new link that replaces the old one', async () => {
    const id = await awaitingIdentity(app, camille);
    const first = (await start(camille, id)).json<{ handoff: HandoffBody }>().handoff;
    const tooSoon = await resend(camille, id);
    expect(tooSoon.statusCode).toBe(429);
    expect(tooSoon.json()).toMatchObject({
      errorCode: 'smsResendTooSoon',
      retryAt: first.canResendAt,
    });
    await app.db
      .update(identityHandoffs)
      .set({ smsSentAt: new Date(Date.now() - 61_000) })
      .where(eq(identityHandoffs.attemptId, first.attemptId));
    const again = await resend(camille, id);
    expect(again.statusCode).toBe(200);
    const second = again.json<{ handoff: HandoffBody }>().handoff;
    expect(second.attemptId).toBe(first.attemptId);
    expect(second.link).not.toBe(first.link);
    expect((await look(tokenOf(first))).statusCode).toBe(404);
    expect((await look(tokenOf(second))).statusCode).toBe(200);
  });

  it("tells the desktop why the link's text did not reach the phone, once the vendor said so", async () => {
    const id = await awaitingIdentity(app, camille);
    expect((await start(camille, id)).statusCode).toBe(201);
    const identity = async () =>
      (
        await app.inject({
          url: `/service/jaxrs/applications/${id}/identity`,
          headers: bearer(camille.token),
        })
      ).json<{ handoff: { textProblem?: string } }>().handoff;
    expect((await identity()).textProblem).toBeUndefined();
    // Twilio reported the link's text undelivered (30006: a landline or unreachable phone).
    await app.db.execute(
      sql`update outbox_messages set delivery_status = 'undelivered',
            delivery_reason = 'smsUndeliverable', delivery_error_code = '30006'
          where application_id = ${id} and channel = 'sms'`,
    );
    expect((await identity()).textProblem).toBe('smsUndeliverable');
  });

  it('starts no photo ID without consent to the comparison of the selfie, and keeps the consent given with the attempt', async () => {
    const id = await awaitingIdentity(app, camille);
    const refused = await start(camille, id, { biometricConsent: undefined });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ errorCode: 'biometricConsentRequired' });
    // Words of another version (an old page) are not the consent recorded.
    const outdated = await start(camille, id, {
      biometricConsent: { version: '2020-01-01', language: 'fr' },
    });
    expect(outdated.statusCode).toBe(400);
    expect(
      await app.db.select().from(identityAttempts).where(eq(identityAttempts.applicationId, id)),
    ).toEqual([]);

    const started = await start(camille, id, {
      biometricConsent: { version: BIOMETRIC_CONSENT_VERSION, language: 'fr' },
    });
    expect(started.statusCode).toBe(201);
    const { attemptId } = started.json<{ handoff: HandoffBody }>().handoff;
    const [event] = await app.db
      .select({ details: auditEvents.details })
      .from(auditEvents)
      .where(
        and(eq(auditEvents.applicationId, id), eq(auditEvents.action, 'identityAttemptStarted')),
      );
    expect(event?.details).toEqual({
      method: 'photoId',
      attemptId,
      methodsOffered: ['creditFile', 'photoId', 'dualProcess', 'manual'],
      biometricConsent: { version: BIOMETRIC_CONSENT_VERSION, language: 'fr' },
    });
  });

  it('cancels the running hand-off when a new one starts', async () => {
    const id = await awaitingIdentity(app, camille);
    const first = (await start(camille, id)).json<{ handoff: HandoffBody }>().handoff;
    const second = (await start(camille, id)).json<{ handoff: HandoffBody }>().handoff;
    expect(second.attemptId).not.toBe(first.attemptId);
    expect((await look(tokenOf(first))).json()).toMatchObject({ errorCode: 'handoffExpired' });
    expect((await attemptOf(first.attemptId)).outcome).toBe('expired');
  });

  it('answers 404 on someone else’s application, and 409 before the review is agreed', async () => {
    const id = await awaitingIdentity(app, camille);
    expect((await start(stranger, id)).statusCode).toBe(404);
    expect((await resend(stranger, id)).statusCode).toBe(404);
    const early = await applicationAtReview(app, camille.token);
    expect((await start(camille, early.id)).json()).toMatchObject({ errorCode: 'identityNotOpen' });
  });

  it('takes a phone from the body and refuses one that is not 10 digits', async () => {
    const id = await awaitingIdentity(app, camille);
    expect((await start(camille, id, { phone: '12' })).json()).toMatchObject({
      errorCode: 'invalidPhone',
      fields: { phone: 'invalid' },
    });
    const given = await start(camille, id, { phone: '(416) 555-0123' });
    expect(given.json<{ handoff: HandoffBody }>().handoff.phoneMasked).toBe('*** *** 0123');
  });

  it('closes a hand-off past its 15 minutes the first time anyone looks: 404, attempt expired (timeout)', async () => {
    const id = await awaitingIdentity(app, camille);
    const handoff = (await start(camille, id)).json<{ handoff: HandoffBody }>().handoff;
    await app.db
      .update(identityHandoffs)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(identityHandoffs.attemptId, handoff.attemptId));
    const late = await look(tokenOf(handoff));
    expect(late.statusCode).toBe(404);
    expect(late.json()).toMatchObject({ errorCode: 'handoffExpired' });
    expect(await attemptOf(handoff.attemptId)).toMatchObject({
      outcome: 'expired',
      reason: 'timeout',
    });
  });

  it('refuses a PDF named .png, a passport’s back, and a submit with pictures missing', async () => {
    const id = await awaitingIdentity(app, camille);
    const token = tokenOf((await start(camille, id)).json<{ handoff: HandoffBody }>().handoff);
    expect((await upload(token, 'front', 'front.png')).json()).toMatchObject({
      errorCode: 'documentTypeRequired',
    });
    await choose(token, 'passport');
    const disguised = await upload(token, 'front', 'front.png', pdf());
    expect(disguised.statusCode).toBe(400);
    expect(disguised.json()).toMatchObject({
      errorCode: 'invalidFile',
      fields: { file: 'contentMismatch' },
    });
    expect((await upload(token, 'back', 'back.png')).json()).toMatchObject({
      errorCode: 'backNotNeeded',
    });
    await upload(token, 'front', 'front.png');
    const early = await submit(token);
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({
      errorCode: 'capturesMissing',
      fields: { selfie: 'required' },
    });
    expect((await look(token)).json<CaptureBody>().needsBack).toBe(false);
  });

  it('verifies the joint applicant on their own sign-in and moves the application to signing', async () => {
    const { id } = await applicationAtReview(app, camille.token, { joint: true });
    await app.db.insert(applicationSteps).values({
      applicationId: id,
      step: 'review',
      data: { agreementId: 'customer-agreements-2026-11', hasConsent: true },
    });
    const actorId = await userIdOf(app, camille);
    const jointUserId = await userIdOf(app, stranger);
    await app.db.transaction(async (tx) => {
      await applyApplicationEvent(tx, { applicationId: id, actorId, event: 'reviewAgreedJoint' });
      await applyApplicationEvent(tx, {
        applicationId: id,
        actorId,
        event: 'jointConsented',
        jointUserId,
      });
    });
    const started = await start(stranger, id);
    expect(started.statusCode).toBe(201);
    const handoff = started.json<{ handoff: HandoffBody }>().handoff;
    const token = tokenOf(handoff);
    expect((await look(token)).json<CaptureBody>().firstName).toBe('Alex');
    await choose(token, 'passport');
    await upload(token, 'front', 'photo-page.png');
    await upload(token, 'selfie', 'selfie.png');
    expect((await submit(token)).statusCode).toBe(202);
    await app.sandboxWebhooks.runOnce(later());
    expect(await attemptOf(handoff.attemptId)).toMatchObject({
      role: 'joint',
      outcome: 'verified',
    });
    const [application] = await app.db
      .select({ status: applications.status })
      .from(applications)
      .where(eq(applications.id, id));
    expect(application?.status).toBe('esignatureRequired');
  });

  it('documents the hand-off and the phone API in OpenAPI', async () => {
    const spec = (await app.inject({ url: '/service/docs' })).json<{
      paths: Record<string, Record<string, unknown>>;
    }>();
    expect(spec.paths[`${API}/applications/{id}/identity/photoId`]).toHaveProperty('post');
    expect(spec.paths[`${API}/applications/{id}/identity/photoId/sms`]).toHaveProperty('post');
    expect(spec.paths[`${API}/identityCapture/{credential}`]).toHaveProperty('get');
    expect(
      Object.keys(spec.paths[`${API}/identityCapture/{credential}/images/{side}`] ?? {}),
    ).toEqual(expect.arrayContaining(['post', 'delete']));
    expect(spec.paths[`${API}/identityCapture/{credential}/submit`]).toHaveProperty('post');
  });

  it('redirects the typed short link to the phone pages', async () => {
    const response = await app.inject({ method: 'GET', url: '/v/abcd2345' });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/#/verify/ABCD2345');
  });

  it('makes an address wait after ten failed look-ups in a minute', async () => {
    const address = '203.0.113.9';
    const statuses: number[] = [];
    for (let index = 0; index < 12; index += 1) {
      const response = await app.inject({
        method: 'GET',
        url: captureUrl('ZZZZZZZZ'),
        remoteAddress: address,
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 10).every((status) => status === 404)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });

  /** The decrypted record, through the staff export the identity module offers. */
  async function exportRecordOf(attemptId: string): Promise<Record<string, unknown>> {
    const { decryptedRecordOf } = await import('../identity/identity-outcome.ts');
    const attempt = await attemptOf(attemptId);
    return (await decryptedRecordOf(app.cipher, attempt)) as Record<string, unknown>;
  }
});

describe('the phone credential never reaches the log', () => {
  it('logs the phone API and the short link with the credential masked', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString('utf8'));
        done();
      },
    });
    const test = await createTestApp({ logLevel: 'info' }, { logStream: stream });
    try {
      const user = await signedInUser(test.app, 'logged');
      const id = await awaitingIdentity(test.app, user);
      const started = await test.app.inject({
        method: 'POST',
        url: photoIdUrl(id),
        headers: bearer(user.token),
        payload: { biometricConsent: consent },
      });
      const handoff = started.json<{ handoff: HandoffBody }>().handoff;
      await test.app.inject({ method: 'GET', url: captureUrl(tokenOf(handoff)) });
      await test.app.inject({ method: 'GET', url: captureUrl(codeOf(handoff)) });
      await test.app.inject({ method: 'GET', url: `/v/${codeOf(handoff)}` });
      const log = logText(lines);
      expect(log).toContain('/identityCapture/****');
      expect(log).not.toContain(tokenOf(handoff));
      expect(log).not.toContain(codeOf(handoff));
      expect(log).not.toContain('5145550199');
    } finally {
      await test.close();
    }
  });
});
