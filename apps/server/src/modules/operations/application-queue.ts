import {
  businessDaysSince,
  isReviewOverdue,
  OPERATIONS_TIME_ZONE,
  submittedBeforeForAge,
  type ApplicationQueueItem,
  type ApplicationQueueQuery,
  type NamedAccountTypeName,
  type Page,
  type ProvinceCode,
  type ReviewQueueStatus,
} from '@portal/domain';
import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { applications, applicationSteps, reviewCases } from '../../db/schema.ts';
import { ensureReviewCases } from './review-cases.ts';
import { claimsById } from './work-claims.ts';

/**
 * The applications queue (issue 16; ADR 0023): under review and requires review, oldest
 * submission first, filtered on the review case's columns (never on the answers) and paged by
 * the database. Age is in business days of the payments calendar: `minAge` becomes the date
 * the submission (in Toronto) must precede, worked out from the calendar
 * (`submittedBeforeForAge`), so only a page of cases is ever read.
 */

type Data = Record<string, unknown>;
const record = (value: unknown): Data =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Data) : {};
const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/** A person's name as their profile step holds it (names are saved in plain text). */
export const profileNameOf = (profile: unknown): string => {
  const data = record(profile);
  return [text(data.firstName), text(data.lastName)].filter((part) => part !== '').join(' ');
};

/** The applicants' names of several applications, primary first, from their profile steps. */
export async function applicantNamesOf(
  db: Database,
  applicationIds: readonly string[],
): Promise<Map<string, string[]>> {
  const names = new Map<string, string[]>();
  if (applicationIds.length === 0) return names;
  const rows = await db
    .select({
      applicationId: applicationSteps.applicationId,
      step: applicationSteps.step,
      data: applicationSteps.data,
    })
    .from(applicationSteps)
    .where(
      and(
        inArray(applicationSteps.applicationId, [...applicationIds]),
        inArray(applicationSteps.step, ['profile', 'profilejoint']),
      ),
    );
  const byApplication = new Map<string, { primary?: string; joint?: string }>();
  for (const row of rows) {
    const entry = byApplication.get(row.applicationId) ?? {};
    entry[row.step === 'profile' ? 'primary' : 'joint'] = profileNameOf(row.data);
    byApplication.set(row.applicationId, entry);
  }
  for (const id of applicationIds) {
    const entry = byApplication.get(id) ?? {};
    names.set(
      id,
      [entry.primary, entry.joint].filter((name): name is string => !!name),
    );
  }
  return names;
}

function filtersOf(query: ApplicationQueueQuery, now: Date): SQL[] {
  const filters: SQL[] = [
    inArray(applications.status, query.status ? [query.status] : ['underReview', 'requiresReview']),
  ];
  if (query.province) filters.push(eq(reviewCases.province, query.province));
  if (query.accountType) {
    filters.push(sql`${reviewCases.accountTypes} @> ${JSON.stringify([query.accountType])}::jsonb`);
  }
  if (query.joint !== undefined) filters.push(eq(reviewCases.joint, query.joint));
  if (query.pep !== undefined) filters.push(eq(reviewCases.pep, query.pep));
  const before = query.minAge === undefined ? undefined : submittedBeforeForAge(query.minAge, now);
  if (before) {
    filters.push(
      sql`(${reviewCases.submittedAt} AT TIME ZONE ${OPERATIONS_TIME_ZONE})::date < ${before}::date`,
    );
  }
  return filters;
}

export async function applicationQueue(
  db: Database,
  query: ApplicationQueueQuery,
  callerId: string,
  now: Date = new Date(),
): Promise<Page<ApplicationQueueItem>> {
  // Applications that reached review before cases existed get theirs first.
  await ensureReviewCases(db);
  const where = and(...filtersOf(query, now));
  const [counted] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(reviewCases)
    .innerJoin(applications, eq(applications.id, reviewCases.applicationId))
    .where(where);
  const rows = await db
    .select({
      id: applications.id,
      status: applications.status,
      version: applications.version,
      submittedAt: reviewCases.submittedAt,
      province: reviewCases.province,
      accountTypes: reviewCases.accountTypes,
      joint: reviewCases.joint,
      pep: reviewCases.pep,
      firstApprovalBy: reviewCases.firstApprovalBy,
    })
    .from(reviewCases)
    .innerJoin(applications, eq(applications.id, reviewCases.applicationId))
    .where(where)
    .orderBy(asc(reviewCases.submittedAt), asc(applications.id))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  const page = rows.map((row) => ({ ...row, age: businessDaysSince(row.submittedAt, now) }));
  const ids = page.map((row) => row.id);
  const names = await applicantNamesOf(db, ids);
  const claims = await claimsById(db, 'application', ids, callerId, now);
  return {
    items: page.map((row) => ({
      id: row.id,
      status: row.status as ReviewQueueStatus,
      version: row.version,
      applicantNames: names.get(row.id) ?? [],
      province: row.province as ProvinceCode | null,
      accountTypes: row.accountTypes as NamedAccountTypeName[],
      joint: row.joint,
      pep: row.pep,
      submittedAt: row.submittedAt.toISOString(),
      ageBusinessDays: row.age,
      overdue: isReviewOverdue(row.age),
      awaitingSecondApproval: row.pep && row.firstApprovalBy !== null,
      claim: claims.get(row.id) ?? null,
    })),
    page: query.page,
    pageSize: query.pageSize,
    total: counted?.total ?? 0,
  };
}
