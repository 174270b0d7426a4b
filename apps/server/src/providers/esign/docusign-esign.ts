import { randomUUID } from 'node:crypto';
import docusign, { type ApiClient } from 'docusign-esign';
import { docusignLanguageOf, docusignWords } from './docusign-esign.locales.ts';
import {
  EnvelopeRequestError,
  EsignUnavailable,
  isSafeReturnPath,
  type EnvelopeRequest,
  type EnvelopeStatus,
  type EsignProvider,
} from './esign-provider.ts';

/**
 * E-signature through DocuSign eSignature REST API v2.1 and its official library
 * (`docusign-esign`), as embedded signing: one envelope per signer, the signer a captive
 * recipient (`clientUserId`, so DocuSign sends no mail of its own), the signing page (a
 * "recipient view", valid five minutes, used once) created when the person clicks and never
 * stored or mailed. The portal authenticates by JWT grant as one DocuSign user; the account's
 * own API host (a Canadian account's is not the American one) comes from `/oauth/userinfo`.
 * DocuSign Connect tells the portal when an envelope is completed, declined or voided
 * (`docusign-connect.ts`); the portal then reads the envelope's status here (the return URL's
 * `event` is not trusted). Documentation: docs/vendors.md.
 */
export interface DocusignSettings {
  integrationKey: string;
  userId: string;
  /** PEM RSA private key of the integration key's key pair. */
  privateKey: string;
  /** `account.docusign.com`, or `account-d.docusign.com` for a developer account. */
  authServer: string;
  /** The account to use when the user has several; their default account otherwise. */
  accountId?: string;
  timeoutMs: number;
  /** The site's address: the ceremony returns to a path on it. */
  publicUrl: string;
  now?: () => Date;
}

/** DocuSign's JWT grant scopes for sending as the impersonated user. */
export const DOCUSIGN_SCOPES = ['signature', 'impersonation'];
/** The assertion's lifetime; DocuSign issues a one-hour token whatever is asked. */
const ASSERTION_SECONDS = 3600;
/** A token this close to its end is renewed before a call rather than risk it expiring mid-call. */
const RENEW_BEFORE_MS = 5 * 60_000;
const DOCUMENT_ID = '1';
const RECIPIENT_ID = '1';

interface Session {
  token: string;
  expiresAt: number;
  accountId: string;
  restBasePath: string;
}

/** What an error from the library (axios underneath) tells: the HTTP status and DocuSign's code. */
interface VendorFailure {
  status?: number;
  code?: string;
}

function failureOf(error: unknown): VendorFailure {
  const response = (error as { response?: { status?: unknown; data?: unknown } } | null)?.response;
  const data = response?.data;
  const record =
    typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : undefined;
  const code = record?.errorCode ?? record?.error;
  return {
    ...(typeof response?.status === 'number' && { status: response.status }),
    ...(typeof code === 'string' && { code: code.slice(0, 80) }),
  };
}

const describe = (operation: string, error: unknown): string => {
  const { status, code } = failureOf(error);
  if (status === undefined) {
    const networkCode = (error as { code?: unknown } | null)?.code;
    return `docusign ${operation}: ${typeof networkCode === 'string' ? networkCode : 'no answer'}`;
  }
  return `docusign ${operation}: HTTP ${status}${code ? ` ${code}` : ''}`;
};

/** Worth one more try: no answer at all, or DocuSign's own trouble. */
const transient = (error: unknown): boolean => {
  const { status } = failureOf(error);
  return status === undefined || status >= 500;
};

/** DocuSign's answer for an envelope id it does not know (in this account). */
const unknownEnvelope = (error: unknown): boolean => {
  const { status, code } = failureOf(error);
  return status === 404 || (status === 400 && code === 'ENVELOPE_DOES_NOT_EXIST');
};

