import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createFieldCipher, DecryptionError } from '../../lib/crypto/field-cipher.ts';
import {
  maskTin,
  restoreBlankFields,
  savedSin,
  sealFields,
  withoutSealedValues,
} from './sealed-fields.ts';

const cipher = createFieldCipher(randomBytes(32));
const APPLICATION = '7d1f6c2e-0a4b-4c8e-9f3a-2b5d6e7f8a90';
const CANADIAN_TIN = '046454286';
const FRENCH_TIN = 'FR30123456789';
const US_TIN = '987654321';
const ATTORNEY_SIN = '130692544';
const JOINT_TIN = '193456787';

interface ThirdPartyRow {
  kind: string;
  name: string;
  sin: string;
}
interface TaxResidenceRow {
  countryId: number;
  tin: string;
  noTinReason?: number;
}
interface Question {
  answer: boolean;
  thirdParties: ThirdPartyRow[];
}
interface Answers {
  businessRelationshipPurpose: number;
  affiliations: {
    primary: { isUsPerson: boolean; usTin: string; taxResidences: TaxResidenceRow[] };
    joint: { isUsPerson: boolean; taxResidences: TaxResidenceRow[] };
  };
  tradingAuthority: Question;
  guarantee: Question;
  powerOfAttorney: Question;
}

const attorney: ThirdPartyRow = { kind: 'person', name: 'Luc Tremblay', sin: ATTORNEY_SIN };

/** Step `otherinterests` as its schema answers it: every SIN and TIN in plain digits. */
function otherInterests(): Answers {
  return {
    businessRelationshipPurpose: 1,
    affiliations: {
      primary: {
        isUsPerson: true,
        usTin: US_TIN,
        taxResidences: [
          { countryId: 1, tin: CANADIAN_TIN },
          { countryId: 75, tin: FRENCH_TIN },
        ],
      },
      joint: { isUsPerson: false, taxResidences: [{ countryId: 1, tin: JOINT_TIN }] },
    },
    tradingAuthority: { answer: false, thirdParties: [] },
    guarantee: { answer: false, thirdParties: [] },
    powerOfAttorney: { answer: true, thirdParties: [attorney] },
  };
}

const sealed = () => sealFields(cipher, APPLICATION, 'otherinterests', otherInterests());

/** What the form sends back: the saved answers with the listed places blanked. */
function resubmitted(change: (data: Answers) => void) {
  const data = otherInterests();
  change(data);
  return data;
}

const restore = (submitted: unknown) =>
  restoreBlankFields(cipher, APPLICATION, 'otherinterests', submitted, sealed());

const plainValues = [CANADIAN_TIN, FRENCH_TIN, US_TIN, ATTORNEY_SIN, JOINT_TIN];

