import { describe, expect, it } from 'vitest';
import { accountTypes } from '../enums/account-types.ts';
import {
  isIncomeFundTransferType,
  isLockedInTransferType,
  receivingAccepts,
  receivingTypesFor,
  transferAccountTypeNameOf,
  transferCompatibility,
  type TransferAccountTypeName,
} from './transfer-compatibility.ts';

const allTypes = Object.keys(accountTypes).filter(
  (name) => name !== 'uninitialized',
) as TransferAccountTypeName[];

describe('the transfer compatibility table', () => {
  it('names every account type as a delivering plan, and only account types as receivers', () => {
    expect(Object.keys(transferCompatibility).sort()).toEqual([...allTypes].sort());
    for (const receivers of Object.values(transferCompatibility)) {
      for (const receiver of receivers) expect(allTypes).toContain(receiver);
    }
  });

  it('sends an RRSP into an RRSP or a RRIF, and nowhere else', () => {
    expect(receivingAccepts('RSP', 'RSP')).toBe(true);
    expect(receivingAccepts('RSP', 'RIF')).toBe(true);
    expect(receivingAccepts('RSP', 'TFSA')).toBe(false);
    expect(receivingAccepts('RSP', 'SPRSP')).toBe(false);
    expect(receivingAccepts('RSP', 'Cash')).toBe(false);
    expect(receivingAccepts('RSP', 'LIRA')).toBe(false);
  });

  it('keeps spousal plans spousal', () => {
    expect(receivingTypesFor('SPRSP')).toEqual(['SPRSP', 'SPRIF', 'GROUP_SP_RSP']);
    expect(receivingAccepts('SPRSP', 'RSP')).toBe(false);
    expect(receivingAccepts('SPRIF', 'SPRIF')).toBe(true);
    expect(receivingAccepts('SPRIF', 'RIF')).toBe(false);
  });

  it('keeps locked-in money locked in', () => {
    expect(receivingAccepts('LIRA', 'LIRA')).toBe(true);
    expect(receivingAccepts('LIRA', 'LIF')).toBe(true);
    expect(receivingAccepts('LIRA', 'RSP')).toBe(false);
    expect(receivingAccepts('LIRA', 'RIF')).toBe(false);
    expect(receivingAccepts('LIF', 'LIF')).toBe(true);
    expect(receivingAccepts('LIF', 'LIRA')).toBe(false);
    expect(receivingAccepts('LIF', 'RIF')).toBe(false);
    expect(receivingAccepts('RLIF', 'RLIF')).toBe(true);
    expect(receivingAccepts('RLIF', 'RIF')).toBe(false);
  });

  it('moves a TFSA, an RESP and a RRIF only into the same plan', () => {
    expect(receivingTypesFor('TFSA')).toEqual(['TFSA']);
    expect(receivingTypesFor('RESP')).toEqual(['RESP']);
    expect(receivingTypesFor('RIF')).toEqual(['RIF']);
    expect(receivingAccepts('TFSA', 'RSP')).toBe(false);
    expect(receivingAccepts('RIF', 'RSP')).toBe(false);
  });

  it('moves an FHSA into an FHSA, or into an RRSP or RRIF as CRA allows', () => {
    expect(receivingTypesFor('FHSA')).toEqual(['FHSA', 'RSP', 'RIF']);
    expect(receivingAccepts('FHSA', 'TFSA')).toBe(false);
  });

  it('moves non-registered accounts only into non-registered ones', () => {
    expect(receivingAccepts('Cash', 'Cash')).toBe(true);
    expect(receivingAccepts('Cash', 'Margin')).toBe(true);
    expect(receivingAccepts('Margin', 'Cash')).toBe(true);
    expect(receivingAccepts('Cash', 'TFSA')).toBe(false);
    expect(receivingAccepts('Cash', 'RSP')).toBe(false);
    // A DAP account takes no transfer in.
    for (const delivering of allTypes) expect(receivingAccepts(delivering, 'DAP')).toBe(false);
  });

  it('tells locked-in plans and income funds apart', () => {
    expect(allTypes.filter(isLockedInTransferType).sort()).toEqual(
      ['LIF', 'LIRA', 'RLIF', 'RLSP'].sort(),
    );
    expect(allTypes.filter(isIncomeFundTransferType).sort()).toEqual(
      ['LIF', 'PRIF', 'RIF', 'RLIF', 'SPRIF'].sort(),
    );
  });

  it('reads an account type id as its name', () => {
    expect(transferAccountTypeNameOf(accountTypes.RSP)).toBe('RSP');
    expect(transferAccountTypeNameOf(accountTypes.FHSA)).toBe('FHSA');
    expect(transferAccountTypeNameOf(accountTypes.uninitialized)).toBeUndefined();
  });
});
