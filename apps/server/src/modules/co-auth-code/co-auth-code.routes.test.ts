import {
  CO_AUTH_CODE_MAX_ATTEMPTS,
  CO_AUTH_CODE_MAX_RESENDS_PER_DAY,
  CO_AUTH_CODE_VALIDITY_MS,
  type CoAuthCodeInvitation,
} from '@portal/domain/rules/co-auth-code';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CUSTOMER_AGREEMENTS } from '@portal/domain/rules/agreement-documents';
import { ENGLISH_CHOICE_WORDING } from '@portal/domain/rules/agreement-language';
import {
  agreement,
  applicationAtOtherInterests,
  getApplication,
  jointProfileAnswers,
  MONTREAL_HOME,
  saveStep,
  type ApplicationBody,
} from '../../test/applications.ts';
import { createTestApp, signedInTestApp, type TestApp } from '../../test/test-app.ts';
import { bearer, signedInUser, signedInWithRole, type TestUser } from '../../test/users.ts';
import { applyApplicationEvent } from '../applications/applications.service.ts';
import { queuedMailsTo, type QueuedMail } from '../outbox/outbox.fixtures.ts';
import { withoutCode } from './co-auth-code.routes.ts';
import { codeHashOf, inviteJointApplicant, resendCode } from './co-auth-code.service.ts';
import { logText } from '../../test/log-text.ts';

const CODE_URL = '/service/jaxrs/coAuthCode';
const PUBLIC_URL = 'https://portal.example.ca';
const HOUR = 60 * 60 * 1000;

interface RefusalBody {
  status?: number;
  errorCode: string;
  message: string;
  fields?: Record<string, string>;
  attemptsLeft?: number;
  retryAfterSeconds?: number;
}

async function rows<T>(app: FastifyInstance, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await app.db.execute(query)) as unknown as { rows: T[] }).rows;
}

async function userIdOf(app: FastifyInstance, email: string): Promise<string> {
  const [row] = await rows<{ id: string }>(
    app,
    sql`select id from users where email = ${email.toLowerCase()}`,
  );
  if (!row) throw new Error(`no user ${email}`);
  return row.id;
}

const mailsTo = queuedMailsTo;

/** The four digits a mail carries (step 3: "...authentication code: 1234"). */
function codeIn(mail: QueuedMail): string {
  const code = mail.content.text.match(/: (\d{4})$/m)?.[1];
  if (!code) throw new Error(`no code in ${mail.template} mail`);
  return code;
}

async function lastCodeMailedTo(app: FastifyInstance, recipient: string): Promise<string> {
  const mails = await mailsTo(app, recipient);
  const last = mails.at(-1);
  if (!last) throw new Error(`no mail to ${recipient}`);
  return codeIn(last);
}

interface CodeRow {
  invitee_email: string;
  code_hash: string;
  attempts: number;
  expires_at: Date | string;
  sent_at: Date | string;
  verified_at: Date | string | null;
  verified_by: string | null;
}

async function codeRowOf(app: FastifyInstance, applicationId: string): Promise<CodeRow> {
  const [row] = await rows<CodeRow>(
    app,
    sql`select invitee_email, code_hash, attempts, expires_at, sent_at, verified_at, verified_by
        from co_auth_codes where application_id = ${applicationId}`,
  );
  if (!row) throw new Error('no code row');
  return row;
}

async function auditActions(app: FastifyInstance, applicationId: string): Promise<string[]> {
  const found = await rows<{ action: string }>(
    app,
    sql`select action from audit_events where application_id = ${applicationId}
        order by created_at, id`,
  );
  return found.map((row) => row.action);
}

const getStatus = (app: FastifyInstance, token: string, language?: string) =>
  app.inject({
    method: 'GET',
    url: CODE_URL,
    headers: { ...bearer(token), ...(language ? { 'accept-language': language } : {}) },
  });
const resend = (app: FastifyInstance, token: string, language?: string) =>
  app.inject({
    method: 'POST',
    url: CODE_URL,
    headers: {
      ...bearer(token),
      'content-type': 'application/json',
      ...(language ? { 'accept-language': language } : {}),
    },
    payload: '',
  });
const verify = (app: FastifyInstance, token: string, code: string, language?: string) =>
  app.inject({
    method: 'PUT',
    url: `${CODE_URL}/${encodeURIComponent(code)}`,
    headers: {
      ...bearer(token),
      'content-type': 'application/json',
      ...(language ? { 'accept-language': language } : {}),
    },
    payload: '',
  });

/** The code with the customer agreements accepted in joining (ADR 0016). */
const join = (app: FastifyInstance, token: string, code: string, body: object) =>
  app.inject({
    method: 'PUT',
    url: `${CODE_URL}/${encodeURIComponent(code)}`,
    headers: { ...bearer(token), 'content-type': 'application/json' },
    payload: body,
  });

/** A wrong code for `code`: the next one along. */
const wrong = (code: string) => String((Number(code) + 1) % 10_000).padStart(4, '0');

interface Invited {
  application: ApplicationBody;
  joint: TestUser;
  jointId: string;
  code: string;
}

