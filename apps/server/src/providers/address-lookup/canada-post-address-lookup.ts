import { provinces, type ProvinceCode } from '@portal/domain';
import {
  AddressLookupUnavailable,
  type AddressLookupProvider,
  type AddressSuggestion,
  type LookupAddress,
} from './address-lookup-provider.ts';

/**
 * Canada Post AddressComplete (Interactive Find v2.10 and Retrieve v2.11, JSON over HTTPS;
 * Canada Post publishes no Node library). The key stays on the server: the browser only ever
 * talks to our `addressLookup/*` routes. Documentation: docs/vendors.md.
 */
export interface CanadaPostSettings {
  /** The AddressComplete API key (`CANADA_POST_ADDRESSCOMPLETE_KEY`). */
  key: string;
  /** `https://ws1.postescanada-canadapost.ca` unless a test points it at the fake. */
  baseUrl: string;
  /** How long one call may take before the person is told to type the address. */
  timeoutMs: number;
  /** Injected by tests that count calls; `fetch` otherwise. */
  fetch?: typeof fetch;
}

export const CANADA_POST_BASE_URL = 'https://ws1.postescanada-canadapost.ca';
const FIND_PATH = '/AddressComplete/Interactive/Find/v2.10/json3.ws';
const RETRIEVE_PATH = '/AddressComplete/Interactive/Retrieve/v2.11/json3.ws';

/** A row of Find v2.10 (the WSDL's `AddressComplete_Interactive_Find_v2_10_Results`). */
interface FindItem {
  Id: string;
  Text: string;
  Description: string;
  /** `Retrieve`: an address; `Find`: a container (a street, a building) to search within. */
  Next: 'Retrieve' | 'Find';
}

/** The fields of a Retrieve v2.11 row this adapter reads (one row per language). */
interface RetrieveItem {
  Id: string;
  Language: string;
  SubBuilding?: string;
  BuildingNumber?: string;
  Street?: string;
  City?: string;
  ProvinceCode?: string;
  PostalCode?: string;
  CountryIso2?: string;
}

/** The error table either call answers instead, with HTTP 200. */
interface ErrorItem {
  Error: string;
  Description?: string;
  Cause?: string;
  Resolution?: string;
}

type Answer<T> = { kind: 'items'; items: T[] } | { kind: 'error'; error: ErrorItem };

/**
 * Errors that say the search itself cannot be answered (an id that is not one, a search term
 * it refuses), not that the service is down: the person sees no suggestion, or "not found".
 * Every other code (an unknown or expired key, no credit, a daily limit, the surge protector,
 * a refused address) is the service unavailable to us, logged by its code for operations.
 */
const FIND_INPUT_ERRORS = new Set(['1001', '1002']);
const RETRIEVE_INPUT_ERRORS = new Set(['1001']);

/** Containers opened per search: a street and a building within it is as deep as it goes. */
const MAX_CONTAINERS_OPENED = 2;

const isProvinceCode = (code: string | undefined): code is ProvinceCode =>
  code !== undefined && Object.hasOwn(provinces, code);

