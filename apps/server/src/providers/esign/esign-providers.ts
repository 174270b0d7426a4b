import type { EsignProvider } from './esign-provider.ts';
import { createSandboxEsign, type SandboxEsignOptions } from './sandbox-esign.ts';

export const esignProviderNames = ['sandbox'] as const;
export type EsignProviderName = (typeof esignProviderNames)[number];

/** The e-sign vendor by name (only the sandbox so far; a real adapter is one more case). */
export function createEsignProvider(
  name: EsignProviderName,
  options: SandboxEsignOptions,
): EsignProvider {
  switch (name) {
    case 'sandbox':
      return createSandboxEsign(options);
  }
}
