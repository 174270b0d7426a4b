import { randomInt } from 'node:crypto';
import {
  CO_AUTH_CODE_DIGITS,
  CO_AUTH_CODE_MAX_ATTEMPTS,
  CO_AUTH_CODE_MAX_RESENDS_PER_DAY,
  CO_AUTH_CODE_RESEND_INTERVAL_SECONDS,
  CO_AUTH_CODE_VALIDITY_MS,
  coAuthCodeErrorCodes,
  type CoAuthCodeInvitation,
  type CoAuthCodeState,
} from '@portal/domain/rules/co-auth-code';
import { turnOf, type ApplicantTurn, type SavedSteps } from '@portal/domain';
import { isMessageCode } from '@portal/domain/messages/message-code';
import {
  CUSTOMER_AGREEMENT_ID,
  jointAgreementRecordOf,
  jointAgreementSchemaFor,
  jointIsFrenchFirst,
  type ReviewAgreement,
} from '@portal/domain/rules/review';
import {
  TransitionRefused,
  type ApplicationState,
} from '@portal/domain/status/application-status-machine';
import type { Database } from '../../db/client.ts';
import type { FieldCipher } from '../../lib/crypto/field-cipher.ts';
import {
  applyApplicationEvent,
  findParticipantApplication,
  recordAuditEvent,
  savedStepsOf,
} from '../applications/applications.service.ts';
import { upsertStep } from '../applications/applications.repo.ts';
import { identityVerifiedFor } from '../identity/identity.service.ts';
import { enqueueMessage, type MessageLanguage } from '../outbox/outbox.service.ts';
import * as repo from './co-auth-code.repo.ts';
import { jointInvitationMail, newCodeMail } from './joint-invitation-mail.ts';
import { JOINT_JOINED_TEMPLATE, jointJoinedMail } from './joint-joined-mail.ts';

/**
 * The joint applicant's code (spec sections 4, 5, 7, 8; issue 6). The primary applicant's
 * agreement to review invites the joint applicant (`inviteJointApplicant`); the joint
 * applicant, signed in with the address the code was mailed to, reads where their invitation
 * stands, asks for a new code, and proves the code, which joins them to the application.
 *
 * Which invitation is "theirs": codes are addressed to an email, not to a person, so the
 * caller's invitation is the most recently sent code to the caller's own sign-in address that
 * is not verified yet, leaving out applications the caller owns (the primary applicant cannot
 * be their own joint applicant). Reading, resending and verifying all act on that same one.
 *
 * The code itself is never stored, logged or answered: the table keeps a keyed HMAC of
 * `applicationId:code`, compared in constant time, and the mail carrying it is encrypted in
 * the outbox.
 */

/** A refusal the routes turn into an HTTP answer (`status` is the HTTP status). */
export class CoAuthCodeError extends Error {
  override name = 'CoAuthCodeError';
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 409 | 429,
    readonly errorCode: string,
    readonly details: {
      attemptsLeft?: number;
      retryAfterSeconds?: number;
      fields?: Record<string, string>;
    } = {},
  ) {
    super(errorCode);
  }
}

/** The caller, as the auth plugin names them. */
export interface Caller {
  id: string;
  email: string;
}

/** The invitation as answered, without the status number, which the routes add. */
export type InvitationView = Omit<CoAuthCodeInvitation, 'status'>;

/** The MAC purpose: its own HKDF-derived key, so no other MAC can stand for a code's. */
export const CODE_MAC_PURPOSE = 'co-auth-code';

const RESEND_INTERVAL_MS = CO_AUTH_CODE_RESEND_INTERVAL_SECONDS * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

const notFound = () => new CoAuthCodeError(404, coAuthCodeErrorCodes.notFound);

/** The keyed hash stored for a code, bound to its application. */
export function codeHashOf(cipher: FieldCipher, applicationId: string, code: string): string {
  return cipher.mac(CODE_MAC_PURPOSE, `${applicationId}:${code}`);
}

/** Four digits from the operating system's secure generator, 0000 to 9999. */
function newCode(): string {
  return String(randomInt(0, 10 ** CO_AUTH_CODE_DIGITS)).padStart(CO_AUTH_CODE_DIGITS, '0');
}

const normalizeEmail = (email: string) => email.trim().toLowerCase();

/**
 * The language of the joint applicant's invitation: the one the primary applicant stated for
 * them on the joint profile (the joint applicant has no account to read it from yet), else the
 * primary applicant's own. Once the joint applicant signs in, their account's language governs.
 */
