import { createHmac, randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startRecordedPrism, type RecordedPrism } from './prism.ts';

/**
 * Onfido as the journeys need it (API v3.6): a stand-in behind Prism in validating proxy mode on
 * Onfido's published document (`providers/document-verification/contracts/`), so each request
 * the adapter sends, and each answer given here, is held to that document. It keeps applicants,
 * their documents and live photos, and checks; the test completes a check with a result
 * (`clear`, or `suspected` for a document our team must look at) as Onfido's analysts and
 * models would, and gets the signed `check.completed` webhook body to deliver.
 */
const contractFile = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../providers/document-verification/contracts/onfido-openapi.v3.6.checks.json',
);

export interface OnfidoApplicant {
  id: string;
  firstName: string;
  lastName: string;
  documents: { id: string; type: string; side: string; issuingCountry: string }[];
  livePhotos: string[];
}

export interface OnfidoCheck {
  id: string;
  applicantId: string;
  reportNames: string[];
  /** Onfido's ids of the check's reports (UUIDs, as its document requires). */
  reportIds: string[];
  documentIds: string[];
  status: 'in_progress' | 'complete';
  outcome?: 'clear' | 'suspected';
  completedAt?: string;
}

/** The document the journeys' person shows, as Onfido reads it. */
export interface OnfidoReadDocument {
  type: 'driving_licence' | 'passport' | 'national_identity_card';
  number: string;
  issuingState: string;
  dateOfExpiry: string;
  dateOfBirth: string;
  firstName: string;
  lastName: string;
}

export interface OnfidoStandIn {
  url: string;
  applicants: Map<string, OnfidoApplicant>;
  checks: Map<string, OnfidoCheck>;
  /** Applicants deleted through the API (with their images), in order. */
  deleted: string[];
  /** Completes a check as Onfido would, and answers the webhook body announcing it. */
  complete(checkId: string, outcome: 'clear' | 'suspected', read: OnfidoReadDocument): string;
  /** The `X-SHA2-Signature` of a webhook body under a token (Onfido's own scheme). */
  sign(body: string, token: string): string;
  close(): Promise<void>;
}

const json = (outgoing: ServerResponse, status: number, body?: unknown) => {
  if (body === undefined) {
    outgoing.writeHead(status);
    outgoing.end();
    return;
  }
  outgoing.writeHead(status, { 'content-type': 'application/json' });
  outgoing.end(JSON.stringify(body));
};

const notFound = (outgoing: ServerResponse) =>
  json(outgoing, 404, {
    error: { type: 'resource_not_found', message: 'The resource could not be found' },
  });

async function bodyOf(incoming: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of incoming) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** A text field of a multipart body (the file parts are not read: only their presence). */
function multipartField(body: Buffer, name: string): string | undefined {
  const text = body.toString('latin1');
  const match = new RegExp(`name="${name}"\\r\\n(?:[^\\r\\n]+\\r\\n)*\\r\\n([^\\r]*)\\r\\n`).exec(
    text,
  );
  return match?.[1];
}

