import { describe, expect, it } from 'vitest';
import { messageFor } from '@portal/domain/messages/messages';
import { profileStepSchema } from '@portal/domain/rules/profile';
import { completeProfile } from '@portal/domain/rules/profile.fixtures';
import { parseAmount } from './money.ts';

describe('amounts as typed', () => {
  it.each([
    ['12500', 12500],
    ['12 500', 12500],
    ['12,500.50', 12500.5],
    ['12 500,50 $', 12500.5],
    ['$1,000', 1000],
    ['0', 0],
  ])('reads %s as %d', (text, value) => {
    expect(parseAmount(text)).toBe(value);
  });

  it('leaves nothing for blank and the text itself for what is not a number', () => {
    expect(parseAmount('  ')).toBeUndefined();
    expect(parseAmount('twelve')).toBe('twelve');
  });

  it.each(['1e9', '1E9', '2.5e6', 'Infinity', '0x10', '-500', '.5'])(
    'keeps %s as text, for the amount rule to refuse with its message',
    (text) => {
      expect(parseAmount(text)).toBe(text);
      const problem = profileStepSchema({ today: '2026-11-23', accounts: [] })
        .safeParse({ ...completeProfile, annualIncome: parseAmount(text) })
        .error?.issues.find((issue) => issue.path[0] === 'annualIncome');
      expect(messageFor(problem?.message ?? '', 'en')).toBe(
        'Enter the amount in dollars, in digits, like 12500 or 12,500.50.',
      );
    },
  );

  it('reads an amount over a billion, which the amount rule refuses with its message', () => {
    const amount = parseAmount('1 000 000 000,01');
    expect(amount).toBe(1_000_000_000.01);
    const problem = profileStepSchema({ today: '2026-11-23', accounts: [] })
      .safeParse({ ...completeProfile, netFixedAssets: amount })
      .error?.issues.find((issue) => issue.path[0] === 'netFixedAssets');
    expect(messageFor(problem?.message ?? '', 'fr')).toBe(
      'Indiquez un montant d’au plus 1\u00a0000\u00a0000\u00a0000\u00a0$.',
    );
  });
});