export function invitationLanguageOf(steps: SavedSteps, primaryLanguage: string): MessageLanguage {
  const stated = (steps.profilejoint as { preferredLanguage?: unknown } | undefined)
    ?.preferredLanguage;
  if (stated === 'fr' || stated === 'en') return stated;
  return primaryLanguage === 'fr' ? 'fr' : 'en';
}

/** The primary applicant's name as given on the application's profile step, when saved. */
async function inviterNameOf(db: Database, applicationId: string): Promise<string | undefined> {
  const profile = (await savedStepsOf(db, applicationId)).profile as
    { firstName?: unknown; lastName?: unknown } | undefined;
  const name = [profile?.firstName, profile?.lastName]
    .filter((part): part is string => typeof part === 'string' && part.trim() !== '')
    .join(' ')
    .trim();
  return name || undefined;
}

function stateOf(row: repo.CoAuthCodeRow, now: Date): CoAuthCodeState {
  if (row.verifiedAt) return 'verified';
  if (now.getTime() >= row.expiresAt.getTime()) return 'expired';
  if (row.attempts >= CO_AUTH_CODE_MAX_ATTEMPTS) return 'locked';
  return 'waiting';
}

/**
 * When the next code may be sent, and why not sooner. Two throttles, both kept in the database
 * so every instance agrees:
 * - one code a minute (`interval`): a mail takes a moment to arrive, and a person pressing
 *   "send" again and again would otherwise flood their own mailbox; a code that already
 *   expired is replaced at once, since waiting on it helps nobody;
 * - five new codes per invitation in any 24 hours (`limit`): each code brings five fresh
 *   attempts, so without a daily bound a script could keep guessing. With it, at most
 *   (1 + 5) x 5 = 30 of the 10,000 codes can be tried a day.
 */
async function nextSendOf(
  db: Database,
  row: repo.CoAuthCodeRow,
  now: Date,
): Promise<{ at: Date; reason: 'interval' | 'limit' }> {
  const interval = Math.min(row.sentAt.getTime() + RESEND_INTERVAL_MS, row.expiresAt.getTime());
  const recent = await repo.resendTimesSince(
    db,
    row.applicationId,
    new Date(now.getTime() - DAY_MS),
  );
  const oldestCounted = recent[recent.length - CO_AUTH_CODE_MAX_RESENDS_PER_DAY];
  const limit = oldestCounted ? oldestCounted.getTime() + DAY_MS : Number.NEGATIVE_INFINITY;
  return limit > interval && limit > now.getTime()
    ? { at: new Date(limit), reason: 'limit' }
    : { at: new Date(interval), reason: 'interval' };
}

async function viewOf(db: Database, row: repo.CoAuthCodeRow, now: Date): Promise<InvitationView> {
  const state = stateOf(row, now);
  const inviterName = await inviterNameOf(db, row.applicationId);
  return {
    state,
    applicationId: row.applicationId,
    ...(inviterName ? { inviterName } : {}),
    // Whether the agreements the joint applicant accepts are French first (ADR 0016).
    frenchFirst: jointIsFrenchFirst(await savedStepsOf(db, row.applicationId)),
    expiresAt: row.expiresAt.toISOString(),
    attemptsLeft: Math.max(0, CO_AUTH_CODE_MAX_ATTEMPTS - row.attempts),
    resendAvailableAt:
      state === 'verified' ? null : (await nextSendOf(db, row, now)).at.toISOString(),
    ...(row.verifiedAt ? { verifiedAt: row.verifiedAt.toISOString() } : {}),
  };
}

/** The caller's invitation still waiting for its code (see the module comment), if any. */
async function currentInvitation(
  db: Database,
  caller: Caller,
  { lock = false } = {},
): Promise<repo.CoAuthCodeRow | undefined> {
  for (const row of await repo.pendingFor(db, normalizeEmail(caller.email), { lock })) {
    const participation = await findParticipantApplication(db, caller.id, row.applicationId);
    if (participation?.role !== 'primary') return row;
  }
  return undefined;
}

export interface Invitation {
  applicationId: string;
  inviteeEmail: string;
  /** The primary applicant's name, as the mail names them. */
  inviterName: string;
  /** The joint applicant's language, for the mail. */
  language: MessageLanguage;
  /** `publicUrlOf(config)`: where the link in the mail points. */
  publicUrl: string;
  now?: Date;
  /** How long the code works: the spec's 24 hours unless configured (`codeValidityMsOf`). */
  validityMs?: number;
  /** Who sent the invitation (the primary applicant), for the audit trail; none when absent. */
  actorId?: string;
}

