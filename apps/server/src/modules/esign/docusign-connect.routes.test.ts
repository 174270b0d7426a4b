import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { EsignSettings } from '../../config.ts';
import { connectSignature, DOCUSIGN_CONNECT_PATH } from '../../providers/esign/docusign-connect.ts';
import {
  EsignUnavailable,
  type EnvelopeStatus,
  type EsignProvider,
} from '../../providers/esign/esign-provider.ts';
import { awaitingSignature } from '../../test/esign.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { bearer, signedInUser, type TestUser } from '../../test/users.ts';

const esignUrl = (applicationId: string) => `/service/jaxrs/applications/${applicationId}/esign`;
const docusign = {
  provider: 'docusign',
  integrationKey: '7d5c3c1e-2f3b-4e4b-9a4e-1c2d3e4f5a6b',
  userId: '0f1e2d3c-4b5a-4969-8877-665544332211',
  privateKey:
    '-----BEGIN RSA PRIVATE KEY-----\nunused: the vendor below stands in\n-----END RSA PRIVATE KEY-----',
  authServer: 'account-d.docusign.com',
  connectHmacKeys: ['the-key-being-retired', 'the-new-key'],
  timeoutMs: 5000,
} satisfies EsignSettings;

/** DocuSign as the adapter reports it: envelopes whose status the test sets, as the signer would. */
function docusignAsReported() {
  const statuses = new Map<string, EnvelopeStatus>();
  let outage = false;
  const vendor: EsignProvider = {
    name: 'docusign',
    async createEnvelope() {
      if (outage)
        throw new EsignUnavailable('docusign create envelope: HTTP 503 SERVICE_UNAVAILABLE');
      const envelopeId = randomUUID();
      statuses.set(envelopeId, 'pending');
      return {
        envelopeId,
        signingUrl: `https://demo.docusign.net/Signing/StartInSession.aspx?t=${envelopeId}`,
      };
    },
    envelopeStatus: async (id) => statuses.get(id) ?? 'expired',
    signingUrl: async (id) =>
      statuses.get(id) === 'pending'
        ? `https://demo.docusign.net/Signing/StartInSession.aspx?t=${id}`
        : null,
    signedDocument: async (id) =>
      statuses.get(id) === 'signed'
        ? {
            name: 'demande.pdf',
            bytes: new TextEncoder().encode('%PDF-1.7 signed, with its certificate'),
          }
        : null,
    discard: async (id) => {
      statuses.delete(id);
    },
  };
  return {
    vendor,
    set: (id: string, status: EnvelopeStatus) => statuses.set(id, status),
    failCreating: (failing: boolean) => {
      outage = failing;
    },
    envelopeOf: (signingUrl: string) => new URL(signingUrl).searchParams.get('t') ?? '',
  };
}

/** A Connect delivery as DocuSign posts it (JSON SIM, v2.1), signed with `key`. */
function connectDelivery(envelopeId: string, event: string, key = 'the-new-key', at = new Date()) {
  const body = JSON.stringify({
    event,
    apiVersion: 'v2.1',
    uri: `/restapi/v2.1/accounts/a1b2c3d4/envelopes/${envelopeId}`,
    retryCount: 0,
    configurationId: 10_501,
    generatedDateTime: at.toISOString().replace('Z', '1234Z'),
    data: {
      accountId: 'a1b2c3d4',
      userId: docusign.userId,
      envelopeId,
    },
  });
  return { body, signature: connectSignature(key, body) };
}

