import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createFieldCipher } from '../../lib/crypto/field-cipher.ts';
import { savedSealedValue, savedSin, sealFields } from '../applications/sealed-fields.ts';
import { resealStepData, sealedStepValues } from './step-data.ts';

const K1 = randomBytes(32);
const before = createFieldCipher(K1);
const after = createFieldCipher({
  current: 'k2',
  keys: new Map([
    ['k2', randomBytes(32)],
    ['k1', K1],
  ]),
});
const APPLICATION = '7d1f6c2e-0a4b-4c8e-9f3a-2b5d6e7f8a90';

/** Step `otherinterests` with TINs in rows and a SIN in a third party's row. */
const otherInterests = {
  affiliations: {
    primary: {
      usTin: '987654321',
      taxResidences: [
        { countryId: 1, tin: '046454286' },
        { countryId: 75, tin: 'FR30123456789' },
      ],
    },
    joint: { taxResidences: [{ countryId: 1, tin: '193456787' }] },
  },
  tradingAuthority: { answer: false, thirdParties: [] },
  guarantee: { answer: false, thirdParties: [] },
  powerOfAttorney: {
    answer: true,
    thirdParties: [{ kind: 'person', name: 'Luc Tremblay', sin: '130692544' }],
  },
};

describe('the sealed values of saved steps, re-encrypted (ADR 0043)', () => {
  it('binds each value as sealed-fields.ts does, rows included, so the module reads it back', () => {
    const sealed = sealFields(before, APPLICATION, 'otherinterests', otherInterests);
    expect(sealedStepValues(before, sealed)).toHaveLength(5);
    const { data, resealed } = resealStepData(after, APPLICATION, 'otherinterests', sealed);
    expect(resealed).toBe(5);
    for (const { value } of sealedStepValues(after, data)) expect(after.keyIdOf(value)).toBe('k2');
    const read = (path: (string | number)[], key: string) =>
      savedSealedValue(after, APPLICATION, 'otherinterests', data, path, key);
    expect(read(['affiliations', 'primary'], 'usTin')).toBe('987654321');
    expect(read(['affiliations', 'primary', 'taxResidences', 1], 'tin')).toBe('FR30123456789');
    expect(read(['affiliations', 'joint', 'taxResidences', 0], 'tin')).toBe('193456787');
    expect(read(['powerOfAttorney', 'thirdParties', 0], 'sin')).toBe('130692544');
  });

  it('leaves values already under the current key, and everything else, as they are', () => {
    const profile = sealFields(after, APPLICATION, 'profile', {
      firstName: 'Alice',
      sin: '130692544',
      spouse: { sin: '046454286' },
    });
    const { data, resealed } = resealStepData(after, APPLICATION, 'profile', profile);
    expect(resealed).toBe(0);
    expect(data).toBe(profile);
    expect(savedSin(after, APPLICATION, 'profile', data)).toBe('130692544');
    // A field that merely ends in "Encrypted" but holds no ciphertext is not touched.
    expect(sealedStepValues(after, { notEncrypted: 'plain', sinEncrypted: 42 })).toEqual([]);
  });
});
