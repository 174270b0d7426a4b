import type { Province } from '@portal/domain';

/**
 * An address look-up vendor (spec section 7: the client GETs a key, then asks the vendor for
 * suggestions as the person types and for the full address of the one they pick). The sandbox
 * answers from a built-in index; Canada Post AddressComplete (`canada-post-address-lookup.ts`)
 * is the real one. Chosen by `ADDRESS_LOOKUP_PROVIDER`.
 */
export interface AddressLookupProvider {
  readonly name: string;
  /** Suggestions for what was typed so far, best first, at most `limit`. */
  find(
    query: string,
    options: { languageCode: 'en' | 'fr'; limit: number },
  ): Promise<AddressSuggestion[]>;
  /**
   * The full address of a suggestion in the person's language (street types and place names
   * differ), or null when the id names none.
   */
  retrieve(id: string, options: { languageCode: 'en' | 'fr' }): Promise<LookupAddress | null>;
}

export interface AddressSuggestion {
  /** Opaque to the client: handed back to `retrieve`. */
  id: string;
  /** The street line, for example `402-1200 Main St`. */
  text: string;
  /** Where it is, for example `Toronto, Ontario, M5V 2T6`. */
  description: string;
}

/** The address of spec section 3 (Canadian: country 1). */
export interface LookupAddress {
  suite?: string;
  streetNumber: string;
  streetName: string;
  city: string;
  provinceId: Province;
  postalCode: string;
  countryId: 1;
}

/**
 * The vendor could not answer (down, slow, our key refused or out of credit): the person is
 * told to type the address, which the form always allows. The message names the cause for the
 * log (an error code, an HTTP status), never the key or what was typed.
 */
export class AddressLookupUnavailable extends Error {
  override name = 'AddressLookupUnavailable';
}