describe('sealed fields of step otherinterests', () => {
  it('stores no plain SIN or TIN, only their encrypted and masked forms', () => {
    const stored = JSON.stringify(sealed());
    for (const value of plainValues) expect(stored).not.toContain(value);
    expect(stored).not.toMatch(/"(tin|usTin|sin)":/);
    const data = sealed() as Answers;
    expect(data.affiliations.primary.taxResidences).toEqual([
      { countryId: 1, tinEncrypted: expect.any(String), tinMasked: '******286' },
      { countryId: 75, tinEncrypted: expect.any(String), tinMasked: '******789' },
    ]);
    expect(data.affiliations.primary).toMatchObject({ usTinMasked: '******321' });
    expect(data.affiliations.joint.taxResidences[0]).toMatchObject({ tinMasked: '******787' });
    expect(data.powerOfAttorney.thirdParties[0]).toMatchObject({
      name: 'Luc Tremblay',
      sinMasked: '*** *** 544',
    });
  });

  it('binds each value to its exact place: another row or step cannot open it', () => {
    const data = sealed() as {
      affiliations: { primary: { taxResidences: { tinEncrypted: string }[] } };
    };
    const [canada] = data.affiliations.primary.taxResidences;
    const context = (path: string) => `applications:${APPLICATION}:otherinterests:${path}`;
    expect(
      cipher.decrypt(canada!.tinEncrypted, context('affiliations.primary.taxResidences.0.tin')),
    ).toBe(CANADIAN_TIN);
    expect(() =>
      cipher.decrypt(canada!.tinEncrypted, context('affiliations.primary.taxResidences.1.tin')),
    ).toThrow(DecryptionError);
    expect(() =>
      cipher.decrypt(canada!.tinEncrypted, context('affiliations.joint.taxResidences.0.tin')),
    ).toThrow(DecryptionError);
  });

  it('gives a blank back its value on file when the row is the same one', () => {
    const submitted = resubmitted((data) => {
      data.affiliations.primary.taxResidences[0]!.tin = '';
      data.affiliations.primary.taxResidences[1]!.tin = '';
      data.affiliations.primary.usTin = '';
      data.affiliations.joint.taxResidences[0]!.tin = '';
      data.powerOfAttorney.thirdParties[0] = { ...attorney, name: '  luc TREMBLAY ', sin: '' };
    });
    const restored = restore(submitted) as Answers;
    expect(restored.affiliations.primary.taxResidences.map((row) => row.tin)).toEqual([
      CANADIAN_TIN,
      FRENCH_TIN,
    ]);
    expect(restored.affiliations.primary.usTin).toBe(US_TIN);
    expect(restored.affiliations.joint.taxResidences[0]!.tin).toBe(JOINT_TIN);
    expect(restored.powerOfAttorney.thirdParties[0]!.sin).toBe(ATTORNEY_SIN);
  });

  it('keeps a typed value: only a blank takes the one on file', () => {
    const submitted = resubmitted((data) => {
      data.affiliations.primary.taxResidences[0]!.tin = '046 454 287';
    });
    const restored = restore(submitted) as Answers;
    expect(restored.affiliations.primary.taxResidences[0]!.tin).toBe('046 454 287');
  });

  it('leaves a blank blank in a row that is not the same country or third party', () => {
    const submitted = resubmitted((data) => {
      // The rows swapped places: neither index holds the country it held before.
      data.affiliations.primary.taxResidences = [
        { countryId: 75, tin: '' },
        { countryId: 1, tin: '' },
      ];
      data.powerOfAttorney.thirdParties[0] = { ...attorney, name: 'Marie Tremblay', sin: '' };
      data.tradingAuthority = { answer: true, thirdParties: [{ ...attorney, sin: '' }] };
    });
    const restored = restore(submitted) as Answers;
    expect(restored.affiliations.primary.taxResidences).toEqual([
      { countryId: 75, tin: '' },
      { countryId: 1, tin: '' },
    ]);
    expect(restored.powerOfAttorney.thirdParties[0]!.sin).toBe('');
    expect(restored.tradingAuthority.thirdParties[0]!.sin).toBe('');
    expect(JSON.stringify(restored)).not.toContain(CANADIAN_TIN);
    expect(JSON.stringify(restored)).not.toContain(ATTORNEY_SIN);
  });

  it('leaves the SIN blank when the same name is now a company', () => {
    const submitted = resubmitted((data) => {
      data.powerOfAttorney.thirdParties[0] = { ...attorney, kind: 'company', sin: '' };
    });
    const restored = restore(submitted) as Answers;
    expect(restored.powerOfAttorney.thirdParties[0]!.sin).toBe('');
  });

  it('does not give the TIN back to a row that now says why it has none', () => {
    const submitted = resubmitted((data) => {
      data.affiliations.primary.taxResidences[0] = {
        countryId: 1,
        tin: '',
        noTinReason: 1,
      };
    });
    const restored = restore(submitted) as Answers;
    expect(restored.affiliations.primary.taxResidences[0]!.tin).toBe('');
  });

  it('strips every encrypted value, at any depth, and keeps the masked ones', () => {
    const steps = withoutSealedValues({
      otherinterests: sealed(),
      profile: sealFields(cipher, APPLICATION, 'profile', {
        sin: ATTORNEY_SIN,
        spouse: { sin: JOINT_TIN },
      }),
    });
    const text = JSON.stringify(steps);
    expect(text).not.toContain('Encrypted');
    for (const value of plainValues) expect(text).not.toContain(value);
    expect(text).toContain('"tinMasked":"******286"');
    expect(text).toContain('"usTinMasked":"******321"');
    expect(steps.profile).toEqual({
      sinMasked: '*** *** 544',
      spouse: { sinMasked: '*** *** 787' },
    });
  });
});

describe('sealed fields of the profile steps (unchanged)', () => {
  it('keeps the SIN contexts of before, so SINs already on file still open', () => {
    const stored = sealFields(cipher, APPLICATION, 'profile', { sin: ATTORNEY_SIN });
    expect(savedSin(cipher, APPLICATION, 'profile', stored)).toBe(ATTORNEY_SIN);
    const encrypted = (stored as { sinEncrypted: string }).sinEncrypted;
    expect(cipher.decrypt(encrypted, `applications:${APPLICATION}:profile:sin`)).toBe(ATTORNEY_SIN);
  });

  it('seals nothing in a step that holds no SIN or TIN', () => {
    const data = { sin: ATTORNEY_SIN, tin: CANADIAN_TIN };
    expect(sealFields(cipher, APPLICATION, 'goals', data)).toBe(data);
  });
});

describe('maskTin', () => {
  it('shows the last 3 characters behind a fixed run of stars, and nothing of a short TIN', () => {
    expect(maskTin('12-3456789')).toBe('******789');
    expect(maskTin('FR 301 234 567 89')).toBe('******789');
    expect(maskTin('AB123')).toBe('******');
  });
});
