import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { sandboxIdentityChecks } from '../../db/schema.ts';
import type { FieldCipher } from '../../lib/crypto/field-cipher.ts';
import { queueSandboxWebhook } from '../sandbox-webhooks/sandbox-webhooks.ts';
import {
  IDENTITY_WEBHOOK_PATH,
  IDENTITY_WEBHOOK_ROLE,
  VERIFICATION_DECIDED_EVENT,
  type DocumentVerificationProvider,
  type VerificationDecision,
  type VerificationReport,
  type VerificationRequest,
  type VerifiedDocument,
} from './document-verification-provider.ts';

export const SANDBOX_DOCUMENT_VERIFICATION = 'sandbox-document-verification';

/** How long the sandbox takes to decide (docs/sandbox.md, "Identity verification"). */
export const SANDBOX_DECISION_DELAY_MS = 3_000;
export const SANDBOX_SLOW_DECISION_DELAY_MS = 45_000;

/** What the sandbox will answer, and when (null: never, the "timeout" input). */
export interface SandboxVerdict {
  decision: VerificationDecision['decision'];
  reasons: VerificationDecision['reasons'];
  document?: VerifiedDocument;
  /** The reports' breakdown (what staff read on a review). */
  reports?: VerificationReport[];
  delayMs: number | null;
}

const clearFace: VerificationReport = {
  kind: 'facialSimilarity',
  result: 'clear',
  subResult: null,
  concerns: [],
};
const clearReports: VerificationReport[] = [
  { kind: 'document', result: 'clear', subResult: 'clear', concerns: [] },
  clearFace,
];
/** `review`: the document's picture may have been edited (the vendor suspects it). */
const suspectedReports: VerificationReport[] = [
  {
    kind: 'document',
    result: 'consider',
    subResult: 'suspected',
    concerns: [
      { area: 'visualAuthenticity', item: null, result: 'consider' },
      { area: 'visualAuthenticity', item: 'digitalTampering', result: 'consider' },
      { area: 'imageIntegrity', item: 'imageQuality', result: 'consider' },
    ],
  },
  clearFace,
];
/** `caution`: what the document says does not agree with itself (front and barcode). */
const cautionReports: VerificationReport[] = [
  {
    kind: 'document',
    result: 'consider',
    subResult: 'caution',
    concerns: [
      { area: 'dataConsistency', item: null, result: 'consider' },
      { area: 'dataConsistency', item: 'documentNumbers', result: 'consider' },
    ],
  },
  clearFace,
];

const has = (fileName: string, word: string) => fileName.toLowerCase().includes(word);

/** The document a person of that name would hold, as the sandbox "reads" it. */
function documentOf(request: VerificationRequest, expiryDate: string): VerifiedDocument {
  const name = `${request.person.firstName} ${request.person.lastName}`.trim();
  switch (request.documentType) {
    case 'passport':
      return {
        type: 'passport',
        number: 'AB123456',
        jurisdiction: null,
        country: 'CA',
        expiryDate,
        name,
      };
    case 'identityCard':
      return {
        type: 'identityCard',
        number: 'P1234-56789-01',
        jurisdiction: request.person.provinceCode ?? 'ON',
        country: 'CA',
        expiryDate,
        name,
      };
    case 'driversLicence':
      return {
        type: 'driversLicence',
        number: 'D1234-56789-01234',
        jurisdiction: 'ON',
        country: 'CA',
        expiryDate,
        name,
      };
  }
}

/**
 * The documented inputs: decided from the front image's file name (and the selfie's for a
 * likeness failure), case-insensitively. See docs/sandbox.md.
 */
