import { provinceLabels } from '@portal/domain';
import type {
  AddressLookupProvider,
  AddressSuggestion,
  LookupAddress,
} from './address-lookup-provider.ts';
import { sandboxAddresses, type SandboxAddress } from './sandbox-addresses.ts';

/** Lower case, accents and punctuation dropped: `Côte-des-Neiges` matches `cote des neiges`. */
export function searchTokens(text: string): string[] {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
    .split(' ')
    .filter((token) => token !== '');
}

/** The street line as Canada Post writes it: `402-1200 Main St`. */
export function streetLine(address: LookupAddress): string {
  const number = address.suite ? `${address.suite}-${address.streetNumber}` : address.streetNumber;
  return `${number} ${address.streetName}`;
}

/**
 * Other ways people type a word of the index: `st denis` finds `Saint-Denis`, `boul` and
 * `boulevard` find each other, `street` finds `St`.
 */
const aliases: Record<string, readonly string[]> = {
  saint: ['st'],
  sainte: ['ste'],
  boulevard: ['boul', 'blvd', 'bd'],
  blvd: ['boulevard'],
  avenue: ['av', 'ave'],
  ave: ['avenue'],
  chemin: ['ch'],
  st: ['street'],
  rd: ['road'],
  dr: ['drive'],
  cres: ['crescent'],
  hwy: ['highway'],
  n: ['north', 'nord'],
  s: ['south', 'sud'],
  e: ['east', 'est'],
  w: ['west', 'ouest'],
  ouest: ['o', 'w', 'west'],
  est: ['e', 'east'],
  nord: ['n', 'north'],
};

const withAliases = (tokens: string[]) =>
  tokens.flatMap((token) => [token, ...(aliases[token] ?? [])]);

interface Entry {
  address: SandboxAddress;
  tokens: string[];
}

function entryOf(address: SandboxAddress): Entry {
  const postal = address.postalCode.toLowerCase();
  return {
    address,
    tokens: [
      ...withAliases(searchTokens(streetLine(address))),
      ...searchTokens(address.city),
      ...searchTokens(provinceLabels[address.province].en),
      ...searchTokens(provinceLabels[address.province].fr),
      address.province.toLowerCase(),
      ...searchTokens(postal),
      postal.replace(' ', ''),
    ],
  };
}

/** How well the query's tokens match: every token must begin one of the address's words. */
function scoreOf(entry: Entry, query: string[]): number {
  let score = 0;
  for (const token of query) {
    if (entry.tokens.includes(token)) score += 2;
    else if (entry.tokens.some((word) => word.startsWith(token))) score += 1;
    else return 0;
  }
  return score;
}

/**
 * The sandbox vendor: answers from the built-in index of `sandbox-addresses.ts`, at once. A
 * suggestion's description names the province in the language asked for.
 */
export function createSandboxAddressLookup(
  index: readonly SandboxAddress[] = sandboxAddresses,
): AddressLookupProvider {
  const entries = index.map(entryOf);
  const byId = new Map(index.map((address) => [address.id, address]));
  // Like a vendor ranking by popularity: among equal matches, larger places come first.
  const sizeOf = new Map<string, number>();
  for (const address of index) sizeOf.set(address.city, (sizeOf.get(address.city) ?? 0) + 1);
  const size = (address: SandboxAddress) => sizeOf.get(address.city) ?? 0;

  return {
    name: 'sandbox',

    async find(query, { languageCode, limit }) {
      const tokens = searchTokens(query);
      if (tokens.length === 0 || limit < 1) return [];
      const collator = new Intl.Collator(languageCode === 'fr' ? 'fr-CA' : 'en-CA', {
        numeric: true,
      });
      return entries
        .map((entry) => ({ entry, score: scoreOf(entry, tokens) }))
        .filter(({ score }) => score > 0)
        .sort(
          (a, b) =>
            b.score - a.score ||
            size(b.entry.address) - size(a.entry.address) ||
            collator.compare(a.entry.address.city, b.entry.address.city) ||
            collator.compare(a.entry.address.streetName, b.entry.address.streetName) ||
            collator.compare(streetLine(a.entry.address), streetLine(b.entry.address)),
        )
        .slice(0, limit)
        .map(({ entry: { address } }): AddressSuggestion => ({
          id: address.id,
          text: streetLine(address),
          description: `${address.city}, ${provinceLabels[address.province][languageCode]}, ${address.postalCode}`,
        }));
    },

    async retrieve(id) {
      const found = byId.get(id);
      if (!found) return null;
      return {
        ...(found.suite ? { suite: found.suite } : {}),
        streetNumber: found.streetNumber,
        streetName: found.streetName,
        city: found.city,
        provinceId: found.provinceId,
        postalCode: found.postalCode,
        countryId: 1,
      };
    },
  };
}