/**
 * A joint application where the primary agreed to review: the lead's review step does this
 * in one transaction (`reviewAgreedJoint`, then the invitation); until it lands, the tests do.
 * `sentAgo` backdates the invitation through its clock (a resend needs a minute to pass, an
 * expired code 24 hours).
 */
async function invitedJointApplicant(
  app: FastifyInstance,
  primary: TestUser,
  {
    sentAgo = 2 * 60 * 1000,
    language = 'en' as 'en' | 'fr',
    agreed = true,
    inviteeEmail,
    validityMs,
    jointHome,
  }: {
    sentAgo?: number;
    language?: 'en' | 'fr';
    agreed?: boolean;
    inviteeEmail?: string;
    validityMs?: number;
    /** The joint applicant's home address, when not the Ontario one of the fixtures. */
    jointHome?: object;
  } = {},
): Promise<Invited> {
  const joint = await signedInUser(app, 'joint');
  let application = await applicationAtOtherInterests(app, primary.token, { joint: true });
  if (jointHome) {
    application = await saveStep(
      app,
      primary.token,
      application.id,
      'profilejoint',
      application.version,
      { ...jointProfileAnswers(), homeAddress: jointHome },
    );
  }
  const primaryId = await userIdOf(app, primary.email);
  await app.db.transaction(async (tx) => {
    if (agreed) {
      await applyApplicationEvent(tx, {
        applicationId: application.id,
        actorId: primaryId,
        event: 'reviewAgreedJoint',
      });
    }
    await inviteJointApplicant(tx, app.cipher, {
      applicationId: application.id,
      inviteeEmail: inviteeEmail ?? joint.email.toUpperCase(),
      inviterName: 'Camille Tremblay',
      language,
      publicUrl: PUBLIC_URL,
      now: new Date(Date.now() - sentAgo),
      actorId: primaryId,
      ...(validityMs !== undefined && { validityMs }),
    });
  });
  const code = await lastCodeMailedTo(app, inviteeEmail ?? joint.email);
  return { application, joint, jointId: await userIdOf(app, joint.email), code };
}

