import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { placedTextOf } from '../../test/pdf-placed-text.ts';
import {
  applications,
  applicationSignatures,
  applicationSteps,
  auditEvents,
  outboxMessages,
  sandboxEsignEnvelopes,
  users,
} from '../../db/schema.ts';
import { webhookSecretOf } from '../../config.ts';
import { WEBHOOK_SIGNATURE_HEADER, signWebhook } from '../../lib/webhooks/webhook-signature.ts';
import { applicationAtOtherInterests, type ErrorBody } from '../../test/applications.ts';
import { awaitingSignature, userIdOf } from '../../test/esign.ts';
import { createTestApp, signedInTestApp, type TestApp } from '../../test/test-app.ts';
import { bearer, signedInUser, type TestUser } from '../../test/users.ts';
import type { EnvelopeRequest, EsignProvider } from '../../providers/esign/esign-provider.ts';
import { applyApplicationEvent } from '../applications/applications.service.ts';
import { contentContext } from '../outbox/outbox.service.ts';
import { SIGNATURE_BOX } from './application-document.ts';
import { signedDocumentContext } from './esign.service.ts';

const esignUrl = (applicationId: string) => `/service/jaxrs/applications/${applicationId}/esign`;
/** The e-sign vendor's secret as the test app derives it (test-app.ts's application secret). */
const esignSecret = webhookSecretOf(
  { appSecret: 'test-secret-test-secret-test-secret-0001' },
  'esign',
);
const form = { 'content-type': 'application/x-www-form-urlencoded' };

interface EsignStateBody {
  status: string;
  role: string;
  applicationStatus: string;
  canSign: boolean;
}

