import { and, asc, count, eq, inArray, sql, sum } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { applicationDocuments, applications } from '../../db/schema.ts';

export type DocumentRow = typeof applicationDocuments.$inferSelect;
export type NewDocumentRow = typeof applicationDocuments.$inferInsert;
/** A document without its content: what lists need. */
export type DocumentListing = Omit<DocumentRow, 'contentEncrypted'>;

const listing = {
  id: applicationDocuments.id,
  applicationId: applicationDocuments.applicationId,
  uploadedBy: applicationDocuments.uploadedBy,
  documentType: applicationDocuments.documentType,
  account: applicationDocuments.account,
  reasonEncrypted: applicationDocuments.reasonEncrypted,
  fileNameEncrypted: applicationDocuments.fileNameEncrypted,
  contentType: applicationDocuments.contentType,
  size: applicationDocuments.size,
  contentFingerprint: applicationDocuments.contentFingerprint,
  uploadedAt: applicationDocuments.uploadedAt,
};

export async function insertDocument(db: Database, row: NewDocumentRow): Promise<DocumentListing> {
  const [inserted] = await db.insert(applicationDocuments).values(row).returning(listing);
  if (!inserted) throw new Error('document insert returned nothing');
  return inserted;
}

export async function hasFingerprint(
  db: Database,
  applicationId: string,
  fingerprints: string[],
): Promise<boolean> {
  const [row] = await db
    .select({ id: applicationDocuments.id })
    .from(applicationDocuments)
    .where(
      and(
        eq(applicationDocuments.applicationId, applicationId),
        inArray(applicationDocuments.contentFingerprint, fingerprints),
      ),
    )
    .limit(1);
  return row !== undefined;
}

export async function countOf(db: Database, applicationId: string): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(applicationDocuments)
    .where(eq(applicationDocuments.applicationId, applicationId));
  return row?.total ?? 0;
}

/** Any fixed number: it names the advisory locks of the upload quota among all others. */
const UPLOAD_QUOTA_LOCK_SPACE = 7_145_002;

/**
 * Holds, until the transaction ends, the lock of one uploader's quota: two uploads by the same
 * person (to two of their applications, say) take turns to add up their space and insert, so
 * they cannot both pass the quota. A lock of its own rather than `FOR UPDATE` on the person's
 * `users` row, which would also hold back every other change to that row meanwhile.
 */
export async function lockUploader(db: Database, uploaderId: string): Promise<void> {
  await db.execute(
    sql`select pg_advisory_xact_lock(${UPLOAD_QUOTA_LOCK_SPACE}, hashtext(${uploaderId}::text))`,
  );
}

/** Bytes of all the documents one person uploaded, in every application. */
export async function storedBytesOf(db: Database, uploaderId: string): Promise<number> {
  const [row] = await db
    .select({ total: sum(applicationDocuments.size).mapWith(Number) })
    .from(applicationDocuments)
    .where(eq(applicationDocuments.uploadedBy, uploaderId));
  return row?.total ?? 0;
}

/** The documents of one of the caller's applications, oldest first, without their content. */
export async function listOwned(
  db: Database,
  ownerId: string,
  applicationId: string,
): Promise<DocumentListing[]> {
  return db
    .select(listing)
    .from(applicationDocuments)
    .innerJoin(applications, eq(applications.id, applicationDocuments.applicationId))
    .where(
      and(eq(applicationDocuments.applicationId, applicationId), eq(applications.ownerId, ownerId)),
    )
    .orderBy(asc(applicationDocuments.uploadedAt), asc(applicationDocuments.id));
}

/** Every document of an application, oldest first, without content (its part checked by the caller). */
export async function listOfApplication(
  db: Database,
  applicationId: string,
): Promise<DocumentListing[]> {
  return db
    .select(listing)
    .from(applicationDocuments)
    .where(eq(applicationDocuments.applicationId, applicationId))
    .orderBy(asc(applicationDocuments.uploadedAt), asc(applicationDocuments.id));
}

/** One document of one of the caller's applications, with its (encrypted) content. */
export async function findOwnedWithContent(
  db: Database,
  ownerId: string,
  applicationId: string,
  documentId: string,
): Promise<DocumentRow | undefined> {
  const [row] = await db
    .select({ ...listing, contentEncrypted: applicationDocuments.contentEncrypted })
    .from(applicationDocuments)
    .innerJoin(applications, eq(applications.id, applicationDocuments.applicationId))
    .where(
      and(
        eq(applicationDocuments.id, documentId),
        eq(applicationDocuments.applicationId, applicationId),
        eq(applications.ownerId, ownerId),
      ),
    )
    .limit(1);
  return row;
}

export async function findInApplication(
  db: Database,
  applicationId: string,
  documentId: string,
): Promise<DocumentListing | undefined> {
  const [row] = await db
    .select(listing)
    .from(applicationDocuments)
    .where(
      and(
        eq(applicationDocuments.id, documentId),
        eq(applicationDocuments.applicationId, applicationId),
      ),
    )
    .limit(1);
  return row;
}

export async function deleteDocument(db: Database, documentId: string): Promise<void> {
  await db.delete(applicationDocuments).where(eq(applicationDocuments.id, documentId));
}
