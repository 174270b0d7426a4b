import { and, eq } from 'drizzle-orm';
import type { SignerRole } from '@portal/domain';
import type { Database } from '../../db/client.ts';
import { applicationSignatures } from '../../db/schema.ts';

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

/** The vendor's new status for the row's envelope. */
export async function updateSignatureStatus(
  db: Database,
  change: {
    applicationId: string;
    role: SignerRole;
    status: 'signed' | 'declined' | 'expired';
    now: Date;
  },
): Promise<SignatureRow> {
  const [row] = await db
    .update(applicationSignatures)
    .set({ status: change.status, updatedAt: change.now, completedAt: change.now })
    .where(keyOf(change.applicationId, change.role))
    .returning();
  if (!row) throw new Error('the signature row to update is gone');
  return row;
}
