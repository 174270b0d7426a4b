import { z } from 'zod';
import { identityDocumentTypes } from '../enums/documents.ts';
import { isoDateSchema } from './document-expiry.ts';
import { dualProcessCategories, dualProcessDocumentTypes } from './dual-process.ts';
import type { IdentityMethod } from './methods.ts';

/**
 * The record FINTRAC requires of each person's identity verification (regulatory facts §1),
 * per method, and nothing more: the fields it names, plus who checked and with what reference
 * (vendor, vendorReference) so the record can be traced to the check. Kept five years and
 * exportable; the server encrypts the numbers (document, file, reference) at rest and never
 * logs them. Strict objects: a field FINTRAC does not ask for is refused, not stored.
 */

export const CREDIT_FILE_MIN_AGE_YEARS = 3;
/** "Built from more than one source", a source being a tradeline. */
export const CREDIT_FILE_MIN_TRADELINES = 2;

const text = (max: number) => z.string().trim().min(1, 'required').max(max, 'invalid');

const commonShape = {
  verifiedName: text(200),
  /** ISO 8601 instant: the date of verification (for the credit file, of the search). */
  verifiedAt: z.iso.datetime({ offset: true }),
  vendor: text(64),
  vendorReference: text(128),
};

/** Photo ID: name, date, document type, number, jurisdiction and country of issue, expiry. */
const photoIdShape = {
  documentType: z.enum(Object.values(identityDocumentTypes)),
  documentNumber: text(64),
  /** Province or state of issue (`QC`, `NY`); null for a national document such as a passport. */
  jurisdiction: z
    .string()
    .regex(/^[A-Z0-9]{1,3}$/, 'invalid')
    .nullable(),
  /** ISO 3166-1 alpha-2 country of issue (`CA`). */
  country: z.string().regex(/^[A-Z]{2}$/, 'invalid'),
  /** Null when the document has no expiry. */
  expiryDate: isoDateSchema.nullable(),
};

/**
 * Credit file: FINTRAC asks for name, date, bureau and the file's reference number. The file's
 * age and its tradelines are kept too, as the evidence that the file met the method's rule
 * (at least 3 years, more than one source) when it was used; they are not personal data.
 */
const creditFileShape = {
  bureau: z.enum(['equifax', 'transunion']),
  fileReference: text(64),
  fileAgeYears: z.number().int().min(CREDIT_FILE_MIN_AGE_YEARS),
  tradelines: z.number().int().min(CREDIT_FILE_MIN_TRADELINES),
};

const dualProcessSourceSchema = z.strictObject({
  sourceName: text(100),
  category: z.enum(dualProcessCategories),
  documentType: z.enum(dualProcessDocumentTypes as [string, ...string[]]),
  referenceNumber: text(64),
});

/** Dual-process: both sources' names, the type of information each confirmed, their numbers. */
const dualProcessShape = {
  sources: z
    .tuple([dualProcessSourceSchema, dualProcessSourceSchema])
    .refine(([a, b]) => a.category !== b.category, { message: 'sameCategory' })
    .refine(([a, b]) => a.sourceName.toLowerCase() !== b.sourceName.toLowerCase(), {
      message: 'sameSource',
    }),
};

export const photoIdRecordSchema = z.strictObject({
  method: z.literal('photoId'),
  ...commonShape,
  ...photoIdShape,
});
export const creditFileRecordSchema = z.strictObject({
  method: z.literal('creditFile'),
  ...commonShape,
  ...creditFileShape,
});
export const dualProcessRecordSchema = z.strictObject({
  method: z.literal('dualProcess'),
  ...commonShape,
  ...dualProcessShape,
});

/**
 * Manual: a person at operations verified the applicant by the dual-process method, and the
 * record is that method's, plus who reviewed it (`vendor` is then us). Never the photo-ID
 * method: for a person not in front of us FINTRAC accepts a photo ID only through technology
 * that judges the document authentic and matches the person to its photo, which a person
 * looking at an uploaded picture is not (regulatory facts §1; ADR 0018).
 */
export const manualRecordSchema = z.strictObject({
  method: z.literal('manual'),
  ...commonShape,
  reviewedBy: text(128),
  methodUsed: z.literal('dualProcess'),
  ...dualProcessShape,
});

export const fintracRecordSchema = z.discriminatedUnion('method', [
  photoIdRecordSchema,
  creditFileRecordSchema,
  dualProcessRecordSchema,
  manualRecordSchema,
]);
export type FintracRecord = z.output<typeof fintracRecordSchema>;

const keysOf = (shape: object) => Object.keys(shape);

/** The exact keys of a method's record (manual: the dual-process record with its reviewer). */
export function recordFieldsFor(method: IdentityMethod): readonly string[] {
  const common = ['method', ...keysOf(commonShape)];
  switch (method) {
    case 'photoId':
      return [...common, ...keysOf(photoIdShape)];
    case 'creditFile':
      return [...common, ...keysOf(creditFileShape)];
    case 'dualProcess':
      return [...common, ...keysOf(dualProcessShape)];
    case 'manual':
      return [...common, 'reviewedBy', 'methodUsed', ...keysOf(dualProcessShape)];
  }
}

export interface CreditFileEvidence {
  fileAgeYears: number;
  tradelines: number;
  nameMatch: boolean;
  addressMatch: boolean;
  dobMatch: boolean;
}

/**
 * Whether a credit file may verify a person (regulatory facts §1, "What the product must do"
 * 4): at least 3 years old, at least 2 tradelines, and name, address and date of birth all
 * matching.
 */
export function creditFileAccepted(evidence: CreditFileEvidence): boolean {
  return (
    evidence.fileAgeYears >= CREDIT_FILE_MIN_AGE_YEARS &&
    evidence.tradelines >= CREDIT_FILE_MIN_TRADELINES &&
    evidence.nameMatch &&
    evidence.addressMatch &&
    evidence.dobMatch
  );
}
