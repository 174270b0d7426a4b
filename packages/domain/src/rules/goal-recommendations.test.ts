import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { namedAccountTypes } from '../enums/account-types.ts';
import { accountGoals, type AccountGoal } from '../enums/onboarding.ts';
import { recommendAccounts, suggestionsHeldAlone } from './goal-recommendations.ts';

const allGoals = Object.values(accountGoals);

describe('goals helper recommendations', () => {
  it('recommends an RRSP then a TFSA for retirement, each with its reason', () => {
    expect(recommendAccounts([accountGoals.retirement])).toEqual([
      { account: 'rrsp', goals: [1], reasons: ['rrspDeduction'] },
      { account: 'tfsa', goals: [1], reasons: ['tfsaTaxFree'] },
    ]);
  });

  it('lists an account serving two goals once, with both goals', () => {
    const recommended = recommendAccounts([accountGoals.retirement, accountGoals.downpayment]);
    expect(recommended.map((r) => r.account)).toEqual(['rrsp', 'tfsa', 'fhsa']);
    expect(recommended.find((r) => r.account === 'tfsa')?.goals).toEqual([1, 3]);
  });

  it('recommends the FHSA for a first home, but never to a joint application', () => {
    expect(recommendAccounts([accountGoals.downpayment]).map((r) => r.account)).toContain('fhsa');
    expect(recommendAccounts([accountGoals.downpayment], 2).map((r) => r.account)).toEqual([
      'cash',
    ]);
  });

  it('recommends no registered plan but the RESP to a joint application, and names them', () => {
    expect(recommendAccounts([accountGoals.retirement], 2)).toEqual([
      { account: 'cash', goals: [1], reasons: ['cashJoint'] },
    ]);
    expect(suggestionsHeldAlone([accountGoals.retirement, accountGoals.downpayment], 2)).toEqual([
      'rrsp',
      'tfsa',
      'fhsa',
    ]);
    expect(recommendAccounts([accountGoals.education], 2).map((r) => r.account)).toEqual([
      'respi',
      'respf',
    ]);
    expect(suggestionsHeldAlone([accountGoals.education], 2)).toEqual([]);
    expect(suggestionsHeldAlone([accountGoals.retirement], 1)).toEqual([]);
  });

  it('recommends a margin account for active trading and a RRIF for retirement income', () => {
    expect(recommendAccounts([accountGoals.daytrading])[0]?.account).toBe('margin');
    expect(recommendAccounts([accountGoals.retirementincome])[0]?.account).toBe('rrif');
  });

  it('recommends nothing without goals', () => {
    expect(recommendAccounts([])).toEqual([]);
  });

  it('every recommendation serves a chosen goal, has a reason, and suits the ownership', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.constantFrom(...allGoals), { minLength: 1 }),
        fc.constantFrom(1, 2),
        (goals: AccountGoal[], ownership) => {
          const recommended = recommendAccounts(goals, ownership);
          expect(recommended.length).toBeGreaterThan(0);
          expect(new Set(recommended.map((r) => r.account)).size).toBe(recommended.length);
          for (const r of recommended) {
            expect(r.goals.every((goal) => goals.includes(goal))).toBe(true);
            expect(r.reasons.length).toBeGreaterThan(0);
            if (ownership === 2) expect(namedAccountTypes[r.account].jointVariant).toBe(true);
          }
        },
      ),
    );
  });
});
