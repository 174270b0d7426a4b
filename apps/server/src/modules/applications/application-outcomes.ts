import {
  pepFormStatusOf,
  type ApplicationSummary,
  type DeclineCategory,
  type NamedAccountTypeName,
} from '@portal/domain';
import { and, asc, desc, inArray, isNotNull, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { clientAccounts, informationRequests, reviewCases } from '../../db/schema.ts';

/**
 * What operations decided, as the applicant's dashboard shows it (issue 16): the accounts an
 * approved application opened with their numbers, a decline's category (never the staff
 * member's reason), the open information request of an application that requires review, and a
 * PEP/HIO applicant's form. Read for a whole list in one query per table, never per application.
 */

export type Outcome = Pick<
  ApplicationSummary,
  'openedAccounts' | 'decline' | 'informationRequest' | 'pepForm'
>;

/** The context of an information request's answer: bound to its row (ADR 0008). */
export const answerContext = (requestId: string) => `information_requests:${requestId}:answer`;

export async function outcomesOf(
  db: Database,
  rows: readonly { id: string; status: string }[],
  now: Date = new Date(),
): Promise<Map<string, Outcome>> {
  const outcomes = new Map<string, Outcome>();
  const reviewed = rows.filter((row) =>
    ['underReview', 'requiresReview', 'approved', 'declined'].includes(row.status),
  );
  if (reviewed.length === 0) return outcomes;
  const statusOf = new Map(reviewed.map((row) => [row.id, row.status]));
  const idsWith = (status: string) =>
    reviewed.filter((row) => row.status === status).map((row) => row.id);
  const outcome = (id: string) => {
    const found = outcomes.get(id) ?? {};
    outcomes.set(id, found);
    return found;
  };

  const cases = await db
    .select()
    .from(reviewCases)
    .where(
      inArray(
        reviewCases.applicationId,
        reviewed.map((row) => row.id),
      ),
    );
  for (const found of cases) {
    const status = statusOf.get(found.applicationId);
    if (status === 'declined' && found.declineCategory) {
      outcome(found.applicationId).decline = {
        category: found.declineCategory as DeclineCategory,
      };
    }
    if (found.pep && found.pepFormDueOn && status !== 'declined') {
      outcome(found.applicationId).pepForm = pepFormStatusOf(
        {
          dueOn: found.pepFormDueOn,
          receivedAt: found.pepFormReceivedAt,
          remindersSent: found.pepRemindersSent,
        },
        now,
      );
    }
  }

  const approved = idsWith('approved');
  if (approved.length > 0) {
    const accounts = await db
      .select({
        applicationId: clientAccounts.applicationId,
        accountTypeName: clientAccounts.accountTypeName,
        accountNumber: clientAccounts.accountNumber,
      })
      .from(clientAccounts)
      .where(
        and(
          inArray(clientAccounts.applicationId, approved),
          isNotNull(clientAccounts.accountNumber),
        ),
      )
      .orderBy(asc(clientAccounts.createdAt), asc(clientAccounts.accountTypeName));
    for (const account of accounts) {
      const found = outcome(account.applicationId);
      found.openedAccounts = [
        ...(found.openedAccounts ?? []),
        {
          accountTypeName: account.accountTypeName as NamedAccountTypeName,
          accountNumber: account.accountNumber ?? '',
        },
      ];
    }
  }

  const asked = idsWith('requiresReview');
  if (asked.length > 0) {
    const open = await db
      .select()
      .from(informationRequests)
      .where(
        and(
          inArray(informationRequests.applicationId, asked),
          isNull(informationRequests.answeredAt),
        ),
      )
      .orderBy(desc(informationRequests.askedAt));
    for (const request of open) {
      const found = outcome(request.applicationId);
      // The latest open request is the one the applicant answers.
      found.informationRequest ??= {
        id: request.id,
        message: request.message,
        documentTypes: request.documentTypes,
        askedAt: request.askedAt.toISOString(),
      };
    }
  }
  return outcomes;
}
