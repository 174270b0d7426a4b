import {
  chosenAccounts,
  countries,
  needsPepForm,
  pepFormDueOn,
  provinceCodeOf,
  stepApplies,
  type ProvinceCode,
  type SavedSteps,
} from '@portal/domain';
import type { Affiliations } from '@portal/domain/rules/affiliations';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { applications, auditEvents, reviewCases } from '../../db/schema.ts';
import { savedStepsOf } from '../applications/applications.service.ts';
import * as applicationsRepo from '../applications/applications.repo.ts';

/**
 * The review case of an application in the hands of operations (issue 16; ADR 0023): written
 * once, when it first reaches under review, with what the queue filters on, so the queue never
 * reads the answers. The PEP/HIO form's due date is counted from the submission.
 */

type Data = Record<string, unknown>;
const record = (value: unknown): Data =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Data) : {};

/** The primary applicant's province of residence, when they live in Canada. */
export function homeProvinceCodeOf(steps: SavedSteps): ProvinceCode | null {
  const home = record(record(steps.profile).homeAddress);
  if (home.countryId !== undefined && home.countryId !== countries.Canada) return null;
  return provinceCodeOf(home.provinceId) ?? null;
}

/** Whether an applicant of the application said they are a PEP or HIO (spec section 9). */
export function isPepApplication(steps: SavedSteps): boolean {
  const affiliations = record(record(steps.otherinterests).affiliations);
  if (Object.keys(record(affiliations.primary)).length === 0) return false;
  // Saved through the step's schema: the shape is the domain's (the joint part only when joint).
  return needsPepForm(affiliations as unknown as Affiliations);
}

export type ReviewCaseRow = typeof reviewCases.$inferSelect;

/** The case's values for an application submitted at `submittedAt`. */
export function reviewCaseOf(
  applicationId: string,
  steps: SavedSteps,
  submittedAt: Date,
): typeof reviewCases.$inferInsert {
  const pep = isPepApplication(steps);
  return {
    applicationId,
    submittedAt,
    province: homeProvinceCodeOf(steps),
    accountTypes: chosenAccounts(steps),
    joint: stepApplies('profilejoint', steps),
    pep,
    pepFormDueOn: pep ? pepFormDueOn(submittedAt) : null,
  };
}

/**
 * In the transaction that moves the application to under review: its case, unless it has one
 * (an application that returns from requires review keeps its first submission).
 */
export async function openReviewCase(
  tx: Database,
  input: { applicationId: string; steps: SavedSteps; submittedAt: Date },
): Promise<void> {
  await tx
    .insert(reviewCases)
    .values(reviewCaseOf(input.applicationId, input.steps, input.submittedAt))
    .onConflictDoNothing({ target: reviewCases.applicationId });
}

/**
 * The cases of applications that reached review before cases existed (data from before
 * migration 0014): submitted when the audit trail shows them moved to under review, else at
 * their last change. Idempotent: an application with a case is left alone.
 */
export async function ensureReviewCases(db: Database): Promise<number> {
  const missing = await db
    .select({ id: applications.id, updatedAt: applications.updatedAt })
    .from(applications)
    .leftJoin(reviewCases, eq(reviewCases.applicationId, applications.id))
    .where(
      and(
        inArray(applications.status, ['underReview', 'requiresReview']),
        isNull(reviewCases.applicationId),
      ),
    );
  if (missing.length === 0) return 0;
  const ids = missing.map((row) => row.id);
  const moves = await db
    .select({ applicationId: auditEvents.applicationId, createdAt: auditEvents.createdAt })
    .from(auditEvents)
    .where(and(inArray(auditEvents.applicationId, ids), eq(auditEvents.toStatus, 'underReview')))
    .orderBy(asc(auditEvents.createdAt));
  const firstMove = new Map<string, Date>();
  for (const move of moves) {
    if (!firstMove.has(move.applicationId)) firstMove.set(move.applicationId, move.createdAt);
  }
  const steps = await applicationsRepo.stepsOf(db, ids);
  for (const row of missing) {
    await openReviewCase(db, {
      applicationId: row.id,
      steps: steps.get(row.id) ?? {},
      submittedAt: firstMove.get(row.id) ?? row.updatedAt,
    });
  }
  return missing.length;
}

/** Loads the steps and opens the case: for callers that do not hold the steps already. */
export async function openReviewCaseOf(
  tx: Database,
  applicationId: string,
  submittedAt: Date,
): Promise<void> {
  await openReviewCase(tx, {
    applicationId,
    steps: await savedStepsOf(tx, applicationId),
    submittedAt,
  });
}
