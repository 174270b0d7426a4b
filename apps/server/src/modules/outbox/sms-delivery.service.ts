import {
  smsDeliveryProblems,
  type SmsDeliveryProblem,
} from '@portal/domain/messages/sms-delivery-messages';
import type { Database } from '../../db/client.ts';
import { permanentSmsRefusals, refusalOfDeliveryError } from '../../providers/sms/sms-refusals.ts';
import { latestSmsTo, recordDeliveryReport } from './outbox.repo.ts';

/**
 * How far each Twilio message status has come: a report at or below the recorded rank is a
 * replay or arrived late, and changes nothing. No timestamp is signed, so this order is what
 * tells a stale callback apart.
 */
/** The statuses Twilio's callbacks report (`MessageStatus`); `refused` is the outbox's own. */
export const twilioReportedStatuses = [
  'accepted',
  'scheduled',
  'queued',
  'sending',
  'sent',
  'delivered',
  'undelivered',
  'failed',
] as const;

export const twilioStatusRanks: Record<string, number> = {
  accepted: 0,
  scheduled: 0,
  queued: 1,
  sending: 2,
  sent: 3,
  delivered: 4,
  undelivered: 4,
  failed: 4,
  refused: 5,
};

/** Why a message did not arrive, from Twilio's error code (the person is told). */
export function reasonOf(status: string, errorCode: number | undefined): string | null {
  if (status !== 'undelivered' && status !== 'failed') return null;
  if (errorCode !== undefined) {
    const refusal =
      permanentSmsRefusals[errorCode as keyof typeof permanentSmsRefusals] ??
      refusalOfDeliveryError(errorCode);
    if (refusal) return refusal;
  }
  return 'smsUndeliverable';
}

/** A verified Twilio status callback, recorded when it moves the message forward. */
export function recordTwilioStatus(
  db: Database,
  report: { messageSid: string; status: string; errorCode: string | undefined; at: Date },
): Promise<{ id: string; template: string } | undefined> {
  const code = report.errorCode === undefined ? undefined : Number(report.errorCode);
  return recordDeliveryReport(db, {
    vendorReference: report.messageSid,
    status: report.status,
    rank: twilioStatusRanks[report.status] ?? -1,
    recordedRanks: twilioStatusRanks,
    errorCode: report.errorCode ?? null,
    reason: reasonOf(report.status, code),
    at: report.at,
  });
}

/** How far back a refused or undelivered text still explains why no code arrived. */
export const SMS_PROBLEM_WINDOW_MS = 24 * 3_600_000;

/**
 * Why the last text to a number did not arrive (refused for good, or reported undelivered), as
 * the person is told; undefined when it went through, is on its way, or none was sent lately.
 */
export async function smsDeliveryProblem(
  db: Database,
  recipient: string,
  now: Date,
): Promise<SmsDeliveryProblem | undefined> {
  const latest = await latestSmsTo(db, recipient, new Date(now.getTime() - SMS_PROBLEM_WINDOW_MS));
  const reason = latest?.deliveryReason;
  return reason && (smsDeliveryProblems as string[]).includes(reason)
    ? (reason as SmsDeliveryProblem)
    : undefined;
}
