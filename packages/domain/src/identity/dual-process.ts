import { z } from 'zod';
import { BRAND_LOGO, BRAND_NAME } from '../brand.ts';
import { uploadDocumentTypes, type UploadDocumentType } from '../enums/documents.ts';

/**
 * FINTRAC's dual-process method (regulatory facts §1): two documents from two different
 * reliable sources, confirming two different ones of these categories. The applicant, the
 * brokerage and its agents are never a source, and a void cheque is not acceptable.
 */
export const dualProcessCategories = [
  'nameAddress',
  'nameDateOfBirth',
  'nameFinancialAccount',
] as const;
export type DualProcessCategory = (typeof dualProcessCategories)[number];

export const dualProcessCategoryLabels = {
  nameAddress: { en: 'Name and address', fr: 'Nom et adresse' },
  nameDateOfBirth: { en: 'Name and date of birth', fr: 'Nom et date de naissance' },
  nameFinancialAccount: {
    en: 'Name and a bank, credit card or loan account',
    fr: 'Nom et un compte bancaire, de carte de crédit ou de prêt',
  },
} as const satisfies Record<DualProcessCategory, { en: string; fr: string }>;

/**
 * What each upload document type can confirm. A bank or credit-card statement shows the name,
 * the address and an account; a utility bill the name and address; a photo ID or passport the
 * name and date of birth (a provincial card also the address). An investment statement shows
 * the name and address, but an investment account is not the deposit, credit-card or loan
 * account the third category names, so it does not prove that one. "Other" is any other
 * reliable document (birth certificate, CRA notice, loan or mortgage statement, ...): the
 * applicant says which category it proves, and operations check it. Void cheques, forms we
 * issue (W-9, transfer) and the halves of a photo-ID capture are not sources.
 */
export const dualProcessCategoriesOf = {
  bankStatement: ['nameAddress', 'nameFinancialAccount'],
  creditStatement: ['nameAddress', 'nameFinancialAccount'],
  investmentStatement: ['nameAddress'],
  utilityBill: ['nameAddress'],
  photoID: ['nameAddress', 'nameDateOfBirth'],
  passport: ['nameDateOfBirth'],
  other: ['nameAddress', 'nameDateOfBirth', 'nameFinancialAccount'],
} as const satisfies Partial<Record<UploadDocumentType, readonly DualProcessCategory[]>>;

export type DualProcessDocumentType = keyof typeof dualProcessCategoriesOf;
export const dualProcessDocumentTypes = Object.keys(
  dualProcessCategoriesOf,
) as DualProcessDocumentType[];

/** Own keys only: a type named "constructor" is no source. */
export function isDualProcessDocumentType(type: string): type is DualProcessDocumentType {
  return Object.hasOwn(dualProcessCategoriesOf, type);
}

export const DUAL_PROCESS_SOURCE_NAME_MAX = 100;
export const DUAL_PROCESS_REFERENCE_MAX = 64;

/** One document of a dual-process submission, as the applicant describes it. */
export interface DualProcessSource {
  sourceName: string;
  documentType: DualProcessDocumentType;
  category: DualProcessCategory;
  referenceNumber: string;
}

export type DualProcessField = keyof DualProcessSource;
export type DualProcessCode =
  | 'required'
  | 'invalid'
  | 'voidCheque'
  | 'notASource'
  | 'categoryNotProved'
  | 'sameSource'
  | 'sameCategory'
  | 'sourceIsUs'
  | 'sourceIsApplicant'
  | 'twoDocuments';

export interface DualProcessProblem {
  /** Which document (0 or 1); absent for the submission as a whole (`twoDocuments`). */
  index?: number;
  field?: DualProcessField;
  code: DualProcessCode;
}

/**
 * A source name compared as people mean it: accents, case, punctuation and spacing ignored
 * ("Hydro-Québec" is "hydro quebec").
 */
