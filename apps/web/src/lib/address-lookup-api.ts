import { http } from './http/http.ts';

/** One suggestion of the address-lookup provider, shown while typing. */
export interface AddressSuggestion {
  id: string;
  text: string;
  description: string;
}

/** A full address, as the profile's address fields hold it (spec section 3, Address). */
export interface AddressValue {
  suite?: string;
  streetNumber?: string;
  streetName?: string;
  city?: string;
  provinceId?: number;
  postalCode?: string;
  countryId?: number;
}

interface LookupKey {
  key: string;
  expiresAt: string;
}

const quiet = { noErrorPage: true } as const;
let current: LookupKey | null = null;

/** Spec section 7: GET the address-lookup key first; it is reused until a minute before it ends. */
async function lookupKey(): Promise<string> {
  if (current && Date.parse(current.expiresAt) - Date.now() > 60_000) return current.key;
  current = await http.get<LookupKey>('/addressLookup/key', quiet);
  return current.key;
}

export const addressLookupApi = {
  async find(query: string, language: string, signal?: AbortSignal) {
    if (query.trim() === '') return [];
    const key = await lookupKey();
    const params = new URLSearchParams({ key, q: query, lang: language });
    return http.get<AddressSuggestion[]>(`/addressLookup/find?${params}`, { ...quiet, signal });
  },
  /** The address in the page's language: Canada Post answers one row per language. */
  async retrieve(id: string, language: string) {
    const key = await lookupKey();
    const params = new URLSearchParams({ key, lang: language });
    return http.get<AddressValue>(
      `/addressLookup/retrieve/${encodeURIComponent(id)}?${params}`,
      quiet,
    );
  },
};
