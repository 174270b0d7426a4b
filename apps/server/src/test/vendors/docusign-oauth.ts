import { execFileSync } from 'node:child_process';
import { createPublicKey, generateKeyPairSync, verify, type KeyObject } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, globalAgent, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { rootCertificates } from 'node:tls';

/**
 * A stand-in for DocuSign's OAuth server (`account-d.docusign.com`), which DocuSign's OpenAPI
 * document does not describe: the JWT grant (`POST /oauth/token`) and `GET /oauth/userinfo`, as
 * DocuSign's "JSON Web Token Grant" guide documents them. It checks the assertion as DocuSign
 * does (RS256 with the integration key's public key; iss, sub, aud, scope, exp) and answers the
 * documented error `consent_required` when told to. The library calls `https://{host}` only,
 * so it serves TLS with a certificate made for the test (trust it with `trustInThisProcess`, or
 * NODE_EXTRA_CA_CERTS=`certificateFile` for a child process).
 */
export interface DocusignOauthStandIn {
  /** `127.0.0.1:port`: DOCUSIGN_AUTH_SERVER. */
  host: string;
  /** The PEM file of the stand-in's certificate. */
  certificateFile: string;
  certificate: string;
  /** Grants issued, and the assertions refused (with why). */
  granted: number;
  refused: string[];
  /** Answers `consent_required` to every grant while true. */
  consentMissing: boolean;
  close(): Promise<void>;
}

export interface DocusignTestIdentity {
  integrationKey: string;
  userId: string;
  accountId: string;
  /** PEM (PKCS#1, as DocuSign's "Generate RSA" gives it). */
  privateKey: string;
  publicKey: KeyObject;
}

export function docusignTestIdentity(): DocusignTestIdentity {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    integrationKey: '7d5c3c1e-2f3b-4e4b-9a4e-1c2d3e4f5a6b',
    userId: '0f1e2d3c-4b5a-4969-8877-665544332211',
    accountId: 'a1b2c3d4-e5f6-4711-8899-aabbccddeeff',
    privateKey: privateKey.export({ type: 'pkcs1', format: 'pem' }).toString(),
    publicKey: createPublicKey(privateKey),
  };
}

function selfSignedCertificate(folder: string): { key: string; cert: string; file: string } {
  const keyFile = path.join(folder, 'key.pem');
  const file = path.join(folder, 'cert.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-keyout',
      keyFile,
      '-out',
      file,
      '-days',
      '2',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1,DNS:localhost',
    ],
    { stdio: 'ignore' },
  );
  return { key: readFileSync(keyFile, 'utf8'), cert: readFileSync(file, 'utf8'), file };
}

const base64url = (text: string) => Buffer.from(text, 'base64url');

/** Why DocuSign would refuse this assertion, or undefined when it is good. */
function refusalOf(
  assertion: string,
  identity: DocusignTestIdentity,
  host: string,
): string | undefined {
  const [header, payload, signature] = assertion.split('.');
  if (!header || !payload || !signature) return 'not a JWT';
  const head = JSON.parse(base64url(header).toString()) as { alg?: string };
  if (head.alg !== 'RS256') return `alg ${head.alg}`;
  const signed = verify(
    'RSA-SHA256',
    Buffer.from(`${header}.${payload}`),
    identity.publicKey,
    base64url(signature),
  );
  if (!signed) return 'signature';
  const claims = JSON.parse(base64url(payload).toString()) as Record<string, unknown>;
  if (claims.iss !== identity.integrationKey) return 'iss';
  if (claims.sub !== identity.userId) return 'sub';
  if (claims.aud !== host) return 'aud';
  if (claims.scope !== 'signature impersonation') return `scope ${String(claims.scope)}`;
  const now = Date.now() / 1000;
  if (typeof claims.exp !== 'number' || claims.exp < now) return 'exp';
  if (typeof claims.iat !== 'number' || claims.iat > now + 60) return 'iat';
  return undefined;
}

export async function startDocusignOauth(
  identity: DocusignTestIdentity,
  /** The account's API address, as `base_uri` (the contract's mock). */
  baseUri: () => string,
): Promise<DocusignOauthStandIn> {
  const folder = mkdtempSync(path.join(tmpdir(), 'docusign-oauth-'));
  const tls = selfSignedCertificate(folder);
  const tokens = new Set<string>();
  let host = '';
  const standIn: DocusignOauthStandIn = {
    host: '',
    certificateFile: tls.file,
    certificate: tls.cert,
    granted: 0,
    refused: [],
    consentMissing: false,
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      rmSync(folder, { recursive: true, force: true });
    },
  };
  const server: Server = createServer({ key: tls.key, cert: tls.cert }, (request, response) => {
    const answer = (status: number, body: unknown) => {
      response.writeHead(status, {
        'content-type': 'application/json',
        'cache-control': 'no-store',
      });
      response.end(JSON.stringify(body));
    };
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      if (request.method === 'POST' && request.url === '/oauth/token') {
        const form = new URLSearchParams(Buffer.concat(chunks).toString());
        if (form.get('grant_type') !== 'urn:ietf:params:oauth:grant-type:jwt-bearer') {
          return answer(400, { error: 'unsupported_grant_type' });
        }
        if (standIn.consentMissing) return answer(400, { error: 'consent_required' });
        const refused = refusalOf(form.get('assertion') ?? '', identity, host);
        if (refused) {
          standIn.refused.push(refused);
          return answer(400, { error: 'invalid_grant', error_description: refused });
        }
        standIn.granted += 1;
        const token = `token-${standIn.granted}-${Date.now()}`;
        tokens.add(token);
        return answer(200, { access_token: token, token_type: 'Bearer', expires_in: 3600 });
      }
      if (request.method === 'GET' && request.url === '/oauth/userinfo') {
        const token = (request.headers.authorization ?? '').replace(/^Bearer /, '');
        if (!tokens.has(token)) return answer(401, { error: 'invalid_token' });
        return answer(200, {
          sub: identity.userId,
          name: 'Portal Sender',
          email: 'esign@portal.example.ca',
          accounts: [
            {
              account_id: '00000000-0000-4000-8000-000000000000',
              is_default: false,
              account_name: 'Another account',
              base_uri: 'https://ca.docusign.net',
            },
            {
              account_id: identity.accountId,
              is_default: true,
              account_name: 'Placements Laurentide',
              base_uri: baseUri(),
            },
          ],
        });
      }
      return answer(404, { error: 'not_found' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  host = `127.0.0.1:${(server.address() as AddressInfo).port}`;
  standIn.host = host;
  return standIn;
}

/**
 * Trusts the stand-in's certificate in this process (beside the public roots) for requests
 * made through Node's default HTTPS agent, as the library's are; returns the undo.
 */
export function trustInThisProcess(certificate: string): () => void {
  const before = globalAgent.options.ca;
  globalAgent.options.ca = [...rootCertificates, certificate];
  return () => {
    globalAgent.options.ca = before;
  };
}
