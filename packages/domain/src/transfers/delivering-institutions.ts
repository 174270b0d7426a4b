import { INSTITUTION_SEARCH_LIMIT } from '../constants.ts';

/**
 * The Canadian institutions a transfer in may come from (spec section 3, institution lookup;
 * regulatory-facts.md section 3, item 7: "picked from a list"). Reference data, not a vendor
 * feed: the firms' own names in English and in French, as they print them on statements and
 * on their French sites (e.g. "Placements directs TD", "Banque Nationale Courtage direct").
 * A firm that has no French name keeps its brand in both.
 *
 * Left out on purpose: firms that no longer take accounts under their own name, since a
 * transfer form naming them would be rejected (HSBC InvestDirect, now RBC Direct Investing
 * since HSBC Bank Canada joined RBC in 2024; Canadian Western Bank, now National Bank; CI
 * Direct Trading; Credential Direct, now Qtrade). CDS participant codes (CUIDs) are not
 * listed: none of them could be checked against a source, and the dealer looks them up when
 * it sends the request through ATON.
 */
export const deliveringInstitutionKinds = [
  'bankBrokerage',
  'discountBroker',
  'roboAdvisor',
  'fullServiceDealer',
  'mutualFundCompany',
  'bank',
  'creditUnion',
  'trustCompany',
  'insurer',
] as const;
export type DeliveringInstitutionKind = (typeof deliveringInstitutionKinds)[number];

export const deliveringInstitutionKindLabels = {
  bankBrokerage: { en: 'Bank-owned online brokerage', fr: 'Courtage en ligne d’une banque' },
  discountBroker: { en: 'Online brokerage', fr: 'Courtage en ligne' },
  roboAdvisor: { en: 'Robo-advisor', fr: 'Gestionnaire de placements en ligne' },
  fullServiceDealer: { en: 'Full-service investment dealer', fr: 'Courtier en placement' },
  mutualFundCompany: {
    en: 'Mutual fund company or dealer',
    fr: 'Société ou courtier de fonds communs de placement',
  },
  bank: { en: 'Bank', fr: 'Banque' },
  creditUnion: { en: 'Credit union or caisse', fr: 'Caisse ou coopérative de crédit' },
  trustCompany: { en: 'Trust company', fr: 'Société de fiducie' },
  insurer: { en: 'Insurance company', fr: 'Compagnie d’assurance' },
} as const satisfies Record<DeliveringInstitutionKind, { en: string; fr: string }>;

export interface DeliveringInstitution {
  /** A stable slug: what the lookup answers as `id` and a transfer keeps as `fromInstitutionId`. */
  id: string;
  nameEn: string;
  nameFr: string;
  kind: DeliveringInstitutionKind;
}

const institution = (
  id: string,
  nameEn: string,
  nameFr: string,
  kind: DeliveringInstitutionKind,
): DeliveringInstitution => ({ id, nameEn, nameFr, kind });

