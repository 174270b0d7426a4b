import { provinces } from '@portal/domain';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { bearer, signedInUser, type TestUser } from '../../test/users.ts';
import { startCanadaPostFake, type CanadaPostFake } from '../../test/vendors/canada-post-fake.ts';
import { logText } from '../../test/log-text.ts';

const BASE = '/service/jaxrs/addressLookup';

describe('addressLookup/* on Canada Post AddressComplete (ADDRESS_LOOKUP_PROVIDER=canadapost)', () => {
  let fake: CanadaPostFake;
  let test: TestApp;
  let alice: TestUser;
  const logged: string[] = [];
  beforeAll(async () => {
    fake = await startCanadaPostFake();
    test = await createTestApp(
      {
        logLevel: 'warn',
        addressLookup: {
          provider: 'canadapost',
          key: fake.key,
          baseUrl: fake.url,
          timeoutMs: 2000,
        },
      },
      {
        logStream: new Writable({
          write(chunk: Buffer, _encoding, done) {
            logged.push(chunk.toString('utf8'));
            done();
          },
        }),
      },
    );
    alice = await signedInUser(test.app, 'alice');
  });
  afterAll(async () => {
    await test.close();
    await fake.close();
  });

  const keyFor = async () => {
    const response = await test.app.inject({ url: `${BASE}/key`, headers: bearer(alice.token) });
    return response.json<{ key: string }>().key;
  };
  const get = (url: string) => test.app.inject({ url, headers: bearer(alice.token) });

  it('finds through a container in French, then retrieves an id with vertical bars in French', async () => {
    const key = await keyFor();
    const found = await get(
      `${BASE}/find?${new URLSearchParams({ key, q: 'saint-denis montréal', lang: 'fr-CA' })}`,
    );
    expect(found.statusCode).toBe(200);
    const suggestions = found.json<{ id: string; text: string }[]>();
    const suite = suggestions.find((suggestion) => suggestion.text === '402-1200 Rue Saint-Denis');
    expect(suite?.id).toBe('CA|CP|B|20481105');

    const retrieved = await get(
      `${BASE}/retrieve/${encodeURIComponent(suite!.id)}?${new URLSearchParams({ key, lang: 'fr' })}`,
    );
    expect(retrieved.statusCode).toBe(200);
    expect(retrieved.json()).toEqual({
      suite: '402',
      streetNumber: '1200',
      streetName: 'Rue Saint-Denis',
      city: 'Montréal',
      provinceId: provinces.QC,
      postalCode: 'H2X 3J6',
      countryId: 1,
    });
    // The vendor's key went to the vendor only: never to the browser, never to the log.
    expect(found.body + retrieved.body).not.toContain(fake.key);
    expect(logText(logged)).not.toContain(fake.key);
  });

  it('answers 404 for an id the vendor calls invalid, 400 for one that is no id', async () => {
    const key = await keyFor();
    expect(
      (await get(`${BASE}/retrieve/${encodeURIComponent('CA|CP|B|0')}?key=${key}`)).statusCode,
    ).toBe(404);
    expect(
      (await get(`${BASE}/retrieve/${encodeURIComponent('CA|CP|<b>')}?key=${key}`)).statusCode,
    ).toBe(400);
  });

  it('answers 503 addressLookupUnavailable when the vendor refuses our key, and logs the code only', async () => {
    const key = await keyFor();
    fake.failWith('unknownKey');
    try {
      const response = await get(`${BASE}/find?${new URLSearchParams({ key, q: '2701 ri' })}`);
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({ errorCode: 'addressLookupUnavailable' });
      const line = logged.find((entry) => entry.includes('address look-up unavailable'));
      expect(line).toContain('"cause":"error 2"');
      expect(line).not.toContain('2701');
    } finally {
      fake.failWith(null);
    }
  });
});
