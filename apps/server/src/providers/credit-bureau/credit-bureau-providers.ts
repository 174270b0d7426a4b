import type { Database } from '../../db/client.ts';
import type { FieldCipher } from '../../lib/crypto/field-cipher.ts';
import type { CreditBureauProvider } from './credit-bureau-provider.ts';
import { createSandboxCreditBureau } from './sandbox-credit-bureau.ts';

export type CreditBureauProviderName = 'sandbox';

/** The credit bureau (only the sandbox so far). */
export function createCreditBureauProvider(
  name: CreditBureauProviderName,
  deps: { db: Database; cipher: FieldCipher; latencyMs?: () => number },
): CreditBureauProvider {
  switch (name) {
    case 'sandbox':
      return createSandboxCreditBureau(deps);
  }
}