describe('e-signature API: applications/{id}/esign', () => {
  const { test, camille, alex, stranger, elise } = signedInTestApp(
    'camille',
    'alex',
    'stranger',
    'elise',
  );

  /** The account's own language, as its settings would change it. */
  const setLanguage = async (user: TestUser, language: 'en' | 'fr') => {
    await test.app.db
      .update(users)
      .set({ language })
      .where(eq(users.email, user.email.toLowerCase()));
  };
  const download = (user: TestUser, id: string) =>
    test.app.inject({
      method: 'GET',
      url: `${esignUrl(id)}/document`,
      headers: bearer(user.token),
    });

  const start = (user: TestUser, id: string) =>
    test.app.inject({ method: 'POST', url: esignUrl(id), headers: bearer(user.token) });
  const poll = (user: TestUser, id: string) =>
    test.app.inject({ method: 'GET', url: esignUrl(id), headers: bearer(user.token) });
  const stateOf = async (user: TestUser, id: string) => {
    const response = await poll(user, id);
    expect(response.statusCode).toBe(200);
    return response.json<EsignStateBody>();
  };
  const signingUrlOf = async (user: TestUser, id: string) => {
    const response = await start(user, id);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<{ signingUrl: string; status: string }>();
    expect(body.status).toBe('pending');
    return body.signingUrl;
  };

  /** Does in the sandbox ceremony what the signer would: sign with their name, or decline. */
  async function ceremony(signingUrl: string, action: 'sign' | 'decline', typedName = '') {
    const page = await test.app.inject({ method: 'GET', url: signingUrl });
    expect(page.statusCode).toBe(200);
    const token = /name="token" value="([^"]+)"/.exec(page.body)?.[1] ?? '';
    const response = await test.app.inject({
      method: 'POST',
      url: `${signingUrl}/${action}`,
      headers: form,
      payload: new URLSearchParams({ token, typedName }).toString(),
    });
    expect(response.statusCode, response.body).toBe(303);
    return response.headers.location;
  }

  /** The sandbox vendor calls back: every webhook it owes, delivered as if a minute passed. */
  const deliverWebhooks = () => test.app.sandboxWebhooks.runOnce(new Date(Date.now() + 60_000));

  /** A webhook body as the vendor would post it to `/webhooks/esign`. */
  const envelopeEvent = (envelopeId: string, id = `evt-${envelopeId}`) =>
    JSON.stringify({
      id,
      type: 'envelope.completed',
      occurredAt: new Date().toISOString(),
      data: { envelopeId, status: 'signed' },
    });
  const postWebhook = (body: string, signature = signWebhook(esignSecret, body)) =>
    test.app.inject({
      method: 'POST',
      url: '/webhooks/esign',
      headers: { 'content-type': 'application/json', [WEBHOOK_SIGNATURE_HEADER]: signature },
      payload: body,
    });
  const envelopeOf = async (applicationId: string) => {
    const [row] = await test.app.db
      .select()
      .from(applicationSignatures)
      .where(eq(applicationSignatures.applicationId, applicationId));
    return row!.envelopeId;
  };
  const applicationStatusOf = async (applicationId: string) => {
    const [row] = await test.app.db
      .select({ status: applications.status })
      .from(applications)
      .where(eq(applications.id, applicationId));
    return row!.status;
  };
  const auditCount = async (applicationId: string) => (await auditActions(applicationId)).length;

  const underReviewMail = (applicationId: string) => mailsOf(applicationId, 'underReview');
  const mailsOf = async (applicationId: string, template: string) => {
    const rows = await test.app.db
      .select()
      .from(outboxMessages)
      .where(
        and(eq(outboxMessages.applicationId, applicationId), eq(outboxMessages.template, template)),
      );
    return rows.map((row) => ({
      recipient: row.recipient,
      language: row.language,
      content: JSON.parse(
        test.app.cipher.decrypt(row.contentEncrypted, contentContext(row.id)),
      ) as {
        subject: string;
        text: string;
        html?: string;
      },
    }));
  };

  const auditActions = async (applicationId: string) =>
    (
      await test.app.db
        .select({ action: auditEvents.action })
        .from(auditEvents)
        .where(eq(auditEvents.applicationId, applicationId))
    ).map((row) => row.action);

  let individual: string;
  beforeAll(async () => {
    individual = await awaitingSignature(test.app, camille);
    await setLanguage(elise, 'fr');
  });

  it('answers 401 without a token, 404 to someone who takes no part, 400 for a malformed id', async () => {
    const anonymous = await test.app.inject({ method: 'GET', url: esignUrl(individual) });
    expect(anonymous.statusCode).toBe(401);
    for (const response of [await poll(stranger, individual), await start(stranger, individual)]) {
      expect(response.statusCode).toBe(404);
      expect(response.json<ErrorBody>().errorCode).toBe('notFound');
    }
    expect((await poll(camille, 'not-an-id')).statusCode).toBe(400);
  });

  it('reports nothing sent yet, and that it is the primary applicant’s turn', async () => {
    const application = await awaitingSignature(test.app, camille);
    expect(await stateOf(camille, application)).toEqual({
      status: 'notStarted',
      role: 'primary',
      applicationStatus: 'esignatureRequired',
      canSign: true,
      identityVerified: true,
    });
  });

  it('answers 409 notYourTurn before the review is agreed', async () => {
    const open = await applicationAtOtherInterests(test.app, camille.token);
    const response = await start(camille, open.id);
    expect(response.statusCode).toBe(409);
    expect(response.json<ErrorBody>().errorCode).toBe('notYourTurn');
    expect((await stateOf(camille, open.id)).canSign).toBe(false);
  });

  it('sends one envelope with the generated document, and resumes it while pending', async () => {
    const application = await awaitingSignature(test.app, camille, { correspondenceLanguage: 2 });
    const signingUrl = await signingUrlOf(camille, application);
    expect(signingUrl).toMatch(/^\/sandbox\/esign\/[0-9a-f-]{36}$/);
    expect(await signingUrlOf(camille, application)).toBe(signingUrl);
    expect(await stateOf(camille, application)).toMatchObject({ status: 'pending', canSign: true });

    const [signature] = await test.app.db
      .select()
      .from(applicationSignatures)
      .where(eq(applicationSignatures.applicationId, application));
    expect(signature).toMatchObject({ role: 'primary', provider: 'sandbox', status: 'pending' });
    expect(signingUrl).toBe(`/sandbox/esign/${signature!.envelopeId}`);

    // The ceremony and the document are in the signer's own language (their account's), not
    // the correspondence language chosen for statements (French here), for the profile's name.
    const page = await test.app.inject({ method: 'GET', url: signingUrl });
    expect(page.body).toContain('<html lang="en-CA">');
    expect(page.body).toContain('Type Camille Tremblay');
    const document = await test.app.inject({ method: 'GET', url: `${signingUrl}/document` });
    expect(document.headers['content-type']).toBe('application/pdf');
    const pdf = await PDFDocument.load(document.rawPayload);
    expect(pdf.getTitle()).toMatch(/^Account application /);
    expect(pdf.getPageCount()).toBeGreaterThanOrEqual(1);
    expect(await auditActions(application)).toContain('esignSent');
  });

  it('gives a Quebec applicant the contract in the language their agreement binds in (ADR 0016)', async () => {
    const application = await awaitingSignature(test.app, camille);
    // Agreed in Quebec without the express choice of English: bound in French, though the
    // account is English.
    await test.app.db
      .update(applicationSteps)
      .set({
        data: {
          agreementId: 'customer-agreements-2026-11',
          hasConsent: true,
          agreement: {
            documentId: 'customer-agreements-2026-11',
            version: '2026-11',
            language: 'fr',
            sha256: 'f'.repeat(64),
            agreedAt: '2026-11-23T15:00:00.000Z',
            frenchPresented: {
              documentId: 'customer-agreements-2026-11',
              version: '2026-11',
              sha256: 'f'.repeat(64),
            },
          },
        },
      })
      .where(
        and(eq(applicationSteps.applicationId, application), eq(applicationSteps.step, 'review')),
      );
    const signingUrl = await signingUrlOf(camille, application);
    const page = await test.app.inject({ method: 'GET', url: signingUrl });
    expect(page.body).toContain('<html lang="fr-CA">');
  });

  it('moves an individual application to under review once signed, and mails the applicant', async () => {
    const application = await awaitingSignature(test.app, camille);
    const signingUrl = await signingUrlOf(camille, application);
    const back = await ceremony(signingUrl, 'sign', 'camille TREMBLAY');
    expect(back).toBe(`/#/application/${application}/esign?returned=1`);
    // Polling only reads: until the vendor's webhook arrives, the server knows it pending.
    expect(await stateOf(camille, application)).toMatchObject({ status: 'pending' });
    expect(await deliverWebhooks()).toBeGreaterThanOrEqual(1);

    expect(await stateOf(camille, application)).toEqual({
      status: 'signed',
      role: 'primary',
      applicationStatus: 'underReview',
      canSign: false,
      identityVerified: true,
    });
    const mail = await underReviewMail(application);
    expect(mail).toHaveLength(1);
    expect(mail[0]).toMatchObject({ recipient: camille.email.toLowerCase(), language: 'en' });
    expect(mail[0]!.content.subject).toBe("We're reviewing your application");
    expect(mail[0]!.content.text).toContain('Hello Camille,');
    expect(mail[0]!.content.text).toContain('This usually takes 1 to 3 business days.');
    expect(mail[0]!.content.text).toContain("We'll email you as soon as your account is approved.");
    expect(await auditActions(application)).toContain('primarySignedIndividual');

    const again = await start(camille, application);
    expect(again.statusCode).toBe(409);
    expect(again.json<ErrorBody>().errorCode).toBe('alreadySigned');
  });

  it('records a signature once, however many webhooks, retries and polls arrive together', async () => {
    const application = await awaitingSignature(test.app, camille);
    await ceremony(await signingUrlOf(camille, application), 'sign', 'Camille Tremblay');
    const envelopeId = await envelopeOf(application);
    // The vendor's own delivery, the same event twice more, another event for the envelope, and
    // the signer pressing "Continue signing" (which asks the vendor) all at once.
    const together = await Promise.all([
      deliverWebhooks(),
      postWebhook(envelopeEvent(envelopeId)),
      postWebhook(envelopeEvent(envelopeId)),
      postWebhook(envelopeEvent(envelopeId, `evt-other-${envelopeId}`)),
      start(camille, application),
    ]);
    for (const response of together.slice(1, 4)) {
      expect((response as { statusCode: number }).statusCode).toBe(200);
    }
    const answers = await Promise.all(Array.from({ length: 6 }, () => poll(camille, application)));
    for (const answer of answers) {
      expect(answer.statusCode).toBe(200);
      expect(answer.json<EsignStateBody>()).toMatchObject({
        status: 'signed',
        applicationStatus: 'underReview',
      });
    }
    const actions = await auditActions(application);
    expect(actions.filter((action) => action === 'primarySignedIndividual')).toHaveLength(1);
    expect(await underReviewMail(application)).toHaveLength(1);
  });

  it('sends one envelope however many "Review and sign" arrive together', async () => {
    const application = await awaitingSignature(test.app, camille);
    const answers = await Promise.all(Array.from({ length: 4 }, () => start(camille, application)));
    const urls = answers.map((answer) => answer.json<{ signingUrl: string }>().signingUrl);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200]);
    expect(new Set(urls).size).toBe(1);
    const rows = await test.app.db
      .select()
      .from(applicationSignatures)
      .where(eq(applicationSignatures.applicationId, application));
    expect(rows).toHaveLength(1);
    expect(urls[0]).toBe(`/sandbox/esign/${rows[0]!.envelopeId}`);
  });

  it('reports a decline, and sends a fresh envelope on the next try', async () => {
    const application = await awaitingSignature(test.app, camille);
    const first = await signingUrlOf(camille, application);
    await ceremony(first, 'decline');
    await deliverWebhooks();
    expect(await stateOf(camille, application)).toMatchObject({
      status: 'declined',
      applicationStatus: 'esignatureRequired',
      canSign: true,
    });
    expect(await auditActions(application)).toContain('esignDeclined');

    const second = await signingUrlOf(camille, application);
    expect(second).not.toBe(first);
    expect(await stateOf(camille, application)).toMatchObject({ status: 'pending' });
    await ceremony(second, 'sign', 'Camille Tremblay');
    await deliverWebhooks();
    expect(await stateOf(camille, application)).toMatchObject({
      status: 'signed',
      applicationStatus: 'underReview',
    });
  });

  it('reports an expired envelope, and sends a fresh one on the next try', async () => {
    const application = await awaitingSignature(test.app, camille);
    const first = await signingUrlOf(camille, application);
    const expired = await test.app.inject({ method: 'GET', url: `${first}?sandbox=expire` });
    expect(expired.body).toContain('This signing link has expired');
    await deliverWebhooks();
    expect(await auditActions(application)).toContain('esignExpired');
    expect(await stateOf(camille, application)).toMatchObject({ status: 'expired', canSign: true });
    const second = await signingUrlOf(camille, application);
    expect(second).not.toBe(first);
    expect(await stateOf(camille, application)).toMatchObject({ status: 'pending' });
  });

  it('takes the primary applicant, then the joint applicant, then mails both', async () => {
    const application = await awaitingSignature(test.app, camille, {
      joint: alex,
      correspondenceLanguage: 2,
    });
    // Each person is written to in their own account's language; here both are French.
    await setLanguage(camille, 'fr');
    await setLanguage(alex, 'fr');
    // The joint applicant signs second.
    const early = await start(alex, application);
    expect(early.statusCode).toBe(409);
    expect(early.json<ErrorBody>().errorCode).toBe('notYourTurn');
    expect(await stateOf(alex, application)).toEqual({
      status: 'notStarted',
      role: 'joint',
      applicationStatus: 'esignatureRequired',
      canSign: false,
      identityVerified: true,
    });

    await ceremony(await signingUrlOf(camille, application), 'sign', 'Camille Tremblay');
    await deliverWebhooks();
    expect(await stateOf(camille, application)).toMatchObject({
      status: 'signed',
      applicationStatus: 'jointEsignatureRequired',
      canSign: false,
    });
    expect(await underReviewMail(application)).toHaveLength(0);
    expect((await start(camille, application)).json<ErrorBody>().errorCode).toBe('alreadySigned');

    const jointUrl = await signingUrlOf(alex, application);
    const page = await test.app.inject({ method: 'GET', url: jointUrl });
    expect(page.body).toContain('Tapez Alex Tremblay');
    await ceremony(jointUrl, 'sign', 'alex tremblay');
    await deliverWebhooks();
    expect(await stateOf(alex, application)).toEqual({
      status: 'signed',
      role: 'joint',
      applicationStatus: 'underReview',
      canSign: false,
      identityVerified: true,
    });
    const actions = await auditActions(application);
    expect(actions).toEqual(expect.arrayContaining(['primarySignedJoint', 'jointSigned']));

    const mail = await underReviewMail(application);
    // The joint applicant at the address they sign in with; the primary at their profile's.
    expect(mail.map((message) => message.recipient).sort()).toEqual(
      ['camille@example.com', alex.email.toLowerCase()].sort(),
    );
    for (const message of mail) {
      expect(message.language).toBe('fr');
      expect(message.content.subject).toBe('Nous examinons votre demande');
      expect(message.content.text).toContain('de 1 à 3 jours ouvrables');
      expect(message.content.text).toContain('dès que votre compte sera approuvé');
    }
    expect(
      mail.find((message) => message.recipient === 'camille@example.com')?.content.text,
    ).toContain('Bonjour Camille,');
    await setLanguage(camille, 'en');
    await setLanguage(alex, 'en');
  });

  it('gives a Quebec joint applicant the contract in the language their own agreement binds in (ADR 0016)', async () => {
    // The joint applicant (English account) joined in Quebec without the express choice of
    // English: their agreement binds in French, so does their contract; the primary's stays
    // in the primary's language.
    const application = await awaitingSignature(test.app, camille, { joint: alex });
    const frenchBound = {
      documentId: 'customer-agreements-2026-11',
      version: '2026-11',
      language: 'fr',
      sha256: 'f'.repeat(64),
      agreedAt: '2026-11-23T15:00:00.000Z',
      frenchPresented: {
        documentId: 'customer-agreements-2026-11',
        version: '2026-11',
        sha256: 'f'.repeat(64),
      },
    };
    await test.app.db
      .update(applicationSteps)
      .set({
        data: {
          agreementId: 'customer-agreements-2026-11',
          hasConsent: true,
          jointAgreement: frenchBound,
        },
      })
      .where(
        and(eq(applicationSteps.applicationId, application), eq(applicationSteps.step, 'review')),
      );
    const primaryUrl = await signingUrlOf(camille, application);
    const primaryPage = await test.app.inject({ method: 'GET', url: primaryUrl });
    expect(primaryPage.body).toContain('<html lang="en-CA">');
    await ceremony(primaryUrl, 'sign', 'Camille Tremblay');
    await deliverWebhooks();
    const jointUrl = await signingUrlOf(alex, application);
    const jointPage = await test.app.inject({ method: 'GET', url: jointUrl });
    expect(jointPage.body).toContain('<html lang="fr-CA">');
  });

  it('follows each signer’s own language: a French joint applicant beside an English primary', async () => {
    // The primary chose English correspondence; the joint applicant's account is French.
    const application = await awaitingSignature(test.app, camille, { joint: elise });
    const primaryUrl = await signingUrlOf(camille, application);
    const primaryPage = await test.app.inject({ method: 'GET', url: primaryUrl });
    expect(primaryPage.body).toContain('<html lang="en-CA">');
    await ceremony(primaryUrl, 'sign', 'Camille Tremblay');
    await deliverWebhooks();

    // Whoever signs next is told, in their language: the French joint applicant.
    const turn = await mailsOf(application, 'signatureTurn');
    expect(turn).toHaveLength(1);
    expect(turn[0]).toMatchObject({ recipient: elise.email.toLowerCase(), language: 'fr' });
    expect(turn[0]!.content.subject).toBe("C'est votre tour de signer la demande conjointe");
    expect(turn[0]!.content.text).toContain('Camille Tremblay a signé votre demande');
    expect(turn[0]!.content.text).toMatch(
      new RegExp(`https?://\\S+/\\?lang=fr#/application/${application}/esign`),
    );
    expect(turn[0]!.content.html).toContain('data-mail-layout="laurentide"');

    const jointUrl = await signingUrlOf(elise, application);
    const jointPage = await test.app.inject({ method: 'GET', url: jointUrl });
    expect(jointPage.body).toContain('<html lang="fr-CA">');
    expect(jointPage.body).toContain('Tapez Alex Tremblay');
    const sent = await test.app.inject({ method: 'GET', url: `${jointUrl}/document` });
    expect((await PDFDocument.load(sent.rawPayload)).getTitle()).toMatch(
      /^Demande d’ouverture de compte /,
    );
    await ceremony(jointUrl, 'sign', 'Alex Tremblay');
    await deliverWebhooks();

    const mail = await underReviewMail(application);
    const byRecipient = new Map(mail.map((message) => [message.recipient, message]));
    expect(byRecipient.get(elise.email.toLowerCase())).toMatchObject({ language: 'fr' });
    expect(byRecipient.get(elise.email.toLowerCase())?.content.subject).toBe(
      'Nous examinons votre demande',
    );
    expect(byRecipient.get('camille@example.com')).toMatchObject({ language: 'en' });
    expect(byRecipient.get('camille@example.com')?.content.subject).toBe(
      "We're reviewing your application",
    );

    // Each keeps the copy they signed, in their language.
    const jointCopy = await download(elise, application);
    expect(jointCopy.statusCode).toBe(200);
    expect((await PDFDocument.load(jointCopy.rawPayload)).getTitle()).toMatch(
      /^Demande d’ouverture de compte /,
    );
    const primaryCopy = await download(camille, application);
    expect((await PDFDocument.load(primaryCopy.rawPayload)).getTitle()).toMatch(
      /^Account application /,
    );
  });

  it('hands each applicant the document they signed, as a download no cache keeps', async () => {
    const application = await awaitingSignature(test.app, camille);
    const signingUrl = await signingUrlOf(camille, application);
    const before = await download(camille, application);
    expect(before.statusCode).toBe(404);
    expect(before.json<ErrorBody>().errorCode).toBe('notSigned');

    const sent = await test.app.inject({ method: 'GET', url: `${signingUrl}/document` });
    const sentPages = (await PDFDocument.load(sent.rawPayload)).getPageCount();
    await ceremony(signingUrl, 'sign', 'Camille Tremblay');
    await deliverWebhooks();

    const response = await download(camille, application);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['cache-control']).toContain('no-store');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename=".+\.pdf"/);
    // The vendor's signed copy: the pages sent, then its signature certificate.
    const signed = await PDFDocument.load(response.rawPayload);
    expect(signed.getPageCount()).toBe(sentPages + 1);
    expect(signed.getKeywords()).toContain('signed');

    // Kept encrypted, bound to the application and signer.
    const [row] = await test.app.db
      .select()
      .from(applicationSignatures)
      .where(eq(applicationSignatures.applicationId, application));
    const stored = row!.signedDocumentEncrypted!;
    expect(Buffer.from(stored).includes(Buffer.from('%PDF'))).toBe(false);
    expect(
      test.app.cipher.decryptBytes(stored, signedDocumentContext(application, 'primary')),
    ).toEqual(Buffer.from(response.rawPayload));

    // Nobody else: a stranger and the wrong id answer 404, as for any application.
    const other = await download(stranger, application);
    expect(other.statusCode).toBe(404);
    expect(other.json<ErrorBody>().errorCode).toBe('notFound');
    expect((await download(alex, application)).statusCode).toBe(404);
    expect(
      (
        await test.app.inject({
          method: 'GET',
          url: `${esignUrl(application)}/document`,
        })
      ).statusCode,
    ).toBe(401);
  });

  it('links the signed copy from the under-review mail, never attaching the PDF', async () => {
    const application = await awaitingSignature(test.app, camille);
    await ceremony(await signingUrlOf(camille, application), 'sign', 'Camille Tremblay');
    await deliverWebhooks();
    const [mail] = await underReviewMail(application);
    const link = `/?lang=en#/application/${application}/nextsteps`;
    expect(mail!.content.text).toContain(link);
    expect(mail!.content.text).toContain('Your copy of the application you signed');
    expect(mail!.content.html).toContain(`href="http://`);
    expect(mail!.content.html).toContain(link);
    expect(mail!.content.text).not.toContain('%PDF');
    expect(mail!.content.html).not.toContain('%PDF');
  });

  describe('the e-sign vendor’s webhook (/webhooks/esign)', () => {
    it('moves the application on for a signer who never polls again (tab closed)', async () => {
      const application = await awaitingSignature(test.app, camille);
      await ceremony(await signingUrlOf(camille, application), 'sign', 'Camille Tremblay');
      // Nobody asks: the signer closed the tab on the vendor's page.
      expect(await applicationStatusOf(application)).toBe('esignatureRequired');
      await deliverWebhooks();
      expect(await applicationStatusOf(application)).toBe('underReview');
      expect(await auditActions(application)).toContain('primarySignedIndividual');
      const mail = await underReviewMail(application);
      expect(mail).toHaveLength(1);
      expect(mail[0]).toMatchObject({ recipient: camille.email.toLowerCase(), language: 'en' });
      const [signature] = await test.app.db
        .select()
        .from(applicationSignatures)
        .where(eq(applicationSignatures.applicationId, application));
      expect(signature).toMatchObject({ status: 'signed' });
      // The signed copy came with it, from the vendor.
      expect(signature!.signedDocumentEncrypted).not.toBeNull();
      const [event] = await test.app.db
        .select({ actorId: auditEvents.actorId, details: auditEvents.details })
        .from(auditEvents)
        .where(
          and(
            eq(auditEvents.applicationId, application),
            eq(auditEvents.action, 'primarySignedIndividual'),
          ),
        );
      expect(event).toMatchObject({
        actorId: await userIdOf(test.app, camille),
        details: { reportedBy: 'webhook', role: 'primary' },
      });
    });

    it('moves a joint application to the joint applicant’s turn, and tells them', async () => {
      const application = await awaitingSignature(test.app, camille, { joint: alex });
      await ceremony(await signingUrlOf(camille, application), 'sign', 'Camille Tremblay');
      await deliverWebhooks();
      expect(await applicationStatusOf(application)).toBe('jointEsignatureRequired');
      expect(await mailsOf(application, 'signatureTurn')).toHaveLength(1);
      expect(await underReviewMail(application)).toHaveLength(0);
    });

    it('changes nothing when the same body is replayed', async () => {
      const application = await awaitingSignature(test.app, camille);
      await ceremony(await signingUrlOf(camille, application), 'sign', 'Camille Tremblay');
      const body = envelopeEvent(await envelopeOf(application));
      const first = await postWebhook(body);
      expect(first.json()).toEqual({ received: true, duplicate: false });
      expect(await applicationStatusOf(application)).toBe('underReview');
      const audits = await auditCount(application);

      const replay = await postWebhook(body);
      expect(replay.statusCode).toBe(200);
      expect(replay.json()).toEqual({ received: true, duplicate: true });
      // The vendor's own delivery (another event id) finds the signature recorded.
      await deliverWebhooks();
      expect(await auditCount(application)).toBe(audits);
      expect(await underReviewMail(application)).toHaveLength(1);
    });

    it('refuses a wrongly signed body with 401 and changes nothing', async () => {
      const application = await awaitingSignature(test.app, camille);
      await ceremony(await signingUrlOf(camille, application), 'sign', 'Camille Tremblay');
      const body = envelopeEvent(await envelopeOf(application));
      const audits = await auditCount(application);
      for (const response of [
        await postWebhook(body, signWebhook('a-guessed-secret', body)),
        await postWebhook(body, ''),
        await postWebhook(body.replace('signed', 'declined'), signWebhook(esignSecret, body)),
      ]) {
        expect(response.statusCode).toBe(401);
      }
      expect(await applicationStatusOf(application)).toBe('esignatureRequired');
      expect(await auditCount(application)).toBe(audits);
      expect(await stateOf(camille, application)).toMatchObject({ status: 'pending' });
      expect(await underReviewMail(application)).toHaveLength(0);
    });

    it('answers 503 for an envelope it does not know until ten minutes after the event, then keeps it for staff; ignores other types', async () => {
      const application = await awaitingSignature(test.app, camille);
      await signingUrlOf(camille, application);
      const audits = await auditCount(application);
      // Our write of the envelope may not have committed yet: the vendor is asked to retry.
      const unknown = await postWebhook(envelopeEvent('0b5a6e00-0000-4000-8000-000000000000'));
      expect(unknown.statusCode).toBe(503);
      const old = await postWebhook(
        JSON.stringify({
          id: 'evt-unknown-envelope-old',
          type: 'envelope.completed',
          occurredAt: new Date(Date.now() - 11 * 60_000).toISOString(),
          data: { envelopeId: '0b5a6e00-0000-4000-8000-000000000000', status: 'signed' },
        }),
      );
      expect(old.statusCode).toBe(200);
      expect(old.json()).toMatchObject({ kept: true });
      const malformed = await postWebhook(
        JSON.stringify({
          id: `evt-malformed-${application}`,
          type: 'envelope.completed',
          occurredAt: new Date().toISOString(),
          data: { envelope: 'no id' },
        }),
      );
      expect(malformed.statusCode).toBe(200);
      expect(malformed.json()).toMatchObject({ kept: true });
      const otherType = await postWebhook(
        JSON.stringify({
          id: `evt-recipient-${application}`,
          type: 'recipient.viewed',
          occurredAt: new Date().toISOString(),
          data: { envelopeId: await envelopeOf(application) },
        }),
      );
      expect(otherType.statusCode).toBe(200);
      expect(await auditCount(application)).toBe(audits);
      expect(await stateOf(camille, application)).toMatchObject({ status: 'pending' });
    });

    it('answers 500 while the vendor still reports pending what its webhook says is done, so it retries', async () => {
      const application = await awaitingSignature(test.app, camille);
      await ceremony(await signingUrlOf(camille, application), 'sign', 'Camille Tremblay');
      const envelopeId = await envelopeOf(application);
      // The vendor's API lags behind its own webhook.
      const setVendorStatus = (status: string) =>
        test.app.db
          .update(sandboxEsignEnvelopes)
          .set({ status })
          .where(eq(sandboxEsignEnvelopes.id, envelopeId));
      await setVendorStatus('pending');
      const body = envelopeEvent(envelopeId);
      expect((await postWebhook(body)).statusCode).toBe(500);
      expect(await applicationStatusOf(application)).toBe('esignatureRequired');
      await setVendorStatus('signed');
      // No receipt was kept: the vendor's next delivery of the same event is handled.
      expect((await postWebhook(body)).json()).toEqual({ received: true, duplicate: false });
      expect(await applicationStatusOf(application)).toBe('underReview');
    });

    it('records a signature the signer outran its webhook with, rather than send a new envelope', async () => {
      const application = await awaitingSignature(test.app, camille);
      const signingUrl = await signingUrlOf(camille, application);
      await ceremony(signingUrl, 'sign', 'Camille Tremblay');
      // "Continue signing" before the webhook: the vendor is asked before anything is replaced.
      const again = await start(camille, application);
      expect(again.statusCode).toBe(409);
      expect(again.json<ErrorBody>().errorCode).toBe('alreadySigned');
      expect(signingUrl).toBe(`/sandbox/esign/${await envelopeOf(application)}`);
      expect(await applicationStatusOf(application)).toBe('underReview');
      await deliverWebhooks();
      expect(await underReviewMail(application)).toHaveLength(1);
      const actions = await auditActions(application);
      expect(actions.filter((action) => action === 'primarySignedIndividual')).toHaveLength(1);
    });
  });
});

