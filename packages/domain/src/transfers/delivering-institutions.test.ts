import { describe, expect, it } from 'vitest';
import {
  deliveringInstitutionById,
  deliveringInstitutionKinds,
  deliveringInstitutions,
  deliveringInstitutionName,
  lookupDeliveringInstitutions,
  searchDeliveringInstitutions,
  searchKeyOf,
} from './delivering-institutions.ts';

const ids = (query: string, limit?: number) =>
  searchDeliveringInstitutions(query, limit).map((entry) => entry.id);

describe('the delivering institutions', () => {
  it('list at least 60 Canadian institutions of every kind, each id once', () => {
    expect(deliveringInstitutions.length).toBeGreaterThanOrEqual(60);
    const unique = new Set(deliveringInstitutions.map((entry) => entry.id));
    expect(unique.size).toBe(deliveringInstitutions.length);
    for (const kind of deliveringInstitutionKinds) {
      expect(
        deliveringInstitutions.some((entry) => entry.kind === kind),
        kind,
      ).toBe(true);
    }
  });

  it('have stable slugs and a name in each language', () => {
    for (const entry of deliveringInstitutions) {
      expect(entry.id).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
      expect(entry.nameEn.trim()).not.toBe('');
      expect(entry.nameFr.trim()).not.toBe('');
      expect(entry.nameFr, entry.id).not.toContain("'");
    }
  });

  it('name the firms in French as they do', () => {
    const td = deliveringInstitutionById('td-direct-investing');
    expect(td && deliveringInstitutionName(td, 'fr')).toBe('Placements directs TD');
    expect(deliveringInstitutionById('national-bank-direct-brokerage')?.nameFr).toBe(
      'Banque Nationale Courtage direct',
    );
    expect(deliveringInstitutionById('bmo-investorline')?.nameFr).toBe('BMO Ligne d’action');
    expect(deliveringInstitutionById('no-such-firm')).toBeUndefined();
  });
});

describe('searchDeliveringInstitutions', () => {
  it('finds nothing for a blank or whitespace query', () => {
    expect(searchDeliveringInstitutions('')).toEqual([]);
    expect(searchDeliveringInstitutions('   \t')).toEqual([]);
  });

  it('ignores case and accents, on the English or the French name', () => {
    expect(ids('placements directs')).toContain('td-direct-investing');
    expect(ids('PLACEMENTS DIRECTS')).toContain('td-direct-investing');
    // "Financière" typed without its accent, and "Montréal" with none.
    expect(ids('financiere banque')).toContain('national-bank-financial');
    expect(ids('montreal')).toContain('bmo-bank-of-montreal');
    expect(ids('MONTRÉAL')).toContain('bmo-bank-of-montreal');
    expect(ids('investors edge')).toEqual(['cibc-investors-edge']);
    expect(ids('disnat')).toEqual(['desjardins-online-brokerage']);
  });

  it('upper-cases the query as the lookup does', () => {
    expect(searchKeyOf('Québec ltée')).toBe('QUEBEC LTEE');
    expect(ids('questrade')).toEqual(ids('QUESTRADE'));
  });

  it('answers at most 10, and never more than the spec’s limit', () => {
    expect(searchDeliveringInstitutions('a').length).toBe(10);
    expect(searchDeliveringInstitutions('a', 3).length).toBe(3);
    expect(searchDeliveringInstitutions('a', 50).length).toBe(10);
    expect(searchDeliveringInstitutions('a', 0)).toEqual([]);
  });

  it('puts the names that start with the query first, then those with a word that does', () => {
    const startsWith = (query: string) =>
      searchDeliveringInstitutions(query).map((entry) =>
        [entry.nameEn, entry.nameFr].some((name) =>
          searchKeyOf(name).startsWith(searchKeyOf(query)),
        ),
      );
    // "Banque ..." in French starts 9 names; "BMO Banque de Montréal" only has the word.
    expect(startsWith('banque')).toEqual([...Array<boolean>(9).fill(true), false]);
    expect(ids('banque')[9]).toBe('bmo-bank-of-montreal');
    // TD Asset Management, TD Canada Trust, TD Direct Investing and TD Wealth start with TD,
    // alphabetically; "Raymond James Ltd." only holds it inside a word, so it comes later.
    const td = ids('td');
    expect(td.slice(0, 4)).toEqual([
      'td-asset-management',
      'td-canada-trust',
      'td-direct-investing',
      'td-wealth-private-investment-advice',
    ]);
    expect(td.indexOf('raymond-james')).toBeGreaterThan(3);
    expect(ids('scotia').slice(0, 3)).toEqual(['scotia-itrade', 'scotiabank', 'scotiamcleod']);
  });

  it('finds the query inside a word too', () => {
    // "trade" starts no name but is inside Questrade, Qtrade and Scotia iTRADE.
    expect(ids('trade')).toEqual(expect.arrayContaining(['questrade', 'qtrade', 'scotia-itrade']));
  });

  it('answers the lookup as id and description, in the asked language', () => {
    expect(lookupDeliveringInstitutions('investorline', 'fr')).toEqual([
      { id: 'bmo-investorline', description: 'BMO Ligne d’action' },
    ]);
    expect(lookupDeliveringInstitutions('ligne d’action', 'en')).toEqual([
      { id: 'bmo-investorline', description: 'BMO InvestorLine' },
    ]);
    expect(lookupDeliveringInstitutions(' ', 'en')).toEqual([]);
  });
});
