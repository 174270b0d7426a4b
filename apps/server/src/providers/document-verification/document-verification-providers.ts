import type { Database } from '../../db/client.ts';
import type { FieldCipher } from '../../lib/crypto/field-cipher.ts';
import type { DocumentVerificationProvider } from './document-verification-provider.ts';
import { createSandboxDocumentVerification } from './sandbox-document-verification.ts';

export type DocumentVerificationProviderName = 'sandbox';

/** The document-verification vendor (only the sandbox so far). */
export function createDocumentVerificationProvider(
  name: DocumentVerificationProviderName,
  deps: { db: Database; cipher: FieldCipher; latencyMs?: () => number },
): DocumentVerificationProvider {
  switch (name) {
    case 'sandbox':
      return createSandboxDocumentVerification(deps);
  }
}