/**
 * The text printed right under the signature box at `signHere` in the document sent (the label
 * under the signature line there), as pdf.js reads it; undefined when nothing is.
 */
async function labelUnder({ document, signHere }: EnvelopeRequest): Promise<string | undefined> {
  const boxBottom = signHere.y + SIGNATURE_BOX.height;
  return (await placedTextOf(document.bytes))[signHere.page - 1]?.find(
    (item) =>
      Math.abs(item.x - signHere.x) < 1 && item.top >= boxBottom && item.top < boxBottom + 12,
  )?.text;
}

describe('e-signature API: where the vendor is told each applicant signs', () => {
  /** A vendor that keeps what it is asked to send (never resumes: each start sends anew). */
  const requests: EnvelopeRequest[] = [];
  const vendor: EsignProvider = {
    name: 'recording-vendor',
    async createEnvelope(request) {
      requests.push(request);
      const envelopeId = randomUUID();
      return { envelopeId, signingUrl: `https://vendor.example/sign/${envelopeId}` };
    },
    envelopeStatus: async () => 'pending',
    signingUrl: async () => null,
    signedDocument: async () => null,
    discard: async () => {},
  };
  let test: TestApp;
  let camille: TestUser;
  let alex: TestUser;
  beforeAll(async () => {
    test = await createTestApp({}, { vendors: { esign: vendor } });
    camille = await signedInUser(test.app, 'camille');
    alex = await signedInUser(test.app, 'alex');
  });
  afterAll(() => test.close());

  const start = async (user: TestUser, id: string) => {
    const response = await test.app.inject({
      method: 'POST',
      url: esignUrl(id),
      headers: bearer(user.token),
    });
    expect(response.statusCode, response.body).toBe(200);
    const request = requests.at(-1)!;
    expect(request.signer.email).toBe(user.email.toLowerCase());
    return request;
  };

  it('sends the primary applicant’s spot, above their own signature line', async () => {
    const request = await start(camille, await awaitingSignature(test.app, camille));
    expect(await labelUnder(request)).toMatch(/^Signature of .*Camille Tremblay$/);
  });

  it('sends the joint applicant the second spot, above their line, not the primary’s', async () => {
    const application = await awaitingSignature(test.app, camille, { joint: alex });
    const primary = await start(camille, application);
    expect(await labelUnder(primary)).toMatch(/^Signature of .*Camille Tremblay$/);
    // The primary has signed: the joint applicant's turn.
    const actorId = await userIdOf(test.app, camille);
    await test.app.db.transaction((tx) =>
      applyApplicationEvent(tx, {
        applicationId: application,
        actorId,
        event: 'primarySignedJoint',
      }),
    );
    const joint = await start(alex, application);
    expect(await labelUnder(joint)).toMatch(/^Signature of .*Alex Tremblay$/);
    expect(joint.signHere).not.toEqual(primary.signHere);
  });
});
