import { describe, expect, it } from 'vitest';
import { whoseAnswer } from './whose-answer.ts';

describe('whose answer a field holds', () => {
  it('is the spouse for the spouse section of the profile, else nobody else', () => {
    expect(whoseAnswer('profile', 'spouse.birthDate')).toBe('spouse');
    expect(whoseAnswer('profile', 'spouse')).toBe('spouse');
    expect(whoseAnswer('profile', 'birthDate')).toBeUndefined();
    expect(whoseAnswer('profile', 'spouseless')).toBeUndefined();
  });

  it('is the joint applicant on their profile, and their spouse in its spouse section', () => {
    expect(whoseAnswer('profilejoint', 'sin')).toBe('joint');
    expect(whoseAnswer('profilejoint', 'homeAddress.postalCode')).toBe('joint');
    expect(whoseAnswer('profilejoint', 'spouse.sin')).toBe('jointSpouse');
  });

  it('is the joint applicant for their affiliations on the other-interests step', () => {
    expect(whoseAnswer('otherinterests', 'affiliations.joint.isInsider')).toBe('joint');
    expect(whoseAnswer('otherinterests', 'affiliations.primary.isInsider')).toBeUndefined();
    expect(whoseAnswer('account', 'spouse.sin')).toBeUndefined();
  });
});