export function createCanadaPostAddressLookup(settings: CanadaPostSettings): AddressLookupProvider {
  const call = settings.fetch ?? fetch;

  /** One GET; a network failure or a 5xx is asked once more (both calls are idempotent). */
  async function get<T>(path: string, query: Record<string, string>): Promise<Answer<T>> {
    const url = new URL(path, settings.baseUrl);
    url.search = new URLSearchParams({ Key: settings.key, ...query }).toString();
    let lastFailure = '';
    for (let attempt = 0; attempt < 2; attempt += 1) {
      let response: Response;
      try {
        response = await call(url, {
          headers: { accept: 'application/json' },
          // The service answers in place; a redirect would be a misconfigured or spoofed host.
          redirect: 'error',
          signal: AbortSignal.timeout(settings.timeoutMs),
        });
      } catch (error) {
        // The key is in the URL: only the error's name leaves this function.
        lastFailure = (error as Error).name;
        continue;
      }
      if (response.status >= 500) {
        lastFailure = `HTTP ${response.status}`;
        await response.body?.cancel();
        continue;
      }
      if (!response.ok) throw new AddressLookupUnavailable(`HTTP ${response.status}`);
      const body = (await response.json().catch(() => null)) as { Items?: unknown } | null;
      if (!body || !Array.isArray(body.Items)) {
        throw new AddressLookupUnavailable('an answer without Items');
      }
      const first = body.Items[0] as Partial<ErrorItem> | undefined;
      if (first && typeof first.Error === 'string') {
        return { kind: 'error', error: first as ErrorItem };
      }
      return { kind: 'items', items: body.Items as T[] };
    }
    throw new AddressLookupUnavailable(lastFailure);
  }

  async function findItems(
    searchTerm: string,
    languageCode: 'en' | 'fr',
    limit: number,
    lastId?: string,
  ): Promise<FindItem[]> {
    const answer = await get<FindItem>(FIND_PATH, {
      SearchTerm: searchTerm,
      Country: 'CAN',
      LanguagePreference: languageCode,
      MaxSuggestions: String(limit),
      ...(lastId ? { LastId: lastId } : {}),
    });
    if (answer.kind === 'items') return answer.items;
    if (FIND_INPUT_ERRORS.has(answer.error.Error)) return [];
    throw new AddressLookupUnavailable(`error ${answer.error.Error}`);
  }

  return {
    name: 'canadapost',

    /**
     * Suggestions best first. A container (`Next: "Find"`: "Rue Saint-Denis - 102 Addresses")
     * is opened in its place with a second Find on its id, so the list holds addresses the
     * person can pick; typing more narrows it as before.
     */
    async find(query, { languageCode, limit }) {
      if (query.trim() === '' || limit < 1) return [];
      const found = await findItems(query, languageCode, limit);
      const suggestions: AddressSuggestion[] = [];
      let opened = 0;
      for (const item of found) {
        if (suggestions.length >= limit) break;
        if (item.Next === 'Find') {
          if (opened >= MAX_CONTAINERS_OPENED) continue;
          opened += 1;
          const inside = await findItems(query, languageCode, limit, item.Id);
          for (const address of inside) {
            if (address.Next !== 'Retrieve' || suggestions.length >= limit) continue;
            suggestions.push(suggestionOf(address));
          }
        } else {
          suggestions.push(suggestionOf(item));
        }
      }
      return suggestions;
    },

    /** Billed per call: one call, and the row in the person's language. */
    async retrieve(id, { languageCode }) {
      const answer = await get<RetrieveItem>(RETRIEVE_PATH, { Id: id });
      if (answer.kind === 'error') {
        if (RETRIEVE_INPUT_ERRORS.has(answer.error.Error)) return null;
        throw new AddressLookupUnavailable(`error ${answer.error.Error}`);
      }
      const wanted = languageCode === 'fr' ? 'FRE' : 'ENG';
      const row =
        answer.items.find((item) => item.Language === wanted) ??
        answer.items.find((item) => item.Language === 'ENG') ??
        answer.items[0];
      return row ? addressOf(row) : null;
    },
  };
}

const suggestionOf = (item: FindItem): AddressSuggestion => ({
  id: item.Id,
  text: item.Text,
  description: item.Description,
});

/** A Canadian address of spec section 3, or null for anything else (a US address, a gap). */
export function addressOf(row: RetrieveItem): LookupAddress | null {
  if (row.CountryIso2 !== 'CA' || !isProvinceCode(row.ProvinceCode)) return null;
  const street = row.Street?.trim() ?? '';
  const city = row.City?.trim() ?? '';
  const postalCode = row.PostalCode?.trim().toUpperCase() ?? '';
  if (!street || !city || !postalCode) return null;
  const suite = row.SubBuilding?.trim();
  return {
    ...(suite ? { suite } : {}),
    streetNumber: row.BuildingNumber?.trim() ?? '',
    streetName: street,
    city,
    provinceId: provinces[row.ProvinceCode],
    postalCode,
    countryId: 1,
  };
}
