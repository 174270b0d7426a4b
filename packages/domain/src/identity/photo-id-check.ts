import { z } from 'zod';

/**
 * A photo-ID vendor's check as staff review it (issue 34). When the vendor neither clears nor
 * declines a document (Onfido: a document report `suspected` or `caution`), the attempt waits
 * for operations, who decide from what the vendor found. Each report (the document, the face
 * against the document's photo) says its result and the parts of the check that were not
 * clear, in the product's words: the vendor's breakdown names are mapped by its adapter
 * (Onfido's `image_integrity` is `imageIntegrity`), so the console words them in English and
 * French whatever the vendor.
 */

export const photoIdReportKinds = ['document', 'facialSimilarity'] as const;
export type PhotoIdReportKind = (typeof photoIdReportKinds)[number];

/** `consider`: something to look at; `unknown`: the vendor could not say. */
export const photoIdReportResults = ['clear', 'consider', 'unknown'] as const;
export type PhotoIdReportResult = (typeof photoIdReportResults)[number];

/** The vendor's qualifier of a document report (why it was not simply clear). */
export const photoIdReportSubResults = ['clear', 'rejected', 'suspected', 'caution'] as const;
export type PhotoIdReportSubResult = (typeof photoIdReportSubResults)[number];

/**
 * The parts of a check a report breaks down into. The console has words for these; a part a
 * vendor adds later still travels (by its name) and is shown as the vendor named it.
 */
export const photoIdCheckAreas = [
  'ageValidation',
  'compromisedDocument',
  'dataComparison',
  'dataConsistency',
  'dataValidation',
  'faceComparison',
  'imageIntegrity',
  'issuingAuthority',
  'policeRecord',
  'visualAuthenticity',
] as const;
export type PhotoIdCheckArea = (typeof photoIdCheckAreas)[number];

/** A name of a part of a check, camelCase, as adapters write it (never personal data). */
const partName = z.string().regex(/^[A-Za-z][A-Za-z0-9]{0,59}$/);

/** One part of a report that was not clear: an area, or one item within it. */
export const photoIdConcernSchema = z.strictObject({
  area: partName,
  item: partName.nullable(),
  result: z.enum(['consider', 'unknown']),
});
export type PhotoIdConcern = z.infer<typeof photoIdConcernSchema>;

export const photoIdReportSchema = z.strictObject({
  kind: z.enum(photoIdReportKinds),
  result: z.enum(photoIdReportResults),
  /** Only a document report has one; null otherwise. */
  subResult: z.enum(photoIdReportSubResults).nullable(),
  concerns: z.array(photoIdConcernSchema).max(80),
});
export type PhotoIdReport = z.infer<typeof photoIdReportSchema>;
