import type { DualProcessCategory } from '../../../lib/identity-api.ts';

/*
 * The client's copy of two identity rules, so a person sees the problem before sending.
 * The server checks again with the domain's rules (issue 13) and its refusal shows the same
 * codes; when packages/domain/src/identity exports them, these functions should call it.
 */

export type ExpiryProblem = 'required' | 'expiryFormat' | 'expiryMonth' | 'documentExpired';

/**
 * Spec section 5's card-style expiry: 7 characters `MM/YYYY`, month 01-12, and not in the
 * past, a document counting as valid until the 15th of its expiry month.
 */
export function expiryProblem(text: string, now: Date): ExpiryProblem | null {
  const value = text.trim();
  if (value === '') return 'required';
  const match = /^(\d{2})\/(\d{4})$/.exec(value);
  if (!match) return 'expiryFormat';
  const month = Number(match[1]);
  const year = Number(match[2]);
  if (month < 1 || month > 12) return 'expiryMonth';
  // The cut-off is the 15th of the expiry month, end of day, in the person's own calendar.
  const cutOff = new Date(year, month - 1, 15, 23, 59, 59, 999);
  return now.getTime() > cutOff.getTime() ? 'documentExpired' : null;
}

export interface DualProcessCandidate {
  documentType: string;
  sourceName: string;
  category: DualProcessCategory | '';
  referenceNumber: string;
  file: File | null;
}

export type DualProcessField =
  'documentType' | 'sourceName' | 'category' | 'referenceNumber' | 'file';
export type DualProcessProblem = 'required' | 'sameCategory' | 'sameSource' | 'voidCheque';

/**
 * The dual-process rule (FINTRAC): two documents, from two different sources, proving two
 * different categories; a void cheque is not a source. Answers problems per document and field.
 */
export function dualProcessProblems(
  documents: readonly DualProcessCandidate[],
): { index: number; field: DualProcessField; code: DualProcessProblem }[] {
  const problems: { index: number; field: DualProcessField; code: DualProcessProblem }[] = [];
  documents.forEach((document, index) => {
    if (!document.documentType) problems.push({ index, field: 'documentType', code: 'required' });
    else if (document.documentType === 'voidCheque') {
      problems.push({ index, field: 'documentType', code: 'voidCheque' });
    }
    if (!document.sourceName.trim())
      problems.push({ index, field: 'sourceName', code: 'required' });
    if (!document.category) problems.push({ index, field: 'category', code: 'required' });
    if (!document.referenceNumber.trim()) {
      problems.push({ index, field: 'referenceNumber', code: 'required' });
    }
    if (!document.file) problems.push({ index, field: 'file', code: 'required' });
  });
  const [first, second] = documents;
  if (first && second) {
    if (first.category && first.category === second.category) {
      problems.push({ index: 1, field: 'category', code: 'sameCategory' });
    }
    const source = (name: string) => name.trim().toLocaleLowerCase().replace(/\s+/g, ' ');
    if (first.sourceName.trim() && source(first.sourceName) === source(second.sourceName)) {
      problems.push({ index: 1, field: 'sourceName', code: 'sameSource' });
    }
  }
  return problems;
}
