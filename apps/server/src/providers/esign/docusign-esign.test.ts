import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  startDocusignContract,
  type DocusignContract,
} from '../../test/vendors/docusign-contract.ts';
import {
  docusignTestIdentity,
  startDocusignOauth,
  trustInThisProcess,
  type DocusignOauthStandIn,
} from '../../test/vendors/docusign-oauth.ts';
import {
  createDocusignEsign,
  envelopeStatusOf,
  restBasePathOf,
  type DocusignSettings,
} from './docusign-esign.ts';
import { EsignUnavailable, type EnvelopeRequest } from './esign-provider.ts';

const identity = docusignTestIdentity();
const request: EnvelopeRequest = {
  signer: { email: 'marie-eve.obrien@example.ca', name: "Marie-Ève O'Brien Jr." },
  language: 'fr',
  document: { name: 'demande-123.pdf', bytes: new TextEncoder().encode('%PDF-1.7 document') },
  returnPath: '/#/application/6f1c2a7e-1d2b-4c3d-8e9f-0a1b2c3d4e5f/esign?returned=1',
  signHere: { page: 3, x: 72.4, y: 540.6 },
};
const settingsFor = (oauth: DocusignOauthStandIn): DocusignSettings => ({
  integrationKey: identity.integrationKey,
  userId: identity.userId,
  privateKey: identity.privateKey,
  authServer: oauth.host,
  timeoutMs: 5000,
  publicUrl: 'https://portal.example.ca',
});

describe("the DocuSign adapter against DocuSign's published eSignature document (Prism, validation mode)", () => {
  let contract: DocusignContract;
  let oauth: DocusignOauthStandIn;
  let untrust: () => void;
  beforeAll(async () => {
    contract = await startDocusignContract();
    oauth = await startDocusignOauth(identity, () => contract.baseUri);
    untrust = trustInThisProcess(oauth.certificate);
  }, 60_000);
  afterAll(async () => {
    untrust();
    await oauth.close();
    await contract.close();
  });

  it('sends the envelope and opens the signer’s view with requests the document accepts', async () => {
    const provider = createDocusignEsign(settingsFor(oauth));
    const created = await provider.createEnvelope(request);
    expect(created).toEqual({ envelopeId: expect.any(String), signingUrl: expect.any(String) });
    expect(
      contract.answers.map(({ path, status, violations }) => ({ path, status, violations })),
    ).toEqual([
      {
        path: `/v2.1/accounts/${identity.accountId}/envelopes`,
        status: 201,
        violations: undefined,
      },
      {
        path: `/v2.1/accounts/${identity.accountId}/envelopes/${created.envelopeId}/views/recipient`,
        status: 201,
        violations: undefined,
      },
    ]);
    // One JWT grant, checked as DocuSign checks it (RS256, iss, sub, aud, scopes).
    expect(oauth.refused).toEqual([]);
    expect(oauth.granted).toBe(1);
  });

  it('reads the envelope and resumes the signer’s view within the document, on the same token', async () => {
    const provider = createDocusignEsign(settingsFor(oauth));
    const granted = oauth.granted;
    contract.answers.length = 0;
    // Prism answers the schema's placeholder status: not an end, so still pending.
    expect(await provider.envelopeStatus('b1c2d3e4-0000-4000-8000-000000000001')).toBe('pending');
    expect(
      await provider.signingUrl('b1c2d3e4-0000-4000-8000-000000000001', {
        returnPath: '/#/home/funding',
      }),
    ).toEqual(expect.any(String));
    expect(contract.answers.every((answer) => answer.status < 300 && !answer.violations)).toBe(
      true,
    );
    expect(oauth.granted).toBe(granted + 1);
  });

  it('voids a pending envelope, then queues the purge of its documents and recipients, as the document accepts', async () => {
    const provider = createDocusignEsign(settingsFor(oauth));
    contract.answers.length = 0;
    const envelopeId = 'b1c2d3e4-0000-4000-8000-000000000002';
    await provider.discard(envelopeId);
    const envelopePath = `/v2.1/accounts/${identity.accountId}/envelopes/${envelopeId}`;
    expect(
      contract.answers.map(({ path, status, violations }) => ({ path, status, violations })),
    ).toEqual(
      // The envelope read (Prism's placeholder status is not an end: pending), voided, purged.
      [1, 2, 3].map(() => ({ path: envelopePath, status: 200, violations: undefined })),
    );
  });

  it('is refused by the document when a field leaves its schema (a page number sent as a number)', async () => {
    const response = await fetch(
      `${contract.baseUri}/restapi/v2.1/accounts/${identity.accountId}/envelopes`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          emailSubject: 'x',
          status: 'sent',
          recipients: { signers: [{ tabs: { signHereTabs: [{ pageNumber: 3 }] } }] },
        }),
      },
    );
    expect(response.status).toBe(400);
    expect(response.headers.get('sl-violations')).toContain('pageNumber must be string');
  });
});