/** The OAuth calls take no time limit in the library: they are raced against one here. */
function withinTime<T>(promise: Promise<T>, timeoutMs: number, operation: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(
      () => reject(new EsignUnavailable(`docusign ${operation}: no answer in ${timeoutMs} ms`)),
      timeoutMs,
    );
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * The account's REST address from its `base_uri`: https, except a loopback host (the contract
 * tests' mock), so a tampered answer cannot send envelopes in clear text.
 */
export function restBasePathOf(baseUri: string): string {
  const url = new URL(baseUri);
  const loopback = url.hostname === '127.0.0.1' || url.hostname === 'localhost';
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && loopback)) {
    throw new EsignUnavailable('docusign userinfo: the account base_uri is not https');
  }
  return `${url.origin}/restapi`;
}

/** DocuSign's envelope status in the product's terms (what the signer can still do). */
export function envelopeStatusOf(status: string | undefined): EnvelopeStatus {
  switch (status) {
    case 'completed':
      return 'signed';
    case 'declined':
      return 'declined';
    // Voided (on expiry, or by the sender) or deleted: it can no longer be signed. An envelope
    // DocuSign voids on expiry says so in `voidedReason`; both end the same way here.
    case 'voided':
    case 'deleted':
      return 'expired';
    default:
      // created, sent, delivered, signed (by the signer, not yet completed), correct.
      return 'pending';
  }
}

interface SignerOnEnvelope {
  email: string;
  name: string;
  clientUserId: string;
  recipientId: string;
}

function captiveSignerOf(envelope: {
  recipients?: Record<string, unknown>;
}): SignerOnEnvelope | null {
  const signers = envelope.recipients?.signers;
  const first = Array.isArray(signers)
    ? (signers[0] as Record<string, unknown> | undefined)
    : undefined;
  const field = (name: string) =>
    typeof first?.[name] === 'string' ? (first[name] as string) : '';
  if (!field('clientUserId') || !field('email')) return null;
  return {
    email: field('email'),
    name: field('name'),
    clientUserId: field('clientUserId'),
    recipientId: field('recipientId') || RECIPIENT_ID,
  };
}

