import { provinces, type ProvinceCode } from '@portal/domain';
import type { LookupAddress } from './address-lookup-provider.ts';

/**
 * The sandbox's index: a few hundred plausible Canadian addresses in all 13 provinces and
 * territories, made at start from real street names of real places and the forward sortation
 * areas (first three characters of the postal code) that serve them. The building numbers,
 * suites and last three postal characters are drawn from a fixed seed, so the index is the same
 * on every start and every instance (ids stay valid across a load balancer).
 */

interface Place {
  city: string;
  province: ProvinceCode;
  /** Forward sortation areas of the city; a street keeps one of them. */
  fsas: readonly string[];
  streets: readonly string[];
  /** Rural places share whole postal codes instead of drawing a local delivery unit. */
  postalCodes?: readonly string[];
  /** Apartment buildings are common: some addresses get a suite. */
  suites?: boolean;
}

const places: readonly Place[] = [
  // British Columbia (V)
  {
    city: 'Vancouver',
    province: 'BC',
    fsas: ['V6B', 'V6E', 'V5L', 'V6K', 'V5N', 'V6J'],
    streets: [
      'Granville St',
      'Robson St',
      'Commercial Dr',
      'W 4th Ave',
      'Main St',
      'Davie St',
      'W Broadway',
      'Kingsway',
    ],
    suites: true,
  },
  {
    city: 'Victoria',
    province: 'BC',
    fsas: ['V8V', 'V8W', 'V8R'],
    streets: ['Douglas St', 'Fort St', 'Cook St', 'Government St', 'Oak Bay Ave'],
    suites: true,
  },
  {
    city: 'Burnaby',
    province: 'BC',
    fsas: ['V5H', 'V5G', 'V5C'],
    streets: ['E Hastings St', 'Willingdon Ave', 'Canada Way', 'Royal Oak Ave'],
    suites: true,
  },
  {
    city: 'Kelowna',
    province: 'BC',
    fsas: ['V1Y', 'V1W'],
    streets: ['Bernard Ave', 'Ellis St', 'Pandosy St', 'Lakeshore Rd'],
  },
  {
    city: 'Prince George',
    province: 'BC',
    fsas: ['V2L', 'V2M'],
    streets: ['Victoria St', '5th Ave', 'Ospika Blvd'],
  },
  // Alberta (T)
  {
    city: 'Calgary',
    province: 'AB',
    fsas: ['T2P', 'T2R', 'T2S', 'T3A', 'T2E'],
    streets: [
      '8 Ave SW',
      '17 Ave SW',
      'Macleod Trail SE',
      'Centre St N',
      'Edmonton Trail NE',
      'Kensington Rd NW',
      'Crowchild Trail NW',
    ],
    suites: true,
  },
  {
    city: 'Edmonton',
    province: 'AB',
    fsas: ['T5J', 'T5K', 'T6E', 'T6G'],
    streets: ['Jasper Ave NW', '82 Ave NW', '109 St NW', '124 St NW', 'Saskatchewan Dr NW'],
    suites: true,
  },
  {
    city: 'Red Deer',
    province: 'AB',
    fsas: ['T4N', 'T4P'],
    streets: ['Gaetz Ave', 'Ross St', '50 Ave'],
  },
  {
    city: 'Lethbridge',
    province: 'AB',
    fsas: ['T1J', 'T1K'],
    streets: ['Mayor Magrath Dr S', '3 Ave S', 'Scenic Dr S'],
  },
  {
    city: 'Canmore',
    province: 'AB',
    fsas: ['T1W'],
    streets: ['Main St', 'Bow Valley Trail', 'Railway Ave'],
  },
  // Saskatchewan (S)
  {
    city: 'Regina',
    province: 'SK',
    fsas: ['S4P', 'S4S', 'S4T'],
    streets: ['Albert St', 'Victoria Ave', '13th Ave', 'Broad St', 'College Ave'],
    suites: true,
  },
  {
    city: 'Saskatoon',
    province: 'SK',
    fsas: ['S7K', 'S7N', 'S7H'],
    streets: ['Broadway Ave', '8th St E', 'Spadina Cres E', 'College Dr', '2nd Ave N'],
    suites: true,
  },
  {
    city: 'Prince Albert',
    province: 'SK',
    fsas: ['S6V'],
    streets: ['Central Ave', '15th St E', '2nd Ave W'],
  },
  {
    city: 'Moose Jaw',
    province: 'SK',
    fsas: ['S6H'],
    streets: ['Main St N', 'High St W'],
  },
  // Manitoba (R)
  {
    city: 'Winnipeg',
    province: 'MB',
    fsas: ['R3C', 'R3B', 'R3M', 'R2M', 'R3T', 'R2H'],
    streets: [
      'Portage Ave',
      'Main St',
      'Corydon Ave',
      'Academy Rd',
      'Pembina Hwy',
      "St Mary's Rd",
      'Osborne St',
      'Provencher Blvd',
    ],
    suites: true,
  },
  {
    city: 'Brandon',
    province: 'MB',
    fsas: ['R7A'],
    streets: ['Rosser Ave', '18th St', 'Princess Ave'],
  },
  {
    city: 'Steinbach',
    province: 'MB',
    fsas: ['R5G'],
    streets: ['Main St', 'Loewen Blvd'],
  },
  // Ontario (K, L, M, N, P)
  {
    city: 'Toronto',
    province: 'ON',
    fsas: ['M5V', 'M4C', 'M5S', 'M6G', 'M4W', 'M5R', 'M6J'],
    streets: [
      'Queen St W',
      'King St W',
      'Spadina Ave',
      'Bloor St W',
      'Danforth Ave',
      'Yonge St',
      'College St',
      'Dundas St W',
      'Ossington Ave',
      'Avenue Rd',
    ],
    suites: true,
  },
  {
    city: 'Ottawa',
    province: 'ON',
    fsas: ['K1P', 'K1N', 'K2P', 'K1S', 'K1Y'],
    streets: [
      'Bank St',
      'Elgin St',
      'Rideau St',
      'Wellington St W',
      'Sparks St',
      'Somerset St W',
      'Bronson Ave',
    ],
    suites: true,
  },
  {
    city: 'Mississauga',
    province: 'ON',
    fsas: ['L5B', 'L5M'],
    streets: ['Hurontario St', 'Burnhamthorpe Rd W', 'Eglinton Ave W', 'Dundas St E'],
    suites: true,
  },
  {
    city: 'Hamilton',
    province: 'ON',
    fsas: ['L8P', 'L8R'],
    streets: ['King St E', 'James St N', 'Locke St S', 'Main St W'],
  },
  {
    city: 'London',
    province: 'ON',
    fsas: ['N6A', 'N6B'],
    streets: ['Richmond St', 'Dundas St', 'Wellington Rd', 'Oxford St E'],
  },
  {
    city: 'Kingston',
    province: 'ON',
    fsas: ['K7L'],
    streets: ['Princess St', 'Johnson St', 'Brock St', 'King St E'],
  },
  {
    city: 'Sudbury',
    province: 'ON',
    fsas: ['P3E', 'P3A'],
    streets: ['Elm St', 'Paris St', 'Regent St', 'Lasalle Blvd'],
  },
  {
    city: 'Thunder Bay',
    province: 'ON',
    fsas: ['P7B', 'P7A'],
    streets: ['Red River Rd', 'Memorial Ave', 'Algoma St S'],
  },
  // Nova Scotia (B)
  {
    city: 'Halifax',
    province: 'NS',
    fsas: ['B3H', 'B3J', 'B3K', 'B3L'],
    streets: [
      'Spring Garden Rd',
      'Barrington St',
      'Quinpool Rd',
      'Robie St',
      'Agricola St',
      'South Park St',
    ],
    suites: true,
  },
  {
    city: 'Dartmouth',
    province: 'NS',
    fsas: ['B2Y', 'B3A'],
    streets: ['Portland St', 'Ochterloney St', 'Alderney Dr', 'Prince Albert Rd'],
  },
  {
    city: 'Sydney',
    province: 'NS',
    fsas: ['B1P'],
    streets: ['Charlotte St', 'George St', 'Esplanade'],
  },
  {
    city: 'Wolfville',
    province: 'NS',
    fsas: ['B4P'],
    streets: ['Main St', 'Gaspereau Ave'],
  },
  // Newfoundland and Labrador (A)
  {
    city: "St. John's",
    province: 'NL',
    fsas: ['A1C', 'A1B', 'A1E', 'A1A'],
    streets: [
      'Water St',
      'Duckworth St',
      'Military Rd',
      'Elizabeth Ave',
      'Topsail Rd',
      'LeMarchant Rd',
    ],
    suites: true,
  },
  {
    city: 'Corner Brook',
    province: 'NL',
    fsas: ['A2H'],
    streets: ['West St', 'Main St', "O'Connell Dr"],
  },
  {
    city: 'Gander',
    province: 'NL',
    fsas: ['A1V'],
    streets: ['Elizabeth Dr', 'Airport Blvd'],
  },
  // Prince Edward Island (C)
  {
    city: 'Charlottetown',
    province: 'PE',
    fsas: ['C1A', 'C1E'],
    streets: ['Queen St', 'Grafton St', 'University Ave', 'Kent St', 'Water St'],
    suites: true,
  },
  {
    city: 'Summerside',
    province: 'PE',
    fsas: ['C1N'],
    streets: ['Water St', 'Granville St', 'Central St'],
  },
  // New Brunswick (E), Acadian towns with French street names
  {
    city: 'Fredericton',
    province: 'NB',
    fsas: ['E3B', 'E3A'],
    streets: ['Queen St', 'King St', 'Regent St', 'Smythe St'],
  },
  {
    city: 'Moncton',
    province: 'NB',
    fsas: ['E1C', 'E1E'],
    streets: ['Main St', 'Mountain Rd', 'St George St', 'Elmwood Dr'],
    suites: true,
  },
  {
    city: 'Saint John',
    province: 'NB',
    fsas: ['E2L', 'E2K'],
    streets: ['King St', 'Prince William St', 'Union St', 'Rothesay Ave'],
  },
  {
    city: 'Dieppe',
    province: 'NB',
    fsas: ['E1A'],
    streets: ['rue Champlain', 'boulevard Dieppe', 'rue Amirault'],
  },
  {
    city: 'Edmundston',
    province: 'NB',
    fsas: ['E3V'],
    streets: ["rue de l'Église", 'boulevard Hébert', 'rue Victoria'],
  },
  // Quebec (G, H, J)
  {
    city: 'Montréal',
    province: 'QC',
    fsas: ['H2X', 'H2L', 'H2T', 'H3A', 'H3B', 'H2J', 'H3H'],
    streets: [
      'rue Sainte-Catherine Ouest',
      'rue Saint-Denis',
      'boulevard Saint-Laurent',
      'avenue du Mont-Royal Est',
      'rue Sherbrooke Ouest',
      'avenue du Parc',
      'boulevard René-Lévesque Ouest',
      'chemin de la Côte-des-Neiges',
      'rue Saint-Hubert',
      'avenue Laurier Ouest',
      'rue Notre-Dame Ouest',
    ],
    suites: true,
  },
  {
    city: 'Québec',
    province: 'QC',
    fsas: ['G1R', 'G1K', 'G1S'],
    streets: [
      'Grande Allée Est',
      'rue Saint-Jean',
      'rue Saint-Joseph Est',
      'chemin Sainte-Foy',
      'avenue Cartier',
      'boulevard Charest Est',
    ],
    suites: true,
  },
  {
    city: 'Laval',
    province: 'QC',
    fsas: ['H7N', 'H7T'],
    streets: [
      'boulevard des Laurentides',
      'boulevard Le Carrefour',
      'boulevard Saint-Martin Ouest',
    ],
    suites: true,
  },
  {
    city: 'Gatineau',
    province: 'QC',
    fsas: ['J8X', 'J8Y', 'J9H'],
    streets: ['rue Laval', 'boulevard Saint-Joseph', 'rue Principale', 'promenade du Portage'],
  },
  {
    city: 'Sherbrooke',
    province: 'QC',
    fsas: ['J1H', 'J1E'],
    streets: ['rue King Ouest', 'rue Wellington Nord', 'boulevard de Portland'],
  },
  {
    city: 'Trois-Rivières',
    province: 'QC',
    fsas: ['G9A'],
    streets: ['rue des Forges', 'boulevard des Forges', 'rue Royale'],
  },
  {
    city: 'Longueuil',
    province: 'QC',
    fsas: ['J4K', 'J4H'],
    streets: ['chemin de Chambly', 'rue Saint-Charles Ouest', 'boulevard La Fayette'],
  },
  {
    city: 'Lévis',
    province: 'QC',
    fsas: ['G6V'],
    streets: ['boulevard Alphonse-Desjardins', 'côte du Passage', 'rue Saint-Georges'],
  },
  // Northwest Territories (X)
  {
    city: 'Yellowknife',
    province: 'NT',
    fsas: ['X1A'],
    streets: ['Franklin Ave', '50 St', 'Old Airport Rd', 'School Draw Ave'],
    suites: true,
  },
  {
    city: 'Hay River',
    province: 'NT',
    fsas: ['X0E'],
    streets: ['Capital Dr', 'Gagnier St', 'Woodland Dr'],
    postalCodes: ['X0E 0R9', 'X0E 0R8'],
  },
  // Yukon (Y)
  {
    city: 'Whitehorse',
    province: 'YT',
    fsas: ['Y1A'],
    streets: ['Main St', '2nd Ave', 'Lewes Blvd', 'Hanson St', 'Range Rd'],
    suites: true,
  },
  {
    city: 'Dawson City',
    province: 'YT',
    fsas: ['Y0B'],
    streets: ['Front St', '3rd Ave', 'Princess St'],
    postalCodes: ['Y0B 1G0'],
  },
  // Nunavut (X)
  {
    city: 'Iqaluit',
    province: 'NU',
    fsas: ['X0A'],
    streets: ['Federal Rd', 'Queen Elizabeth Way', 'Niaqunngusiaq Rd', 'Mivvik St'],
    postalCodes: ['X0A 0H0'],
  },
  {
    city: 'Rankin Inlet',
    province: 'NU',
    fsas: ['X0C'],
    streets: ['Sivulliq Ave', 'Tapiriit Rd'],
    postalCodes: ['X0C 0G0'],
  },
];

