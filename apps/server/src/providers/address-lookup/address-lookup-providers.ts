import type { AddressLookupProviderName } from '../../config.ts';
import type { AddressLookupProvider } from './address-lookup-provider.ts';
import { createSandboxAddressLookup } from './sandbox-address-lookup.ts';

/** The provider `ADDRESS_LOOKUP_PROVIDER` names (only the sandbox so far). */
export function createAddressLookupProvider(
  name: AddressLookupProviderName = 'sandbox',
): AddressLookupProvider {
  switch (name) {
    case 'sandbox':
      return createSandboxAddressLookup();
  }
}
