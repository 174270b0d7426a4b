import type { Labels } from './define-enum.ts';

/** Spec section 3: account type ids. */
export const accountTypes = {
  uninitialized: -1,
  Cash: 1,
  Margin: 2,
  RSP: 3,
  TFSA: 4,
  RESP: 5,
  SPRSP: 6,
  LIRA: 7,
  RIF: 8,
  SPRIF: 9,
  LIF: 10,
  RLIF: 11,
  PRIF: 12,
  DAP: 13,
  GROUP_RSP: 14,
  GROUP_SP_RSP: 15,
  RLSP: 16,
  FHSA: 17,
} as const;
export type AccountTypeId = (typeof accountTypes)[keyof typeof accountTypes];

/**
 * The funds that pay out (RIF, SPRIF, LIF, RLIF, PRIF): each has its payments set up, and only
 * an application opening one has payments to ask about (`rifFunding`).
 */
export const incomeFundAccountTypes: ReadonlySet<number> = new Set([
  accountTypes.RIF,
  accountTypes.SPRIF,
  accountTypes.LIF,
  accountTypes.RLIF,
  accountTypes.PRIF,
]);

export const accountTypeLabels = {
  uninitialized: { en: 'Not chosen', fr: 'Non choisi' },
  Cash: { en: 'Cash account', fr: 'Compte au comptant' },
  Margin: { en: 'Margin account', fr: 'Compte sur marge' },
  RSP: {
    en: 'Registered Retirement Savings Plan (RRSP)',
    fr: "Régime enregistré d'épargne-retraite (REER)",
  },
  TFSA: { en: 'Tax-Free Savings Account (TFSA)', fr: "Compte d'épargne libre d'impôt (CELI)" },
  RESP: {
    en: 'Registered Education Savings Plan (RESP)',
    fr: "Régime enregistré d'épargne-études (REEE)",
  },
  SPRSP: { en: 'Spousal RRSP', fr: 'REER de conjoint' },
  LIRA: { en: 'Locked-In Retirement Account (LIRA)', fr: 'Compte de retraite immobilisé (CRI)' },
  RIF: {
    en: 'Registered Retirement Income Fund (RRIF)',
    fr: 'Fonds enregistré de revenu de retraite (FERR)',
  },
  SPRIF: { en: 'Spousal RRIF', fr: 'FERR de conjoint' },
  LIF: { en: 'Life Income Fund (LIF)', fr: 'Fonds de revenu viager (FRV)' },
  RLIF: {
    en: 'Restricted Life Income Fund (RLIF)',
    fr: 'Fonds de revenu viager restreint (FRVR)',
  },
  PRIF: {
    en: 'Prescribed Retirement Income Fund (PRIF)',
    fr: 'Fonds de revenu de retraite prescrit (FRRP)',
  },
  DAP: { en: 'Delivery against payment (DAP) account', fr: 'Compte livraison contre paiement' },
  GROUP_RSP: { en: 'Group RRSP', fr: 'REER collectif' },
  GROUP_SP_RSP: { en: 'Group spousal RRSP', fr: 'REER de conjoint collectif' },
  RLSP: {
    en: 'Restricted Locked-In Savings Plan (RLSP)',
    fr: "Régime d'épargne immobilisé restreint (REIR)",
  },
  FHSA: {
    en: 'First Home Savings Account (FHSA)',
    fr: "Compte d'épargne libre d'impôt pour l'achat d'une première propriété (CELIAPP)",
  },
} as const satisfies Labels<typeof accountTypes>;

/** Non-registered accounts; every other chosen type is a registered plan (spec section 5 rule). */
const nonRegisteredTypeIds: readonly AccountTypeId[] = [
  accountTypes.Cash,
  accountTypes.Margin,
  accountTypes.DAP,
];

export function isRegisteredAccountType(id: AccountTypeId): boolean {
  return id !== accountTypes.uninitialized && !nonRegisteredTypeIds.includes(id);
}

/**
 * Whether two people may hold an account of this type together. Canadian law decides, not the
 * spec's list of joint variants (ADR 0014): a registered plan is held by one individual (the
 * holder of a TFSA or FHSA, the annuitant of an RRSP, RRIF or locked-in plan, group plans
 * included); only the RESP accepts joint subscribers, who must be spouses or common-law
 * partners. Non-registered accounts (cash, margin, DAP) may be held jointly.
 */
export function canBeHeldJointly(id: AccountTypeId): boolean {
  return !isRegisteredAccountType(id) || id === accountTypes.RESP;
}

export type Currency = 'CAD' | 'USD';

export interface NamedAccountType {
  /** The base account type id it opens. */
  typeId: AccountTypeId;
  currency: Currency;
  registered: boolean;
  /** Whether a joint application may open it (`canBeHeldJointly`): non-registered, or RESP. */
  jointVariant: boolean;
}

const named = (typeId: AccountTypeId, currency: Currency): NamedAccountType => ({
  typeId,
  currency,
  registered: isRegisteredAccountType(typeId),
  jointVariant: canBeHeldJointly(typeId),
});

/**
 * Account types by name (spec section 3), including the US-dollar variants and the short,
 * RESP individual/family and locked-in variants. The spec lists joint variants for most; by
 * law only non-registered accounts and the RESP can be held jointly (`canBeHeldJointly`).
 */