describe('/service/jaxrs/coAuthCode', () => {
  const { test, primary, stranger } = signedInTestApp('primary', 'stranger');

  describe('GET (reads the status number)', () => {
    it('answers 404 to a person no invitation was mailed to, in their language', async () => {
      const response = await getStatus(test.app, stranger.token);
      expect(response.statusCode).toBe(404);
      expect(response.json<RefusalBody>()).toEqual({
        status: 404,
        errorCode: 'coAuthCodeNotFound',
        message: expect.stringContaining('Sign in with the address the invitation was sent to'),
      });
      expect(response.headers['cache-control']).toBe('private, no-store');
      const french = await getStatus(test.app, stranger.token, 'fr-CA,fr;q=0.9,en;q=0.5');
      expect(french.json<RefusalBody>().message).toMatch(/^Aucune invitation/);
    });

    it('answers 200 with the invitation waiting for its code, never the code', async () => {
      const { application, joint, code } = await invitedJointApplicant(test.app, primary);
      const response = await getStatus(test.app, joint.token);
      expect(response.statusCode).toBe(200);
      const body = response.json<CoAuthCodeInvitation>();
      expect(body).toMatchObject({
        status: 200,
        state: 'waiting',
        applicationId: application.id,
        inviterName: 'Camille Tremblay',
        attemptsLeft: CO_AUTH_CODE_MAX_ATTEMPTS,
      });
      const left = Date.parse(body.expiresAt) - Date.now();
      expect(left).toBeGreaterThan(CO_AUTH_CODE_VALIDITY_MS - 3 * 60 * 1000);
      expect(left).toBeLessThanOrEqual(CO_AUTH_CODE_VALIDITY_MS);
      // Sent two minutes ago: a new code can be asked for now.
      expect(Date.parse(body.resendAvailableAt ?? '')).toBeLessThanOrEqual(Date.now());
      expect(response.body).not.toContain(code);
    });

    it('answers 409 once the code expired (24 hours), with the invitation', async () => {
      const { application, joint } = await invitedJointApplicant(test.app, primary, {
        sentAgo: CO_AUTH_CODE_VALIDITY_MS + 60_000,
      });
      const response = await getStatus(test.app, joint.token);
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({
        status: 409,
        state: 'expired',
        applicationId: application.id,
        errorCode: 'coAuthCodeExpired',
        message: 'Code expired.',
      });
    });

    it('answers 403 once the attempts are used up', async () => {
      const { joint, code } = await invitedJointApplicant(test.app, primary);
      for (let attempt = 0; attempt < CO_AUTH_CODE_MAX_ATTEMPTS; attempt += 1) {
        await verify(test.app, joint.token, wrong(code));
      }
      const response = await getStatus(test.app, joint.token, 'fr');
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({
        status: 403,
        state: 'locked',
        attemptsLeft: 0,
        errorCode: 'coAuthCodeMaxAttempts',
        message: 'Nombre maximal de tentatives atteint.',
      });
    });

    it('answers 200 "verified" once the caller joined the application', async () => {
      const { application, joint, code } = await invitedJointApplicant(test.app, primary);
      expect((await verify(test.app, joint.token, code)).statusCode).toBe(200);
      const response = await getStatus(test.app, joint.token);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        status: 200,
        state: 'verified',
        applicationId: application.id,
        resendAvailableAt: null,
        verifiedAt: expect.any(String),
      });
    });

    it('answers 401 without a sign-in', async () => {
      const response = await test.app.inject({ method: 'GET', url: CODE_URL });
      expect(response.statusCode).toBe(401);
      expect(response.json<RefusalBody>().errorCode).toBe('signInRequired');
    });
  });

  describe('POST (resend)', () => {
    it('answers 201: a new code, valid 24 hours again, attempts reset, mailed in the language asked', async () => {
      const { application, joint, code } = await invitedJointApplicant(test.app, primary, {
        sentAgo: CO_AUTH_CODE_VALIDITY_MS + 60_000,
      });
      // Expired: only a new code helps.
      expect((await getStatus(test.app, joint.token)).statusCode).toBe(409);

      const response = await resend(test.app, joint.token, 'fr-CA');
      expect(response.statusCode).toBe(201);
      const body = response.json<CoAuthCodeInvitation>();
      expect(body).toMatchObject({
        status: 201,
        state: 'waiting',
        applicationId: application.id,
        attemptsLeft: CO_AUTH_CODE_MAX_ATTEMPTS,
      });
      expect(Date.parse(body.expiresAt)).toBeGreaterThan(
        Date.now() + CO_AUTH_CODE_VALIDITY_MS - 60_000,
      );

      const mails = await mailsTo(test.app, joint.email);
      expect(mails.map((mail) => mail.template)).toEqual(['jointInvitation', 'coAuthCode']);
      const mail = mails[1]!;
      expect(mail.language).toBe('fr');
      expect(mail.applicationId).toBe(application.id);
      expect(mail.content.subject).toBe("Votre nouveau code d'authentification");
      expect(mail.content.text).toContain('http://localhost:0/?lang=fr#/auth-code');
      expect(mail.content.text).toContain('Camille Tremblay');
      const newCode = codeIn(mail);
      expect(response.body).not.toContain(newCode);

      // The new code works; the old one (unless the draw repeated it) no longer does.
      if (newCode !== code) {
        expect((await verify(test.app, joint.token, code)).statusCode).toBe(401);
      }
      expect((await verify(test.app, joint.token, newCode)).statusCode).toBe(200);
    });

    it('starts the attempts again', async () => {
      const { joint, code } = await invitedJointApplicant(test.app, primary);
      await verify(test.app, joint.token, wrong(code));
      await verify(test.app, joint.token, wrong(code));
      expect((await getStatus(test.app, joint.token)).json().attemptsLeft).toBe(3);
      expect((await resend(test.app, joint.token)).json().attemptsLeft).toBe(5);
    });

    it('answers 404 when no invitation waits for the caller', async () => {
      const response = await resend(test.app, stranger.token);
      expect(response.statusCode).toBe(404);
      expect(response.json<RefusalBody>()).toMatchObject({
        status: 404,
        errorCode: 'coAuthCodeNotFound',
      });
      expect(await mailsTo(test.app, stranger.email)).toEqual([]);
    });

    it('replaces at once a code that expired within its first minute (a shorter validity)', async () => {
      const { joint } = await invitedJointApplicant(test.app, primary, {
        sentAgo: 2_000,
        validityMs: 1_000,
      });
      expect((await getStatus(test.app, joint.token)).statusCode).toBe(409);
      expect((await resend(test.app, joint.token)).statusCode).toBe(201);
    });

    it('answers 429 with Retry-After within a minute of the last code, and sends nothing', async () => {
      const { joint } = await invitedJointApplicant(test.app, primary, { sentAgo: 0 });
      const response = await resend(test.app, joint.token);
      expect(response.statusCode).toBe(429);
      const body = response.json<RefusalBody>();
      expect(body).toMatchObject({
        status: 429,
        errorCode: 'coAuthCodeResendTooSoon',
        message: expect.stringContaining('Wait a minute'),
      });
      const retryAfter = Number(response.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(60);
      expect(body.retryAfterSeconds).toBe(retryAfter);
      expect((await mailsTo(test.app, joint.email)).map((mail) => mail.template)).toEqual([
        'jointInvitation',
      ]);
    });

    it('answers 429 after five new codes in 24 hours, until the first of them is a day old', async () => {
      const { joint, jointId } = await invitedJointApplicant(test.app, primary, {
        sentAgo: 3 * HOUR,
      });
      const caller = { id: jointId, email: joint.email };
      const firstResendAt = Date.now() - 2 * HOUR;
      for (let index = 0; index < CO_AUTH_CODE_MAX_RESENDS_PER_DAY; index += 1) {
        await resendCode(test.app.db, test.app.cipher, caller, {
          language: 'en',
          publicUrl: PUBLIC_URL,
          now: new Date(firstResendAt + index * 10 * 60 * 1000),
        });
      }
      const sentAt = Date.now();
      const response = await resend(test.app, joint.token);
      const answeredAt = Date.now();
      expect(response.statusCode).toBe(429);
      expect(response.json<RefusalBody>().errorCode).toBe('coAuthCodeResendLimit');
      // The seconds left until the first resend is a day old, as the server counted them at
      // some moment between the call and its answer, however long that took.
      const retryAfter = Number(response.headers['retry-after']);
      const dayOld = firstResendAt + 24 * HOUR;
      expect(retryAfter).toBeGreaterThanOrEqual(Math.floor((dayOld - answeredAt) / 1000));
      expect(retryAfter).toBeLessThanOrEqual(Math.ceil((dayOld - sentAt) / 1000));
      const status = (await getStatus(test.app, joint.token)).json<CoAuthCodeInvitation>();
      expect(
        Math.abs(Date.parse(status.resendAvailableAt ?? '') - (firstResendAt + 24 * HOUR)),
      ).toBeLessThan(1000);
    });
  });

  describe('PUT {code}: the joint applicant accepts the customer agreements (ADR 0016)', () => {
    const english = { ...agreement, boundLanguage: 'en' };
    const reviewOf = async (applicationId: string) => {
      const [row] = await rows<{ data: Record<string, unknown> | string }>(
        test.app,
        sql`select data from application_steps
            where application_id = ${applicationId} and step = 'review'`,
      );
      const data = row?.data;
      return (typeof data === 'string' ? JSON.parse(data) : data) as
        Record<string, unknown> | undefined;
    };

    it('tells the page whether French first applies, by the joint applicant’s own address', async () => {
      const quebec = await invitedJointApplicant(test.app, primary, { jointHome: MONTREAL_HOME });
      expect((await getStatus(test.app, quebec.joint.token)).json()).toMatchObject({
        frenchFirst: true,
      });
      const ontario = await invitedJointApplicant(test.app, primary);
      expect((await getStatus(test.app, ontario.joint.token)).json()).toMatchObject({
        frenchFirst: false,
      });
    });

    it('answers 400 englishChoiceRequired to English in Quebec without the express choice, joining nothing and counting no attempt', async () => {
      const { application, joint, code } = await invitedJointApplicant(test.app, primary, {
        jointHome: MONTREAL_HOME,
      });
      const response = await join(test.app, joint.token, code, english);
      expect(response.statusCode).toBe(400);
      expect(response.json<RefusalBody>()).toMatchObject({
        errorCode: 'englishChoiceRequired',
        fields: { expressEnglishChoice: 'englishChoiceRequired' },
      });
      expect(response.json<RefusalBody>().message).toContain('English');
      const row = await codeRowOf(test.app, application.id);
      expect(row.verified_at).toBeNull();
      expect(row.attempts).toBe(0);
    });

    it('answers 400 consentRequired without consent', async () => {
      const { joint, code } = await invitedJointApplicant(test.app, primary);
      const response = await join(test.app, joint.token, code, { ...agreement, hasConsent: false });
      expect(response.statusCode).toBe(400);
      expect(response.json<RefusalBody>()).toMatchObject({
        errorCode: 'consentRequired',
        fields: { hasConsent: 'consentRequired' },
      });
    });

    it('keeps the express choice of English: id, version, hash, time and the words shown', async () => {
      const { application, joint, code } = await invitedJointApplicant(test.app, primary, {
        jointHome: MONTREAL_HOME,
      });
      const before = Date.now();
      // What a client sends as the record is not taken: the server writes it.
      const response = await join(test.app, joint.token, code, {
        ...english,
        expressEnglishChoice: true,
        agreedAt: '2000-01-01T00:00:00.000Z',
      });
      expect(response.statusCode, response.body).toBe(200);
      const review = await reviewOf(application.id);
      const record = review?.jointAgreement as Record<string, unknown>;
      expect(record).toMatchObject({
        documentId: CUSTOMER_AGREEMENTS.id,
        version: CUSTOMER_AGREEMENTS.version,
        language: 'en',
        sha256: CUSTOMER_AGREEMENTS.sha256.en,
        frenchPresented: {
          documentId: CUSTOMER_AGREEMENTS.id,
          version: CUSTOMER_AGREEMENTS.version,
          sha256: CUSTOMER_AGREEMENTS.sha256.fr,
        },
        englishChoice: { wording: { ...ENGLISH_CHOICE_WORDING } },
      });
      expect(Date.parse(String(record.agreedAt))).toBeGreaterThanOrEqual(before - 1000);
      expect(await auditActions(test.app, application.id)).toContain('jointAgreed');
    });

    it('binds a Quebec joint applicant in French by default', async () => {
      const { application, joint, code } = await invitedJointApplicant(test.app, primary, {
        jointHome: MONTREAL_HOME,
      });
      const response = await join(test.app, joint.token, code, agreement);
      expect(response.statusCode, response.body).toBe(200);
      const record = (await reviewOf(application.id))?.jointAgreement;
      expect(record).toMatchObject({ language: 'fr', sha256: CUSTOMER_AGREEMENTS.sha256.fr });
      expect(record).not.toHaveProperty('englishChoice');
    });

    it('binds a Quebec joint applicant who joins by the spec’s call without a body in French, never in English unasked', async () => {
      const { application, joint, code } = await invitedJointApplicant(test.app, primary, {
        jointHome: MONTREAL_HOME,
      });
      const response = await verify(test.app, joint.token, code, 'en');
      expect(response.statusCode, response.body).toBe(200);
      const record = (await reviewOf(application.id))?.jointAgreement;
      expect(record).toMatchObject({ language: 'fr', sha256: CUSTOMER_AGREEMENTS.sha256.fr });
      expect(record).not.toHaveProperty('englishChoice');
    });

    it('binds elsewhere in the language the joint applicant read, with no French-first record', async () => {
      const { application, joint, code } = await invitedJointApplicant(test.app, primary);
      const response = await join(test.app, joint.token, code, english);
      expect(response.statusCode, response.body).toBe(200);
      const record = (await reviewOf(application.id))?.jointAgreement;
      expect(record).toMatchObject({ language: 'en' });
      expect(record).not.toHaveProperty('frenchPresented');
    });
  });

  describe('PUT {code} (verify)', () => {
    it('mails the primary applicant, in their own language, that the joint applicant joined and it is their turn to sign', async () => {
      await rows(
        test.app,
        sql`update users set language = 'fr' where email = ${primary.email.toLowerCase()}`,
      );
      try {
        const { application, joint, code } = await invitedJointApplicant(test.app, primary);
        expect((await verify(test.app, joint.token, code)).statusCode).toBe(200);
        const joined = (await mailsTo(test.app, primary.email)).filter(
          (mail) => mail.applicationId === application.id && mail.template === 'jointJoined',
        );
        expect(joined).toHaveLength(1);
        expect(joined[0]!.language).toBe('fr');
        expect(joined[0]!.content.subject).toBe('Alex Tremblay a rejoint votre demande conjointe');
        expect(joined[0]!.content.text).toContain("C'est maintenant votre tour de signer.");
        expect(joined[0]!.content.text).toMatch(
          new RegExp(`https?://\\S+/#/application/${application.id}/esign`),
        );
        expect(joined[0]!.content.html).toContain('data-mail-layout="laurentide"');
        // Sent again (a lost answer): no second mail.
        await verify(test.app, joint.token, code);
        expect(
          (await mailsTo(test.app, primary.email)).filter(
            (mail) => mail.applicationId === application.id && mail.template === 'jointJoined',
          ),
        ).toHaveLength(1);
      } finally {
        await rows(
          test.app,
          sql`update users set language = 'en' where email = ${primary.email.toLowerCase()}`,
        );
      }
    });

    it('answers 200: the caller joins, and the application moves to eSignature required (bypass-qualId)', async () => {
      const { application, joint, jointId, code } = await invitedJointApplicant(test.app, primary);
      const response = await verify(test.app, joint.token, code);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        status: 200,
        state: 'verified',
        applicationId: application.id,
        applicationStatus: 'esignatureRequired',
      });

      const row = await codeRowOf(test.app, application.id);
      expect(row.verified_by).toBe(jointId);
      expect(row.verified_at).not.toBeNull();
      const [linked] = await rows<{ joint_user_id: string; status: string }>(
        test.app,
        sql`select joint_user_id, status from applications where id = ${application.id}`,
      );
      expect(linked).toEqual({ joint_user_id: jointId, status: 'esignatureRequired' });
      expect(await auditActions(test.app, application.id)).toEqual(
        expect.arrayContaining([
          'reviewAgreedJoint',
          'jointInvited',
          'jointConsented',
          'jointIdentityVerified',
        ]),
      );
      const seenByPrimary = await getApplication(test.app, primary.token, application.id);
      expect(seenByPrimary.json<ApplicationBody>().status).toBe('esignatureRequired');

      // Sent again (a lost answer): the same success, nothing moves twice.
      const again = await verify(test.app, joint.token, code);
      expect(again.statusCode).toBe(200);
      expect(again.json()).toMatchObject({
        state: 'verified',
        applicationStatus: 'esignatureRequired',
      });
      const actions = await auditActions(test.app, application.id);
      expect(actions.filter((action) => action === 'jointConsented')).toHaveLength(1);
    });

    it.each(['123', '12345', 'abcd', '12 4', '１２３４'])(
      'answers 400 invalidInput to %j, without counting an attempt',
      async (code) => {
        const { application, joint } = await invitedJointApplicant(test.app, primary);
        const response = await verify(test.app, joint.token, code);
        expect(response.statusCode).toBe(400);
        expect(response.json<RefusalBody>()).toMatchObject({
          errorCode: 'invalidInput',
          fields: { code: 'coAuthCodeFormat' },
        });
        expect((await codeRowOf(test.app, application.id)).attempts).toBe(0);
      },
    );

    it('answers 401 to a wrong code, counting the attempt, in the caller’s language', async () => {
      const { application, joint, code } = await invitedJointApplicant(test.app, primary);
      const response = await verify(test.app, joint.token, wrong(code));
      expect(response.statusCode).toBe(401);
      expect(response.json<RefusalBody>()).toEqual({
        status: 401,
        errorCode: 'coAuthCodeMismatch',
        message: 'Oops, looks like the code does not match.',
        attemptsLeft: 4,
      });
      // Not a sign-in failure: no challenge for the client to renew its token on.
      expect(response.headers['www-authenticate']).toBeUndefined();
      const french = await verify(test.app, joint.token, wrong(code), 'fr');
      expect(french.json<RefusalBody>()).toMatchObject({
        message: 'Oups! On dirait que le code ne correspond pas.',
        attemptsLeft: 3,
      });
      expect((await codeRowOf(test.app, application.id)).attempts).toBe(2);
      expect(await auditActions(test.app, application.id)).toContain('coAuthCodeMismatch');
    });

    it('answers 403 at the fifth wrong code and afterwards, even to the right code', async () => {
      const { application, joint, code } = await invitedJointApplicant(test.app, primary);
      const statuses: number[] = [];
      for (let attempt = 0; attempt < CO_AUTH_CODE_MAX_ATTEMPTS; attempt += 1) {
        statuses.push((await verify(test.app, joint.token, wrong(code))).statusCode);
      }
      expect(statuses).toEqual([401, 401, 401, 401, 403]);
      const right = await verify(test.app, joint.token, code);
      expect(right.statusCode).toBe(403);
      expect(right.json<RefusalBody>()).toMatchObject({
        status: 403,
        errorCode: 'coAuthCodeMaxAttempts',
        message: 'Failed maximum number of attempts.',
        attemptsLeft: 0,
      });
      expect((await codeRowOf(test.app, application.id)).attempts).toBe(CO_AUTH_CODE_MAX_ATTEMPTS);
      const [still] = await rows<{ status: string; joint_user_id: string | null }>(
        test.app,
        sql`select status, joint_user_id from applications where id = ${application.id}`,
      );
      expect(still).toEqual({ status: 'jointActionRequired', joint_user_id: null });
    });

    it('counts guesses sent at once one by one', async () => {
      const { application, joint, code } = await invitedJointApplicant(test.app, primary);
      const responses = await Promise.all(
        Array.from({ length: CO_AUTH_CODE_MAX_ATTEMPTS + 2 }, () =>
          verify(test.app, joint.token, wrong(code)),
        ),
      );
      const statuses = responses.map((response) => response.statusCode).sort();
      expect(statuses).toEqual([401, 401, 401, 401, 403, 403, 403]);
      expect((await codeRowOf(test.app, application.id)).attempts).toBe(CO_AUTH_CODE_MAX_ATTEMPTS);
    });

    it('answers 404 to a person without an invitation, even with the right code', async () => {
      const { application, code } = await invitedJointApplicant(test.app, primary);
      const response = await verify(test.app, stranger.token, code);
      expect(response.statusCode).toBe(404);
      expect(response.json<RefusalBody>()).toMatchObject({
        status: 404,
        errorCode: 'coAuthCodeNotFound',
      });
      // Nothing counted against the real invitee's code, nothing joined.
      const row = await codeRowOf(test.app, application.id);
      expect(row).toMatchObject({ attempts: 0, verified_at: null, verified_by: null });
    });

    it('answers 404 to the primary applicant invited as their own joint applicant', async () => {
      const { application, code } = await invitedJointApplicant(test.app, primary, {
        inviteeEmail: primary.email,
      });
      expect((await getStatus(test.app, primary.token)).statusCode).toBe(404);
      expect((await resend(test.app, primary.token)).statusCode).toBe(404);
      expect((await verify(test.app, primary.token, code)).statusCode).toBe(404);
      expect((await codeRowOf(test.app, application.id)).verified_at).toBeNull();
    });

    it('answers 409 to the right code once it expired', async () => {
      const { application, joint, code } = await invitedJointApplicant(test.app, primary, {
        sentAgo: CO_AUTH_CODE_VALIDITY_MS,
      });
      const response = await verify(test.app, joint.token, code, 'fr');
      expect(response.statusCode).toBe(409);
      expect(response.json<RefusalBody>()).toEqual({
        status: 409,
        errorCode: 'coAuthCodeExpired',
        message: 'Code expiré.',
      });
      expect((await codeRowOf(test.app, application.id)).verified_at).toBeNull();
    });

    it('answers 409 when the application no longer waits for its joint applicant, changing nothing', async () => {
      const { application, joint, code } = await invitedJointApplicant(test.app, primary, {
        agreed: false,
      });
      const response = await verify(test.app, joint.token, code);
      expect(response.statusCode).toBe(409);
      expect(response.json<RefusalBody>().errorCode).toBe('coAuthCodeClosed');
      const row = await codeRowOf(test.app, application.id);
      expect(row).toMatchObject({ verified_at: null, verified_by: null, attempts: 0 });
      const [still] = await rows<{ status: string; joint_user_id: string | null }>(
        test.app,
        sql`select status, joint_user_id from applications where id = ${application.id}`,
      );
      expect(still).toEqual({ status: 'continue', joint_user_id: null });
    });
  });

  describe('ownership', () => {
    it("never shows or verifies someone else's invitation, and acts on the caller's newest one", async () => {
      const first = await invitedJointApplicant(test.app, primary);
      const second = await invitedJointApplicant(test.app, primary);
      // Each joint applicant sees their own invitation only.
      expect((await getStatus(test.app, first.joint.token)).json().applicationId).toBe(
        first.application.id,
      );
      expect((await getStatus(test.app, second.joint.token)).json().applicationId).toBe(
        second.application.id,
      );
      // The second one's code does nothing for the first one, and counts against the first's own.
      if (second.code !== first.code) {
        expect((await verify(test.app, first.joint.token, second.code)).statusCode).toBe(401);
      }
      expect((await codeRowOf(test.app, second.application.id)).attempts).toBe(0);
      expect((await verify(test.app, first.joint.token, first.code)).statusCode).toBe(200);
      const [secondApplication] = await rows<{ joint_user_id: string | null }>(
        test.app,
        sql`select joint_user_id from applications where id = ${second.application.id}`,
      );
      expect(secondApplication?.joint_user_id).toBeNull();
    });
  });

  describe('the code is never kept or sent in plain', () => {
    it('stores only a keyed hash bound to the application, and encrypts the mail', async () => {
      const { application, joint, code } = await invitedJointApplicant(test.app, primary);
      const row = await codeRowOf(test.app, application.id);
      expect(row.invitee_email).toBe(joint.email.toLowerCase());
      expect(row.code_hash).not.toContain(code);
      expect(row.code_hash).toBe(codeHashOf(test.app.cipher, application.id, code));
      expect(row.code_hash).not.toBe(
        codeHashOf(test.app.cipher, '00000000-0000-4000-8000-000000000000', code),
      );
      const [mail] = await mailsTo(test.app, joint.email);
      expect(mail?.contentEncrypted).toMatch(/^v1:/);
      expect(mail?.contentEncrypted).not.toContain(code);
      const trail = await rows<{ details: unknown }>(
        test.app,
        sql`select details from audit_events where application_id = ${application.id}`,
      );
      expect(JSON.stringify(trail)).not.toContain(`"${code}"`);
    });

    it('mails the invitation in the joint applicant’s language: who invited them, where, which address, the code, 24 hours', async () => {
      const english = await invitedJointApplicant(test.app, primary);
      const [mail] = await mailsTo(test.app, english.joint.email);
      expect(mail).toMatchObject({
        template: 'jointInvitation',
        language: 'en',
        recipient: english.joint.email.toLowerCase(),
        applicationId: english.application.id,
      });
      expect(mail?.content.subject).toBe(
        'Camille Tremblay invited you to a joint account application',
      );
      expect(mail?.content.text).toContain(`${PUBLIC_URL}/?lang=en#/auth-code`);
      expect(mail?.content.text).toContain(
        `Sign in with this email address: ${english.joint.email.toLowerCase()}`,
      );
      expect(mail?.content.text).toContain('create one with this same address');
      expect(mail?.content.text).toContain(`Enter this authentication code: ${english.code}`);
      expect(mail?.content.text).toContain('valid for 24 hours');
      expect(mail?.content.html).toContain(
        `<strong style="font-size:1.5em;letter-spacing:0.2em">${english.code}</strong>`,
      );

      const french = await invitedJointApplicant(test.app, primary, { language: 'fr' });
      const [mailFr] = await mailsTo(test.app, french.joint.email);
      expect(mailFr?.language).toBe('fr');
      expect(mailFr?.content.subject).toBe(
        'Camille Tremblay vous invite à une demande de compte conjoint',
      );
      expect(mailFr?.content.text).toContain(`Entrez ce code d'authentification : ${french.code}`);
      expect(mailFr?.content.text).toContain('valide pendant 24 heures');
      expect(mailFr?.content.text).toContain(`${PUBLIC_URL}/?lang=fr#/auth-code`);
    });
  });
});

