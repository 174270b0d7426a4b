import { provinces } from '@portal/domain';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startCanadaPostFake, type CanadaPostFake } from '../../test/vendors/canada-post-fake.ts';
import { AddressLookupUnavailable } from './address-lookup-provider.ts';
import { addressOf, createCanadaPostAddressLookup } from './canada-post-address-lookup.ts';

const en = { languageCode: 'en' as const, limit: 8 };
const fr = { languageCode: 'fr' as const, limit: 8 };

describe('Canada Post AddressComplete (Find v2.10, Retrieve v2.11) against its documented answers', () => {
  let fake: CanadaPostFake;
  const lookup = () =>
    createCanadaPostAddressLookup({ key: fake.key, baseUrl: fake.url, timeoutMs: 2000 });
  beforeAll(async () => {
    fake = await startCanadaPostFake();
  });
  afterAll(() => fake.close());
  afterEach(() => {
    fake.calls.length = 0;
    fake.failWith(null);
    fake.failNext(0);
  });

  it("finds the documentation's example with the documented parameters, its id holding vertical bars", async () => {
    expect(await lookup().find('2701 ri', en)).toEqual([
      { id: 'CA|CP|B|10082936', text: '2701 Riverside Dr', description: 'Ottawa, ON, K1V 1H8' },
    ]);
    expect(fake.calls).toEqual([
      {
        service: 'Find',
        query: {
          Key: '***',
          SearchTerm: '2701 ri',
          Country: 'CAN',
          LanguagePreference: 'en',
          MaxSuggestions: '8',
        },
      },
    ]);
  });

  it('opens a container (Next "Find") with a second Find on its id, in French, within the limit', async () => {
    const found = await lookup().find('saint-denis', { languageCode: 'fr', limit: 3 });
    expect(found.map((suggestion) => suggestion.text)).toEqual([
      '1200 Rue Saint-Denis',
      '402-1200 Rue Saint-Denis',
      '4515 Rue Saint-Denis',
    ]);
    expect(found.every((suggestion) => !suggestion.id.includes('ENG|QC'))).toBe(true);
    expect(fake.calls.map((call) => call.query.LastId)).toEqual([
      undefined,
      'CA|CP|ENG|QC-MONTREAL-RUE_SAINT_DENIS',
    ]);
    expect(fake.calls.every((call) => call.query.LanguagePreference === 'fr')).toBe(true);

    // With room left, the addresses after the container follow its contents.
    const all = await lookup().find('saint-denis', fr);
    expect(all.map((suggestion) => suggestion.description)).toEqual([
      'Montréal, QC, H2X 3J6',
      'Montréal, QC, H2X 3J6',
      'Montréal, QC, H2J 2L4',
      'Saint-Jérôme, QC, J7Z 4L6',
    ]);
  });

  it("retrieves the address in the person's language, suite apart, in one billed call", async () => {
    const common = {
      suite: '402',
      streetNumber: '1200',
      provinceId: provinces.QC,
      postalCode: 'H2X 3J6',
      countryId: 1,
    };
    expect(await lookup().retrieve('CA|CP|B|20481105', { languageCode: 'fr' })).toEqual({
      ...common,
      streetName: 'Rue Saint-Denis',
      city: 'Montréal',
    });
    expect(await lookup().retrieve('CA|CP|B|20481105', { languageCode: 'en' })).toEqual({
      ...common,
      streetName: 'Saint-Denis St',
      city: 'Montreal',
    });
    expect(fake.calls.filter((call) => call.service === 'Retrieve')).toHaveLength(2);
  });

  it('answers null for an id the service calls invalid (its error 1001), and no suggestion for a blank search', async () => {
    expect(await lookup().retrieve('CA|CP|B|0', en)).toBeNull();
    expect(await lookup().find('   ', en)).toEqual([]);
    expect(fake.calls.filter((call) => call.service === 'Find')).toHaveLength(0);
  });

  it('reports a refused key or a spent daily limit (HTTP 200 with an error table) as unavailable, naming the code, never the key', async () => {
    const wrongKey = createCanadaPostAddressLookup({
      key: 'ZZ99-ZZ99-ZZ99-ZZ99',
      baseUrl: fake.url,
      timeoutMs: 2000,
    });
    const refused = await wrongKey.find('2701 ri', en).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AddressLookupUnavailable);
    expect((refused as Error).message).toBe('error 2');

    fake.failWith('dailyLimit');
    const spent = await lookup()
      .retrieve('CA|CP|B|10082936', en)
      .catch((error: unknown) => error);
    expect((spent as Error).message).toBe('error 8');
    expect(String(spent)).not.toContain(fake.key);
  });

  it('asks once more after an outage (HTTP 503), and gives up after a second', async () => {
    fake.failNext(1);
    expect(await lookup().find('2701 ri', en)).toHaveLength(1);
    expect(fake.calls).toHaveLength(2);

    fake.failNext(2);
    await expect(lookup().find('2701 ri', en)).rejects.toThrow(AddressLookupUnavailable);
  });

  it('gives up on a vendor that does not answer in time, without waiting on it', async () => {
    const silent = createCanadaPostAddressLookup({
      key: 'k',
      baseUrl: 'https://addresscomplete.invalid',
      timeoutMs: 100,
      // Never answers: only the timeout's abort ends the call.
      fetch: (_url, init) =>
        new Promise<Response>((_resolve, reject) =>
          init?.signal?.addEventListener('abort', () => reject(init.signal?.reason)),
        ),
    });
    const failure = await silent.find('2701 ri', en).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(AddressLookupUnavailable);
    expect((failure as Error).message).toBe('TimeoutError');
  });

  it('keeps to the documented parameters: the stand-in refuses a request outside them', async () => {
    const drifting = createCanadaPostAddressLookup({
      key: fake.key,
      baseUrl: fake.url,
      timeoutMs: 2000,
      // An adapter that renamed a parameter (SearchTerm as Search) leaves the contract.
      fetch: (url, init) => fetch(String(url).replace('SearchTerm=', 'Search='), init),
    });
    await expect(drifting.find('2701 ri', en)).rejects.toThrow('HTTP 400');
  });
});

describe('a Retrieve row as a spec address', () => {
  const row = {
    Id: 'CA|CP|B|1',
    Language: 'ENG',
    BuildingNumber: '2701',
    Street: 'Riverside Dr',
    City: 'Ottawa',
    ProvinceCode: 'ON',
    PostalCode: 'k1v 1h8',
    CountryIso2: 'CA',
  };

  it('upper-cases the postal code and leaves out an empty suite', () => {
    expect(addressOf({ ...row, SubBuilding: '' })).toEqual({
      streetNumber: '2701',
      streetName: 'Riverside Dr',
      city: 'Ottawa',
      provinceId: provinces.ON,
      postalCode: 'K1V 1H8',
      countryId: 1,
    });
  });

  it('refuses an address outside Canada or without a province, street, city or postal code', () => {
    expect(addressOf({ ...row, CountryIso2: 'US', ProvinceCode: 'NY' })).toBeNull();
    expect(addressOf({ ...row, ProvinceCode: 'XX' })).toBeNull();
    expect(addressOf({ ...row, Street: ' ' })).toBeNull();
    expect(addressOf({ ...row, City: '' })).toBeNull();
    expect(addressOf({ ...row, PostalCode: undefined })).toBeNull();
  });
});
