import { and, eq, inArray } from 'drizzle-orm';
import type { SignerRole } from '@portal/domain';
import type { Database } from '../../db/client.ts';
import { applicationSignatures, applications, users } from '../../db/schema.ts';

export type SignatureRow = typeof applicationSignatures.$inferSelect;

const keyOf = (applicationId: string, role: SignerRole) =>
  and(eq(applicationSignatures.applicationId, applicationId), eq(applicationSignatures.role, role));

/** One applicant's signature of an application; `lock` holds the row to the transaction's end. */
export async function findSignature(
  db: Database,
  applicationId: string,
  role: SignerRole,
  { lock = false } = {},
): Promise<SignatureRow | undefined> {
  const query = db.select().from(applicationSignatures).where(keyOf(applicationId, role)).limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/**
 * The signature whose envelope the vendor reports on (its webhook names only the envelope).
 * Envelope ids are the vendor's: the same id from another vendor is another envelope.
 */
export async function findSignatureByEnvelope(
  db: Database,
  provider: string,
  envelopeId: string,
): Promise<SignatureRow | undefined> {
  const [row] = await db
    .select()
    .from(applicationSignatures)
    .where(
      and(
        eq(applicationSignatures.provider, provider),
        eq(applicationSignatures.envelopeId, envelopeId),
      ),
    )
    .limit(1);
  return row;
}

/** Records a new envelope for the role: the row starts over as pending. */
export async function upsertSignature(
  db: Database,
  row: {
    applicationId: string;
    role: SignerRole;
    signerId: string;
    provider: string;
    envelopeId: string;
    now: Date;
  },
): Promise<void> {
  const values = {
    signerId: row.signerId,
    provider: row.provider,
    envelopeId: row.envelopeId,
    status: 'pending',
    updatedAt: row.now,
    completedAt: null,
  };
  await db
    .insert(applicationSignatures)
    .values({ applicationId: row.applicationId, role: row.role, createdAt: row.now, ...values })
    .onConflictDoUpdate({
      target: [applicationSignatures.applicationId, applicationSignatures.role],
      set: values,
    });
}

/** The signed document, encrypted by the caller (the `signedDocumentContext` of the row). */
export interface EncryptedSignedDocument {
  name: string;
  encrypted: Buffer;
}

/** The vendor's new status for the row's envelope, with the signed document when signed. */
export async function updateSignatureStatus(
  db: Database,
  change: {
    applicationId: string;
    role: SignerRole;
    status: 'signed' | 'declined' | 'expired';
    now: Date;
    signedDocument?: EncryptedSignedDocument;
  },
): Promise<SignatureRow> {
  const [row] = await db
    .update(applicationSignatures)
    .set({
      status: change.status,
      updatedAt: change.now,
      completedAt: change.now,
      ...(change.signedDocument && {
        signedDocumentName: change.signedDocument.name,
        signedDocumentEncrypted: change.signedDocument.encrypted,
      }),
    })
    .where(keyOf(change.applicationId, change.role))
    .returning();
  if (!row) throw new Error('the signature row to update is gone');
  return row;
}

/** Keeps the signed document of a signature that has none yet (fetched after the fact). */
export async function storeSignedDocument(
  db: Database,
  applicationId: string,
  role: SignerRole,
  document: EncryptedSignedDocument,
): Promise<void> {
  await db
    .update(applicationSignatures)
    .set({ signedDocumentName: document.name, signedDocumentEncrypted: document.encrypted })
    .where(and(keyOf(applicationId, role), eq(applicationSignatures.status, 'signed')));
}

/** One applicant's sign-in account: where and in which language they are written to. */
export interface ParticipantAccount {
  id: string;
  email: string;
  firstName: string;
  language: string;
}

/** The application's primary applicant and, once they joined, its joint applicant. */
export async function participantsOf(
  db: Database,
  applicationId: string,
): Promise<Partial<Record<SignerRole, ParticipantAccount>>> {
  const [row] = await db
    .select({ ownerId: applications.ownerId, jointUserId: applications.jointUserId })
    .from(applications)
    .where(eq(applications.id, applicationId))
    .limit(1);
  if (!row) return {};
  const ids = [row.ownerId, ...(row.jointUserId ? [row.jointUserId] : [])];
  const accounts = await db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      language: users.language,
    })
    .from(users)
    .where(inArray(users.id, ids));
  const byId = new Map(accounts.map((account) => [account.id, account]));
  return {
    primary: byId.get(row.ownerId),
    ...(row.jointUserId && { joint: byId.get(row.jointUserId) }),
  };
}