export const deliveringInstitutions: readonly DeliveringInstitution[] = [
  // Online brokerages of the banks and of Desjardins
  institution(
    'rbc-direct-investing',
    'RBC Direct Investing',
    'RBC Placements en Direct',
    'bankBrokerage',
  ),
  institution(
    'td-direct-investing',
    'TD Direct Investing',
    'Placements directs TD',
    'bankBrokerage',
  ),
  institution('bmo-investorline', 'BMO InvestorLine', 'BMO Ligne d’action', 'bankBrokerage'),
  institution(
    'cibc-investors-edge',
    'CIBC Investor’s Edge',
    'Pro-Investisseurs CIBC',
    'bankBrokerage',
  ),
  institution('scotia-itrade', 'Scotia iTRADE', 'Scotia iTRADE', 'bankBrokerage'),
  institution(
    'national-bank-direct-brokerage',
    'National Bank Direct Brokerage',
    'Banque Nationale Courtage direct',
    'bankBrokerage',
  ),
  institution(
    'desjardins-online-brokerage',
    'Desjardins Online Brokerage (Disnat)',
    'Desjardins Courtage en ligne (Disnat)',
    'bankBrokerage',
  ),
  institution(
    'laurentian-bank-discount-brokerage',
    'Laurentian Bank Discount Brokerage',
    'Courtage à escompte Banque Laurentienne',
    'bankBrokerage',
  ),
  // Independent online brokerages
  institution(
    'qtrade',
    'Qtrade Direct Investing',
    'Qtrade Investissement direct',
    'discountBroker',
  ),
  institution('questrade', 'Questrade', 'Questrade', 'discountBroker'),
  institution('wealthsimple', 'Wealthsimple', 'Wealthsimple', 'discountBroker'),
  institution(
    'interactive-brokers-canada',
    'Interactive Brokers Canada',
    'Interactive Brokers Canada',
    'discountBroker',
  ),
  institution(
    'moomoo-canada',
    'Moomoo Financial Canada',
    'Moomoo Financial Canada',
    'discountBroker',
  ),
  institution('webull-canada', 'Webull Canada', 'Webull Canada', 'discountBroker'),
  // Robo-advisors
  institution('justwealth', 'Justwealth', 'Justwealth', 'roboAdvisor'),
  institution('modernadvisor', 'ModernAdvisor', 'ModernAdvisor', 'roboAdvisor'),
  institution('ci-direct-investing', 'CI Direct Investing', 'CI Direct Investing', 'roboAdvisor'),
  institution('rbc-investease', 'RBC InvestEase', 'RBC InvestEase', 'roboAdvisor'),
  institution('bmo-smartfolio', 'BMO SmartFolio', 'BMO SmartFolio', 'roboAdvisor'),
  // Full-service investment dealers
  institution(
    'rbc-dominion-securities',
    'RBC Dominion Securities',
    'RBC Dominion valeurs mobilières',
    'fullServiceDealer',
  ),
  institution('cibc-wood-gundy', 'CIBC Wood Gundy', 'CIBC Wood Gundy', 'fullServiceDealer'),
  institution('scotiamcleod', 'ScotiaMcLeod', 'ScotiaMcLeod', 'fullServiceDealer'),
  institution(
    'td-wealth-private-investment-advice',
    'TD Wealth Private Investment Advice',
    'Gestion de patrimoine TD Conseils de placement privés',
    'fullServiceDealer',
  ),
  institution('bmo-nesbitt-burns', 'BMO Nesbitt Burns', 'BMO Nesbitt Burns', 'fullServiceDealer'),
  institution(
    'national-bank-financial',
    'National Bank Financial Wealth Management',
    'Financière Banque Nationale Gestion de patrimoine',
    'fullServiceDealer',
  ),
  institution(
    'desjardins-wealth-management-securities',
    'Desjardins Wealth Management Securities',
    'Desjardins Gestion de patrimoine Valeurs mobilières',
    'fullServiceDealer',
  ),
  institution('raymond-james', 'Raymond James Ltd.', 'Raymond James Ltée', 'fullServiceDealer'),
  institution('edward-jones', 'Edward Jones', 'Edward Jones', 'fullServiceDealer'),
  institution(
    'ia-private-wealth',
    'iA Private Wealth',
    'iA Gestion privée de patrimoine',
    'fullServiceDealer',
  ),
  institution(
    'manulife-wealth',
    'Manulife Wealth (formerly Manulife Securities)',
    'Gestion de patrimoine Manuvie (anciennement Valeurs mobilières Manuvie)',
    'fullServiceDealer',
  ),
  institution(
    'canaccord-genuity-wealth',
    'Canaccord Genuity Wealth Management',
    'Canaccord Genuity Gestion de patrimoine',
    'fullServiceDealer',
  ),
  institution(
    'richardson-wealth',
    'Richardson Wealth',
    'Richardson Gestion de patrimoine',
    'fullServiceDealer',
  ),
  institution(
    'wellington-altus',
    'Wellington-Altus Private Wealth',
    'Wellington-Altus Gestion privée de patrimoine',
    'fullServiceDealer',
  ),
  institution('ventum-financial', 'Ventum Financial', 'Ventum Financial', 'fullServiceDealer'),
  institution(
    'haywood-securities',
    'Haywood Securities',
    'Haywood Securities',
    'fullServiceDealer',
  ),
  institution('odlum-brown', 'Odlum Brown', 'Odlum Brown', 'fullServiceDealer'),
  institution(
    'laurentian-bank-securities',
    'Laurentian Bank Securities',
    'Valeurs mobilières Banque Laurentienne',
    'fullServiceDealer',
  ),
  institution('qtrade-advisor', 'Qtrade Advisor', 'Conseiller Qtrade', 'fullServiceDealer'),
  institution(
    'mandeville-private-client',
    'Mandeville Private Client',
    'Mandeville Private Client',
    'fullServiceDealer',
  ),
  // Mutual fund companies and mutual fund dealers
  institution(
    'fidelity-investments-canada',
    'Fidelity Investments Canada',
    'Placements Fidelity Canada',
    'mutualFundCompany',
  ),
  institution(
    'mackenzie-investments',
    'Mackenzie Investments',
    'Placements Mackenzie',
    'mutualFundCompany',
  ),
  institution(
    'rbc-global-asset-management',
    'RBC Global Asset Management (RBC Funds)',
    'RBC Gestion mondiale d’actifs (Fonds RBC)',
    'mutualFundCompany',
  ),
  institution(
    'td-asset-management',
    'TD Asset Management (TD Mutual Funds)',
    'Gestion de Placements TD (Fonds mutuels TD)',
    'mutualFundCompany',
  ),
  institution(
    'bmo-investments',
    'BMO Investments Inc. (BMO Mutual Funds)',
    'BMO Investissements Inc. (Fonds d’investissement BMO)',
    'mutualFundCompany',
  ),
  institution(
    'cibc-asset-management',
    'CIBC Asset Management',
    'Gestion d’actifs CIBC',
    'mutualFundCompany',
  ),
  institution('dynamic-funds', 'Dynamic Funds', 'Fonds Dynamique', 'mutualFundCompany'),
  institution(
    'ci-global-asset-management',
    'CI Global Asset Management',
    'CI Gestion mondiale d’actifs',
    'mutualFundCompany',
  ),
  institution('agf-investments', 'AGF Investments', 'Placements AGF', 'mutualFundCompany'),
  institution(
    'franklin-templeton-canada',
    'Franklin Templeton Canada',
    'Franklin Templeton Canada',
    'mutualFundCompany',
  ),
  institution('invesco-canada', 'Invesco Canada', 'Invesco Canada', 'mutualFundCompany'),
  institution(
    'manulife-investment-management',
    'Manulife Investment Management',
    'Gestion de placements Manuvie',
    'mutualFundCompany',
  ),
  institution(
    'desjardins-investments',
    'Desjardins Investments',
    'Desjardins Investissements',
    'mutualFundCompany',
  ),
  institution(
    'national-bank-investments',
    'National Bank Investments',
    'Banque Nationale Investissements',
    'mutualFundCompany',
  ),
  institution('nei-investments', 'NEI Investments', 'Placements NEI', 'mutualFundCompany'),
  institution(
    'ig-wealth-management',
    'IG Wealth Management',
    'IG Gestion de patrimoine',
    'mutualFundCompany',
  ),
  institution(
    'investia',
    'Investia Financial Services',
    'Services financiers Investia',
    'mutualFundCompany',
  ),
  institution(
    'assante-wealth-management',
    'Assante Wealth Management',
    'Assante Gestion de patrimoine',
    'mutualFundCompany',
  ),
  institution(
    'quadrus',
    'Quadrus Investment Services',
    'Services d’investissement Quadrus',
    'mutualFundCompany',
  ),
  institution(
    'peak-investment-services',
    'PEAK Investment Services',
    'Services en placements PEAK',
    'mutualFundCompany',
  ),
  institution('primerica', 'Primerica', 'Primerica', 'mutualFundCompany'),
  institution(
    'sun-life-global-investments',
    'Sun Life Global Investments',
    'Placements mondiaux Sun Life',
    'mutualFundCompany',
  ),
  institution(
    'tangerine-investment-funds',
    'Tangerine Investment Funds',
    'Fonds d’investissement Tangerine',
    'mutualFundCompany',
  ),
  institution(
    'mawer-investment-management',
    'Mawer Investment Management',
    'Mawer Investment Management',
    'mutualFundCompany',
  ),
  institution(
    'steadyhand',
    'Steadyhand Investment Funds',
    'Steadyhand Investment Funds',
    'mutualFundCompany',
  ),
  institution('beutel-goodman', 'Beutel Goodman', 'Beutel Goodman', 'mutualFundCompany'),
  institution(
    'leith-wheeler',
    'Leith Wheeler Investment Counsel',
    'Leith Wheeler Investment Counsel',
    'mutualFundCompany',
  ),
  institution('aviso-wealth', 'Aviso Wealth', 'Patrimoine Aviso', 'mutualFundCompany'),
  // Banks (savings accounts and GICs held in registered plans)
  institution('rbc-royal-bank', 'RBC Royal Bank', 'RBC Banque Royale', 'bank'),
  institution('td-canada-trust', 'TD Canada Trust', 'TD Canada Trust', 'bank'),
  institution('bmo-bank-of-montreal', 'BMO Bank of Montreal', 'BMO Banque de Montréal', 'bank'),
  institution('cibc', 'CIBC', 'CIBC', 'bank'),
  institution('scotiabank', 'Scotiabank', 'Banque Scotia', 'bank'),
  institution('national-bank', 'National Bank of Canada', 'Banque Nationale du Canada', 'bank'),
  institution(
    'laurentian-bank',
    'Laurentian Bank of Canada',
    'Banque Laurentienne du Canada',
    'bank',
  ),
  institution('tangerine', 'Tangerine Bank', 'Banque Tangerine', 'bank'),
  institution('simplii-financial', 'Simplii Financial', 'Simplii Financial', 'bank'),
  institution('eq-bank', 'EQ Bank', 'Banque EQ', 'bank'),
  institution('atb-financial', 'ATB Financial', 'ATB Financial', 'bank'),
  institution('manulife-bank', 'Manulife Bank of Canada', 'Banque Manuvie du Canada', 'bank'),
  institution('b2b-bank', 'B2B Bank', 'Banque B2B', 'bank'),
  // Credit unions and caisses
  institution('desjardins-caisses', 'Desjardins (caisses)', 'Desjardins (caisses)', 'creditUnion'),
  institution('vancity', 'Vancity', 'Vancity', 'creditUnion'),
  institution('meridian', 'Meridian Credit Union', 'Meridian Credit Union', 'creditUnion'),
  institution('coast-capital', 'Coast Capital Savings', 'Coast Capital Savings', 'creditUnion'),
  institution('servus', 'Servus Credit Union', 'Servus Credit Union', 'creditUnion'),
  institution('alterna-savings', 'Alterna Savings', 'Alterna Savings', 'creditUnion'),
  institution('first-west', 'First West Credit Union', 'First West Credit Union', 'creditUnion'),
  institution('conexus', 'Conexus Credit Union', 'Conexus Credit Union', 'creditUnion'),
  institution(
    'steinbach-credit-union',
    'Steinbach Credit Union',
    'Steinbach Credit Union',
    'creditUnion',
  ),
  institution(
    'affinity-credit-union',
    'Affinity Credit Union',
    'Affinity Credit Union',
    'creditUnion',
  ),
  institution(
    'uni-financial',
    'UNI Financial Cooperation',
    'UNI Coopération financière',
    'creditUnion',
  ),
  // Trust companies
  institution(
    'oaken-financial',
    'Oaken Financial (Home Trust)',
    'Oaken Financial (Home Trust)',
    'trustCompany',
  ),
  // Insurers (segregated funds and annuity savings plans)
  institution('sun-life', 'Sun Life', 'Sun Life', 'insurer'),
  institution('canada-life', 'Canada Life', 'Canada Vie', 'insurer'),
  institution('manulife', 'Manulife', 'Manuvie', 'insurer'),
  institution('ia-financial-group', 'iA Financial Group', 'iA Groupe financier', 'insurer'),
  institution('desjardins-insurance', 'Desjardins Insurance', 'Desjardins Assurances', 'insurer'),
  institution('empire-life', 'Empire Life', 'L’Empire Vie', 'insurer'),
  institution('rbc-insurance', 'RBC Insurance', 'RBC Assurances', 'insurer'),
  institution(
    'equitable-life',
    'Equitable Life of Canada',
    'Équitable, compagnie d’assurance vie du Canada',
    'insurer',
  ),
  institution('beneva', 'Beneva', 'Beneva', 'insurer'),
  institution('co-operators', 'Co-operators', 'Co-operators', 'insurer'),
  institution('bmo-insurance', 'BMO Insurance', 'BMO Assurance', 'insurer'),
];

