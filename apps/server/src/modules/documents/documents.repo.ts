import { and, asc, count, eq } from 'drizzle-orm';
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
  fingerprint: string,
): Promise<boolean> {
  const [row] = await db
    .select({ id: applicationDocuments.id })
    .from(applicationDocuments)
    .where(
      and(
        eq(applicationDocuments.applicationId, applicationId),
        eq(applicationDocuments.contentFingerprint, fingerprint),
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