describe('/service/jaxrs/coAuthCode without bypass-qualId', () => {
  let test: TestApp;
  let primary: TestUser;
  beforeAll(async () => {
    test = await createTestApp({ featureFlags: { bypassQualId: false } });
    primary = await signedInUser(test.app, 'primary');
  });
  afterAll(() => test.close());

  it('stops at joint applicant eID undetermined: identity verification comes next', async () => {
    const { joint, code } = await invitedJointApplicant(test.app, primary);
    const response = await verify(test.app, joint.token, code);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().applicationStatus).toBe('jointEidUndetermined');
  });

  it('tells the primary, whose identity is not confirmed yet, to confirm it now, with the link (A-M2, C-4)', async () => {
    const { application, joint, code } = await invitedJointApplicant(test.app, primary);
    expect((await verify(test.app, joint.token, code)).statusCode).toBe(200);
    const joined = (await mailsTo(test.app, primary.email)).filter(
      (mail) => mail.applicationId === application.id && mail.template === 'jointJoined',
    );
    expect(joined).toHaveLength(1);
    expect(joined[0]!.content.text).toContain('Now confirm your identity');
    expect(joined[0]!.content.text).not.toContain('We’ll email you when it’s time to sign.');
    expect(joined[0]!.content.text).toMatch(
      new RegExp(`https?://\\S+/#/application/${application.id}/qualid`),
    );
  });
});

