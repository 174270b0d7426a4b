import { describe, expect, it } from 'vitest';
import { savedProfile } from '@portal/domain/rules/profile.fixtures';
import { jointProfilePrefill } from './joint-profile-prefill.ts';

const spouse = {
  title: 1,
  firstName: 'Alex',
  lastName: 'Gagnon',
  birthDate: '1983-06-02',
  sinMasked: '*** *** 787',
  employmentStatus: 1,
  employerName: 'Hydro-Québec',
  industryId: 52,
  occupationId: 101,
  employerCountryId: 1,
  employerProvinceId: 11,
  employerCity: 'Montréal',
  annualIncome: 88000,
  incomeSourceType: 3,
};
const married = { ...savedProfile, maritalStatus: 2, spouse };
const steps = (relationship: string, profile: object = married) => ({
  ownership: { ownershipTypeId: 2, jointRelationship: relationship },
  profile,
});

describe('the joint applicant’s profile started from the primary’s spouse details', () => {
  it('makes the spouse the joint applicant and the primary their spouse', () => {
    const prefill = jointProfilePrefill(steps('spouse'));
    expect(prefill).toMatchObject({
      title: 1,
      firstName: 'Alex',
      lastName: 'Gagnon',
      birthDate: '1983-06-02',
      maritalStatus: 2,
      employmentStatus: 1,
      employerName: 'Hydro-Québec',
      occupationId: 101,
      annualIncome: 88000,
      incomeSourceType: 3,
      spouse: {
        title: 2,
        firstName: 'Camille',
        lastName: 'Tremblay',
        birthDate: '1985-03-27',
        employmentStatus: 4,
        annualIncome: 48000,
        incomeSourceType: 4,
      },
    });
  });

  it('copies no SIN, contact detail, address or asset', () => {
    const prefill = jointProfilePrefill(steps('commonLaw', { ...married, maritalStatus: 3 }));
    expect(prefill?.maritalStatus).toBe(3);
    for (const field of ['sin', 'sinMasked', 'email', 'phones', 'homeAddress', 'netFixedAssets']) {
      expect(prefill).not.toHaveProperty(field);
      expect(prefill?.spouse).not.toHaveProperty(field);
    }
  });

  it('starts nothing for another joint owner, a primary without spouse, or a saved joint profile', () => {
    expect(jointProfilePrefill(steps('other'))).toBeUndefined();
    expect(jointProfilePrefill(steps('spouse', savedProfile))).toBeUndefined();
    expect(jointProfilePrefill({ ...steps('spouse'), profilejoint: { firstName: 'Sam' } })).toBe(
      undefined,
    );
  });
});