/**
 * Invites the joint applicant, in the caller's transaction (the primary applicant's agreement
 * to review): a new four-digit code valid 24 hours replaces any earlier one, with fresh
 * attempts, and the invitation mail (template `jointInvitation`) is queued in the outbox, so it
 * goes out exactly when that transaction commits. Answers when the code expires.
 */
export async function inviteJointApplicant(
  db: Database,
  cipher: FieldCipher,
  invitation: Invitation,
): Promise<{ expiresAt: Date; messageId: string }> {
  const now = invitation.now ?? new Date();
  const inviteeEmail = normalizeEmail(invitation.inviteeEmail);
  if (!inviteeEmail.includes('@')) throw new Error('the joint applicant needs an email address');
  const code = newCode();
  const expiresAt = new Date(now.getTime() + (invitation.validityMs ?? CO_AUTH_CODE_VALIDITY_MS));
  await repo.upsertCode(db, {
    applicationId: invitation.applicationId,
    inviteeEmail,
    codeHash: codeHashOf(cipher, invitation.applicationId, code),
    expiresAt,
    sentAt: now,
  });
  const messageId = await enqueueMessage(db, cipher, {
    channel: 'email',
    recipient: inviteeEmail,
    language: invitation.language,
    template: 'jointInvitation',
    applicationId: invitation.applicationId,
    content: jointInvitationMail({
      language: invitation.language,
      inviterName: invitation.inviterName,
      inviteeEmail,
      code,
      expiresAt,
      publicUrl: invitation.publicUrl,
    }),
  });
  if (invitation.actorId) {
    await recordAuditEvent(db, {
      applicationId: invitation.applicationId,
      actorId: invitation.actorId,
      action: 'jointInvited',
      details: { expiresAt: expiresAt.toISOString(), language: invitation.language },
      createdAt: now,
    });
  }
  return { expiresAt, messageId };
}

/**
 * `GET coAuthCode`: the caller's invitation (waiting, expired, locked), or the one they last
 * verified; 404 when there is none.
 */
export async function readInvitation(
  db: Database,
  caller: Caller,
  { now = new Date() } = {},
): Promise<InvitationView> {
  const row = (await currentInvitation(db, caller)) ?? (await repo.lastVerifiedBy(db, caller.id));
  if (!row) throw notFound();
  return viewOf(db, row, now);
}

/**
 * `POST coAuthCode`: a new code for the caller's invitation, valid 24 hours again with fresh
 * attempts, mailed (template `coAuthCode`) in `language`; earlier codes stop working. 404
 * without a waiting invitation; 429 when asked too soon (see `nextSendOf`).
 */
export async function resendCode(
  db: Database,
  cipher: FieldCipher,
  caller: Caller,
  options: { language: MessageLanguage; publicUrl: string; now?: Date; validityMs?: number },
): Promise<InvitationView> {
  const now = options.now ?? new Date();
  return db.transaction(async (tx) => {
    const row = await currentInvitation(tx, caller, { lock: true });
    if (!row) throw notFound();
    const next = await nextSendOf(tx, row, now);
    if (next.at.getTime() > now.getTime()) {
      throw new CoAuthCodeError(
        429,
        next.reason === 'limit'
          ? coAuthCodeErrorCodes.resendLimit
          : coAuthCodeErrorCodes.resendTooSoon,
        { retryAfterSeconds: Math.ceil((next.at.getTime() - now.getTime()) / 1000) },
      );
    }
    const code = newCode();
    const expiresAt = new Date(now.getTime() + (options.validityMs ?? CO_AUTH_CODE_VALIDITY_MS));
    const updated = await repo.replaceCode(tx, row.applicationId, {
      codeHash: codeHashOf(cipher, row.applicationId, code),
      expiresAt,
      sentAt: now,
    });
    const inviterName = await inviterNameOf(tx, row.applicationId);
    await enqueueMessage(tx, cipher, {
      channel: 'email',
      recipient: row.inviteeEmail,
      language: options.language,
      template: 'coAuthCode',
      applicationId: row.applicationId,
      content: newCodeMail({
        language: options.language,
        inviterName,
        inviteeEmail: row.inviteeEmail,
        code,
        expiresAt,
        publicUrl: options.publicUrl,
      }),
    });
    await recordAuditEvent(tx, {
      applicationId: row.applicationId,
      actorId: caller.id,
      action: repo.RESENT_ACTION,
      details: { expiresAt: expiresAt.toISOString(), language: options.language },
      createdAt: now,
    });
    return viewOf(tx, updated, now);
  });
}

