import { and, desc, eq, getTableColumns, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { reusableStatement } from '../../db/reusable-statement.ts';
import {
  applications,
  applicationSteps,
  auditEvents,
  identityVerifications,
} from '../../db/schema.ts';

export type ApplicationRow = typeof applications.$inferSelect;
export type AuditEvent = typeof auditEvents.$inferInsert;

export async function insertApplication(db: Database, ownerId: string): Promise<ApplicationRow> {
  const [row] = await db.insert(applications).values({ ownerId }).returning();
  if (!row) throw new Error('application insert returned nothing');
  return row;
}

/** The one application matching `where`; `lock` holds its row until the transaction ends. */
async function findOne(
  db: Database,
  where: SQL | undefined,
  lock: boolean,
): Promise<ApplicationRow | undefined> {
  const query = db.select().from(applications).where(where).limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/** The owner's application; another person's answers undefined, exactly like a missing one. */
export async function findOwned(
  db: Database,
  ownerId: string,
  id: string,
  { lock = false } = {},
): Promise<ApplicationRow | undefined> {
  return findOne(db, and(eq(applications.id, id), eq(applications.ownerId, ownerId)), lock);
}

/** Any application by id, for changes made on behalf of another module. */
export async function findById(
  db: Database,
  id: string,
  { lock = false } = {},
): Promise<ApplicationRow | undefined> {
  return findOne(db, eq(applications.id, id), lock);
}

/**
 * An application the person takes part in: as its owner (the primary applicant) or as the
 * joint applicant linked to it by the code from their mail; undefined otherwise.
 */
export async function findParticipating(
  db: Database,
  userId: string,
  id: string,
  { lock = false } = {},
): Promise<ApplicationRow | undefined> {
  const takesPart = or(eq(applications.ownerId, userId), eq(applications.jointUserId, userId));
  return findOne(db, and(eq(applications.id, id), takesPart), lock);
}

/** The applications someone owns or is the linked joint applicant of. */
export async function listParticipating(db: Database, userId: string): Promise<ApplicationRow[]> {
  return (
    db
      .select()
      .from(applications)
      // Approved applications stay, as the accounts they opened (issue 16; ADR 0023).
      .where(or(eq(applications.ownerId, userId), eq(applications.jointUserId, userId)))
      .orderBy(desc(applications.updatedAt), desc(applications.createdAt), desc(applications.id))
  );
}

/** Saved steps of several applications, grouped by application id. */
export async function stepsOf(
  db: Database,
  applicationIds: string[],
): Promise<Map<string, Record<string, unknown>>> {
  const grouped = new Map<string, Record<string, unknown>>();
  if (applicationIds.length === 0) return grouped;
  const rows = await db
    .select()
    .from(applicationSteps)
    .where(inArray(applicationSteps.applicationId, applicationIds));
  for (const row of rows) {
    const steps = grouped.get(row.applicationId) ?? {};
    steps[row.step] = row.data;
    grouped.set(row.applicationId, steps);
  }
  return grouped;
}

/** Every saved step of the application, as one object keyed by step (null: none saved). */
const savedStepsObject = sql<Record<string, unknown> | null>`(
  select json_object_agg(${applicationSteps.step}, ${applicationSteps.data})
  from ${applicationSteps} where ${applicationSteps.applicationId} = ${applications.id})`;

/** The owner's own identity state on the application: they are its primary applicant. */
const ownIdentityState = sql<string | null>`(
  select ${identityVerifications.state} from ${identityVerifications}
  where ${identityVerifications.applicationId} = ${applications.id}
    and ${identityVerifications.userId} = ${sql.placeholder('ownerId')}
    and ${identityVerifications.role} = 'primary'
  limit 1)`;

const lockSelection = (identity: boolean) => ({
  row: applications,
  steps: savedStepsObject,
  identityState: identity ? ownIdentityState : sql<null>`null`,
});

type LockedApplication = {
  row: ApplicationRow;
  steps: Record<string, unknown> | null;
  identityState: string | null;
};

const lockStatement = (identity: boolean) =>
  reusableStatement<LockedApplication>(
    identity ? 'lock_owned_with_steps_identity' : 'lock_owned_with_steps',
    (db) =>
      db
        .select(lockSelection(identity))
        .from(applications)
        .where(
          and(
            eq(applications.id, sql.placeholder('id')),
            eq(applications.ownerId, sql.placeholder('ownerId')),
          ),
        )
        .limit(1)
        .for('update', { of: applications }),
    lockSelection(identity),
  );
const lockWithIdentity = lockStatement(true);
const lockWithoutIdentity = lockStatement(false);

/**
 * The owner's application, locked until the transaction ends, with all its saved steps (and,
 * when asked, the owner's own identity state on it) in one statement: a step save needs them
 * all before it writes, and one round trip holds the lock for less time than three (issue 18).
 */
export async function lockOwnedWithSteps(
  db: Database,
  ownerId: string,
  id: string,
  { identity = false } = {},
): Promise<
  { row: ApplicationRow; steps: Record<string, unknown>; identityState: string | null } | undefined
> {
  const [found] = await (identity ? lockWithIdentity : lockWithoutIdentity)(db, { id, ownerId });
  return found && { ...found, steps: found.steps ?? {} };
}

/**
 * A step save's writes in one statement (issue 18): the step upserted, the application moved
 * to its new status and version, and the audit event written, as data-modifying common table
 * expressions, which PostgreSQL runs whether or not the main statement reads them. Answers the
 * updated row.
 */
const stepSaveStatement = reusableStatement<ApplicationRow>(
  'write_step_save',
  (db) => {
    // getSQL(): a builder put in a template would be wrapped in parentheses, not valid here.
    const savedStep = db.$with('saved_step', {}).as(
      db
        .insert(applicationSteps)
        .values({
          applicationId: sql.placeholder('applicationId'),
          step: sql.placeholder('step'),
          data: sql.placeholder('data'),
          updatedAt: sql.placeholder('now'),
        })
        .onConflictDoUpdate({
          target: [applicationSteps.applicationId, applicationSteps.step],
          // The row proposed, not the values again: the answer is serialised and sent once.
          set: { data: sql`excluded.data`, updatedAt: sql`excluded.updated_at` },
        })
        .getSQL(),
    );
    const audited = db.$with('audited', {}).as(
      db
        .insert(auditEvents)
        .values({
          applicationId: sql.placeholder('applicationId'),
          actorId: sql.placeholder('actorId'),
          action: sql.placeholder('action'),
          fromStatus: sql.placeholder('fromStatus'),
          toStatus: sql.placeholder('toStatus'),
          details: sql.placeholder('details'),
        })
        .getSQL(),
    );
    return db
      .with(savedStep, audited)
      .update(applications)
      .set({
        status: sql`${sql.placeholder('status')}`,
        version: sql`${sql.placeholder('version')}`,
        ownershipTypeId: sql`${sql.placeholder('ownershipTypeId')}`,
        updatedAt: sql`${sql.placeholder('nowText')}`,
      })
      .where(eq(applications.id, sql.placeholder('applicationId')))
      .returning();
  },
  getTableColumns(applications),
);

export async function writeStepSave(
  db: Database,
  save: {
    applicationId: string;
    step: string;
    data: unknown;
    now: Date;
    values: Pick<ApplicationRow, 'status' | 'version' | 'ownershipTypeId'>;
    audit: Required<Pick<AuditEvent, 'actorId' | 'action' | 'fromStatus' | 'toStatus' | 'details'>>;
  },
): Promise<ApplicationRow> {
  const [row] = await stepSaveStatement(db, {
    applicationId: save.applicationId,
    step: save.step,
    data: save.data,
    now: save.now,
    // Set through SQL (drizzle's update types take no placeholder), so sent as PostgreSQL reads it.
    nowText: save.now.toISOString(),
    ...save.values,
    ...save.audit,
  });
  if (!row) throw new Error('application update returned nothing');
  return row;
}

export async function upsertStep(
  db: Database,
  applicationId: string,
  step: string,
  data: unknown,
  now: Date,
) {
  await db
    .insert(applicationSteps)
    .values({ applicationId, step, data, updatedAt: now })
    .onConflictDoUpdate({
      target: [applicationSteps.applicationId, applicationSteps.step],
      set: { data, updatedAt: now },
    });
}

export async function updateApplication(
  db: Database,
  id: string,
  values: Partial<
    Pick<ApplicationRow, 'status' | 'version' | 'ownershipTypeId' | 'updatedAt' | 'jointUserId'>
  >,
) {
  const [row] = await db
    .update(applications)
    .set(values)
    .where(eq(applications.id, id))
    .returning();
  if (!row) throw new Error('application update returned nothing');
  return row;
}

export async function deleteApplication(db: Database, id: string) {
  await db.delete(applications).where(eq(applications.id, id));
}

export async function insertAudit(db: Database, event: AuditEvent) {
  await db.insert(auditEvents).values(event);
}

export async function auditTrail(db: Database, applicationId: string) {
  return db
    .select()
    .from(auditEvents)
    .where(eq(auditEvents.applicationId, applicationId))
    .orderBy(auditEvents.createdAt);
}
