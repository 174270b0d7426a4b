import { describe, expect, it } from 'vitest';
import {
  namedAccountTypeLabels,
  namedAccountTypes,
  usdTwinOf,
  type NamedAccountTypeName,
} from '../enums/account-types.ts';
import { pensionJurisdictions } from '../enums/pension-jurisdictions.ts';
import { catalogueEntries, lockedInPlanFor } from './account-catalogue.ts';

describe('account catalogue', () => {
  it('pairs each Canadian-dollar account with its U.S.-dollar twin where one exists', () => {
    expect(usdTwinOf('tfsa')).toBe('usTfsa');
    expect(usdTwinOf('spousalRrif')).toBe('usSpousalRrif');
    expect(usdTwinOf('dap')).toBe('usDAP');
    expect(usdTwinOf('respi')).toBeUndefined();
    expect(usdTwinOf('usTfsa')).toBeUndefined();
  });

  it('offers every non-short account type of spec section 3, each once', () => {
    const offered = [...catalogueEntries('nonRegistered'), ...catalogueEntries('registered')]
      .flatMap((entry) => [entry.account, entry.usdTwin])
      .filter((name): name is NamedAccountTypeName => name !== undefined);
    const expected = (Object.keys(namedAccountTypes) as NamedAccountTypeName[]).filter(
      (name) => name !== 'short' && name !== 'usShort',
    );
    expect([...offered].sort()).toEqual([...expected].sort());
  });

  it('marks every registered plan but the RESPs as individual only', () => {
    const fhsa = catalogueEntries('registered').find((entry) => entry.account === 'fhsa');
    expect(fhsa).toEqual({ account: 'fhsa', usdTwin: 'usFhsa', jointVariant: false });
    const joint = catalogueEntries('registered')
      .filter((entry) => entry.jointVariant)
      .map((entry) => entry.account);
    expect(joint).toEqual(['respi', 'respf']);
    expect(catalogueEntries('nonRegistered').every((entry) => entry.jointVariant)).toBe(true);
  });

  it('names every account in English and French', () => {
    for (const name of Object.keys(namedAccountTypes) as NamedAccountTypeName[]) {
      expect(namedAccountTypeLabels[name].en).not.toBe('');
      expect(namedAccountTypeLabels[name].fr).not.toBe('');
    }
    expect(namedAccountTypeLabels.tfsa.fr).toBe('CELI');
  });

  it('knows the pension law list of each locked-in account', () => {
    expect(lockedInPlanFor('lira')).toBe('LIRA');
    expect(pensionJurisdictions[lockedInPlanFor('liraLrsp') ?? 'LIRA']).toEqual(['federal']);
    expect(lockedInPlanFor('tfsa')).toBeUndefined();
  });
});
