/**
 * Signatures of an application and the sandbox e-sign envelopes (modules/esign, providers/esign).
 */

import { index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { applications } from './applications.ts';
import { bytea } from './bytea.ts';
import { users } from './users.ts';

/**
 * Each applicant's signature of an application (spec sections 2 and 4: eSign), as the e-sign
 * provider reports it: `pending`, `signed`, `declined` or `expired`. The provider holds the
 * document; this row holds its envelope id.
 */
export const applicationSignatures = pgTable(
  'application_signatures',
  {
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    /** `primary` or `joint`. */
    role: text('role').notNull(),
    signerId: uuid('signer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    envelopeId: text('envelope_id').notNull(),
    status: text('status').notNull().default('pending'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /**
     * The document as the vendor returns it once signed (issue 12): the applicant's copy,
     * encrypted and bound to the application and role (ADR 0008); null until signed.
     */
    signedDocumentName: text('signed_document_name'),
    signedDocumentEncrypted: bytea('signed_document_encrypted'),
  },
  (table) => [
    primaryKey({ columns: [table.applicationId, table.role] }),
    // The vendor's webhook names the envelope, not the application (ADR 0018).
    index('application_signatures_envelope_idx').on(table.provider, table.envelopeId),
  ],
);

/**
 * The sandbox e-sign provider's envelopes (architecture: sandbox vendors): the document to sign
 * (a PDF, encrypted, bound to the envelope id), who signs it, and what they did in the signing
 * ceremony at `/sandbox/esign/{id}`.
 */
export const sandboxEsignEnvelopes = pgTable('sandbox_esign_envelopes', {
  id: uuid('id').primaryKey(),
  signerEmail: text('signer_email').notNull(),
  signerName: text('signer_name').notNull(),
  language: text('language').notNull(),
  documentName: text('document_name').notNull(),
  documentEncrypted: bytea('document_encrypted').notNull(),
  /** Where the ceremony sends the signer back to, on this site. */
  returnPath: text('return_path').notNull(),
  status: text('status').notNull().default('pending'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  completedAt: timestamp('completed_at', { withTimezone: true }),
});
