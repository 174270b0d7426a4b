import type { KbaAnswers, KbaQuestion } from '@portal/domain';

/**
 * A credit bureau (issue 13: the FINTRAC credit-file method, regulatory facts §1): it looks
 * for the person's credit file and, when it finds one, asks knowledge-based questions drawn
 * from it. A real adapter (Equifax, TransUnion) implements the same two calls; the sandbox
 * (`sandbox-credit-bureau.ts`) follows the inputs documented in docs/sandbox.md. The product,
 * not the bureau, decides whether a file is good enough (domain `creditFileAccepted`).
 */

export interface BureauPerson {
  firstName: string;
  lastName: string;
  /** `YYYY-MM-DD`. */
  dateOfBirth: string;
  address: { streetNumber: string; streetName: string; city: string; postalCode: string };
}

/** A file found: what it is, how well it matched, and the questions to ask. */
export interface BureauFileMatch {
  outcome: 'match';
  bureau: 'equifax' | 'transunion';
  /** The bureau's number of the file (FINTRAC record; encrypted at rest). */
  fileReference: string;
  /** The bureau's id of this check: where the answers go. */
  checkReference: string;
  fileAgeYears: number;
  tradelines: number;
  nameMatch: boolean;
  addressMatch: boolean;
  dobMatch: boolean;
  questions: KbaQuestion[];
}

export type BureauMatchResult =
  | BureauFileMatch
  | { outcome: 'noMatch' | 'thinFile' | 'hardStop' }
  | { outcome: 'offline'; endsAt?: Date };

export type BureauAnswerResult = 'passed' | 'failed' | 'closed';

export interface CreditBureauProvider {
  /** Kept on the attempt (`identity_attempts.vendor`). */
  readonly name: string;
  matchFile(person: BureauPerson): Promise<BureauMatchResult>;
  /** Checks the answers once; a check already answered answers `closed`. */
  checkAnswers(checkReference: string, answers: KbaAnswers['answers']): Promise<BureauAnswerResult>;
}
