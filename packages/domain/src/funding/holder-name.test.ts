import { describe, expect, it } from 'vitest';
import { holderNameMatches, nameWords } from './holder-name.ts';

const camille = { firstName: 'Camille', lastName: 'Tremblay-Roy' };
const alex = { firstName: 'Alex', lastName: 'Martin' };
const helene = { firstName: 'Hélène', lastName: 'Côté' };

describe('nameWords', () => {
  it('lowers case, drops accents and splits on punctuation', () => {
    expect(nameWords('CÔTÉ, Hélène')).toEqual(['cote', 'helene']);
    expect(nameWords('O’Neil-Smith  Jr.')).toEqual(['o', 'neil', 'smith', 'jr']);
  });
});

describe('holderNameMatches', () => {
  it.each([
    ['Camille Tremblay-Roy', 'the same name'],
    ['CAMILLE TREMBLAY ROY', 'upper case, no hyphen'],
    ['TREMBLAY-ROY, CAMILLE', 'last name first'],
    ['Camille Marie Tremblay-Roy', 'a middle name'],
    ['C. Tremblay-Roy', 'an initial'],
    ['Mme Camille Tremblay-Roy', 'a title'],
  ])('matches "%s" (%s)', (holder) => {
    expect(holderNameMatches(holder, [camille])).toBe(true);
  });

  it('forgives accents both ways', () => {
    expect(holderNameMatches('HELENE COTE', [helene])).toBe(true);
    expect(holderNameMatches('Hélène Côté', [{ firstName: 'Helene', lastName: 'Cote' }])).toBe(
      true,
    );
  });

  it.each([
    ['Alex Martin', 'someone else'],
    ['Camille Tremblay', 'half of a compound last name'],
    ['Dominique Tremblay-Roy', 'another given name'],
    ['', 'no name'],
  ])('does not match "%s" (%s)', (holder) => {
    expect(holderNameMatches(holder, [camille])).toBe(false);
  });

  it('matches either holder of a joint application', () => {
    expect(holderNameMatches('Alex Martin', [camille, alex])).toBe(true);
    expect(holderNameMatches('Camille Tremblay-Roy & Alex Martin', [camille, alex])).toBe(true);
    expect(holderNameMatches('Jordan Lee', [camille, alex])).toBe(false);
  });

  it('matches no one when there is no applicant to compare with', () => {
    expect(holderNameMatches('Camille Tremblay-Roy', [])).toBe(false);
    expect(holderNameMatches('Camille', [{ firstName: 'Camille', lastName: '' }])).toBe(false);
  });
});
