import { z } from 'zod';
import type { ApplicationStatus } from '../enums/application-statuses.ts';
import { actionReasonSchema } from '../operations/operations-api.ts';
import { instantOfWallClock } from '../identity/pacific-time.ts';
import { datePartsProblem, isCalendarDate } from '../rules/person.ts';

/**
 * Retention of the records the portal keeps (issue 36; docs/adr/0044-retention-and-legal-hold.md).
 * A record class is kept for its period, counted from the later of the record's creation and
 * the closure of the account it belongs to; nothing is deleted while the account is open or
 * under a legal hold. The periods are configuration (RETENTION_*_YEARS); the defaults below are
 * the longer of FINTRAC's and CIRO's periods, and CIRO's is UNCONFIRMED by the research.
 */

export const retentionRecordClasses = [
  /** FINTRAC identity verification records (identity_attempts). */
  'identityRecord',
  /** The signed account agreement and the documents uploaded with the application. */
  'accountAgreement',
  /** PAD agreements (Payments Canada Rule H1) accepted with a funding request. */
  'padAgreement',
  /** The CPA 005 payment files sent to the bank, their items, and the return files read. */
  'paymentFiles',
  /** The audit trail (audit_events): append-only, never deleted by the server (ADR 0041). */
  'auditEvents',
] as const;
export type RetentionRecordClass = (typeof retentionRecordClasses)[number];
export const retentionRecordClassSchema = z.enum(retentionRecordClasses);

/**
 * FINTRAC: at least 5 years (record-keeping guidance for securities dealers). What starts the
 * 5 years per record type is UNCONFIRMED in the research: the later of creation and closure
 * is the safe reading, since it is never earlier than either.
 */
export const FINTRAC_RETENTION_YEARS = 5;
/**
 * CIRO (dealer members' books and records): the research file holds no CIRO period. 7 years
 * is the period commonly cited for dealer records: UNCONFIRMED, configuration until confirmed.
 */
export const CIRO_RETENTION_YEARS_UNCONFIRMED = 7;

/** The default of every class: the longer of the two periods. */
export const DEFAULT_RETENTION_YEARS = Math.max(
  FINTRAC_RETENTION_YEARS,
  CIRO_RETENTION_YEARS_UNCONFIRMED,
);

export type RetentionPeriods = Readonly<Record<RetentionRecordClass, number>>;

export const defaultRetentionPeriods: RetentionPeriods = {
  identityRecord: DEFAULT_RETENTION_YEARS,
  accountAgreement: DEFAULT_RETENTION_YEARS,
  padAgreement: DEFAULT_RETENTION_YEARS,
  paymentFiles: DEFAULT_RETENTION_YEARS,
  auditEvents: DEFAULT_RETENTION_YEARS,
};

/** `years` calendar years after `from` (29 February lands on 28 February). */
export function addYears(from: Date, years: number): Date {
  const result = new Date(from.getTime());
  result.setUTCFullYear(result.getUTCFullYear() + years);
  if (result.getUTCDate() !== from.getUTCDate()) result.setUTCDate(0);
  return result;
}

/**
 * The start of the period: the later of the record's creation and the account's closure. An
 * account still open has no start: it is kept, whatever its age.
 */
export function retentionStartOf(createdAt: Date, accountClosedAt: Date | null): Date | null {
  if (!accountClosedAt) return null;
  return createdAt > accountClosedAt ? createdAt : accountClosedAt;
}

export interface RetentionSubject {
  createdAt: Date;
  accountClosedAt: Date | null;
  legalHold: boolean;
}

/** When the record may be deleted; null while the account is open or under a legal hold. */
export function deletableFrom(subject: RetentionSubject, years: number): Date | null {
  if (subject.legalHold) return null;
  const start = retentionStartOf(subject.createdAt, subject.accountClosedAt);
  return start ? addYears(start, years) : null;
}

