import { describe, expect, it } from 'vitest';
import {
  accountTypes,
  combineExperience,
  eftUserStatusOf,
  experienceFlagsOf,
  fundingStatuses,
  hasExperience,
  investmentExperienceFlags as flags,
  isRegisteredAccountType,
  namedAccountTypes,
  pensionJurisdictions,
} from '../index.ts';

describe('investment experience flags', () => {
  it('combine products as bits and read them back', () => {
    const value = combineExperience([flags.Stocks, flags.Options]);
    expect(value).toBe(9);
    expect(hasExperience(value, flags.Options)).toBe(true);
    expect(hasExperience(value, flags.Bonds)).toBe(false);
    expect(experienceFlagsOf(value)).toEqual([flags.Stocks, flags.Options]);
  });

  it('treat None as excluding every product', () => {
    expect(combineExperience([flags.Stocks, flags.None])).toBe(32);
    expect(experienceFlagsOf(32)).toEqual([flags.None]);
  });
});

describe('account types', () => {
  it('tell registered plans from non-registered accounts', () => {
    expect(isRegisteredAccountType(accountTypes.Cash)).toBe(false);
    expect(isRegisteredAccountType(accountTypes.Margin)).toBe(false);
    expect(isRegisteredAccountType(accountTypes.DAP)).toBe(false);
    expect(isRegisteredAccountType(accountTypes.TFSA)).toBe(true);
    expect(isRegisteredAccountType(accountTypes.FHSA)).toBe(true);
    expect(isRegisteredAccountType(accountTypes.uninitialized)).toBe(false);
  });

  it('can be held jointly only when non-registered, or an RESP (ADR 0014)', () => {
    expect(namedAccountTypes.fhsa.jointVariant).toBe(false);
    expect(namedAccountTypes.usFhsa.jointVariant).toBe(false);
    expect(namedAccountTypes.usTfsa).toEqual({
      typeId: accountTypes.TFSA,
      currency: 'USD',
      registered: true,
      jointVariant: false,
    });
    expect(namedAccountTypes.respf.jointVariant).toBe(true);
    expect(namedAccountTypes.usCash.jointVariant).toBe(true);
    expect(namedAccountTypes.usMargin.registered).toBe(false);
  });

  it('include every US variant the spec names', () => {
    const usNames = Object.keys(namedAccountTypes).filter((name) => name.startsWith('us'));
    expect(usNames.sort()).toEqual(
      [
        'usCash',
        'usDAP',
        'usMargin',
        'usShort',
        'usRrsp',
        'usRrif',
        'usTfsa',
        'usFhsa',
        'usSpousalRrsp',
        'usSpousalRrif',
      ].sort(),
    );
  });
});

describe('funding statuses', () => {
  it('map every internal status to what the person sees', () => {
    for (const status of Object.values(fundingStatuses)) {
      expect(eftUserStatusOf[status]).toBeDefined();
    }
    expect(eftUserStatusOf[fundingStatuses.CANCELLED_BY_CLIENT]).toBe('cancelled');
    expect(eftUserStatusOf[fundingStatuses.REJECTED_BY_BANK]).toBe('declined');
    expect(eftUserStatusOf[fundingStatuses.SENT_TO_BANK]).toBe('pending');
  });
});

describe('pension jurisdictions', () => {
  it('follow spec section 3 for each locked-in plan', () => {
    expect(pensionJurisdictions).toEqual({
      LIRA: ['AB', 'BC', 'MB', 'NB', 'NL', 'NS', 'ON', 'QC', 'SK'],
      LRSP: ['federal'],
      LIF: ['AB', 'BC', 'federal', 'MB', 'NB', 'NL', 'NS', 'ON', 'QC'],
      LRIF: ['NL'],
      PRIF: ['MB', 'SK'],
      RLSP: ['federal'],
    });
  });
});
