import { createHmac, randomUUID } from 'node:crypto';
import type { IdentityDocumentSettings } from '../../config.ts';
import type {
  DocumentVerificationProvider,
  VerificationDecision,
} from '../../providers/document-verification/document-verification-provider.ts';

/**
 * Onfido for the route tests that stand in for its API (the contract tests prove the adapter):
 * the configuration naming it, a vendor reporting the decisions a test sets and keeping the
 * applicants it was asked to forget, and its signed `check.completed` webhook body.
 */
export const onfidoSettingsFor = (webhookToken: string) =>
  ({
    provider: 'onfido',
    apiToken: 'api_sandbox.unused-the-vendor-below-stands-in',
    webhookToken,
    region: 'ca',
    timeoutMs: 5000,
  }) satisfies IdentityDocumentSettings;

/** Onfido as its API reports checks: decisions the test sets, and the applicants deleted. */
export function onfidoAsReported() {
  const decisions = new Map<string, VerificationDecision>();
  const forgotten: string[] = [];
  let failing = false;
  const vendor: DocumentVerificationProvider = {
    name: 'onfido',
    submit: async () => ({ vendorReference: randomUUID() }),
    decisionOf: async (reference) => decisions.get(reference),
    forget: async (reference) => {
      if (failing) throw new Error('Onfido is down');
      forgotten.push(reference);
    },
  };
  return {
    vendor,
    decisions,
    forgotten,
    /** Deleting at Onfido fails (true) or works again (false). */
    failWith: (value: boolean) => {
      failing = value;
    },
  };
}

/** Onfido's webhook body for a check, signed as Onfido signs it (hex HMAC-SHA256 of the body). */
export function onfidoCheckEvent(
  checkId: string,
  key: string,
  { action = 'check.completed', completedAt = new Date() } = {},
) {
  const body = JSON.stringify({
    payload: {
      resource_type: 'check',
      action,
      object: {
        id: checkId,
        status: 'complete',
        completed_at_iso8601: completedAt.toISOString().replace(/\.\d+Z$/, 'Z'),
        href: `https://api.ca.onfido.com/v3.6/checks/${checkId}`,
      },
    },
  });
  return { body, signature: createHmac('sha256', key).update(body).digest('hex') };
}