export function sandboxVerdictOf(request: VerificationRequest): SandboxVerdict {
  const front = request.images.front.fileName;
  const selfie = request.images.selfie.fileName;
  if (has(front, 'timeout')) return { decision: 'declined', reasons: ['timeout'], delayMs: null };
  if (has(front, 'expired')) {
    return {
      decision: 'declined',
      reasons: ['documentExpired'],
      document: documentOf(request, '2024-05-31'),
      delayMs: SANDBOX_DECISION_DELAY_MS,
    };
  }
  if (has(front, 'blurry')) {
    return { decision: 'declined', reasons: ['captureFailed'], delayMs: SANDBOX_DECISION_DELAY_MS };
  }
  if (has(selfie, 'stranger')) {
    return {
      decision: 'declined',
      reasons: ['likenessFailed'],
      delayMs: SANDBOX_DECISION_DELAY_MS,
    };
  }
  const document = documentOf(request, '2030-08-31');
  for (const [word, reports] of [
    ['review', suspectedReports],
    ['caution', cautionReports],
  ] as const) {
    if (has(front, word)) {
      return {
        decision: 'review',
        reasons: [],
        document,
        reports,
        delayMs: SANDBOX_DECISION_DELAY_MS,
      };
    }
  }
  const delayMs = has(front, 'slow') ? SANDBOX_SLOW_DECISION_DELAY_MS : SANDBOX_DECISION_DELAY_MS;
  return { decision: 'approved', reasons: [], document, reports: clearReports, delayMs };
}

export interface SandboxDocumentVerificationOptions {
  db: Database;
  cipher: FieldCipher;
  /** How long the upload to the vendor takes (ms); 0 in tests. */
  latencyMs?: () => number;
  now?: () => Date;
}

/** The decision the sandbox reports, by webhook and by its API alike. */
const decisionOf = (vendorReference: string, verdict: SandboxVerdict): VerificationDecision => ({
  vendorReference,
  decision: verdict.decision,
  reasons: verdict.reasons,
  ...(verdict.document && { document: verdict.document }),
  ...(verdict.reports && { reports: verdict.reports }),
});

const checkContext = (id: string) => `sandbox_identity_checks:${id}:state`;

/**
 * The sandbox document-verification vendor: keeps its check (the verdict, never the images) in
 * `sandbox_identity_checks`, as a vendor keeps it on its side, and promises its decision as a
 * signed webhook after the documented delay, in the same transaction.
 */
export function createSandboxDocumentVerification(
  options: SandboxDocumentVerificationOptions,
): DocumentVerificationProvider {
  const now = options.now ?? (() => new Date());
  return {
    name: SANDBOX_DOCUMENT_VERIFICATION,
    async submit(request) {
      const latency = options.latencyMs?.() ?? 0;
      if (latency > 0) await new Promise((resolve) => setTimeout(resolve, latency));
      const id = randomUUID();
      const verdict = sandboxVerdictOf(request);
      const at = now();
      await options.db.transaction(async (tx) => {
        await tx.insert(sandboxIdentityChecks).values({
          id,
          vendor: 'documentVerification',
          stateEncrypted: options.cipher.encrypt(
            JSON.stringify({ documentType: request.documentType, ...verdict }),
            checkContext(id),
          ),
          status: verdict.delayMs === null ? 'open' : 'decided',
          createdAt: at,
          ...(verdict.delayMs !== null && { decidedAt: new Date(at.getTime() + verdict.delayMs) }),
        });
        if (verdict.delayMs === null) return;
        const data = decisionOf(id, verdict);
        await queueSandboxWebhook(
          tx,
          options.cipher,
          {
            role: IDENTITY_WEBHOOK_ROLE,
            path: IDENTITY_WEBHOOK_PATH,
            type: VERIFICATION_DECIDED_EVENT,
            data: { ...data },
            delayMs: verdict.delayMs,
          },
          at,
        );
      });
      return { vendorReference: id };
    },
    async decisionOf(vendorReference) {
      // Not a UUID: not one of the sandbox's references (and not a valid key to look up).
      if (
        !/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(vendorReference)
      ) {
        return undefined;
      }
      const [check] = await options.db
        .select()
        .from(sandboxIdentityChecks)
        .where(
          and(
            eq(sandboxIdentityChecks.id, vendorReference),
            eq(sandboxIdentityChecks.vendor, 'documentVerification'),
          ),
        );
      // The "timeout" input never decides; a decision is known from its time on.
      if (!check?.decidedAt || check.decidedAt.getTime() > now().getTime()) return undefined;
      const verdict = JSON.parse(
        options.cipher.decrypt(check.stateEncrypted, checkContext(check.id)),
      ) as SandboxVerdict;
      return decisionOf(vendorReference, verdict);
    },
  };
}
