import type { AddressLookupSettings } from '../../config.ts';
import type { AddressLookupProvider } from './address-lookup-provider.ts';
import { createCanadaPostAddressLookup } from './canada-post-address-lookup.ts';
import { createSandboxAddressLookup } from './sandbox-address-lookup.ts';

/** The provider `ADDRESS_LOOKUP_PROVIDER` names, with its settings. */
export function createAddressLookupProvider(
  settings: AddressLookupSettings = { provider: 'sandbox' },
): AddressLookupProvider {
  switch (settings.provider) {
    case 'sandbox':
      return createSandboxAddressLookup();
    case 'canadapost':
      return createCanadaPostAddressLookup(settings);
  }
}
