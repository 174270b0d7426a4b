import { describe, expect, it } from 'vitest';
import { returnEffectOf, type ReturnGroup } from './return-reasons.ts';

const groupOf = (code: number): ReturnGroup => returnEffectOf(code).group;

describe('a returned payment’s reason code', () => {
  it('puts each Standard 007 code in the group that says what to do', () => {
    expect(groupOf(900)).toBe('editReject');
    expect(groupOf(901)).toBe('nsf');
    expect([902, 905, 912].map(groupOf)).toEqual([
      'accountProblem',
      'accountProblem',
      'accountProblem',
    ]);
    expect(groupOf(903)).toBe('paymentStopped');
    expect(groupOf(907)).toBe('noDebitAllowed');
    expect(groupOf(914)).toBe('payorName');
    expect([915, 916, 917, 918, 919, 920, 921].map(groupOf)).toEqual(
      Array.from({ length: 7 }, () => 'padClaim'),
    );
    expect(groupOf(922)).toBe('customerReturn');
  });

  it('leaves the codes that need a person, and unknown ones, to our team', () => {
    for (const code of [908, 909, 910, 911, 990, 904, 906, 913, 923, 999, 0, 901.5, Number.NaN]) {
      expect(groupOf(code)).toBe('other');
    }
  });

  it('stops the PAC after a stopped payment, a closed account, no agreement or a revoked one', () => {
    const stoppers = [
      900, 901, 902, 903, 905, 907, 912, 914, 915, 916, 917, 918, 919, 920, 921,
    ].filter((code) => returnEffectOf(code).stopsPac);
    expect(stoppers).toEqual([903, 905, 915, 917]);
  });

  it('counts only 901 toward the NSF returns in a row', () => {
    expect(returnEffectOf(901).countsAsNsf).toBe(true);
    expect([900, 902, 908, 915, 922].some((code) => returnEffectOf(code).countsAsNsf)).toBe(false);
  });

  it('marks 915-921 as PAD reimbursement claims, and only those', () => {
    expect(returnEffectOf(917)).toEqual({
      group: 'padClaim',
      stopsPac: true,
      countsAsNsf: false,
      isPadClaim: true,
    });
    expect([914, 915, 921, 922].map((code) => returnEffectOf(code).isPadClaim)).toEqual([
      false,
      true,
      true,
      false,
    ]);
  });
});