export async function startOnfidoStandIn(options: { apiToken: string }): Promise<OnfidoStandIn> {
  const applicants = new Map<string, OnfidoApplicant>();
  const checks = new Map<string, OnfidoCheck>();
  const read = new Map<string, OnfidoReadDocument>();
  const deleted: string[] = [];

  const reportsOf = (check: OnfidoCheck) => {
    const document = read.get(check.id);
    const clear = check.outcome === 'clear';
    return check.reportNames.map((name, index) => {
      const shared = {
        id: check.reportIds[index],
        name,
        status: 'complete',
        check_id: check.id,
        created_at: check.completedAt,
      };
      if (name === 'facial_similarity_photo') {
        return {
          ...shared,
          result: 'clear',
          breakdown: { face_comparison: { result: 'clear' } },
        };
      }
      return {
        ...shared,
        result: clear ? 'clear' : 'consider',
        sub_result: clear ? 'clear' : 'suspected',
        documents: check.documentIds.map((id) => ({ id })),
        breakdown: {
          image_integrity: { result: 'clear' },
          visual_authenticity: {
            result: clear ? 'clear' : 'consider',
            breakdown: { digital_tampering: { result: clear ? 'clear' : 'consider' } },
          },
          data_validation: {
            result: 'clear',
            breakdown: { document_expiration: { result: 'clear' } },
          },
        },
        ...(document && {
          properties: {
            document_type: document.type,
            issuing_country: 'CAN',
            issuing_state: document.issuingState,
            date_of_expiry: document.dateOfExpiry,
            date_of_birth: document.dateOfBirth,
            first_name: document.firstName,
            last_name: document.lastName,
            document_numbers: [{ type: 'document_number', value: document.number }],
          },
        }),
      };
    });
  };

  const checkBody = (check: OnfidoCheck) => ({
    id: check.id,
    applicant_id: check.applicantId,
    status: check.status,
    report_ids: check.reportIds,
    ...(check.outcome && { result: check.outcome === 'clear' ? 'clear' : 'consider' }),
  });

  async function handle(incoming: IncomingMessage, outgoing: ServerResponse) {
    if (incoming.headers.authorization !== `Token token=${options.apiToken}`) {
      return json(outgoing, 401, {
        error: { type: 'authorization_error', message: 'Authorization error' },
      });
    }
    const url = new URL(incoming.url ?? '/', 'http://onfido.invalid');
    const route = `${incoming.method} ${url.pathname}`;
    const body = await bodyOf(incoming);
    const now = new Date().toISOString();

    if (route === 'POST /applicants') {
      const given = JSON.parse(body.toString('utf8')) as { first_name: string; last_name: string };
      const applicant: OnfidoApplicant = {
        id: randomUUID(),
        firstName: given.first_name,
        lastName: given.last_name,
        documents: [],
        livePhotos: [],
      };
      applicants.set(applicant.id, applicant);
      return json(outgoing, 201, {
        id: applicant.id,
        first_name: applicant.firstName,
        last_name: applicant.lastName,
        created_at: now,
      });
    }
    if (route === 'POST /documents' || route === 'POST /live_photos') {
      const applicant = applicants.get(multipartField(body, 'applicant_id') ?? '');
      if (!applicant) return notFound(outgoing);
      const id = randomUUID();
      if (route === 'POST /documents') {
        const document = {
          id,
          type: multipartField(body, 'type') ?? '',
          side: multipartField(body, 'side') ?? '',
          issuingCountry: multipartField(body, 'issuing_country') ?? '',
        };
        applicant.documents.push(document);
        return json(outgoing, 201, {
          id,
          applicant_id: applicant.id,
          type: document.type,
          side: document.side,
          issuing_country: document.issuingCountry,
          created_at: now,
        });
      }
      applicant.livePhotos.push(id);
      return json(outgoing, 201, { id, created_at: now });
    }
    if (route === 'POST /checks') {
      const given = JSON.parse(body.toString('utf8')) as {
        applicant_id: string;
        report_names: string[];
        document_ids?: string[];
      };
      if (!applicants.has(given.applicant_id)) return notFound(outgoing);
      const check: OnfidoCheck = {
        id: randomUUID(),
        applicantId: given.applicant_id,
        reportNames: given.report_names,
        reportIds: given.report_names.map(() => randomUUID()),
        documentIds: given.document_ids ?? [],
        status: 'in_progress',
      };
      checks.set(check.id, check);
      return json(outgoing, 201, { ...checkBody(check), created_at: now });
    }
    const checkPath = /^\/checks\/([^/]+)$/.exec(url.pathname);
    if (incoming.method === 'GET' && checkPath) {
      const check = checks.get(checkPath[1] ?? '');
      return check ? json(outgoing, 200, checkBody(check)) : notFound(outgoing);
    }
    if (route === 'GET /reports') {
      const check = checks.get(url.searchParams.get('check_id') ?? '');
      if (!check) return notFound(outgoing);
      return json(outgoing, 200, { reports: check.status === 'complete' ? reportsOf(check) : [] });
    }
    const applicantPath = /^\/applicants\/([^/]+)$/.exec(url.pathname);
    if (incoming.method === 'DELETE' && applicantPath) {
      const id = applicantPath[1] ?? '';
      if (!applicants.delete(id)) return notFound(outgoing);
      deleted.push(id);
      return json(outgoing, 204);
    }
    return notFound(outgoing);
  }

  const server: Server = createServer((incoming, outgoing) => {
    handle(incoming, outgoing).catch((error: unknown) => {
      console.error('onfido stand-in', error);
      json(outgoing, 500, { error: { type: 'internal' } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    applicants,
    checks,
    deleted,
    complete(checkId, outcome, document) {
      const check = checks.get(checkId);
      if (!check) throw new Error(`no check ${checkId}`);
      check.status = 'complete';
      check.outcome = outcome;
      check.completedAt = new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');
      read.set(checkId, document);
      return JSON.stringify({
        payload: {
          resource_type: 'check',
          action: 'check.completed',
          object: {
            id: check.id,
            status: 'complete',
            completed_at_iso8601: check.completedAt,
            href: `/v3.6/checks/${check.id}`,
          },
        },
      });
    },
    sign: (body, token) => createHmac('sha256', token).update(body).digest('hex'),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * Onfido's published document in front of the stand-in: what leaves it is named. One thing is
 * derived at test time, the kept file unchanged: a report is one of 21 kinds, chosen by its
 * `name` (the document's `discriminator`), which Prism's validator does not read; every
 * document report also fits the other document kinds' schemas, so `oneOf` fails on any real
 * answer. It becomes `anyOf`: each report must still fit a kind's schema, field by field.
 */
export async function startOnfidoContract(options: { upstream: string }): Promise<RecordedPrism> {
  const document = JSON.parse(readFileSync(contractFile, 'utf8')) as {
    components: { schemas: Record<string, { oneOf?: unknown; anyOf?: unknown }> };
  };
  const report = document.components.schemas.report;
  if (!report?.oneOf) throw new Error("Onfido's document changed: no oneOf of report kinds");
  report.anyOf = report.oneOf;
  delete report.oneOf;
  const folder = mkdtempSync(path.join(tmpdir(), 'onfido-contract-'));
  const derived = path.join(folder, 'onfido-openapi.json');
  writeFileSync(derived, JSON.stringify(document));
  try {
    const prism = await startRecordedPrism(derived, { proxyTo: options.upstream });
    return {
      ...prism,
      close: async () => {
        await prism.close();
        rmSync(folder, { recursive: true, force: true });
      },
    };
  } catch (error) {
    rmSync(folder, { recursive: true, force: true });
    throw error;
  }
}