/** A loopback REST stand-in answering as DocuSign documents its errors. */
function restStandIn(
  handle: (request: IncomingMessage, response: ServerResponse, body: string) => void,
) {
  let server: Server;
  return {
    calls: [] as string[],
    async start() {
      server = createServer((incoming, outgoing) => {
        let body = '';
        incoming.on('data', (chunk: Buffer) => (body += chunk.toString()));
        incoming.on('end', () => {
          this.calls.push(`${incoming.method} ${(incoming.url ?? '').split('?')[0]}`);
          handle(incoming, outgoing, body);
        });
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const json = (response: ServerResponse, status: number, body: unknown) => {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
};

describe('the DocuSign adapter meeting DocuSign’s documented refusals and outages', () => {
  let oauth: DocusignOauthStandIn;
  let untrust: () => void;
  let baseUri = '';
  let answer: (request: IncomingMessage, response: ServerResponse, body: string) => void = () => {};
  const rest = restStandIn((incoming, outgoing, body) => answer(incoming, outgoing, body));
  beforeAll(async () => {
    baseUri = await rest.start();
    oauth = await startDocusignOauth(identity, () => baseUri);
    untrust = trustInThisProcess(oauth.certificate);
  });
  afterEach(() => {
    rest.calls.length = 0;
    oauth.consentMissing = false;
  });
  afterAll(async () => {
    untrust();
    await oauth.close();
    await rest.close();
  });

  it('says the grant is missing its consent (consent_required) as an unavailable vendor', async () => {
    oauth.consentMissing = true;
    const failure = await createDocusignEsign(settingsFor(oauth))
      .createEnvelope(request)
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(EsignUnavailable);
    expect((failure as Error).message).toBe('docusign token: HTTP 400 consent_required');
    expect(rest.calls).toEqual([]);
  });

  it('treats an envelope DocuSign does not know as one that can no longer be signed', async () => {
    answer = (_incoming, outgoing) =>
      json(outgoing, 400, {
        errorCode: 'ENVELOPE_DOES_NOT_EXIST',
        message: 'The envelope specified either does not exist or you have no rights to it.',
      });
    const provider = createDocusignEsign(settingsFor(oauth));
    expect(await provider.envelopeStatus('missing')).toBe('expired');
    expect(await provider.signingUrl('missing')).toBeNull();
    expect(await provider.signedDocument('missing')).toBeNull();
  });

  it('renews a token DocuSign no longer accepts, once', async () => {
    let refusals = 1;
    answer = (_incoming, outgoing) => {
      if (refusals-- > 0)
        return json(outgoing, 401, { errorCode: 'USER_AUTHENTICATION_FAILED', message: 'expired' });
      json(outgoing, 200, { envelopeId: 'e1', status: 'completed' });
    };
    const granted = oauth.granted;
    expect(await createDocusignEsign(settingsFor(oauth)).envelopeStatus('e1')).toBe('signed');
    expect(oauth.granted).toBe(granted + 2);
  });

  it('asks again once after an outage when asking is harmless, never when it would send a second envelope', async () => {
    let outages = 1;
    answer = (incoming, outgoing) => {
      if (outages-- > 0 || incoming.method === 'POST')
        return json(outgoing, 503, { errorCode: 'SERVICE_UNAVAILABLE', message: 'down' });
      json(outgoing, 200, { envelopeId: 'e1', status: 'declined' });
    };
    const provider = createDocusignEsign(settingsFor(oauth));
    expect(await provider.envelopeStatus('e1')).toBe('declined');
    expect(rest.calls).toHaveLength(2);
    rest.calls.length = 0;
    await expect(provider.createEnvelope(request)).rejects.toThrow(
      new EsignUnavailable('docusign create envelope: HTTP 503 SERVICE_UNAVAILABLE'),
    );
    expect(rest.calls).toEqual([`POST /restapi/v2.1/accounts/${identity.accountId}/envelopes`]);
  });

  it('keeps the signed document with its certificate, under the name it was sent with', async () => {
    answer = (incoming, outgoing) => {
      if ((incoming.url ?? '').includes('/documents/combined')) {
        expect(incoming.url).toContain('certificate=true');
        outgoing.writeHead(200, { 'content-type': 'application/pdf' });
        return outgoing.end(Buffer.from('%PDF-1.7 signed with certificate'));
      }
      json(outgoing, 200, {
        envelopeId: 'e1',
        status: 'completed',
        envelopeDocuments: [
          { documentId: '1', name: 'demande-123.pdf' },
          { documentId: 'certificate', name: 'Summary' },
        ],
      });
    };
    const signed = await createDocusignEsign(settingsFor(oauth)).signedDocument('e1');
    expect(signed?.name).toBe('demande-123.pdf');
    expect(Buffer.from(signed?.bytes ?? []).toString()).toBe('%PDF-1.7 signed with certificate');
  });

  it('gives up on an OAuth server that does not answer, as an unavailable vendor', async () => {
    const silent = createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const provider = createDocusignEsign({
      ...settingsFor(oauth),
      authServer: `127.0.0.1:${(silent.address() as AddressInfo).port}`,
      timeoutMs: 150,
    });
    await expect(provider.envelopeStatus('e1')).rejects.toBeInstanceOf(EsignUnavailable);
    silent.closeAllConnections();
    await new Promise<void>((resolve) => silent.close(() => resolve()));
  });
});

describe('what the adapter makes of DocuSign’s answers', () => {
  it('maps envelope statuses to what the signer can still do', () => {
    expect(
      [
        'created',
        'sent',
        'delivered',
        'signed',
        'completed',
        'declined',
        'voided',
        'deleted',
        undefined,
      ].map(envelopeStatusOf),
    ).toEqual([
      'pending',
      'pending',
      'pending',
      'pending',
      'signed',
      'declined',
      'expired',
      'expired',
      'pending',
    ]);
  });

  it("refuses an account base_uri in clear text unless on this machine (the tests' mock)", () => {
    expect(restBasePathOf('https://ca.docusign.net')).toBe('https://ca.docusign.net/restapi');
    expect(restBasePathOf('http://127.0.0.1:4010')).toBe('http://127.0.0.1:4010/restapi');
    expect(() => restBasePathOf('http://ca.docusign.net')).toThrow(EsignUnavailable);
  });
});
