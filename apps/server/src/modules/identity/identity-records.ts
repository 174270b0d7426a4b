import type { Database } from '../../db/client.ts';
import type { FieldCipher } from '../../lib/crypto/field-cipher.ts';
import { recordAuditEvent } from '../applications/applications.service.ts';
import { decryptedRecordOf, verifiedNameOf } from './identity-outcome.ts';
import * as repo from './identity.repo.ts';

/**
 * The FINTRAC export of one person's identity records (regulatory facts §1: records
 * producible within 30 days; we answer within seconds): every attempt on every application,
 * the record decrypted, for staff only. Each export is audited on each application it covers.
 */
export async function exportIdentityRecords(
  db: Database,
  cipher: FieldCipher,
  input: { userId: string; staffId: string; now?: Date },
) {
  const now = input.now ?? new Date();
  const attempts = await repo.attemptsOfUser(db, input.userId);
  const records = attempts.map((attempt) => ({
    attemptId: attempt.id,
    applicationId: attempt.applicationId,
    role: attempt.role,
    method: attempt.method,
    outcome: attempt.outcome,
    ...(attempt.reason && { reason: attempt.reason }),
    startedAt: attempt.startedAt.toISOString(),
    completedAt: attempt.completedAt?.toISOString() ?? null,
    retainUntil: attempt.retainUntil.toISOString(),
    verifiedName: verifiedNameOf(cipher, attempt),
    vendor: attempt.vendor,
    vendorReference: attempt.vendorReference,
    record: decryptedRecordOf(cipher, attempt),
  }));
  await db.transaction(async (tx) => {
    for (const applicationId of new Set(attempts.map((attempt) => attempt.applicationId))) {
      await recordAuditEvent(tx, {
        applicationId,
        actorId: input.staffId,
        action: 'identityRecordsExported',
        details: { userId: input.userId },
        createdAt: now,
      });
    }
  });
  return { userId: input.userId, exportedAt: now.toISOString(), records };
}
