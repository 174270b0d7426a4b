import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in for DocuSign eSignature REST API v2.1 behind Stoplight Prism (the journeys):
 * `startDocusignContract({ upstream })` serves DocuSign's published document in proxy mode,
 * refuses a request outside the schema and forwards the others here (without `/restapi`). It
 * keeps the envelopes the portal sends, answers the four operations the adapter calls as
 * DocuSign documents them, and lets a test play the signer: `complete(envelopeId)` completes the
 * envelope and answers the DocuSign Connect event (JSON, "SIM" format, as
 * providers/esign/contracts/connect.sample-v2.json shows it) for the test to sign and post.
 */

/** A signer of an envelope, as the portal defined it (a captive one has a clientUserId). */
export interface DocusignSigner {
  recipientId: string;
  email: string;
  name: string;
  clientUserId?: string;
  routingOrder?: string;
  /** `emailNotification.supportedLanguage`: the ceremony's language (`fr_CA` for French). */
  supportedLanguage?: string;
  emailSubject?: string;
  signHereTabs: Record<string, unknown>[];
  status: 'sent' | 'completed';
}

export interface DocusignEnvelope {
  envelopeId: string;
  accountId: string;
  status: 'sent' | 'completed';
  statusDateTime: string;
  emailSubject: string;
  signers: DocusignSigner[];
  document: { documentId: string; name: string; fileExtension?: string; bytes: Buffer };
  /** Each recipient view asked for, oldest first. */
  recipientViews: {
    clientUserId?: string;
    recipientId?: string;
    email?: string;
    userName?: string;
    authenticationMethod?: string;
    returnUrl?: string;
    url: string;
  }[];
}

export interface DocusignStandIn {
  /** The stand-in's own address: Prism's upstream. */
  url: string;
  envelopes: Map<string, DocusignEnvelope>;
  /** Every call, `METHOD path` (no query), oldest first. */
  calls: string[];
  /**
   * Plays the signer: the envelope is completed (its signer too), and the Connect event DocuSign
   * would post for it is answered, as the raw JSON body to sign and send.
   */
  complete(envelopeId: string): string;
  close(): Promise<void>;
}

const ACCOUNT_PATH = /^\/v2\.1\/accounts\/([^/]+)\/envelopes(?:\/([^/]+)(\/.*)?)?$/;

/** DocuSign's time format: seven fractional digits, UTC (`2026-11-30T04:12:33.1234567Z`). */
const docusignTime = (date = new Date()) => date.toISOString().replace(/Z$/, '0000Z');

const json = (response: ServerResponse, status: number, body: unknown) => {
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  response.end(JSON.stringify(body));
};

/** DocuSign's documented error shape (`errorDetails`). */
const error = (response: ServerResponse, status: number, errorCode: string, message: string) =>
  json(response, status, { errorCode, message });

const text = (value: unknown): string | undefined =>
  typeof value === 'string' ? value : undefined;

function signersOf(definition: Record<string, unknown>): DocusignSigner[] {
  const recipients = (definition.recipients ?? {}) as { signers?: Record<string, unknown>[] };
  return (recipients.signers ?? []).map((signer) => {
    const notification = (signer.emailNotification ?? {}) as Record<string, unknown>;
    const tabs = (signer.tabs ?? {}) as { signHereTabs?: Record<string, unknown>[] };
    return {
      recipientId: text(signer.recipientId) ?? '',
      email: text(signer.email) ?? '',
      name: text(signer.name) ?? '',
      ...(text(signer.clientUserId) && { clientUserId: text(signer.clientUserId) }),
      ...(text(signer.routingOrder) && { routingOrder: text(signer.routingOrder) }),
      ...(text(notification.supportedLanguage) && {
        supportedLanguage: text(notification.supportedLanguage),
      }),
      ...(text(notification.emailSubject) && { emailSubject: text(notification.emailSubject) }),
      signHereTabs: tabs.signHereTabs ?? [],
      status: 'sent' as const,
    };
  });
}

