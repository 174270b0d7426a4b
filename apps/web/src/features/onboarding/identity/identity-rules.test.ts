import { describe, expect, it } from 'vitest';
import { dualProcessProblems, expiryProblem, type DualProcessCandidate } from './identity-rules.ts';

const today = new Date(2026, 10, 23, 12); // 23 November 2026, local noon

describe('expiry typed MM/YYYY', () => {
  it.each([
    ['', 'required'],
    ['1/2030', 'expiryFormat'],
    ['01-2030', 'expiryFormat'],
    ['13/2030', 'expiryMonth'],
    ['00/2030', 'expiryMonth'],
    ['01/2024', 'documentExpired'],
    ['10/2026', 'documentExpired'],
    ['08/2030', null],
    ['11/2026', 'documentExpired'], // past the 15th of its month
  ])('%s -> %s', (text, problem) => {
    expect(expiryProblem(text, today)).toBe(problem);
  });

  it('a document expiring this month counts until the 15th', () => {
    expect(expiryProblem('11/2026', new Date(2026, 10, 15, 18))).toBeNull();
    expect(expiryProblem('11/2026', new Date(2026, 10, 16, 0, 1))).toBe('documentExpired');
  });
});

const document = (changes: Partial<DualProcessCandidate> = {}): DualProcessCandidate => ({
  documentType: 'utilityBill',
  sourceName: 'Hydro One',
  category: 'nameAddress',
  referenceNumber: 'H-1',
  file: new File(['x'], 'bill.pdf'),
  ...changes,
});

describe('dual-process rule', () => {
  it('two sources proving two categories pass', () => {
    const second = document({ sourceName: 'Royal Bank', category: 'nameFinancialAccount' });
    expect(dualProcessProblems([document(), second])).toEqual([]);
  });

  it('refuses two documents of the same category', () => {
    expect(dualProcessProblems([document(), document({ sourceName: 'Bell' })])).toEqual([
      { index: 1, field: 'category', code: 'sameCategory' },
    ]);
  });

  it('refuses the same source twice, whatever its spacing and case', () => {
    const second = document({ sourceName: ' hydro  one', category: 'nameDateOfBirth' });
    expect(dualProcessProblems([document(), second])).toEqual([
      { index: 1, field: 'sourceName', code: 'sameSource' },
    ]);
  });

  it('a void cheque is not a source, and every field is required', () => {
    const problems = dualProcessProblems([
      document({ documentType: 'voidCheque' }),
      document({ documentType: '', sourceName: '', category: '', referenceNumber: '', file: null }),
    ]);
    expect(problems).toContainEqual({ index: 0, field: 'documentType', code: 'voidCheque' });
    expect(problems.filter((p) => p.index === 1).map((p) => p.field)).toEqual([
      'documentType',
      'sourceName',
      'category',
      'referenceNumber',
      'file',
    ]);
  });
});
