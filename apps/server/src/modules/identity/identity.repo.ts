import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { applicationDocuments, identityAttempts, identityVerifications } from '../../db/schema.ts';

export type AttemptRow = typeof identityAttempts.$inferSelect;
export type VerificationRow = typeof identityVerifications.$inferSelect;
export type IdentityRole = 'primary' | 'joint';

export async function insertAttempt(
  db: Database,
  row: typeof identityAttempts.$inferInsert,
): Promise<void> {
  await db.insert(identityAttempts).values(row);
}

/** One attempt; `lock` holds its row so two completions never both apply. */
export async function findAttempt(
  db: Database,
  attemptId: string,
  { lock = false } = {},
): Promise<AttemptRow | undefined> {
  const query = db.select().from(identityAttempts).where(eq(identityAttempts.id, attemptId));
  const [row] = lock ? await query.limit(1).for('update') : await query.limit(1);
  return row;
}

export async function findAttemptByVendorReference(
  db: Database,
  vendor: string,
  vendorReference: string,
): Promise<AttemptRow | undefined> {
  const [row] = await db
    .select()
    .from(identityAttempts)
    .where(
      and(
        eq(identityAttempts.vendor, vendor),
        eq(identityAttempts.vendorReference, vendorReference),
      ),
    )
    .limit(1);
  return row;
}

export async function updateAttempt(
  db: Database,
  attemptId: string,
  change: Partial<typeof identityAttempts.$inferInsert>,
): Promise<void> {
  await db.update(identityAttempts).set(change).where(eq(identityAttempts.id, attemptId));
}

/** A person's attempts on an application, newest first. */
export async function attemptsOf(
  db: Database,
  applicationId: string,
  role: IdentityRole,
): Promise<AttemptRow[]> {
  return db
    .select()
    .from(identityAttempts)
    .where(and(eq(identityAttempts.applicationId, applicationId), eq(identityAttempts.role, role)))
    .orderBy(desc(identityAttempts.startedAt), desc(identityAttempts.id));
}

/** Every attempt of a person, on every application, oldest first (the FINTRAC export). */
export async function attemptsOfUser(db: Database, userId: string): Promise<AttemptRow[]> {
  return db
    .select()
    .from(identityAttempts)
    .where(eq(identityAttempts.userId, userId))
    .orderBy(identityAttempts.startedAt, identityAttempts.id);
}

export async function findVerification(
  db: Database,
  applicationId: string,
  role: IdentityRole,
): Promise<VerificationRow | undefined> {
  const [row] = await db
    .select()
    .from(identityVerifications)
    .where(
      and(
        eq(identityVerifications.applicationId, applicationId),
        eq(identityVerifications.role, role),
      ),
    )
    .limit(1);
  return row;
}

/** The verifications of a user on several applications (the application list). */
export async function verificationsOfUser(
  db: Database,
  userId: string,
  applicationIds: readonly string[],
): Promise<VerificationRow[]> {
  if (applicationIds.length === 0) return [];
  return db
    .select()
    .from(identityVerifications)
    .where(
      and(
        eq(identityVerifications.userId, userId),
        inArray(identityVerifications.applicationId, [...applicationIds]),
      ),
    );
}

export async function upsertVerification(
  db: Database,
  row: {
    applicationId: string;
    role: IdentityRole;
    userId: string;
    state: string;
    method: string;
    verifiedAt?: Date | null;
    now: Date;
  },
): Promise<void> {
  const values = {
    userId: row.userId,
    state: row.state,
    method: row.method,
    updatedAt: row.now,
    ...(row.verifiedAt !== undefined && { verifiedAt: row.verifiedAt }),
  };
  await db
    .insert(identityVerifications)
    .values({ applicationId: row.applicationId, role: row.role, ...values })
    .onConflictDoUpdate({
      target: [identityVerifications.applicationId, identityVerifications.role],
      set: values,
    });
}

/** Documents of an application by id (type and uploader only, never the content). */
export async function documentsOf(
  db: Database,
  applicationId: string,
  ids: readonly string[],
): Promise<{ id: string; documentType: string; uploadedBy: string }[]> {
  const uuids = ids.filter((id) => /^[0-9a-f-]{36}$/i.test(id));
  if (uuids.length === 0) return [];
  return db
    .select({
      id: applicationDocuments.id,
      documentType: applicationDocuments.documentType,
      uploadedBy: applicationDocuments.uploadedBy,
    })
    .from(applicationDocuments)
    .where(
      and(
        eq(applicationDocuments.applicationId, applicationId),
        inArray(applicationDocuments.id, uuids),
      ),
    );
}
