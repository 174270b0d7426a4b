import { countries, countryLabels, PROVINCE_STATE_PARENTS } from '@portal/domain/enums/countries';
import { provinceLabels, provinces } from '@portal/domain/enums/provinces';
import type { FeatureFlagValues } from '@portal/domain/flags';
import type { ReferenceListName, ReferenceValue } from '../lib/reference-lists.ts';

/**
 * The sample data of the in-memory mode (spec section 7: "In an in-memory mode, sample data
 * replaces the calls"): one applicant, already signed in, and short reference lists whose ids are
 * the server's seeded ids, so every answer the journey saves is one the server would accept too.
 */

export interface SampleUser {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  language: 'en' | 'fr';
}

export const sampleApplicant: SampleUser = {
  id: '6f1c1a52-7d1e-4f57-9a0a-2f3f5d9b1c01',
  firstName: 'Alex',
  lastName: 'Martin',
  email: 'alex.martin@example.com',
  language: 'en',
};

/** The demo environment's flags (apps/server/flags/demo.json): identity is not asked for. */
export const sampleFlags: { environment: 'demo'; flags: FeatureFlagValues } = {
  environment: 'demo',
  flags: {
    'bypass-qualId': true,
    'rrif-funding-enabled': false,
    'disable-w9-esign-enabled': true,
    'demo-auth-codes': true,
  },
};

const canadianProvinces: ReferenceValue[] = (
  Object.keys(provinces) as (keyof typeof provinces)[]
).map((code) => ({
  id: provinces[code],
  description: provinceLabels[code].en,
  descriptionFr: provinceLabels[code].fr,
  parentId: PROVINCE_STATE_PARENTS.Canada,
}));

/** A few states (the server seeds all 50 and DC, ids 20-70 by English name). */
const usStates: ReferenceValue[] = [
  { id: 24, description: 'California', descriptionFr: 'Californie', parentId: countries.USA },
  { id: 52, description: 'New York', descriptionFr: 'New York', parentId: countries.USA },
  { id: 63, description: 'Texas', descriptionFr: 'Texas', parentId: countries.USA },
];

/** Canada and the USA first, a few others by their ISO numeric code, Other last (ADR 0002). */
const sampleCountries: ReferenceValue[] = [
  {
    id: countries.Canada,
    description: countryLabels.Canada.en,
    descriptionFr: countryLabels.Canada.fr,
  },
  { id: countries.USA, description: countryLabels.USA.en, descriptionFr: countryLabels.USA.fr },
  { id: 250, description: 'France', descriptionFr: 'France' },
  { id: 484, description: 'Mexico', descriptionFr: 'Mexique' },
  { id: 826, description: 'United Kingdom', descriptionFr: 'Royaume-Uni' },
  {
    id: countries.Other,
    description: countryLabels.Other.en,
    descriptionFr: countryLabels.Other.fr,
  },
];

/** A few of the plain-words occupations (the server seeds about a hundred, ids from 1001). */
const occupationTypes: ReferenceValue[] = [
  { id: 1001, description: 'Accountant', descriptionFr: 'Comptable' },
  { id: 1004, description: 'Architect', descriptionFr: 'Architecte' },
  { id: 1007, description: 'Bank employee', descriptionFr: 'Employé ou employée de banque' },
  { id: 1008, description: 'Bookkeeper', descriptionFr: 'Teneur ou teneuse de livres' },
  { id: 1031, description: 'Financial analyst', descriptionFr: 'Analyste financier ou financière' },
];

/** A few of the NAICS sectors the server seeds (the id is the sector code). */
const businessTypes: ReferenceValue[] = [
  { id: 23, description: 'Construction', descriptionFr: 'Construction' },
  { id: 44, description: 'Retail trade', descriptionFr: 'Commerce de détail' },
  {
    id: 52,
    description: 'Finance and insurance',
    descriptionFr: 'Finance et assurances',
  },
  {
    id: 54,
    description: 'Professional, scientific and technical services',
    descriptionFr: 'Services professionnels, scientifiques et techniques',
  },
];

const iirocDealers: ReferenceValue[] = [
  { id: 2, description: 'BMO Nesbitt Burns Inc.', descriptionFr: 'BMO Nesbitt Burns Inc.' },
  { id: 5, description: 'CIBC World Markets Inc.', descriptionFr: 'Marchés mondiaux CIBC inc.' },
];

export const sampleReferences: Readonly<Record<ReferenceListName, readonly ReferenceValue[]>> = {
  provinceStates: [...canadianProvinces, ...usStates],
  countries: sampleCountries,
  citizenships: sampleCountries,
  occupationTypes,
  businessTypes,
  iirocDealers,
};

/** The addresses the in-memory address lookup finds (the sandbox provider's first two). */
export const sampleAddresses = [
  {
    id: 'in-memory-ottawa',
    text: '327 Bank St',
    description: 'Ottawa, Ontario, K1S 8H4',
    address: {
      streetNumber: '327',
      streetName: 'Bank St',
      city: 'Ottawa',
      provinceId: provinces.ON,
      postalCode: 'K1S 8H4',
      countryId: countries.Canada,
    },
  },
  {
    id: 'in-memory-montreal',
    text: '1090 rue Saint-Denis',
    description: 'Montréal, Québec, H3A 2Y4',
    address: {
      streetNumber: '1090',
      streetName: 'rue Saint-Denis',
      city: 'Montréal',
      provinceId: provinces.QC,
      postalCode: 'H3A 2Y4',
      countryId: countries.Canada,
    },
  },
] as const;