describe('DocuSign Connect at /webhooks/docusign/connect, with ESIGN_PROVIDER=docusign', () => {
  const docusignVendor = docusignAsReported();
  let test: TestApp;
  let camille: TestUser;
  beforeAll(async () => {
    test = await createTestApp({ esign: docusign }, { vendors: { esign: docusignVendor.vendor } });
    camille = await signedInUser(test.app, 'camille');
  });
  afterEach(() => docusignVendor.failCreating(false));
  afterAll(() => test.close());

  const post = (delivery: { body: string; signature: string }, header = 'x-docusign-signature-1') =>
    test.app.inject({
      method: 'POST',
      url: DOCUSIGN_CONNECT_PATH,
      headers: { 'content-type': 'application/json', [header]: delivery.signature },
      payload: delivery.body,
    });
  const startSigning = async (applicationId: string) => {
    const response = await test.app.inject({
      method: 'POST',
      url: esignUrl(applicationId),
      headers: bearer(camille.token),
    });
    expect(response.statusCode, response.body).toBe(200);
    return docusignVendor.envelopeOf(response.json<{ signingUrl: string }>().signingUrl);
  };
  const stateOf = async (applicationId: string) =>
    (
      await test.app.inject({
        method: 'GET',
        url: esignUrl(applicationId),
        headers: bearer(camille.token),
      })
    ).json<{
      status: string;
      applicationStatus: string;
    }>();

  it('records a signature DocuSign reports completed, once, and keeps its signed copy', async () => {
    const application = await awaitingSignature(test.app, camille);
    const envelopeId = await startSigning(application);
    docusignVendor.set(envelopeId, 'signed');
    const delivery = connectDelivery(envelopeId, 'envelope-completed');
    const first = await post(delivery, 'x-docusign-signature-2');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ received: true, duplicate: false });
    expect(await stateOf(application)).toMatchObject({
      status: 'signed',
      applicationStatus: 'underReview',
    });
    // DocuSign delivers again (it retries until it has a 2xx): nothing is recorded twice.
    expect((await post(delivery)).json()).toMatchObject({ received: true, duplicate: true });
    const copy = await test.app.inject({
      method: 'GET',
      url: `${esignUrl(application)}/document`,
      headers: bearer(camille.token),
    });
    expect(copy.statusCode).toBe(200);
    expect(copy.body).toBe('%PDF-1.7 signed, with its certificate');
  });

  it('maps an envelope voided on expiry to expired, from the status DocuSign reports', async () => {
    const application = await awaitingSignature(test.app, camille);
    const envelopeId = await startSigning(application);
    docusignVendor.set(envelopeId, 'expired');
    expect((await post(connectDelivery(envelopeId, 'envelope-voided'))).statusCode).toBe(200);
    expect(await stateOf(application)).toMatchObject({
      status: 'expired',
      applicationStatus: 'esignatureRequired',
    });
  });

  it('trusts the status DocuSign reports over the event: a "completed" for a pending envelope records nothing', async () => {
    const application = await awaitingSignature(test.app, camille);
    const envelopeId = await startSigning(application);
    const forgedNews = await post(connectDelivery(envelopeId, 'envelope-completed'));
    // Refused so that DocuSign delivers it again once its API agrees.
    expect(forgedNews.statusCode).toBe(500);
    expect(await stateOf(application)).toMatchObject({ status: 'pending' });
  });

  it('refuses a delivery not signed with one of the Connect keys, and an unsigned one', async () => {
    const application = await awaitingSignature(test.app, camille);
    const envelopeId = await startSigning(application);
    docusignVendor.set(envelopeId, 'signed');
    expect(
      (await post(connectDelivery(envelopeId, 'envelope-completed', 'a-guessed-key'))).statusCode,
    ).toBe(401);
    const unsigned = await test.app.inject({
      method: 'POST',
      url: DOCUSIGN_CONNECT_PATH,
      headers: { 'content-type': 'application/json' },
      payload: connectDelivery(envelopeId, 'envelope-completed').body,
    });
    expect(unsigned.statusCode).toBe(401);
    expect(await stateOf(application)).toMatchObject({ status: 'pending' });
  });

  it('asks DocuSign to deliver again an event for an envelope not known yet', async () => {
    const response = await post(connectDelivery(randomUUID(), 'envelope-completed'));
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe('60');
  });

  it('serves Connect instead of the sandbox ceremony and the sandbox webhook', () => {
    expect(test.app.hasRoute({ method: 'POST', url: DOCUSIGN_CONNECT_PATH })).toBe(true);
    expect(test.app.hasRoute({ method: 'POST', url: '/webhooks/esign' })).toBe(false);
    expect(test.app.hasRoute({ method: 'GET', url: '/sandbox/esign/:id' })).toBe(false);
  });

  it('tells the person to try again when DocuSign cannot be reached, with nothing recorded', async () => {
    const application = await awaitingSignature(test.app, camille);
    docusignVendor.failCreating(true);
    const response = await test.app.inject({
      method: 'POST',
      url: esignUrl(application),
      headers: bearer(camille.token),
    });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({
      errorCode: 'esignUnavailable',
      message: 'This service is not available right now. Nothing was lost: try again in a moment.',
    });
    expect(await stateOf(application)).toMatchObject({
      status: 'notStarted',
      applicationStatus: 'esignatureRequired',
    });
  });
});