export function normalizeSourceName(name: string): string {
  return name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

const ourNames = [BRAND_NAME.en, BRAND_NAME.fr].map(normalizeSourceName);
const ourWord = normalizeSourceName(BRAND_LOGO.wordmark);

/** Whether a source is the brokerage itself (its names, or any name with its word). */
export function isOurOwnSource(sourceName: string): boolean {
  const name = normalizeSourceName(sourceName);
  return ourNames.includes(name) || name.split(' ').includes(ourWord);
}

export interface DualProcessContext {
  /** The applicant's names as on the application ("Marie Tremblay"): they cannot be a source. */
  applicantNames?: readonly string[];
}

/** A document as the form holds it: every field may still be blank. */
export interface DualProcessCandidate {
  sourceName: string;
  documentType: string;
  category: string;
  referenceNumber: string;
}

function documentProblems(
  candidate: DualProcessCandidate,
  index: number,
  context: DualProcessContext,
): DualProcessProblem[] {
  const problems: DualProcessProblem[] = [];
  const add = (field: DualProcessField, code: DualProcessCode) =>
    problems.push({ index, field, code });
  const { documentType, category } = candidate;
  const sourceName = candidate.sourceName.trim();
  const referenceNumber = candidate.referenceNumber.trim();

  if (documentType === '') add('documentType', 'required');
  else if (documentType === uploadDocumentTypes.voidCheque) add('documentType', 'voidCheque');
  else if (!isDualProcessDocumentType(documentType)) add('documentType', 'notASource');

  if (category === '') add('category', 'required');
  else if (!(dualProcessCategories as readonly string[]).includes(category)) {
    add('category', 'invalid');
  } else if (isDualProcessDocumentType(documentType)) {
    const proves: readonly string[] = dualProcessCategoriesOf[documentType];
    if (!proves.includes(category)) add('category', 'categoryNotProved');
  }

  const applicants = (context.applicantNames ?? []).map(normalizeSourceName);
  if (sourceName === '') add('sourceName', 'required');
  else if (sourceName.length > DUAL_PROCESS_SOURCE_NAME_MAX) add('sourceName', 'invalid');
  else if (isOurOwnSource(sourceName)) add('sourceName', 'sourceIsUs');
  else if (applicants.includes(normalizeSourceName(sourceName))) {
    add('sourceName', 'sourceIsApplicant');
  }

  if (referenceNumber === '') add('referenceNumber', 'required');
  else if (referenceNumber.length > DUAL_PROCESS_REFERENCE_MAX) add('referenceNumber', 'invalid');
  return problems;
}

/**
 * Everything wrong with a dual-process submission; empty when it may be sent. The second
 * document carries the comparisons (`sameSource`, `sameCategory`), since it is the one to
 * change.
 */
export function dualProcessProblems(
  candidates: readonly DualProcessCandidate[],
  context: DualProcessContext = {},
): DualProcessProblem[] {
  if (candidates.length !== 2) return [{ code: 'twoDocuments' }];
  const problems = candidates.flatMap((candidate, index) =>
    documentProblems(candidate, index, context),
  );
  const [first, second] = candidates as [DualProcessCandidate, DualProcessCandidate];
  const firstName = normalizeSourceName(first.sourceName);
  if (firstName !== '' && firstName === normalizeSourceName(second.sourceName)) {
    problems.push({ index: 1, field: 'sourceName', code: 'sameSource' });
  }
  if (first.category !== '' && first.category === second.category) {
    problems.push({ index: 1, field: 'category', code: 'sameCategory' });
  }
  return problems;
}

/** A document as a request carries it, before the rule above judges it. */
export const dualProcessCandidateSchema = z.object({
  sourceName: z.string(),
  documentType: z.string(),
  category: z.string(),
  referenceNumber: z.string(),
});
const sourceShape = dualProcessCandidateSchema;

/**
 * The body of a dual-process submission; issues carry the codes above at
 * `sources.<index>.<field>` (or `sources` for `twoDocuments`). The output is trimmed and typed.
 */
export function dualProcessSubmissionSchemaFor(context: DualProcessContext = {}) {
  return z
    .object({ sources: z.array(sourceShape) })
    .superRefine(({ sources }, issues) => {
      for (const problem of dualProcessProblems(sources, context)) {
        const path: (string | number)[] = ['sources'];
        if (problem.index !== undefined) path.push(problem.index);
        if (problem.field) path.push(problem.field);
        issues.addIssue({ code: 'custom', message: problem.code, path });
      }
    })
    .transform(({ sources }) => ({
      sources: sources.map((source): DualProcessSource => ({
        sourceName: source.sourceName.trim(),
        documentType: source.documentType as DualProcessDocumentType,
        category: source.category as DualProcessCategory,
        referenceNumber: source.referenceNumber.trim(),
      })) as [DualProcessSource, DualProcessSource],
    }));
}

/** The schema without the applicant's names (the server uses the `For` form with them). */
export const dualProcessSubmissionSchema = dualProcessSubmissionSchemaFor();
export type DualProcessSubmission = z.output<typeof dualProcessSubmissionSchema>;
