import type { Database } from '../../db/client.ts';
import {
  permanentSmsRefusals,
  refusalOfDeliveryError,
} from '../../providers/sms/twilio-sms-transport.ts';
import { recordDeliveryReport } from './outbox.repo.ts';

/**
 * How far each Twilio message status has come: a report at or below the recorded rank is a
 * replay or arrived late, and changes nothing. No timestamp is signed, so this order is what
 * tells a stale callback apart.
 */
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
