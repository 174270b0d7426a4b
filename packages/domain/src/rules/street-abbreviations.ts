import { looseNameKey } from './person-name.ts';

/**
 * Street types and directions as Canada Post's addressing guidelines list them ("Symbols and
 * abbreviations": the tables "Street types" and "Street directions", English and French,
 * canadapost-postescanada.ca/cpc/en/support/articles/addressing-guidelines/symbols-and-abbreviations.page).
 * A statement prints "118 QUEEN ST W", a profile says "118 Queen Street West": each word is
 * read as its abbreviation, so both are the same address. No package of the npm registry
 * carries Canada Post's own tables (the geocoders' lists mix countries and add guesses), so they
 * are kept here as data, each row the words that name one street type: the abbreviation first,
 * then what it abbreviates, English and French where Canada Post gives each its own
 * abbreviation of the same word (AVE and AV, BLVD and BOUL). Types Canada Post writes out
 * (RUE, LANE, ALLÉE, WAY) are the same either way and need no row.
 */
const STREET_TYPES: readonly (readonly string[])[] = [
  ['ave', 'av', 'avenue'],
  ['blvd', 'boul', 'boulevard'],
  ['bypass', 'by-pass'],
  ['ctr', 'centre'],
  ['cir', 'circle'],
  ['circt', 'circuit'],
  ['conc', 'concession'],
  ['crnrs', 'corners'],
  ['crt', 'court'],
  ['cres', 'crescent'],
  ['cross', 'crossing'],
  ['cds', 'cul-de-sac'],
  ['divers', 'diversion'],
  ['dr', 'drive'],
  ['espl', 'esplanade'],
  ['estate', 'estates'],
  ['expy', 'expressway'],
  ['exten', 'extension'],
  ['fwy', 'freeway'],
  ['gdns', 'gardens'],
  ['grnds', 'grounds'],
  ['harbr', 'harbour'],
  ['hts', 'heights'],
  ['hghlds', 'highlands'],
  ['hwy', 'highway'],
  ['landng', 'landing'],
  ['lmts', 'limits'],
  ['lkout', 'lookout'],
  ['mtn', 'mountain'],
  ['orch', 'orchard'],
  ['pk', 'park'],
  ['pky', 'parkway'],
  ['pass', 'passage'],
  ['ptway', 'pathway'],
  ['pl', 'place'],
  ['plat', 'plateau'],
  ['pt', 'point'],
  ['pvt', 'private'],
  ['prom', 'promenade'],
  ['rg', 'range'],
  ['rd', 'road'],
  ['rte', 'route'],
  ['sq', 'square'],
  ['st', 'street'],
  ['subdiv', 'subdivision'],
  ['terr', 'terrace'],
  ['thick', 'thicket'],
  ['tline', 'townline'],
  ['trnabt', 'turnabout'],
  ['villge', 'village'],
  // The French table's own abbreviations.
  ['aut', 'autoroute'],
  ['car', 'carré'],
  ['carref', 'carrefour'],
  ['ch', 'chemin'],
  ['crois', 'croissant'],
  ['dom', 'domaine'],
  ['éch', 'échangeur'],
  ['faub', 'faubourg'],
  ['imp', 'impasse'],
  ['pte', 'pointe'],
  ['rdpt', 'rond-point'],
  ['sent', 'sentier'],
  ['tsse', 'terrasse'],
  // Saint and Sainte, as Canada Post abbreviates them in place names ("ST-LAURENT").
  ['st', 'saint'],
  ['ste', 'sainte'],
];

/**
 * Canada Post's street directions, English and French: each row one direction, French O
 * (ouest) being English W. Two-word ones ("nord-est", "North West") are read word by word and
 * joined (see addressKey).
 */
const DIRECTIONS: readonly (readonly string[])[] = [
  ['n', 'north', 'nord'],
  ['s', 'south', 'sud'],
  ['e', 'east', 'est'],
  ['w', 'west', 'o', 'ouest'],
  ['ne', 'northeast'],
  ['nw', 'northwest', 'no'],
  ['se', 'southeast'],
  ['sw', 'southwest', 'so'],
];

/** Every word or phrase (as looseNameKey writes it) with the abbreviation it stands for. */
const entries = [...STREET_TYPES, ...DIRECTIONS].flatMap((row) =>
  row.map((word) => [looseNameKey(word), looseNameKey(row[0]!)] as const),
);
/** The one-word ones. */
const WORDS = new Map(entries.filter(([word]) => !word.includes(' ')));
/** Those of several words once hyphens are spaces ("cul de sac", "rond point", "by pass"). */
const PHRASES = entries
  .filter(([word]) => word.includes(' '))
  .map(
    ([phrase, abbreviation]) => [new RegExp(`(?<= )${phrase}(?= )`, 'gu'), abbreviation] as const,
  );

/** Two-word directions written out ("nord est", "north west") as their one abbreviation. */
const COMPOUND_DIRECTIONS = new Map<string, string>(
  DIRECTIONS.filter((row) => row[0]!.length === 2).map((row) => [
    `${row[0]![0]} ${row[0]![1]}`,
    row[0]!,
  ]),
);

/**
 * A part of an address as compared: as looseNameKey writes a name (case, accents, hyphens,
 * apostrophes and periods aside), then every street type and direction as Canada Post
 * abbreviates it. "Queen Street West", "QUEEN ST. W" and "Queen St W" give "queen st w".
 */
export function addressKey(text: string): string {
  let key = ` ${looseNameKey(text)} `;
  for (const [phrase, abbreviation] of PHRASES) {
    key = key.replace(phrase, abbreviation);
  }
  const words = key.split(' ').filter((word) => word !== '');
  const joined: string[] = [];
  for (const word of words.map((each) => WORDS.get(each) ?? each)) {
    const compound = COMPOUND_DIRECTIONS.get(`${joined.at(-1)} ${word}`);
    if (compound) joined[joined.length - 1] = compound;
    else joined.push(word);
  }
  return joined.join(' ');
}

/** Whether two parts of an address (a street name, a city) are the same, by addressKey. */
export function sameAddressText(a: string, b: string): boolean {
  return addressKey(a) === addressKey(b);
}
