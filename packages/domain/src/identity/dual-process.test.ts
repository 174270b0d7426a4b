import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  dualProcessCategories,
  dualProcessCategoriesOf,
  dualProcessProblems,
  dualProcessSubmissionSchema,
  dualProcessSubmissionSchemaFor,
  isOurOwnSource,
  normalizeSourceName,
  type DualProcessCandidate,
} from './dual-process.ts';

const bill: DualProcessCandidate = {
  documentType: 'utilityBill',
  sourceName: 'Hydro-Québec',
  category: 'nameAddress',
  referenceNumber: 'HQ-123',
};
const statement: DualProcessCandidate = {
  documentType: 'bankStatement',
  sourceName: 'Royal Bank of Canada',
  category: 'nameFinancialAccount',
  referenceNumber: '00012-3456789',
};

describe('dual-process rule', () => {
  it('two sources proving two categories pass', () => {
    expect(dualProcessProblems([bill, statement])).toEqual([]);
  });

  it('needs exactly two documents', () => {
    expect(dualProcessProblems([bill])).toEqual([{ code: 'twoDocuments' }]);
    expect(dualProcessProblems([bill, statement, statement])).toEqual([{ code: 'twoDocuments' }]);
  });

  it('refuses the same category twice, on the second document', () => {
    const second = { ...statement, category: 'nameAddress' };
    expect(dualProcessProblems([bill, second])).toEqual([
      { index: 1, field: 'category', code: 'sameCategory' },
    ]);
  });

  it('refuses the same source twice, whatever its accents, case, spacing and punctuation', () => {
    const second = { ...statement, sourceName: '  hydro quebec ' };
    expect(dualProcessProblems([bill, second])).toEqual([
      { index: 1, field: 'sourceName', code: 'sameSource' },
    ]);
  });

  it('a void cheque is not a source, nor are forms or the halves of a photo ID', () => {
    expect(dualProcessProblems([{ ...bill, documentType: 'voidCheque' }, statement])).toEqual([
      { index: 0, field: 'documentType', code: 'voidCheque' },
    ]);
    for (const type of ['w9Form', 'transferForm', 'photoIDFront', 'constructor', 'nonsense']) {
      expect(dualProcessProblems([bill, { ...statement, documentType: type }])).toEqual([
        { index: 1, field: 'documentType', code: 'notASource' },
      ]);
    }
  });

  it('the brokerage is never a source, in either language', () => {
    for (const name of ['Laurentide Investing', 'placements laurentide', 'LAURENTIDE']) {
      expect(dualProcessProblems([bill, { ...statement, sourceName: name }])).toEqual([
        { index: 1, field: 'sourceName', code: 'sourceIsUs' },
      ]);
    }
    expect(isOurOwnSource('Laurentian Bank')).toBe(false);
  });

  it('the applicant is never a source', () => {
    const problems = dualProcessProblems([bill, { ...statement, sourceName: 'marie  Trémblay' }], {
      applicantNames: ['Marie Tremblay'],
    });
    expect(problems).toEqual([{ index: 1, field: 'sourceName', code: 'sourceIsApplicant' }]);
  });

  it('a document proves only the categories it can', () => {
    expect(dualProcessProblems([bill, { ...statement, documentType: 'passport' }])).toEqual([
      { index: 1, field: 'category', code: 'categoryNotProved' },
    ]);
    expect(dualProcessProblems([{ ...bill, category: 'nameDateOfBirth' }, statement])).toEqual([
      { index: 0, field: 'category', code: 'categoryNotProved' },
    ]);
    expect(dualProcessCategoriesOf.utilityBill).toEqual(['nameAddress']);
    expect(dualProcessCategoriesOf.creditStatement).toEqual([
      'nameAddress',
      'nameFinancialAccount',
    ]);
    expect(dualProcessCategoriesOf.investmentStatement).not.toContain('nameFinancialAccount');
  });

  it('every field is required and bounded', () => {
    const blank = { documentType: '', sourceName: ' ', category: '', referenceNumber: '' };
    expect(dualProcessProblems([bill, blank])).toEqual([
      { index: 1, field: 'documentType', code: 'required' },
      { index: 1, field: 'category', code: 'required' },
      { index: 1, field: 'sourceName', code: 'required' },
      { index: 1, field: 'referenceNumber', code: 'required' },
    ]);
    const long = { ...statement, sourceName: 'x'.repeat(101), referenceNumber: '1'.repeat(65) };
    expect(dualProcessProblems([bill, long])).toEqual([
      { index: 1, field: 'sourceName', code: 'invalid' },
      { index: 1, field: 'referenceNumber', code: 'invalid' },
    ]);
    expect(dualProcessProblems([bill, { ...statement, category: 'nameOnly' }])).toEqual([
      { index: 1, field: 'category', code: 'invalid' },
    ]);
  });

  it('any two valid documents pass exactly when their sources and categories differ', () => {
    const names = ['Bell', 'bell', 'Hydro One', 'TD', 'Desjardins'];
    const document = fc
      .constantFrom(
        ...(Object.keys(dualProcessCategoriesOf) as (keyof typeof dualProcessCategoriesOf)[]),
      )
      .chain((documentType) =>
        fc.record({
          documentType: fc.constant(documentType),
          category: fc.constantFrom(...dualProcessCategoriesOf[documentType]),
          sourceName: fc.constantFrom(...names),
          referenceNumber: fc.constant('R-1'),
        }),
      );
    fc.assert(
      fc.property(document, document, (a, b) => {
        const ok = dualProcessProblems([a, b]).length === 0;
        const differ =
          normalizeSourceName(a.sourceName) !== normalizeSourceName(b.sourceName) &&
          a.category !== b.category;
        return ok === differ;
      }),
    );
    expect(dualProcessCategories).toHaveLength(3);
  });
});

describe('dual-process submission schema', () => {
  it('trims and types what it accepts', () => {
    const parsed = dualProcessSubmissionSchema.parse({
      sources: [{ ...bill, referenceNumber: ' HQ-123 ' }, statement],
    });
    expect(parsed.sources[0]).toEqual({ ...bill, referenceNumber: 'HQ-123' });
  });

  it('reports each problem at its field path', () => {
    const result = dualProcessSubmissionSchemaFor({ applicantNames: ['Marie Tremblay'] }).safeParse(
      {
        sources: [bill, { ...statement, sourceName: 'Marie Tremblay', category: 'nameAddress' }],
      },
    );
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['sources.1.sourceName', 'sourceIsApplicant'],
      ['sources.1.category', 'sameCategory'],
    ]);
    expect(
      dualProcessSubmissionSchema.safeParse({ sources: [bill] }).error?.issues[0],
    ).toMatchObject({ path: ['sources'], message: 'twoDocuments' });
    expect(dualProcessSubmissionSchema.safeParse({ sources: 'x' }).success).toBe(false);
  });
});