export async function startDocusignStandIn(options: {
  /** The account the portal's user belongs to (the OAuth stand-in's `accounts`). */
  accountId: string;
}): Promise<DocusignStandIn> {
  const envelopes = new Map<string, DocusignEnvelope>();
  const calls: string[] = [];

  const server: Server = createServer((incoming, outgoing) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const url = new URL(incoming.url ?? '/', 'http://stand-in');
      calls.push(`${incoming.method} ${url.pathname}`);
      if (!/^Bearer \S+/.test(incoming.headers.authorization ?? '')) {
        return error(outgoing, 401, 'USER_AUTHENTICATION_FAILED', 'No bearer token.');
      }
      const route = ACCOUNT_PATH.exec(url.pathname);
      if (!route) return error(outgoing, 404, 'NOT_FOUND', 'No such resource.');
      const [, accountId, envelopeId, rest = ''] = route;
      if (accountId !== options.accountId) {
        return error(outgoing, 400, 'ACCOUNT_LACKS_PERMISSIONS', 'Not this user’s account.');
      }
      let body: Record<string, unknown> = {};
      if (chunks.length > 0) {
        try {
          body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
        } catch {
          return error(outgoing, 400, 'INVALID_REQUEST_BODY', 'The body is not JSON.');
        }
      }

      // POST /envelopes: create and send.
      if (!envelopeId) {
        if (incoming.method !== 'POST') return error(outgoing, 404, 'NOT_FOUND', 'No such call.');
        const documents = (body.documents ?? []) as Record<string, unknown>[];
        const [document] = documents;
        const signers = signersOf(body);
        if (!document || signers.length === 0) {
          return error(outgoing, 400, 'ENVELOPE_IS_INCOMPLETE', 'A document and a signer.');
        }
        if (body.status !== 'sent') {
          return error(outgoing, 400, 'INVALID_REQUEST_PARAMETER', 'Only sent envelopes here.');
        }
        const envelope: DocusignEnvelope = {
          envelopeId: randomUUID(),
          accountId: options.accountId,
          status: 'sent',
          statusDateTime: docusignTime(),
          emailSubject: text(body.emailSubject) ?? '',
          signers,
          document: {
            documentId: text(document.documentId) ?? '',
            name: text(document.name) ?? '',
            ...(text(document.fileExtension) && { fileExtension: text(document.fileExtension) }),
            bytes: Buffer.from(text(document.documentBase64) ?? '', 'base64'),
          },
          recipientViews: [],
        };
        envelopes.set(envelope.envelopeId, envelope);
        return json(outgoing, 201, {
          envelopeId: envelope.envelopeId,
          status: envelope.status,
          statusDateTime: envelope.statusDateTime,
          uri: `/envelopes/${envelope.envelopeId}`,
        });
      }

      const envelope = envelopes.get(envelopeId);
      if (!envelope) {
        return error(
          outgoing,
          400,
          'ENVELOPE_DOES_NOT_EXIST',
          'The envelope specified either does not exist or you have no rights to it.',
        );
      }

      // GET /envelopes/{id}?include=recipients,documents
      if (rest === '' && incoming.method === 'GET') {
        const include = (url.searchParams.get('include') ?? '').split(',');
        return json(outgoing, 200, {
          envelopeId: envelope.envelopeId,
          status: envelope.status,
          ...(include.includes('recipients') && {
            recipients: {
              signers: envelope.signers.map((signer) => ({
                recipientId: signer.recipientId,
                routingOrder: signer.routingOrder ?? '1',
                email: signer.email,
                name: signer.name,
                ...(signer.clientUserId && { clientUserId: signer.clientUserId }),
                status: signer.status,
              })),
            },
          }),
          ...(include.includes('documents') && {
            envelopeDocuments: [
              { documentId: envelope.document.documentId, name: envelope.document.name },
            ],
          }),
        });
      }

      // POST /envelopes/{id}/views/recipient: the signer's page, for a captive signer only.
      if (rest === '/views/recipient' && incoming.method === 'POST') {
        const signer = envelope.signers.find(
          (candidate) =>
            candidate.clientUserId !== undefined &&
            candidate.clientUserId === text(body.clientUserId) &&
            candidate.email === text(body.email) &&
            candidate.name === text(body.userName),
        );
        if (!signer) {
          return error(
            outgoing,
            400,
            'UNKNOWN_ENVELOPE_RECIPIENT',
            'The recipient you have identified is not a valid recipient of the specified envelope.',
          );
        }
        if (envelope.status !== 'sent') {
          return error(outgoing, 400, 'ENVELOPE_INVALID_STATUS', 'The envelope is not sent.');
        }
        const view = {
          url: `https://demo.docusign.net/Signing/StartInSession.aspx?t=${randomBytes(16).toString('hex')}`,
        };
        envelope.recipientViews.push({
          ...(text(body.clientUserId) && { clientUserId: text(body.clientUserId) }),
          ...(text(body.recipientId) && { recipientId: text(body.recipientId) }),
          ...(text(body.email) && { email: text(body.email) }),
          ...(text(body.userName) && { userName: text(body.userName) }),
          ...(text(body.authenticationMethod) && {
            authenticationMethod: text(body.authenticationMethod),
          }),
          ...(text(body.returnUrl) && { returnUrl: text(body.returnUrl) }),
          url: view.url,
        });
        return json(outgoing, 201, view);
      }

      // GET /envelopes/{id}/documents/combined: the document (here the one sent, unchanged).
      if (rest === '/documents/combined' && incoming.method === 'GET') {
        outgoing.writeHead(200, {
          'content-type': 'application/pdf',
          'content-disposition': `file; filename="${encodeURIComponent(envelope.document.name)}"`,
          'content-length': String(envelope.document.bytes.length),
        });
        return outgoing.end(envelope.document.bytes);
      }
      return error(outgoing, 404, 'NOT_FOUND', 'No such call.');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));

  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    envelopes,
    calls,
    complete(envelopeId) {
      const envelope = envelopes.get(envelopeId);
      if (!envelope) throw new Error(`no envelope ${envelopeId}`);
      const now = docusignTime();
      envelope.status = 'completed';
      envelope.statusDateTime = now;
      for (const signer of envelope.signers) signer.status = 'completed';
      return JSON.stringify({
        event: 'envelope-completed',
        apiVersion: 'v2.1',
        uri: `/restapi/v2.1/accounts/${envelope.accountId}/envelopes/${envelope.envelopeId}`,
        retryCount: 0,
        configurationId: 10_541_207,
        generatedDateTime: now,
        data: {
          accountId: envelope.accountId,
          userId: randomUUID(),
          envelopeId: envelope.envelopeId,
          envelopeSummary: {
            status: 'completed',
            envelopeId: envelope.envelopeId,
            emailSubject: envelope.emailSubject,
            envelopeUri: `/envelopes/${envelope.envelopeId}`,
            sentDateTime: envelope.statusDateTime,
            completedDateTime: now,
            statusChangedDateTime: now,
            recipients: {
              signers: envelope.signers.map((signer) => ({
                recipientId: signer.recipientId,
                email: signer.email,
                name: signer.name,
                ...(signer.clientUserId && { clientUserId: signer.clientUserId }),
                status: 'completed',
                signedDateTime: now,
              })),
            },
          },
        },
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