/** Letters Canada Post uses in postal codes (never D, F, I, O, Q or U). */
const POSTAL_LETTERS = [...'ABCEGHJKLMNPRSTVWXYZ'];

/** A small deterministic generator (mulberry32): the same index on every start. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

export interface SandboxAddress extends LookupAddress {
  id: string;
  province: ProvinceCode;
}

function buildIndex(): SandboxAddress[] {
  const random = seeded(1_451_867);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const digit = () => String(Math.floor(random() * 10));
  const addresses: SandboxAddress[] = [];
  const counters = new Map<ProvinceCode, number>();

  for (const place of places) {
    for (const streetName of place.streets) {
      const fsa = pick(place.fsas);
      const buildings = 2 + Math.floor(random() * 2);
      const numbers = new Set<number>();
      while (numbers.size < buildings) {
        numbers.add(1 + Math.floor(random() * (random() < 0.5 ? 400 : 3000)));
      }
      for (const number of [...numbers].sort((a, b) => a - b)) {
        const postalCode = place.postalCodes
          ? pick(place.postalCodes)
          : `${fsa} ${digit()}${pick(POSTAL_LETTERS)}${digit()}`;
        const suite =
          place.suites && random() < 0.25
            ? String(1 + Math.floor(random() * 24)) +
              String(1 + Math.floor(random() * 20)).padStart(2, '0')
            : undefined;
        const count = (counters.get(place.province) ?? 0) + 1;
        counters.set(place.province, count);
        addresses.push({
          id: `sbx-${place.province.toLowerCase()}-${String(count).padStart(4, '0')}`,
          province: place.province,
          ...(suite ? { suite } : {}),
          streetNumber: String(number),
          streetName,
          city: place.city,
          provinceId: provinces[place.province],
          postalCode,
          countryId: 1,
        });
      }
    }
  }
  return addresses;
}

export const sandboxAddresses: readonly SandboxAddress[] = buildIndex();