describe('/service/jaxrs/coAuthCode demo codes (spec section 8; issue 17)', () => {
  let demo: TestApp;
  let person: TestUser;
  beforeAll(async () => {
    demo = await createTestApp({ featureFlags: { demoAuthCodes: true } });
    person = await signedInUser(demo.app, 'demo');
  });
  afterAll(() => demo.close());

  it.each([
    ['2000', 200, undefined],
    ['4010', 401, 'coAuthCodeMismatch'],
    ['4030', 403, 'coAuthCodeMaxAttempts'],
    ['4040', 404, 'coAuthCodeNotFound'],
  ])(
    '%s answers %i where the flag is on, with no invitation at all',
    async (code, status, errorCode) => {
      const response = await verify(demo.app, person.token, code);
      expect(response.statusCode, response.body).toBe(status);
      const body = response.json<RefusalBody & { state?: string }>();
      expect(body.status).toBe(status);
      if (errorCode) expect(body.errorCode).toBe(errorCode);
      else expect(body.state).toBe('verified');
    },
  );

  it('a trial user invited as a joint applicant cannot join with the right code (spec section 6)', async () => {
    const trial = await signedInWithRole(demo.app, 'trial');
    await demo.app.db.execute(
      sql`update users set email_verified_at = now() where email = ${trial.email.toLowerCase()}`,
    );
    const { application, code } = await invitedJointApplicant(
      demo.app,
      await signedInUser(demo.app, 'inviter'),
      { inviteeEmail: trial.email },
    );
    const response = await verify(demo.app, trial.token, code);
    expect(response.statusCode).toBe(404);
    expect(response.json<RefusalBody>().errorCode).toBe('coAuthCodeNotFound');
    const [row] = await rows<{ joint: string | null }>(
      demo.app,
      sql`select joint_user_id as joint from applications where id = ${application.id}`,
    );
    expect(row?.joint).toBeNull();
  });

  it('changes nothing: a demo 200 joins no application', async () => {
    await verify(demo.app, person.token, '2000');
    const joined = await rows<{ count: number }>(
      demo.app,
      sql`select count(*)::int as count from applications where joint_user_id is not null`,
    );
    expect(joined[0]?.count).toBe(0);
    expect((await getStatus(demo.app, person.token)).statusCode).toBe(404);
  });

  it('are ordinary wrong codes where the flag is off (everywhere but the demo)', async () => {
    const off = await createTestApp();
    try {
      const someone = await signedInUser(off.app, 'someone');
      const response = await verify(off.app, someone.token, '2000');
      expect(response.statusCode).toBe(404);
      expect(response.json<RefusalBody>().errorCode).toBe('coAuthCodeNotFound');
      const { joint, code } = await invitedJointApplicant(
        off.app,
        await signedInUser(off.app, 'inviter'),
      );
      const demoCode = code === '2000' ? '4010' : '2000';
      const refused = await verify(off.app, joint.token, demoCode);
      expect(refused.statusCode).toBe(401);
      expect(refused.json<RefusalBody>().attemptsLeft).toBe(CO_AUTH_CODE_MAX_ATTEMPTS - 1);
    } finally {
      await off.close();
    }
  });
});