/**
 * Tells the primary applicant, in their own account's language, that the joint applicant
 * joined, and what their own turn is now (template `jointJoined`): to sign, to confirm their
 * identity (which they may do while the joint applicant confirms theirs), or nothing yet.
 */
async function queueJointJoinedMail(
  db: Database,
  cipher: FieldCipher,
  {
    applicationId,
    primaryTurn,
    publicUrl,
  }: { applicationId: string; primaryTurn: ApplicantTurn; publicUrl?: string },
): Promise<void> {
  const primary = await repo.primaryAccountOf(db, applicationId);
  if (!primary) return;
  const steps = await savedStepsOf(db, applicationId);
  const answer = (step: 'profile' | 'profilejoint', key: string) => {
    const value = (steps[step] as Record<string, unknown> | undefined)?.[key];
    return typeof value === 'string' ? value.trim() : '';
  };
  const language: MessageLanguage = primary.language === 'fr' ? 'fr' : 'en';
  const screen =
    primaryTurn === 'sign' ? 'esign' : primaryTurn === 'verifyIdentity' ? 'qualid' : null;
  const path = screen
    ? `/#/application/${encodeURIComponent(applicationId)}/${screen}`
    : '/#/home/dashboard';
  await enqueueMessage(db, cipher, {
    channel: 'email',
    recipient: primary.email,
    language,
    template: JOINT_JOINED_TEMPLATE,
    applicationId,
    content: jointJoinedMail({
      language,
      primaryFirstName: answer('profile', 'firstName'),
      jointName: `${answer('profilejoint', 'firstName')} ${answer('profilejoint', 'lastName')}`,
      primaryTurn,
      ...(publicUrl ? { url: `${publicUrl}${path}` } : {}),
    }),
  });
}

type VerifyOutcome =
  { kind: 'verified'; view: InvitationView } | { kind: 'refused'; error: CoAuthCodeError };

/**
 * `PUT coAuthCode/{code}` (the code already checked to be four digits): in one transaction,
 * with the code row locked so parallel guesses count one by one,
 * - no waiting invitation: 404, unless the caller already verified one (then 200 again, so a
 *   repeated request after a lost answer still lands on success);
 * - expired: 409; attempts used up: 403;
 * - wrong code: the attempt is counted (and kept: the transaction commits before the refusal),
 *   401 with the attempts left, or 403 when that was the last one;
 * - right code: the invitation is verified by the caller, the caller becomes the application's
 *   joint applicant and the status moves on (`jointConsented`, then with the `bypass-qualId`
 *   flag `jointIdentityVerified`), each with its audit event. An application that no longer
 *   waits for the joint applicant answers 409 and nothing changes.
 */
