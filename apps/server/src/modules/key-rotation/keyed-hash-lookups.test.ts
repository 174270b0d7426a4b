import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createFieldCipher } from '../../lib/crypto/field-cipher.ts';
import {
  checkLookupKey,
  issueLookupKey,
  LookupKeyInvalid,
} from '../address-lookup/address-lookup.service.ts';
import {
  identityHashesOf,
  identityHashVersionsOf,
} from '../client-identities/client-identities.ts';
import { bankAccountNumberHash, bankAccountNumberHashes } from '../funding/bank-accounts.ts';
import { credentialOf, tokenHashOf } from '../identity-capture/handoff-credentials.ts';

const K1 = randomBytes(32);
const before = createFieldCipher(K1);
const rotated = createFieldCipher({
  current: 'k2',
  keys: new Map([
    ['k2', randomBytes(32)],
    ['k1', K1],
  ]),
});
const USER = '0b6d7f0e-3c1a-4b8e-9d2f-5a6b7c8d9e0f';

describe('keyed hashes across a rotation (ADR 0043)', () => {
  it('checks address-lookup keys signed under either key, the new ones carrying their key id', () => {
    const now = Date.UTC(2026, 10, 30);
    const old = issueLookupKey(before, USER, now);
    const fresh = issueLookupKey(rotated, USER, now);
    expect(fresh.key).toMatch(/\.k2\.[\w-]{43}$/);
    expect(() => checkLookupKey(rotated, USER, old.key, now)).not.toThrow();
    expect(() => checkLookupKey(rotated, USER, fresh.key, now)).not.toThrow();
    expect(() => checkLookupKey(before, USER, fresh.key, now)).toThrow(LookupKeyInvalid);
  });

  it('looks a hand-off token up by its hash under every live key', () => {
    const token = randomBytes(32).toString('base64url');
    const credential = credentialOf(rotated, token);
    expect(credential?.hashes).toContain(tokenHashOf(before, token));
    expect(credential?.hashes[0]).toBe(tokenHashOf(rotated, token));
  });

  it('matches a bank account and a client identity hashed under the old key', () => {
    const account = { institutionNumber: '001', transitNumber: '12345', accountNumber: '1234567' };
    expect(bankAccountNumberHashes(rotated, account)).toEqual([
      bankAccountNumberHash(rotated, account),
      bankAccountNumberHash(before, account),
    ]);
    const identity = {
      email: 'Nadia.Roy@example.com',
      sin: '130 692 544',
      birthDate: '1985/03/27',
    };
    expect(identityHashVersionsOf(rotated, identity)).toEqual([
      identityHashesOf(rotated, identity),
      identityHashesOf(before, identity),
    ]);
  });
});
