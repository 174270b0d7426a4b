/** Documents uploaded to an application (modules/documents). */

import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { applications } from './applications.ts';
import { bytea } from './bytea.ts';
import { users } from './users.ts';

/**
 * Documents uploaded to an application (spec sections 3 and 5; ADR 0008). The file, its name
 * and the reason are encrypted with the field cipher (AES-256-GCM, bound to the row's id);
 * `content_fingerprint` is a keyed HMAC of the plain bytes, so the same file uploaded twice to
 * one application is refused without decrypting anything.
 */
export const applicationDocuments = pgTable(
  'application_documents',
  {
    id: uuid('id').primaryKey(),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    uploadedBy: uuid('uploaded_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    documentType: text('document_type').notNull(),
    /** The account of the application it is for, by name (`rrsp`); null for the whole application. */
    account: text('account'),
    /** `v1:...` ciphertexts of the field cipher. */
    reasonEncrypted: text('reason_encrypted'),
    fileNameEncrypted: text('file_name_encrypted').notNull(),
    /** Detected from the content's magic bytes, never taken from the client. */
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    contentEncrypted: bytea('content_encrypted').notNull(),
    contentFingerprint: text('content_fingerprint').notNull(),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('application_documents_fingerprint_idx').on(
      table.applicationId,
      table.contentFingerprint,
    ),
    index('application_documents_application_idx').on(table.applicationId, table.uploadedAt),
  ],
);