export async function verifyCode(
  db: Database,
  cipher: FieldCipher,
  caller: Caller,
  code: string,
  {
    now = new Date(),
    bypassQualId,
    publicUrl,
    agreement,
    readingLanguage,
  }: {
    now?: Date;
    bypassQualId: boolean;
    publicUrl?: string;
    /**
     * The customer agreements the joint applicant accepts in joining (the review's answer:
     * `agreementId`, `hasConsent`, `boundLanguage`, `expressEnglishChoice`). Checked against
     * the rule of their own home address before the code is; absent, nothing is recorded.
     */
    agreement?: unknown;
    /** The caller's language, which binds outside Quebec when they state none. */
    readingLanguage?: 'en' | 'fr';
  },
): Promise<InvitationView> {
  const outcome = await db.transaction(async (tx): Promise<VerifyOutcome> => {
    const row = await currentInvitation(tx, caller, { lock: true });
    if (!row) {
      const verified = await repo.lastVerifiedBy(tx, caller.id);
      if (!verified) return { kind: 'refused', error: notFound() };
      const application = await findParticipantApplication(tx, caller.id, verified.applicationId);
      const view = await viewOf(tx, verified, now);
      return {
        kind: 'verified',
        view: { ...view, ...(application ? { applicationStatus: application.status } : {}) },
      };
    }
    const state = stateOf(row, now);
    if (state === 'expired') {
      return { kind: 'refused', error: new CoAuthCodeError(409, coAuthCodeErrorCodes.expired) };
    }
    if (state === 'locked') {
      return {
        kind: 'refused',
        error: new CoAuthCodeError(403, coAuthCodeErrorCodes.maxAttempts, { attemptsLeft: 0 }),
      };
    }
    // The agreements under the joint applicant's own address (Quebec: French first, English
    // only by the express choice). A refusal counts no attempt, as a malformed code does not.
    const steps = await savedStepsOf(tx, row.applicationId);
    const frenchFirst = jointIsFrenchFirst(steps);
    // The spec's call without a body joins all the same: joining is accepting, and the
    // agreements then bind in the default language (French in Quebec), never in English unasked.
    let accepted: ReviewAgreement = { agreementId: CUSTOMER_AGREEMENT_ID, hasConsent: true };
    if (agreement !== undefined) {
      const parsed = jointAgreementSchemaFor({ frenchFirst }).safeParse(agreement);
      if (!parsed.success) {
        const fields: Record<string, string> = {};
        for (const issue of parsed.error.issues) {
          fields[issue.path.join('.') || 'agreement'] ??= isMessageCode(issue.message)
            ? issue.message
            : 'invalid';
        }
        return {
          kind: 'refused',
          error: new CoAuthCodeError(400, Object.values(fields)[0] ?? 'invalidInput', { fields }),
        };
      }
      accepted = parsed.data as ReviewAgreement;
    }
    if (!cipher.verifyMac(CODE_MAC_PURPOSE, `${row.applicationId}:${code}`, row.codeHash)) {
      const attempts = row.attempts + 1;
      await repo.setAttempts(tx, row.applicationId, attempts);
      await recordAuditEvent(tx, {
        applicationId: row.applicationId,
        actorId: caller.id,
        action: 'coAuthCodeMismatch',
        details: { attempts },
        createdAt: now,
      });
      const attemptsLeft = Math.max(0, CO_AUTH_CODE_MAX_ATTEMPTS - attempts);
      return {
        kind: 'refused',
        error:
          attemptsLeft === 0
            ? new CoAuthCodeError(403, coAuthCodeErrorCodes.maxAttempts, { attemptsLeft })
            : new CoAuthCodeError(401, coAuthCodeErrorCodes.mismatch, { attemptsLeft }),
      };
    }

    const verified = await repo.markVerified(tx, row.applicationId, caller.id, now);
    let applicationStatus: ApplicationState;
    try {
      applicationStatus = await applyApplicationEvent(tx, {
        applicationId: row.applicationId,
        actorId: caller.id,
        event: 'jointConsented',
        details: { via: 'coAuthCode' },
        jointUserId: caller.id,
      });
      if (bypassQualId) {
        applicationStatus = await applyApplicationEvent(tx, {
          applicationId: row.applicationId,
          actorId: caller.id,
          event: 'jointIdentityVerified',
          details: { via: 'bypassQualId' },
        });
      }
    } catch (error) {
      // Thrown inside the transaction, so the verification above is rolled back with it.
      if (error instanceof TransitionRefused) {
        throw new CoAuthCodeError(409, coAuthCodeErrorCodes.closed);
      }
      throw error;
    }
    // The server's record, as the primary's (`review.agreement`): time and hash are ours.
    const jointAgreement = jointAgreementRecordOf(accepted, {
      frenchFirst,
      now,
      ...(readingLanguage ? { readingLanguage } : {}),
    });
    const review = (steps.review as Record<string, unknown> | undefined) ?? {};
    await upsertStep(tx, row.applicationId, 'review', { ...review, jointAgreement }, now);
    await recordAuditEvent(tx, {
      applicationId: row.applicationId,
      actorId: caller.id,
      action: 'jointAgreed',
      details: {
        documentId: jointAgreement.documentId,
        version: jointAgreement.version,
        language: jointAgreement.language,
        englishChosen: jointAgreement.englishChoice !== undefined,
      },
      createdAt: now,
    });
    const primaryVerified = await identityVerifiedFor(
      tx,
      row.applicationId,
      'primary',
      bypassQualId,
    );
    await queueJointJoinedMail(tx, cipher, {
      applicationId: row.applicationId,
      // bypass-qualId: identity is not asked, so the only turn is to sign.
      primaryTurn: turnOf(
        'primary',
        applicationStatus,
        bypassQualId ? {} : { identityVerified: primaryVerified },
      ),
      publicUrl,
    });
    const view = await viewOf(tx, verified, now);
    return { kind: 'verified', view: { ...view, applicationStatus } };
  });
  if (outcome.kind === 'refused') throw outcome.error;
  return outcome.view;
}
