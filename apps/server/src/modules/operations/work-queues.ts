import {
  businessDaysSince,
  currencyOfTypeId,
  fundingStatuses,
  isReviewOverdue,
  OPERATIONS_TIME_ZONE,
  pepFormStatusOf,
  reviewedIdentityMethods,
  todayIn,
  transferInStatuses,
  type FundingQueueItem,
  type IdentityQueueItem,
  type Page,
  type PepFormQueueItem,
  type QueueCounts,
} from '@portal/domain';
import {
  and,
  asc,
  eq,
  gt,
  inArray,
  isNotNull,
  isNull,
  like,
  lt,
  ne,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import {
  applications,
  bankAccounts,
  clientAccounts,
  fundingEvents,
  fundingRequests,
  identityAttempts,
  reviewCases,
  transferEvents,
  transferRequests,
} from '../../db/schema.ts';
import type { FieldCipher } from '../../lib/crypto/field-cipher.ts';
import { workingOf } from '../identity/identity-outcome.ts';
import type { AttemptRow } from '../identity/identity.repo.ts';
import { applicantNamesOf } from './application-queue.ts';
import { ensureReviewCases } from './review-cases.ts';
import { claimsById } from './work-claims.ts';
import { countKeptVendorEvents } from './kept-vendor-events.ts';

/**
 * The work queues besides applications (issue 16; ADR 0023): identity attempts waiting for a
 * person, funding requests and transfers the bank, the delivering institution or a processing
 * job left for staff, and PEP/HIO forms due; and the counts of every queue for the console's
 * home. Every list is oldest (or soonest due) first.
 */

export interface PageQuery {
  page: number;
  pageSize: number;
}

/** The mark a processing job leaves on a row it set aside after a failure (not a live lease). */
export const HELD_PREFIX = 'held:';

const pageOf = <T>(all: T[], query: PageQuery) =>
  all.slice((query.page - 1) * query.pageSize, query.page * query.pageSize);

// ---------------------------------------------------------------------------------------------
// Identity

/** Sent for review: two documents, manual, and photo IDs their vendor left to us (issue 34). */
const identityWaiting = and(
  eq(identityAttempts.outcome, 'needsReview'),
  inArray(identityAttempts.method, [...reviewedIdentityMethods]),
);

/** The documents an attempt sent, from its encrypted working state. */
export function attemptDocumentIds(cipher: FieldCipher, attempt: AttemptRow): string[] {
  const working = workingOf(cipher, attempt) as { documentIds?: unknown } | undefined;
  return Array.isArray(working?.documentIds)
    ? working.documentIds.filter((id): id is string => typeof id === 'string')
    : [];
}

/** The queue's view of attempts: the person, the method, what they sent, the claim. */
export async function identityItemsOf(
  db: Database,
  cipher: FieldCipher,
  rows: AttemptRow[],
  callerId: string,
): Promise<IdentityQueueItem[]> {
  const names = await applicantNamesOf(db, [...new Set(rows.map((row) => row.applicationId))]);
  const claims = await claimsById(
    db,
    'identity',
    rows.map((row) => row.id),
    callerId,
  );
  return rows.map((row) => {
    const people = names.get(row.applicationId) ?? [];
    return {
      attemptId: row.id,
      applicationId: row.applicationId,
      role: row.role as IdentityQueueItem['role'],
      // The names are primary first; a joint applicant's is the second.
      personName: (row.role === 'joint' ? people[1] : people[0]) ?? '',
      method: row.method as IdentityQueueItem['method'],
      submittedAt: row.startedAt.toISOString(),
      documentIds: attemptDocumentIds(cipher, row),
      claim: claims.get(row.id) ?? null,
    };
  });
}

export async function identityQueue(
  db: Database,
  cipher: FieldCipher,
  query: PageQuery,
  callerId: string,
): Promise<Page<IdentityQueueItem>> {
  const rows = await db
    .select()
    .from(identityAttempts)
    .where(identityWaiting)
    .orderBy(asc(identityAttempts.startedAt), asc(identityAttempts.id));
  return {
    items: await identityItemsOf(db, cipher, pageOf(rows, query), callerId),
    page: query.page,
    pageSize: query.pageSize,
    total: rows.length,
  };
}

// ---------------------------------------------------------------------------------------------
// Funding and transfers

const rejectedFunding = [fundingStatuses.REJECTED_BY_BANK, fundingStatuses.DECLINED_IN_DP];

/** Set aside by a job after a failure, and still set aside. */
const heldFunding = (now: Date) =>
  and(like(fundingRequests.claimedBy, `${HELD_PREFIX}%`), gt(fundingRequests.claimedUntil, now));
const heldTransfer = (now: Date) =>
  and(like(transferRequests.claimedBy, `${HELD_PREFIX}%`), gt(transferRequests.claimedUntil, now));

/**
 * Not acted on yet: the last event of its history is not staff's. Staff's action writes an
 * event (retry, decline, resubmit, close), so an item leaves the queue until a job changes it
 * again.
 */
const fundingNotActedOn = sql`coalesce((select ${fundingEvents.actor} from ${fundingEvents}
  where ${fundingEvents.fundingRequestId} = ${fundingRequests.id}
  order by ${fundingEvents.at} desc limit 1), '') <> 'staff'`;
const transferNotActedOn = sql`coalesce((select ${transferEvents.actor} from ${transferEvents}
  where ${transferEvents.transferRequestId} = ${transferRequests.id}
  order by ${transferEvents.at} desc limit 1), '') <> 'staff'`;

const fundingWaiting = (now: Date): SQL =>
  and(or(inArray(fundingRequests.status, rejectedFunding), heldFunding(now)), fundingNotActedOn)!;
const transferWaiting = (now: Date): SQL =>
  and(
    or(eq(transferRequests.status, transferInStatuses.SC_DECLINED), heldTransfer(now)),
    transferNotActedOn,
  )!;

interface WaitingRow {
  kind: 'funding' | 'transfer';
  id: string;
  applicationId: string;
  status: number;
  held: boolean;
  amountCents: number | null;
  currency: 'CAD' | 'USD' | null;
  since: Date;
  documentId: string | null;
}

async function waitingMoney(db: Database, now: Date): Promise<WaitingRow[]> {
  const funding = await db
    .select({
      id: fundingRequests.id,
      applicationId: fundingRequests.applicationId,
      status: fundingRequests.status,
      claimedBy: fundingRequests.claimedBy,
      amountCents: fundingRequests.amountCents,
      currencyTypeId: clientAccounts.currencyTypeId,
      since: fundingRequests.lastModifiedAt,
      documentId: bankAccounts.documentId,
    })
    .from(fundingRequests)
    .leftJoin(clientAccounts, eq(clientAccounts.id, fundingRequests.toAccountId))
    .leftJoin(bankAccounts, eq(bankAccounts.id, fundingRequests.bankAccountId))
    .where(fundingWaiting(now));
  const transfers = await db
    .select({
      id: transferRequests.id,
      applicationId: transferRequests.applicationId,
      status: transferRequests.status,
      claimedBy: transferRequests.claimedBy,
      amountCents: transferRequests.approximateValueCents,
      since: transferRequests.lastModifiedAt,
      documentId: transferRequests.statementDocumentId,
    })
    .from(transferRequests)
    .where(transferWaiting(now));
  const held = (row: { claimedBy: string | null }, rejected: boolean) =>
    !rejected && (row.claimedBy?.startsWith(HELD_PREFIX) ?? false);
  return [
    ...funding.map((row) => ({
      kind: 'funding' as const,
      id: row.id,
      applicationId: row.applicationId,
      status: row.status,
      held: held(row, (rejectedFunding as number[]).includes(row.status)),
      amountCents: row.amountCents === null ? null : Number(row.amountCents),
      currency: (row.currencyTypeId !== null && currencyOfTypeId(row.currencyTypeId)) || 'CAD',
      since: row.since,
      documentId: row.documentId,
    })),
    ...transfers.map((row) => ({
      kind: 'transfer' as const,
      id: row.id,
      applicationId: row.applicationId,
      // Waiting transfers are signed ones (declined or held by the job): they have a status.
      status: row.status ?? transferInStatuses.SC_IN_PROGRESS,
      held: held(row, row.status === transferInStatuses.SC_DECLINED),
      amountCents: row.amountCents === null ? null : Number(row.amountCents),
      currency: 'CAD' as const,
      since: row.since,
      documentId: row.documentId,
    })),
  ].sort((a, b) => a.since.getTime() - b.since.getTime() || a.id.localeCompare(b.id));
}

export async function fundingQueue(
  db: Database,
  query: PageQuery,
  callerId: string,
  now: Date = new Date(),
): Promise<Page<FundingQueueItem>> {
  const rows = await waitingMoney(db, now);
  const page = pageOf(rows, query);
  const names = await applicantNamesOf(db, [...new Set(page.map((row) => row.applicationId))]);
  const fundingClaims = await claimsById(
    db,
    'funding',
    page.filter((row) => row.kind === 'funding').map((row) => row.id),
    callerId,
    now,
  );
  const transferClaims = await claimsById(
    db,
    'transfer',
    page.filter((row) => row.kind === 'transfer').map((row) => row.id),
    callerId,
    now,
  );
  return {
    items: page.map((row) => ({
      kind: row.kind,
      id: row.id,
      applicationId: row.applicationId,
      clientName: names.get(row.applicationId)?.[0] ?? '',
      status: row.status,
      why: row.held ? 'held' : 'rejected',
      amountCents: row.amountCents,
      currency: row.currency,
      since: row.since.toISOString(),
      documentIds: row.documentId ? [row.documentId] : [],
      claim: (row.kind === 'funding' ? fundingClaims : transferClaims).get(row.id) ?? null,
    })),
    page: query.page,
    pageSize: query.pageSize,
    total: rows.length,
  };
}

// ---------------------------------------------------------------------------------------------
// PEP/HIO forms

const formDue = and(
  eq(reviewCases.pep, true),
  isNotNull(reviewCases.pepFormDueOn),
  ne(applications.status, 'declined'),
);

export async function pepFormQueue(
  db: Database,
  query: PageQuery,
  now: Date = new Date(),
): Promise<Page<PepFormQueueItem>> {
  await ensureReviewCases(db);
  const rows = await db
    .select({
      applicationId: reviewCases.applicationId,
      submittedAt: reviewCases.submittedAt,
      dueOn: reviewCases.pepFormDueOn,
      receivedAt: reviewCases.pepFormReceivedAt,
      remindersSent: reviewCases.pepRemindersSent,
    })
    .from(reviewCases)
    .innerJoin(applications, eq(applications.id, reviewCases.applicationId))
    .where(formDue)
    .orderBy(asc(reviewCases.pepFormDueOn), asc(reviewCases.applicationId));
  const page = pageOf(rows, query);
  const names = await applicantNamesOf(
    db,
    page.map((row) => row.applicationId),
  );
  return {
    items: page.map((row) => ({
      ...pepFormStatusOf(
        { dueOn: row.dueOn!, receivedAt: row.receivedAt, remindersSent: row.remindersSent },
        now,
      ),
      applicationId: row.applicationId,
      applicantNames: names.get(row.applicationId) ?? [],
      submittedOn: todayIn(OPERATIONS_TIME_ZONE, row.submittedAt),
    })),
    page: query.page,
    pageSize: query.pageSize,
    total: rows.length,
  };
}

// ---------------------------------------------------------------------------------------------
// Counts

const count = sql<number>`count(*)::int`;

export async function queueCounts(db: Database, now: Date = new Date()): Promise<QueueCounts> {
  await ensureReviewCases(db);
  const review = await db
    .select({ status: applications.status, submittedAt: reviewCases.submittedAt })
    .from(reviewCases)
    .innerJoin(applications, eq(applications.id, reviewCases.applicationId))
    .where(inArray(applications.status, ['underReview', 'requiresReview']));
  const underReview = review.filter((row) => row.status === 'underReview');
  const [identity] = await db.select({ count }).from(identityAttempts).where(identityWaiting);
  const [funding] = await db.select({ count }).from(fundingRequests).where(fundingWaiting(now));
  const [transfers] = await db.select({ count }).from(transferRequests).where(transferWaiting(now));
  const today = todayIn(OPERATIONS_TIME_ZONE, now);
  const [forms] = await db
    .select({
      due: count,
      overdue: sql<number>`count(*) filter (where ${lt(reviewCases.pepFormDueOn, today)})::int`,
    })
    .from(reviewCases)
    .innerJoin(applications, eq(applications.id, reviewCases.applicationId))
    .where(and(formDue, isNull(reviewCases.pepFormReceivedAt)));
  return {
    underReview: underReview.length,
    requiresReview: review.length - underReview.length,
    overdue: underReview.filter((row) => isReviewOverdue(businessDaysSince(row.submittedAt, now)))
      .length,
    identity: identity?.count ?? 0,
    funding: (funding?.count ?? 0) + (transfers?.count ?? 0),
    pepForms: forms?.due ?? 0,
    pepFormsOverdue: forms?.overdue ?? 0,
    vendorEvents: await countKeptVendorEvents(db),
  };
}
