import type { SmsDeliveryProblem } from '@portal/domain/messages/sms-delivery-messages';
import { SMS_LINK_RESEND_AFTER_MS } from '@portal/domain';
import type { HandoffStage } from '@portal/domain/identity/handoff';
import type { Database } from '../../db/client.ts';
import type { FieldCipher } from '../../lib/crypto/field-cipher.ts';
import { completeAttempt } from '../identity/identity-outcome.ts';
import { maskHandoffPhone } from './handoff-credentials.ts';
import * as repo from './identity-capture.repo.ts';

/**
 * A hand-off's state: its stage as the desktop shows it (the phone number masked), and its
 * closing once its time is up, the first time anyone looks at it.
 */

/** The phone number is bound to its hand-off (ADR 0008). */
export const phoneContext = (attemptId: string) => `identity_handoffs:${attemptId}:phone`;

export type { HandoffStage } from '@portal/domain/identity/handoff';

/** The hand-off as the desktop shows it (GET identity, and the POST answers with the link). */
export interface HandoffView {
  attemptId: string;
  stage: HandoffStage;
  expiresAt: string;
  smsSentAt?: string;
  canResendAt?: string;
  phoneMasked?: string;
  documentType?: string;
  shortLink?: string;
  /** Why the link's text did not reach the phone, once the SMS vendor said so. */
  textProblem?: SmsDeliveryProblem;
}

export interface HandoffStarted extends HandoffView {
  link: string;
  shortLink: string;
  qrSvg: string;
}

/** The statuses at which each person verifies (contract: POST creditFile's 409 identityNotOpen). */
export function handoffViewOf(
  handoff: repo.HandoffRow,
  cipher: FieldCipher,
  extra: { shortLink?: string } = {},
): HandoffView {
  const phone = handoff.phoneEncrypted
    ? cipher.decrypt(handoff.phoneEncrypted, phoneContext(handoff.attemptId))
    : undefined;
  return {
    attemptId: handoff.attemptId,
    stage: handoff.stage as HandoffStage,
    expiresAt: handoff.expiresAt.toISOString(),
    ...(handoff.smsSentAt && {
      smsSentAt: handoff.smsSentAt.toISOString(),
      canResendAt: new Date(handoff.smsSentAt.getTime() + SMS_LINK_RESEND_AFTER_MS).toISOString(),
    }),
    ...(phone && { phoneMasked: maskHandoffPhone(phone) }),
    ...(handoff.documentType && { documentType: handoff.documentType }),
    ...extra,
  };
}

/**
 * Closes a hand-off past its time: the attempt ends `expired` (reason `timeout`) and the stage
 * says so. Answers whether it did. Call it in a transaction holding the hand-off's row.
 */
export async function expireIfDue(
  tx: Database,
  cipher: FieldCipher,
  handoff: repo.HandoffRow,
  now: Date,
): Promise<boolean> {
  if (handoff.stage === 'decided' || handoff.stage === 'expired') return false;
  if (handoff.expiresAt.getTime() > now.getTime()) return false;
  await completeAttempt(tx, cipher, {
    attemptId: handoff.attemptId,
    outcome: 'expired',
    reason: 'timeout',
    now,
  });
  await repo.updateHandoff(tx, handoff.attemptId, {
    stage: 'expired',
    phoneEncrypted: null,
    updatedAt: now,
  });
  await repo.deleteCapture(tx, handoff.attemptId);
  return true;
}