describe('/service/jaxrs/coAuthCode logs', () => {
  let test: TestApp;
  let primary: TestUser;
  const lines: string[] = [];
  beforeAll(async () => {
    test = await createTestApp({ logLevel: 'info' });
    // pino keeps its destination under a symbol; every request's child logger writes to it.
    const streamSymbol = symbolsOf(test.app.log).find(
      (symbol) => symbol.description === 'pino.stream',
    );
    const stream =
      streamSymbol &&
      (test.app.log as unknown as Record<symbol, { write(line: string): boolean }>)[streamSymbol];
    if (!stream) throw new Error('no pino stream');
    stream.write = (line: string) => {
      lines.push(line);
      return true;
    };
    primary = await signedInUser(test.app, 'primary');
  });
  afterAll(() => test.close());

  it('never writes the code: the request line of PUT is logged with the code masked', async () => {
    const { joint, code } = await invitedJointApplicant(test.app, primary);
    lines.length = 0;
    await verify(test.app, joint.token, wrong(code));
    await verify(test.app, joint.token, code);
    const written = logText(lines);
    expect(written).toContain('/service/jaxrs/coAuthCode/****');
    expect(written).not.toContain(`coAuthCode/${code}`);
    expect(written).not.toContain(`coAuthCode/${wrong(code)}`);
    expect(withoutCode('/service/jaxrs/coAuthCode/1234?x=1')).toBe(
      '/service/jaxrs/coAuthCode/****?x=1',
    );
  });
});

/** Own and inherited symbol keys (pino's child loggers inherit their stream). */
function symbolsOf(value: object): symbol[] {
  const found: symbol[] = [];
  for (let current: object | null = value; current; current = Object.getPrototypeOf(current)) {
    found.push(...Object.getOwnPropertySymbols(current));
  }
  return found;
}
