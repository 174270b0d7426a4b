import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startRecordedPrism, type PrismAnswer } from './prism.ts';

/**
 * DocuSign's published eSignature document (providers/esign/contracts/, the five operations the
 * adapter calls) served by Prism in validation mode. Two things are derived at test time, the
 * kept file unchanged:
 * - Each definition keeps only the fields the adapter sends or reads, each field's own schema as
 *   DocuSign wrote it. The whole closure (every tab type of `envelopeDefinition`) takes Prism 45
 *   to 55 s to load on this machine; these fields, 2 s. Fields are not closed
 *   (`additionalProperties` is never false in DocuSign's document), so nothing the adapter
 *   sends is checked less: only fields it does not send are left out.
 * - DocuSign's operations declare `consumes: []`, which Prism reads as "no body accepted"; an
 *   empty list is dropped so the document's own global `consumes` (application/json) applies.
 * DocuSign serves the API under `/restapi` on the account's host (the document's `basePath`),
 * which Prism does not mount: a loopback forwarder strips it.
 */
const contractFile = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../providers/esign/contracts/esignature.rest.swagger-v2.1.envelopes.json',
);

/** Per definition, the fields the adapter sends (requests) or reads (answers). */
export const fieldsTheAdapterUses: Record<string, readonly string[]> = {
  envelopeDefinition: ['emailSubject', 'documents', 'recipients', 'status'],
  document: ['documentId', 'name', 'fileExtension', 'documentBase64'],
  recipients: ['signers'],
  signer: [
    'recipientId',
    'routingOrder',
    'email',
    'name',
    'clientUserId',
    'emailNotification',
    'tabs',
    'status',
  ],
  recipientEmailNotification: ['emailSubject', 'supportedLanguage'],
  tabs: ['signHereTabs'],
  signHere: ['documentId', 'recipientId', 'pageNumber', 'xPosition', 'yPosition'],
  envelopeSummary: ['envelopeId', 'status', 'statusDateTime', 'uri'],
  envelope: [
    'envelopeId',
    'status',
    'voidedReason',
    'purgeState',
    'recipients',
    'envelopeDocuments',
  ],
  // Retention's void and purge (ADR 0044) answer it; the adapter reads nothing of it.
  envelopeUpdateSummary: ['envelopeId'],
  envelopeDocument: ['documentId', 'name'],
  recipientViewRequest: [
    'authenticationMethod',
    'clientUserId',
    'recipientId',
    'email',
    'userName',
    'returnUrl',
  ],
  viewUrl: ['url'],
  errorDetails: ['errorCode', 'message'],
};

interface Definition {
  properties?: Record<string, unknown>;
  [key: string]: unknown;
}
interface SwaggerDocument {
  paths: Record<string, Record<string, { consumes?: string[]; produces?: string[] } | unknown>>;
  definitions: Record<string, Definition>;
  [key: string]: unknown;
}

/** The document Prism serves (see above); throws if a field named is not DocuSign's. */
export function docusignContractForPrism(): SwaggerDocument {
  const published = JSON.parse(readFileSync(contractFile, 'utf8')) as SwaggerDocument;
  const definitions: Record<string, Definition> = {};
  for (const [name, fields] of Object.entries(fieldsTheAdapterUses)) {
    const definition = published.definitions[name];
    if (!definition?.properties) throw new Error(`DocuSign's document has no ${name}`);
    const properties: Record<string, unknown> = {};
    for (const field of fields) {
      if (!(field in definition.properties)) {
        throw new Error(`DocuSign's ${name} has no field ${field}`);
      }
      properties[field] = definition.properties[field];
    }
    definitions[name] = { ...definition, properties };
  }
  const paths: SwaggerDocument['paths'] = {};
  for (const [route, operations] of Object.entries(published.paths)) {
    paths[route] = Object.fromEntries(
      Object.entries(operations).map(([method, operation]) => {
        if (typeof operation !== 'object' || operation === null) return [method, operation];
        const copy = { ...(operation as Record<string, unknown>) };
        for (const key of ['consumes', 'produces']) {
          if (Array.isArray(copy[key]) && (copy[key] as unknown[]).length === 0) delete copy[key];
        }
        return [method, copy];
      }),
    );
  }
  const served = { ...published, paths, definitions };
  const dangling = [...JSON.stringify(served).matchAll(/"#\/definitions\/([^"]+)"/g)]
    .map((match) => match[1] ?? '')
    .filter((name) => !(name in definitions));
  if (dangling.length > 0) throw new Error(`unresolved: ${[...new Set(dangling)].join(', ')}`);
  return served;
}

export interface DocusignContract {
  /** The account's `base_uri` (the adapter adds `/restapi`). */
  baseUri: string;
  /** What Prism answered, newest last: the path and status (a violation is a 4xx with why). */
  answers: PrismAnswer[];
  close(): Promise<void>;
}

/**
 * Prism on DocuSign's document: mocking (answers from the schema) or, given `upstream`, as a
 * validating proxy in front of a stand-in that keeps envelopes (the journeys).
 */
export async function startDocusignContract(
  options: { upstream?: string } = {},
): Promise<DocusignContract> {
  const folder = mkdtempSync(path.join(tmpdir(), 'docusign-contract-'));
  const file = path.join(folder, 'esignature.json');
  writeFileSync(file, JSON.stringify(docusignContractForPrism()));
  const prism = await startRecordedPrism(file, {
    basePath: '/restapi',
    ...(options.upstream && { proxyTo: options.upstream }),
  });
  return {
    baseUri: prism.url,
    answers: prism.answers,
    close: async () => {
      await prism.close();
      rmSync(folder, { recursive: true, force: true });
    },
  };
}
