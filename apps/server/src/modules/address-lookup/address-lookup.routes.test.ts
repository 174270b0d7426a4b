import { postalCodePrefixes, provinces, type ProvinceCode } from '@portal/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema.ts';
import { createTestApp, createTwoInstances, type TestApp } from '../../test/test-app.ts';
import { bearer, signedInUser, type TestUser } from '../../test/users.ts';
import { issueLookupKey, LOOKUP_KEY_TTL_MS } from './address-lookup.service.ts';

const BASE = '/service/jaxrs/addressLookup';

interface Suggestion {
  id: string;
  text: string;
  description: string;
}

describe('/service/jaxrs/addressLookup (spec section 7: GET {address-lookup})', () => {
  let test: TestApp;
  let alice: TestUser;
  let bob: TestUser;
  beforeAll(async () => {
    test = await createTestApp();
    alice = await signedInUser(test.app, 'alice');
    bob = await signedInUser(test.app, 'bob');
  });
  afterAll(() => test.close());

  const keyFor = async (user: TestUser) => {
    const response = await test.app.inject({ url: `${BASE}/key`, headers: bearer(user.token) });
    expect(response.statusCode).toBe(200);
    return response.json<{ key: string; expiresAt: string }>();
  };
  const find = (token: string, query: Record<string, string>) =>
    test.app.inject({
      url: `${BASE}/find?${new URLSearchParams(query).toString()}`,
      headers: bearer(token),
    });
  const retrieve = (token: string, id: string, key: string) =>
    test.app.inject({
      url: `${BASE}/retrieve/${encodeURIComponent(id)}?key=${encodeURIComponent(key)}`,
      headers: bearer(token),
    });

  it('GET key answers a short-lived key, never cached', async () => {
    const before = Date.now();
    const response = await test.app.inject({ url: `${BASE}/key`, headers: bearer(alice.token) });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    const { key, expiresAt } = response.json<{ key: string; expiresAt: string }>();
    expect(key).toMatch(/^\d+\.[\w-]+\.[\w-]+$/);
    const lifetime = Date.parse(expiresAt) - before;
    expect(lifetime).toBeGreaterThan(LOOKUP_KEY_TTL_MS - 2000);
    expect(lifetime).toBeLessThanOrEqual(LOOKUP_KEY_TTL_MS);
    // Each key is new: nothing about the caller can be read or replayed from an old one.
    expect((await keyFor(alice)).key).not.toBe(key);
  });

  it('finds Quebec addresses for "rue", at most 8, in the language asked for', async () => {
    const { key } = await keyFor(alice);
    const response = await find(alice.token, { key, q: 'rue', lang: 'fr' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    const suggestions = response.json<Suggestion[]>();
    expect(suggestions).toHaveLength(8);
    for (const suggestion of suggestions) {
      expect(suggestion.text).toMatch(/ rue /);
      expect(suggestion.description).toMatch(
        /, (Québec|Nouveau-Brunswick), [A-Z]\d[A-Z] \d[A-Z]\d$/,
      );
    }
    expect(suggestions.some((suggestion) => /, Québec, /.test(suggestion.description))).toBe(true);

    const english = await find(alice.token, { key, q: 'rue saint-denis', lang: 'en-CA' });
    expect(english.json<Suggestion[]>()[0]?.description).toMatch(/^Montréal, Quebec, H/);
  });

  it('answers an empty list to a blank search', async () => {
    const { key } = await keyFor(alice);
    for (const q of ['', '   ']) {
      const response = await find(alice.token, { key, q });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual([]);
    }
    expect((await find(alice.token, { key })).json()).toEqual([]);
  });

  it('retrieves a full address whose postal code belongs to its province', async () => {
    const { key } = await keyFor(alice);
    for (const q of [
      'rue',
      'Portage Winnipeg',
      'Water St',
      'Iqaluit',
      'Yellowknife',
      'Whitehorse',
    ]) {
      const [first] = (await find(alice.token, { key, q })).json<Suggestion[]>();
      if (!first) throw new Error(`nothing found for ${q}`);
      const response = await retrieve(alice.token, first.id, key);
      expect(response.statusCode).toBe(200);
      const address = response.json<{
        suite?: string;
        streetNumber: string;
        streetName: string;
        city: string;
        provinceId: number;
        postalCode: string;
        countryId: number;
      }>();
      expect(address).toEqual({
        ...(address.suite ? { suite: expect.any(String) } : {}),
        streetNumber: expect.stringMatching(/^\d+$/),
        streetName: expect.any(String),
        city: expect.any(String),
        provinceId: expect.any(Number),
        postalCode: expect.stringMatching(/^[A-Z]\d[A-Z] \d[A-Z]\d$/),
        countryId: 1,
      });
      const province = (Object.keys(provinces) as ProvinceCode[]).find(
        (code) => provinces[code] === address.provinceId,
      );
      if (!province) throw new Error(`unknown province ${address.provinceId}`);
      const prefixes: readonly string[] = postalCodePrefixes[province];
      expect(prefixes).toContain(address.postalCode[0]);
      expect(first.text).toContain(`${address.streetNumber} ${address.streetName}`);
    }
  });

  it('answers 404 addressNotFound for an id the vendor does not know, 400 for no id at all', async () => {
    const { key } = await keyFor(alice);
    const response = await retrieve(alice.token, 'sbx-zz-0001', key);
    expect(response.statusCode).toBe(404);
    expect(response.json().errorCode).toBe('addressNotFound');
    expect((await retrieve(alice.token, 'not/an/id', key)).statusCode).toBe(400);
  });

  it('needs the bearer token on every call', async () => {
    const { key } = await keyFor(alice);
    for (const url of [
      `${BASE}/key`,
      `${BASE}/find?key=${key}&q=rue`,
      `${BASE}/retrieve/sbx-qc-0001?key=${key}`,
    ]) {
      const response = await test.app.inject({ url });
      expect(response.statusCode, url).toBe(401);
      expect(response.json().errorCode).toBe('signInRequired');
    }
  });

  it("answers 401 lookupKeyInvalid to a missing, altered, expired or another person's key", async () => {
    const { key } = await keyFor(alice);
    const [expiry, nonce, mac] = key.split('.') as [string, string, string];
    const altered = [
      `${Number(expiry) + 3600}.${nonce}.${mac}`,
      `${expiry}.${nonce.replace(/^./, (c) => (c === 'A' ? 'B' : 'A'))}.${mac}`,
      `${expiry}.${nonce}.${mac.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'))}`,
      'not-a-key',
    ];
    const expired = issueLookupKey(test.app.cipher, 'whoever', Date.now() - LOOKUP_KEY_TTL_MS - 1);
    const cases: [string, string, Record<string, string>][] = [
      ['no key', alice.token, { q: 'rue' }],
      ['a blank search without a key', alice.token, { q: '' }],
      ...altered.map((bad): [string, string, Record<string, string>] => [
        `altered ${bad}`,
        alice.token,
        { key: bad, q: 'rue' },
      ]),
      ["alice's key with bob's token", bob.token, { key, q: 'rue' }],
    ];
    for (const [what, token, query] of cases) {
      const response = await find(token, query);
      expect(response.statusCode, what).toBe(401);
      expect(response.json().errorCode, what).toBe('lookupKeyInvalid');
    }
    expect((await retrieve(bob.token, 'sbx-qc-0001', key)).statusCode).toBe(401);
    expect((await retrieve(alice.token, 'sbx-qc-0001', expired.key)).statusCode).toBe(401);
  });

  it('a key that has just expired no longer works', async () => {
    const [caller] = await test.app.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, alice.email));
    if (!caller) throw new Error('no user id');
    const fresh = issueLookupKey(test.app.cipher, caller.id);
    expect((await find(alice.token, { key: fresh.key, q: 'rue' })).statusCode).toBe(200);
    const stale = issueLookupKey(test.app.cipher, caller.id, Date.now() - LOOKUP_KEY_TTL_MS);
    const response = await find(alice.token, { key: stale.key, q: 'rue' });
    expect(response.statusCode).toBe(401);
    expect(response.json().errorCode).toBe('lookupKeyInvalid');
  });

  it('documents the three calls in OpenAPI', async () => {
    const spec = (await test.app.inject({ url: '/service/docs' })).json<{
      paths: Record<string, unknown>;
    }>();
    expect(Object.keys(spec.paths)).toEqual(
      expect.arrayContaining([`${BASE}/key`, `${BASE}/find`, `${BASE}/retrieve/{id}`]),
    );
  });
});

describe('address look-up keys across instances', () => {
  it('a key issued by one instance works on another', async () => {
    const { first, second, close } = await createTwoInstances();
    try {
      const person = await signedInUser(first, 'twin');
      const { key } = (
        await first.inject({ url: `${BASE}/key`, headers: bearer(person.token) })
      ).json<{ key: string }>();
      const response = await second.inject({
        url: `${BASE}/find?key=${encodeURIComponent(key)}&q=rue`,
        headers: bearer(person.token),
      });
      expect(response.statusCode).toBe(200);
      expect(response.json<Suggestion[]>().length).toBeGreaterThan(0);
    } finally {
      await close();
    }
  });
});