export const namedAccountTypes = {
  cash: named(accountTypes.Cash, 'CAD'),
  margin: named(accountTypes.Margin, 'CAD'),
  short: named(accountTypes.Margin, 'CAD'),
  dap: named(accountTypes.DAP, 'CAD'),
  rrsp: named(accountTypes.RSP, 'CAD'),
  spousalRrsp: named(accountTypes.SPRSP, 'CAD'),
  tfsa: named(accountTypes.TFSA, 'CAD'),
  fhsa: named(accountTypes.FHSA, 'CAD'),
  respi: named(accountTypes.RESP, 'CAD'),
  respf: named(accountTypes.RESP, 'CAD'),
  rrif: named(accountTypes.RIF, 'CAD'),
  spousalRrif: named(accountTypes.SPRIF, 'CAD'),
  lira: named(accountTypes.LIRA, 'CAD'),
  liraLrsp: named(accountTypes.LIRA, 'CAD'),
  lif: named(accountTypes.LIF, 'CAD'),
  lifLrif: named(accountTypes.LIF, 'CAD'),
  rlif: named(accountTypes.RLIF, 'CAD'),
  prif: named(accountTypes.PRIF, 'CAD'),
  rlsp: named(accountTypes.RLSP, 'CAD'),
  usCash: named(accountTypes.Cash, 'USD'),
  usDAP: named(accountTypes.DAP, 'USD'),
  usMargin: named(accountTypes.Margin, 'USD'),
  usShort: named(accountTypes.Margin, 'USD'),
  usRrsp: named(accountTypes.RSP, 'USD'),
  usRrif: named(accountTypes.RIF, 'USD'),
  usTfsa: named(accountTypes.TFSA, 'USD'),
  usFhsa: named(accountTypes.FHSA, 'USD'),
  usSpousalRrsp: named(accountTypes.SPRSP, 'USD'),
  usSpousalRrif: named(accountTypes.SPRIF, 'USD'),
} as const satisfies Record<string, NamedAccountType>;
export type NamedAccountTypeName = keyof typeof namedAccountTypes;

/** Account types of the document archive (spec section 3), which also names lif and lrif. */
export const documentArchiveAccountTypes = [
  'cash',
  'margin',
  'rrsp',
  'spousalRrsp',
  'tfsa',
  'fhsa',
  'resp',
  'rrif',
  'spousalRrif',
  'lira',
  'lif',
  'lrif',
  'rlif',
  'prif',
  'rlsp',
] as const;

/** What the screens call each account by name, in both languages. */
export const namedAccountTypeLabels = {
  cash: { en: 'Cash account', fr: 'Compte au comptant' },
  margin: { en: 'Margin account', fr: 'Compte sur marge' },
  short: { en: 'Short account', fr: 'Compte à découvert' },
  dap: {
    en: 'Delivery against payment (DAP) account',
    fr: 'Compte livraison contre paiement (LCP)',
  },
  rrsp: { en: 'RRSP', fr: 'REER' },
  spousalRrsp: { en: 'Spousal RRSP', fr: 'REER de conjoint' },
  tfsa: { en: 'TFSA', fr: 'CELI' },
  fhsa: { en: 'FHSA', fr: 'CELIAPP' },
  respi: { en: 'Individual RESP', fr: 'REEE individuel' },
  respf: { en: 'Family RESP', fr: 'REEE familial' },
  rrif: { en: 'RRIF', fr: 'FERR' },
  spousalRrif: { en: 'Spousal RRIF', fr: 'FERR de conjoint' },
  lira: { en: 'LIRA', fr: 'CRI' },
  // Federal pension law's French names: the LRSP is a "régime d'épargne-retraite immobilisé"
  // (RERI); "REIR" is the restricted locked-in savings plan (RLSP) below.
  liraLrsp: { en: 'Locked-in RRSP (LRSP)', fr: 'REER immobilisé (RERI)' },
  lif: { en: 'LIF', fr: 'FRV' },
  lifLrif: { en: 'Locked-in RIF (LRIF)', fr: 'FRRI' },
  rlif: { en: 'Restricted LIF (RLIF)', fr: 'FRV restreint (FRVR)' },
  prif: { en: 'Prescribed RIF (PRIF)', fr: 'FRRP' },
  rlsp: {
    en: 'Restricted locked-in savings plan (RLSP)',
    fr: "Régime d'épargne immobilisé restreint (REIR)",
  },
  usCash: { en: 'Cash account (USD)', fr: 'Compte au comptant ($ US)' },
  usDAP: { en: 'DAP account (USD)', fr: 'Compte LCP ($ US)' },
  usMargin: { en: 'Margin account (USD)', fr: 'Compte sur marge ($ US)' },
  usShort: { en: 'Short account (USD)', fr: 'Compte à découvert ($ US)' },
  usRrsp: { en: 'RRSP (USD)', fr: 'REER ($ US)' },
  usRrif: { en: 'RRIF (USD)', fr: 'FERR ($ US)' },
  usTfsa: { en: 'TFSA (USD)', fr: 'CELI ($ US)' },
  usFhsa: { en: 'FHSA (USD)', fr: 'CELIAPP ($ US)' },
  usSpousalRrsp: { en: 'Spousal RRSP (USD)', fr: 'REER de conjoint ($ US)' },
  usSpousalRrif: { en: 'Spousal RRIF (USD)', fr: 'FERR de conjoint ($ US)' },
} as const satisfies Record<NamedAccountTypeName, { en: string; fr: string }>;

/** The U.S.-dollar twin of a Canadian-dollar account, where one exists. */
export function usdTwinOf(name: NamedAccountTypeName): NamedAccountTypeName | undefined {
  const account = namedAccountTypes[name];
  if (account.currency !== 'CAD') return undefined;
  const twin = `us${name.charAt(0).toUpperCase()}${name.slice(1)}`;
  const dap = name === 'dap' ? 'usDAP' : undefined;
  const candidate = (dap ?? twin) as NamedAccountTypeName;
  return candidate in namedAccountTypes ? candidate : undefined;
}