export function createDocusignEsign(settings: DocusignSettings): EsignProvider {
  const now = () => (settings.now?.() ?? new Date()).getTime();
  let session: Session | undefined;
  let opening: Promise<Session> | undefined;

  async function openSession(): Promise<Session> {
    const client = new docusign.ApiClient();
    client.setOAuthBasePath(settings.authServer);
    let token: string;
    let expiresInSeconds: number;
    try {
      const granted = await withinTime(
        client.requestJWTUserToken(
          settings.integrationKey,
          settings.userId,
          DOCUSIGN_SCOPES,
          settings.privateKey,
          ASSERTION_SECONDS,
        ),
        settings.timeoutMs,
        'token',
      );
      token = granted.body.access_token ?? '';
      expiresInSeconds = Number(granted.body.expires_in ?? 3600);
    } catch (error) {
      if (error instanceof EsignUnavailable) throw error;
      // `consent_required`: the impersonated user has not granted consent (docs/vendors.md).
      throw new EsignUnavailable(describe('token', error));
    }
    if (!token) throw new EsignUnavailable('docusign token: an answer without access_token');
    let accounts;
    try {
      accounts = (await withinTime(client.getUserInfo(token), settings.timeoutMs, 'userinfo'))
        .accounts;
    } catch (error) {
      if (error instanceof EsignUnavailable) throw error;
      throw new EsignUnavailable(describe('userinfo', error));
    }
    const account = accounts?.find((each) =>
      settings.accountId ? each.accountId === settings.accountId : each.isDefault === 'true',
    );
    if (!account?.accountId || !account.baseUri) {
      throw new EsignUnavailable(
        settings.accountId
          ? 'docusign userinfo: the user has no access to DOCUSIGN_ACCOUNT_ID'
          : 'docusign userinfo: the user has no default account',
      );
    }
    return {
      token,
      expiresAt: now() + expiresInSeconds * 1000,
      accountId: account.accountId,
      restBasePath: restBasePathOf(account.baseUri),
    };
  }

  /** The current session; one renewal at a time however many calls need it. */
  async function current(): Promise<Session> {
    if (session && session.expiresAt - RENEW_BEFORE_MS > now()) return session;
    opening ??= openSession().finally(() => {
      opening = undefined;
    });
    session = await opening;
    return session;
  }

  /**
   * Runs one REST call with the session's client: a token DocuSign no longer accepts (401) is
   * renewed once; an idempotent call is tried once more on no answer or a 5xx.
   */
  async function call<T>(
    operation: string,
    run: (client: ApiClient, accountId: string) => Promise<T>,
    options: { idempotent: boolean; unknownEnvelope?: () => T },
  ): Promise<T> {
    let renewed = false;
    let retried = false;
    for (;;) {
      const open = await current();
      const client = new docusign.ApiClient();
      client.setBasePath(open.restBasePath);
      client.timeout = settings.timeoutMs;
      client.addDefaultHeader('Authorization', `Bearer ${open.token}`);
      try {
        return await run(client, open.accountId);
      } catch (error) {
        const { status } = failureOf(error);
        if (status === 401 && !renewed) {
          renewed = true;
          session = undefined;
          continue;
        }
        if (options.unknownEnvelope && unknownEnvelope(error)) return options.unknownEnvelope();
        if (options.idempotent && transient(error) && !retried) {
          retried = true;
          continue;
        }
        throw new EsignUnavailable(describe(operation, error));
      }
    }
  }

  const returnUrlOf = (returnPath: string) => {
    if (!isSafeReturnPath(returnPath)) {
      throw new EnvelopeRequestError('the return path must be a path on this site');
    }
    return `${settings.publicUrl}${returnPath}`;
  };

  async function recipientView(
    envelopeId: string,
    signer: SignerOnEnvelope,
    returnPath: string,
  ): Promise<string> {
    const view = await call(
      'recipient view',
      (client, accountId) =>
        new docusign.EnvelopesApi(client).createRecipientView(accountId, envelopeId, {
          recipientViewRequest: {
            // How the portal knows who is signing: their password and second factor.
            authenticationMethod: 'Password',
            clientUserId: signer.clientUserId,
            recipientId: signer.recipientId,
            email: signer.email,
            userName: signer.name,
            returnUrl: returnUrlOf(returnPath),
          },
        }),
      { idempotent: true },
    );
    if (!view.url) throw new EsignUnavailable('docusign recipient view: an answer without url');
    return view.url;
  }

  async function envelopeOf(envelopeId: string) {
    return call(
      'envelope',
      (client, accountId) =>
        new docusign.EnvelopesApi(client).getEnvelope(accountId, envelopeId, {
          include: 'recipients,documents',
        }),
      { idempotent: true, unknownEnvelope: () => null },
    );
  }

  return {
    name: 'docusign',

    async createEnvelope(request: EnvelopeRequest) {
      // Refused before anything is sent: a return to another site is a programming error.
      returnUrlOf(request.returnPath);
      if (request.signer.name.trim() === '' || request.signer.email.trim() === '') {
        throw new EnvelopeRequestError('the signer needs a name and an email address');
      }
      const signer: SignerOnEnvelope = {
        email: request.signer.email.trim(),
        name: request.signer.name.trim(),
        // Captive: DocuSign mails nothing; only this server can open the signer's view.
        clientUserId: randomUUID(),
        recipientId: RECIPIENT_ID,
      };
      const words = docusignWords[request.language];
      const spot = request.signHere;
      const created = await call(
        'create envelope',
        (client, accountId) =>
          new docusign.EnvelopesApi(client).createEnvelope(accountId, {
            envelopeDefinition: {
              emailSubject: words.subject,
              documents: [
                {
                  documentId: DOCUMENT_ID,
                  name: request.document.name,
                  fileExtension: 'pdf',
                  documentBase64: Buffer.from(request.document.bytes).toString('base64'),
                },
              ],
              recipients: {
                signers: [
                  {
                    recipientId: signer.recipientId,
                    routingOrder: '1',
                    email: signer.email,
                    name: signer.name,
                    clientUserId: signer.clientUserId,
                    emailNotification: {
                      emailSubject: words.subject,
                      supportedLanguage: docusignLanguageOf[request.language],
                    },
                    tabs: {
                      signHereTabs: [
                        {
                          documentId: DOCUMENT_ID,
                          recipientId: signer.recipientId,
                          pageNumber: String(spot.page),
                          xPosition: String(Math.round(spot.x)),
                          yPosition: String(Math.round(spot.y)),
                        },
                      ],
                    },
                  },
                ],
              },
              status: 'sent',
            },
          }),
        // Not tried again: a second POST would send a second envelope.
        { idempotent: false },
      );
      if (!created.envelopeId) {
        throw new EsignUnavailable('docusign create envelope: an answer without envelopeId');
      }
      const signingUrl = await recipientView(created.envelopeId, signer, request.returnPath);
      return { envelopeId: created.envelopeId, signingUrl };
    },

    async envelopeStatus(envelopeId) {
      const envelope = await envelopeOf(envelopeId);
      return envelope ? envelopeStatusOf(envelope.status) : 'expired';
    },

    async signingUrl(envelopeId, options) {
      const returnPath = options?.returnPath ?? '/';
      returnUrlOf(returnPath);
      const envelope = await envelopeOf(envelopeId);
      if (!envelope || envelopeStatusOf(envelope.status) !== 'pending') return null;
      const signer = captiveSignerOf(envelope);
      // Not one of ours (no captive signer): it cannot be opened from here.
      if (!signer) return null;
      return recipientView(envelopeId, signer, returnPath);
    },

    async signedDocument(envelopeId) {
      const envelope = await envelopeOf(envelopeId);
      if (!envelope || envelopeStatusOf(envelope.status) !== 'signed') return null;
      // `combined`: the signed document with DocuSign's certificate of completion after it.
      const bytes = await call(
        'document',
        (client, accountId) =>
          new docusign.EnvelopesApi(client).getDocument(accountId, envelopeId, 'combined', {
            certificate: 'true',
          }),
        { idempotent: true, unknownEnvelope: () => null },
      );
      if (bytes === null) return null;
      const buffer = typeof bytes === 'string' ? Buffer.from(bytes, 'binary') : bytes;
      if (buffer.subarray(0, 5).toString('latin1') !== '%PDF-') {
        throw new EsignUnavailable('docusign document: the answer is not a PDF');
      }
      const documents = envelope.envelopeDocuments;
      const sent = Array.isArray(documents)
        ? (documents as { documentId?: unknown; name?: unknown }[]).find(
            (each) => each.documentId === DOCUMENT_ID,
          )
        : undefined;
      const name = typeof sent?.name === 'string' && sent.name ? sent.name : `${envelopeId}.pdf`;
      return { name, bytes: new Uint8Array(buffer) };
    },

    async discard(envelopeId) {
      const envelope = await envelopeOf(envelopeId);
      if (!envelope) return;
      const update = (operation: string, body: Record<string, unknown>) =>
        call(
          operation,
          (client, accountId) =>
            new docusign.EnvelopesApi(client).update(accountId, envelopeId, { envelope: body }),
          // Voiding or queueing a purge twice ends the same way.
          { idempotent: true, unknownEnvelope: () => ({}) },
        );
      // Only a completed, declined or voided envelope can be purged: a pending one is voided.
      if (envelopeStatusOf(envelope.status) === 'pending') {
        await update('void', { status: 'voided', voidedReason: DISCARD_REASON });
      }
      // Documents, metadata and the recipients' personal details (DocuSign's redaction).
      await update('purge', { purgeState: 'documents_and_metadata_and_redact_queued' });
    },
  };
}

/** Shown by DocuSign on a voided envelope; names no one. */
const DISCARD_REASON = 'Application deleted under the retention policy';