const byId = new Map(deliveringInstitutions.map((entry) => [entry.id, entry]));

/** The institution of a lookup id, or undefined when the id is not one of the list's. */
export function deliveringInstitutionById(id: string): DeliveringInstitution | undefined {
  return byId.get(id);
}

/** The institution's name in a language: what the lookup answers as `description`. */
export function deliveringInstitutionName(
  entry: DeliveringInstitution,
  language: 'en' | 'fr',
): string {
  return language === 'fr' ? entry.nameFr : entry.nameEn;
}

/**
 * The name of the institution a transfer comes from, in a language, from its lookup id: the
 * server's answers and the screens (which re-derive it when the language changes) say the same.
 * An id the list no longer has is shown as it is.
 */
export function deliveringInstitutionNameOf(institutionId: string, language: 'en' | 'fr'): string {
  const entry = deliveringInstitutionById(institutionId);
  return entry ? deliveringInstitutionName(entry, language) : institutionId;
}

/**
 * A name or a query as the search compares them: upper-cased as the spec's lookup does (spec
 * section 5), without accents, apostrophes or periods (people type "investors edge" and
 * "Ltee"), with hyphens and runs of spaces made one space.
 */
export function searchKeyOf(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toUpperCase()
    .replace(/['’.]/gu, '')
    .replace(/[\s\u2010-\u2015-]+/gu, ' ')
    .trim();
}

const keys = deliveringInstitutions.map((entry) => ({
  entry,
  names: [searchKeyOf(entry.nameEn), searchKeyOf(entry.nameFr)],
}));

/** 0: a name starts with the query; 1: a word of a name does; 2: it is inside a name. */
function rankOf(names: readonly string[], query: string): number | undefined {
  if (names.some((name) => name.startsWith(query))) return 0;
  if (names.some((name) => name.includes(` ${query}`) || name.includes(`(${query}`))) return 1;
  if (names.some((name) => name.includes(query))) return 2;
  return undefined;
}

/**
 * The institution lookup (spec section 5): a blank query finds nothing (the web makes no call);
 * otherwise every institution with the query in its English or French name, ignoring case and
 * accents, names that start with it first, then those with a word that does, then the rest,
 * each group in alphabetical order; at most `limit`, itself at most the spec's 10.
 */
export function searchDeliveringInstitutions(
  query: string,
  limit: number = INSTITUTION_SEARCH_LIMIT,
): DeliveringInstitution[] {
  const key = searchKeyOf(query);
  const count = Math.max(0, Math.min(Math.trunc(limit), INSTITUTION_SEARCH_LIMIT));
  if (key === '' || count === 0) return [];
  return keys
    .flatMap(({ entry, names }) => {
      const rank = rankOf(names, key);
      return rank === undefined ? [] : [{ entry, rank, sortKey: names[0]! }];
    })
    .sort((a, b) => a.rank - b.rank || a.sortKey.localeCompare(b.sortKey))
    .slice(0, count)
    .map(({ entry }) => entry);
}

/** One row of the lookup's answer (spec section 3: id, description). */
export interface DeliveringInstitutionOption {
  id: string;
  description: string;
}

/** The lookup's answer in a language: the search, each institution by its name in it. */
export function lookupDeliveringInstitutions(
  query: string,
  language: 'en' | 'fr',
  limit: number = INSTITUTION_SEARCH_LIMIT,
): DeliveringInstitutionOption[] {
  return searchDeliveringInstitutions(query, limit).map((entry) => ({
    id: entry.id,
    description: deliveringInstitutionName(entry, language),
  }));
}
