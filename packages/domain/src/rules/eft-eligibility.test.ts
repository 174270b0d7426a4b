import { describe, expect, it } from 'vitest';
import { accountTypes } from '../enums/account-types.ts';
import { fundingWaysFor, takesEftContributions } from './eft-eligibility.ts';

describe('takesEftContributions', () => {
  it('lets deposits into RRSP, spousal RRSP, TFSA and FHSA accounts', () => {
    for (const type of [
      accountTypes.RSP,
      accountTypes.SPRSP,
      accountTypes.TFSA,
      accountTypes.FHSA,
    ]) {
      expect(takesEftContributions(type)).toBe(true);
    }
  });

  it('refuses them for income funds and locked-in plans, funded by transfers only', () => {
    for (const type of [accountTypes.RIF, accountTypes.LIF, accountTypes.PRIF, accountTypes.LIRA]) {
      expect(takesEftContributions(type)).toBe(false);
    }
  });
});

describe('fundingWaysFor', () => {
  it('offers every way to an account that takes deposits', () => {
    expect(fundingWaysFor(accountTypes.TFSA)).toEqual([
      'eft',
      'pac',
      'transfer',
      'billPayment',
      'skip',
    ]);
  });

  it('offers a RRIF or a locked-in plan only a transfer, or nothing for now', () => {
    for (const type of [accountTypes.RIF, accountTypes.LIF, accountTypes.LIRA]) {
      expect(fundingWaysFor(type)).toEqual(['transfer', 'skip']);
    }
  });
});
