import { postalCodePrefixes, provinces, type ProvinceCode } from '@portal/domain';
import { describe, expect, it, vi } from 'vitest';
import { createAddressLookupProvider } from './address-lookup-providers.ts';
import { createSandboxAddressLookup, searchTokens, streetLine } from './sandbox-address-lookup.ts';
import { sandboxAddresses } from './sandbox-addresses.ts';

const lookup = createSandboxAddressLookup();
const en = { languageCode: 'en' as const, limit: 8 };
const fr = { languageCode: 'fr' as const, limit: 8 };
const codeOf = (provinceId: number) =>
  (Object.keys(provinces) as ProvinceCode[]).find((code) => provinces[code] === provinceId);

describe('the sandbox address index', () => {
  it('holds a few hundred addresses in all 13 provinces and territories', () => {
    expect(sandboxAddresses.length).toBeGreaterThanOrEqual(300);
    expect(sandboxAddresses.length).toBeLessThanOrEqual(1000);
    const seen = new Set(sandboxAddresses.map((address) => address.provinceId));
    expect([...seen].sort((a, b) => a - b)).toEqual(Object.values(provinces).sort((a, b) => a - b));
  });

  it('gives every address a well-formed postal code of its province', () => {
    for (const address of sandboxAddresses) {
      expect(address.postalCode).toMatch(
        /^[ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z] \d[ABCEGHJ-NPRSTV-Z]\d$/,
      );
      const code = codeOf(address.provinceId);
      expect(code).toBe(address.province);
      const prefixes: readonly string[] = postalCodePrefixes[address.province];
      expect(prefixes, `${address.id} ${address.postalCode}`).toContain(address.postalCode[0]);
      expect(address.countryId).toBe(1);
    }
  });

  it('has unique ids, French street types in Quebec and some apartment suites', () => {
    expect(new Set(sandboxAddresses.map((address) => address.id)).size).toBe(
      sandboxAddresses.length,
    );
    const quebec = sandboxAddresses.filter((address) => address.province === 'QC');
    expect(
      quebec.every((address) =>
        /^(rue|boulevard|avenue|chemin|promenade|côte|Grande) /.test(address.streetName),
      ),
    ).toBe(true);
    expect(sandboxAddresses.filter((address) => address.suite).length).toBeGreaterThan(20);
  });

  it('is the same on every start (ids stay valid across instances)', async () => {
    vi.resetModules();
    const again = await import('./sandbox-addresses.ts');
    expect(again.sandboxAddresses).not.toBe(sandboxAddresses);
    expect(again.sandboxAddresses).toEqual(sandboxAddresses);
  });
});

describe('the sandbox address look-up', () => {
  it('finds Quebec streets for "rue", accents and case ignored', async () => {
    const found = await lookup.find('rue', en);
    expect(found.length).toBe(8);
    for (const suggestion of found) {
      const address = await lookup.retrieve(suggestion.id, en);
      expect(address?.streetName).toMatch(/^rue /);
    }
    const montreal = await lookup.find('rue st denis MONTREAL', fr);
    expect(montreal.length).toBeGreaterThan(0);
    for (const suggestion of montreal) {
      expect(suggestion.text).toMatch(/rue Saint-Denis$/);
      expect(suggestion.description).toMatch(/^Montréal, Québec, H\d[A-Z] \d[A-Z]\d$/);
    }
  });

  it('names the province in the language asked for', async () => {
    const [inEnglish] = await lookup.find('Côte-des-Neiges', en);
    const [inFrench] = await lookup.find('Côte-des-Neiges', fr);
    expect(inEnglish?.description).toMatch(/, Quebec, /);
    expect(inFrench?.description).toMatch(/, Québec, /);
    expect(inFrench?.id).toBe(inEnglish?.id);
  });

  it('matches a number, a street and a city together, or a postal code', async () => {
    const someone = sandboxAddresses.find(
      (address) => address.city === 'Halifax' && !address.suite,
    );
    if (!someone) throw new Error('no Halifax address');
    const [first] = await lookup.find(`${someone.streetNumber} ${someone.streetName} halifax`, en);
    expect(first?.id).toBe(someone.id);
    const byPostal = await lookup.find(someone.postalCode.replace(' ', '').toLowerCase(), en);
    expect(byPostal.map((suggestion) => suggestion.id)).toContain(someone.id);
  });

  it('writes a suite before the number, as Canada Post does', async () => {
    const withSuite = sandboxAddresses.find((address) => address.suite);
    if (!withSuite) throw new Error('no suite');
    expect(streetLine(withSuite)).toBe(
      `${withSuite.suite}-${withSuite.streetNumber} ${withSuite.streetName}`,
    );
    expect(await lookup.retrieve(withSuite.id, en)).toEqual({
      suite: withSuite.suite,
      streetNumber: withSuite.streetNumber,
      streetName: withSuite.streetName,
      city: withSuite.city,
      provinceId: withSuite.provinceId,
      postalCode: withSuite.postalCode,
      countryId: 1,
    });
  });

  it('answers nothing for a blank query or no match, and null for an unknown id', async () => {
    expect(await lookup.find('   ', en)).toEqual([]);
    expect(await lookup.find('zzzzqx', en)).toEqual([]);
    expect(await lookup.find('rue', { ...en, limit: 3 })).toHaveLength(3);
    expect(await lookup.retrieve('sbx-qc-9999', en)).toBeNull();
  });

  it('splits searches into plain lower-case words', () => {
    expect(searchTokens("Chemin de la Côte-des-Neiges, O'Connell")).toEqual([
      'chemin',
      'de',
      'la',
      'cote',
      'des',
      'neiges',
      'o',
      'connell',
    ]);
  });

  it('is what ADDRESS_LOOKUP_PROVIDER=sandbox chooses', () => {
    expect(createAddressLookupProvider({ provider: 'sandbox' }).name).toBe('sandbox');
    expect(createAddressLookupProvider().name).toBe('sandbox');
  });
});