/** Whether the record may be deleted at `now`. */
export function isPastRetention(subject: RetentionSubject, years: number, now: Date): boolean {
  const from = deletableFrom(subject, years);
  return from !== null && from <= now;
}

/**
 * The latest creation (and closure) a record may have to be past retention at `now`: the SQL
 * sweeps compare both dates with it, which is `isPastRetention` without reading every row.
 */
export function retentionCutoff(now: Date, years: number): Date {
  return addYears(now, -years);
}

/** Applications abandoned before signature (issue 36). */
export const DEFAULT_ABANDONED_AFTER_DAYS = 180;
export const DEFAULT_ABANDONED_REMINDER_DAYS_BEFORE = 14;

/**
 * The statuses of an application nobody has signed yet: once the primary applicant signs
 * (`jointEsignatureRequired`, `underReview`, ...) it is no longer "abandoned before signature".
 */
export const abandonableStatuses = [
  'new',
  'continue',
  'jointActionRequired',
  'jointEidUndetermined',
  'uploadJointEid',
  'esignatureRequired',
] as const satisfies readonly ApplicationStatus[];

const DAY_MS = 86_400_000;

/** When an application untouched since `lastActivityAt` is deleted. */
export function abandonedDeletionAt(lastActivityAt: Date, afterDays: number): Date {
  return new Date(lastActivityAt.getTime() + afterDays * DAY_MS);
}

/** When its applicant is reminded (never before the activity itself). */
export function abandonedReminderAt(
  lastActivityAt: Date,
  afterDays: number,
  reminderDaysBefore: number,
): Date {
  return new Date(lastActivityAt.getTime() + Math.max(0, afterDays - reminderDaysBefore) * DAY_MS);
}

/**
 * The legal hold a staff member sets or lifts, with the reason every console action takes
 * (5 to 1000 characters; it goes to the audit trail).
 */
export const legalHoldBodySchema = z.object({ reason: actionReasonSchema });
export type LegalHoldBody = z.infer<typeof legalHoldBodySchema>;

/**
 * The account's closure as operations record it (the dealer's back office closes accounts),
 * with the reason every console action takes: it goes to the audit trail.
 */
export const accountClosureBodySchema = z.object({
  closedAt: z.iso.datetime({ offset: true }),
  reason: actionReasonSchema,
});
export type AccountClosureBody = z.infer<typeof accountClosureBodySchema>;

/** Operations keep the dealer's days: a closure date is a day in Toronto, as the books are. */
export const CLOSURE_TIME_ZONE = 'America/Toronto';

/** What is wrong with a closure date typed in the console (`YYYY-MM-DD`), as a message key. */
export type ClosureDateProblem = 'required' | 'notADate' | 'inFuture';

/**
 * Why `date` (`YYYY-MM-DD`, as the three boxes join it) cannot be an account's closure on
 * `today` (the dealer's date, `dealerDate`): missing, not a calendar date, or after today.
 * Null for a closure that can be recorded.
 */
export function closureDateProblem(date: string, today: string): ClosureDateProblem | null {
  if (date.trim() === '') return 'required';
  if (datePartsProblem(date) || !isCalendarDate(date)) return 'notADate';
  return date > today ? 'inFuture' : null;
}

/**
 * The instant sent for a closure date: its first minute in Toronto, so that the day shows as
 * itself on every console page and today's date is never after the server's now.
 */
export function closureInstantOf(date: string): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return instantOfWallClock(
    { year, month, day, hour: 0, minute: 0 },
    CLOSURE_TIME_ZONE,
  ).toISOString();
}

/** What the console shows of one application's retention. */
export interface RetentionStateView {
  applicationId: string;
  status: string;
  accountClosedAt: string | null;
  legalHold: boolean;
  legalHoldReason: string | null;
  legalHoldSince: string | null;
  /** When each class could first be deleted (ISO), or null while open or held. */
  deletableFrom: Record<RetentionRecordClass, string | null>;
}
