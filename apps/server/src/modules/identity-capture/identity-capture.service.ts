import {
  verifiesIdentityAt,
  MOBILE_ID_VERIFICATION_MAX_MS,
  SMS_LINK_RESEND_AFTER_MS,
  type BiometricConsent,
} from '@portal/domain';
import { isValidPhoneNumber, normalizePhoneNumber, smsAddressOf } from '@portal/domain/rules/phone';
import QRCode from 'qrcode';
import type { Database } from '../../db/client.ts';
import type { FieldCipher } from '../../lib/crypto/field-cipher.ts';
import {
  findParticipantApplication,
  savedStepsOf,
  type ParticipantRole,
} from '../applications/applications.service.ts';
import { completeAttempt, startAttempt } from '../identity/identity-outcome.ts';
import { enqueueMessage, type MessageLanguage } from '../outbox/outbox.service.ts';
import { personOf, type Person } from './capture-person.ts';
import {
  newHandoffToken,
  newShortCode,
  phoneLink,
  shortCodeHashOf,
  shortLinkOf,
  tokenHashOf,
} from './handoff-credentials.ts';
import {
  expireIfDue,
  handoffViewOf,
  phoneContext,
  type HandoffStarted,
  type HandoffView,
} from './handoff-state.ts';
import { clock, type IdentityCaptureDeps } from './identity-capture-deps.ts';
import { IdentityCaptureError } from './identity-capture-error.ts';
import * as repo from './identity-capture.repo.ts';
import { smsDeliveryProblem } from '../outbox/sms-delivery.service.ts';
import { IDENTITY_LINK_TEMPLATE, identityLinkSms } from './identity-sms.ts';

/**
 * The photo-ID hand-off (issue 13; ADR 0018, "Photo ID on the phone"): the person starts it on
 * the desktop, gets a text with a link (and sees a QR code and a short link), and on the phone
 * chooses the document, captures front, back (not for a passport) and a selfie, reviews them
 * and submits; the images go to the document-verification vendor, whose decision arrives by
 * signed webhook (identity-webhook.ts). The link is a single-purpose credential: one attempt,
 * 15 minutes, only its keyed hash stored. Nothing here runs on a timer: a hand-off past its
 * time is closed (attempt `expired`, reason `timeout`) the first time anyone looks at it.
 *
 * This file holds the desktop's side (start, resend, the running hand-off); the hand-off's
 * state, the person, and the phone pages' API are modules beside it (issue 32), re-exported
 * here so callers keep one import.
 */

export { IdentityCaptureError, type IdentityCaptureErrorCode } from './identity-capture-error.ts';
export type { IdentityCaptureDeps } from './identity-capture-deps.ts';
export {
  expireIfDue,
  handoffViewOf,
  phoneContext,
  type HandoffStage,
  type HandoffStarted,
  type HandoffView,
} from './handoff-state.ts';
export { mobilePhoneOf } from './capture-person.ts';
export {
  CAPTURE_LOOKUP_LIMIT,
  chooseDocument,
  readCapture,
  removeImage,
  storeImage,
  submitCaptures,
  type CaptureView,
  type UploadedImage,
} from './phone-capture.ts';

function phoneFrom(given: string | undefined, person: Person): string {
  if (given !== undefined && given.trim() !== '') {
    const number = normalizePhoneNumber(given);
    if (!isValidPhoneNumber(number)) {
      throw new IdentityCaptureError(400, 'invalidPhone', { fields: { phone: 'invalid' } });
    }
    return number;
  }
  if (!person.mobilePhone) {
    throw new IdentityCaptureError(400, 'phoneRequired', { fields: { phone: 'required' } });
  }
  return person.mobilePhone;
}

async function issueCredentials(deps: IdentityCaptureDeps) {
  const token = newHandoffToken();
  const shortCode = newShortCode();
  const link = phoneLink(deps.publicUrl, token);
  const shortLink = shortLinkOf(deps.publicUrl, shortCode);
  const qrSvg = await QRCode.toString(link, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return {
    tokenHash: tokenHashOf(deps.cipher, token),
    shortCodeHash: shortCodeHashOf(deps.cipher, shortCode),
    link,
    shortLink,
    qrSvg,
  };
}

async function sendLink(
  tx: Database,
  deps: IdentityCaptureDeps,
  input: {
    phone: string;
    language: MessageLanguage;
    link: string;
    shortLink: string;
    applicationId: string;
  },
) {
  await enqueueMessage(tx, deps.cipher, {
    channel: 'sms',
    recipient: smsAddressOf(input.phone),
    language: input.language,
    template: IDENTITY_LINK_TEMPLATE,
    content: identityLinkSms(input),
    applicationId: input.applicationId,
  });
}

/**
 * For GET identity (module identity): the person's running hand-off, closed first if its time
 * is up, as the desktop shows it (no link: the token is not kept). Undefined when none runs.
 */
export async function currentHandoff(
  db: Database,
  cipher: FieldCipher,
  input: { applicationId: string; role: ParticipantRole; publicUrl?: string; now?: Date },
): Promise<HandoffView | undefined> {
  const now = input.now ?? new Date();
  return db.transaction(async (tx) => {
    const found = await repo.findRunningHandoff(tx, input.applicationId, input.role, {
      lock: true,
    });
    if (!found) return undefined;
    if (await expireIfDue(tx, cipher, found.handoff, now)) {
      const closed = await repo.findHandoffByAttempt(tx, found.handoff.attemptId);
      return closed && handoffViewOf(closed, cipher);
    }
    const view = handoffViewOf(found.handoff, cipher);
    // A phone that did not get the link: the desktop says why, beside the QR code and the
    // short address, which need no text message.
    const phone = found.handoff.phoneEncrypted
      ? cipher.decrypt(found.handoff.phoneEncrypted, phoneContext(found.handoff.attemptId))
      : undefined;
    const textProblem = phone ? await smsDeliveryProblem(tx, smsAddressOf(phone), now) : undefined;
    return textProblem ? { ...view, textProblem } : view;
  });
}

async function openParticipation(db: Database, userId: string, applicationId: string) {
  const participation = await findParticipantApplication(db, userId, applicationId, { lock: true });
  if (!participation) throw new IdentityCaptureError(404, 'notFound');
  if (!verifiesIdentityAt(participation.role, participation.status)) {
    throw new IdentityCaptureError(409, 'identityNotOpen');
  }
  const state = await repo.verificationStateOf(db, applicationId, participation.role);
  if (state === 'verified') throw new IdentityCaptureError(409, 'alreadyVerified');
  return participation;
}

/**
 * POST applications/{id}/identity/photoId: cancels the person's running hand-off, starts a
 * photo-ID attempt and its hand-off (15 minutes) and texts the link.
 */
export async function startPhotoId(
  deps: IdentityCaptureDeps,
  caller: { id: string },
  applicationId: string,
  body: { phone?: string; biometricConsent?: BiometricConsent },
): Promise<HandoffStarted> {
  // Express consent before a face is compared (ADR 0036): no consent, no attempt.
  const { biometricConsent } = body;
  if (!biometricConsent) throw new IdentityCaptureError(400, 'biometricConsentRequired');
  const now = clock(deps);
  const credentials = await issueCredentials(deps);
  return deps.db.transaction(async (tx) => {
    const participation = await openParticipation(tx, caller.id, applicationId);
    const person = await personOf(
      tx,
      caller.id,
      participation.role,
      await savedStepsOf(tx, applicationId),
    );
    const phone = phoneFrom(body.phone, person);
    const running = await repo.findRunningHandoff(tx, applicationId, participation.role, {
      lock: true,
    });
    if (running) {
      // A new hand-off replaces the old one: its link stops working at once.
      await completeAttempt(tx, deps.cipher, {
        attemptId: running.handoff.attemptId,
        outcome: 'expired',
        reason: 'replaced',
        actorId: caller.id,
        now,
      });
      await repo.updateHandoff(tx, running.handoff.attemptId, {
        stage: 'expired',
        phoneEncrypted: null,
        updatedAt: now,
      });
      await repo.deleteCapture(tx, running.handoff.attemptId);
    }
    const { attemptId } = await startAttempt(tx, deps.cipher, {
      applicationId,
      role: participation.role,
      userId: caller.id,
      method: 'photoId',
      vendor: deps.provider.name,
      now,
      methodsOffered: deps.methodsOffered,
      biometricConsent,
    });
    await repo.insertHandoff(tx, {
      attemptId,
      tokenHash: credentials.tokenHash,
      shortCodeHash: credentials.shortCodeHash,
      stage: 'sent',
      phoneEncrypted: deps.cipher.encrypt(phone, phoneContext(attemptId)),
      smsSentAt: now,
      expiresAt: new Date(now.getTime() + MOBILE_ID_VERIFICATION_MAX_MS),
      updatedAt: now,
    });
    await sendLink(tx, deps, { phone, language: person.language, ...credentials, applicationId });
    const handoff = await repo.findHandoffByAttempt(tx, attemptId);
    if (!handoff) throw new Error('hand-off insert not found');
    const { link, shortLink, qrSvg } = credentials;
    return { ...handoffViewOf(handoff, deps.cipher), link, shortLink, qrSvg };
  });
}

/**
 * POST applications/{id}/identity/photoId/sms: texts a new link for the running hand-off, at
 * most once a minute. A new token and short code are issued: the old link stops working.
 */
export async function resendPhotoIdSms(
  deps: IdentityCaptureDeps,
  caller: { id: string },
  applicationId: string,
  body: { phone?: string },
): Promise<HandoffStarted> {
  const now = clock(deps);
  const credentials = await issueCredentials(deps);
  return deps.db.transaction(async (tx) => {
    const participation = await findParticipantApplication(tx, caller.id, applicationId);
    if (!participation) throw new IdentityCaptureError(404, 'notFound');
    const running = await repo.findRunningHandoff(tx, applicationId, participation.role, {
      lock: true,
    });
    if (!running || (await expireIfDue(tx, deps.cipher, running.handoff, now))) {
      throw new IdentityCaptureError(409, 'noHandoff');
    }
    const { handoff } = running;
    if (handoff.stage === 'submitted') throw new IdentityCaptureError(409, 'noHandoff');
    const retryAt = new Date((handoff.smsSentAt?.getTime() ?? 0) + SMS_LINK_RESEND_AFTER_MS);
    if (retryAt.getTime() > now.getTime()) {
      throw new IdentityCaptureError(429, 'smsResendTooSoon', {
        retryAt: retryAt.toISOString(),
        retryAfterSeconds: Math.ceil((retryAt.getTime() - now.getTime()) / 1000),
      });
    }
    const person = await personOf(
      tx,
      caller.id,
      participation.role,
      await savedStepsOf(tx, applicationId),
    );
    const saved = handoff.phoneEncrypted
      ? deps.cipher.decrypt(handoff.phoneEncrypted, phoneContext(handoff.attemptId))
      : undefined;
    const phone = phoneFrom(body.phone ?? saved, person);
    await repo.updateHandoff(tx, handoff.attemptId, {
      tokenHash: credentials.tokenHash,
      shortCodeHash: credentials.shortCodeHash,
      phoneEncrypted: deps.cipher.encrypt(phone, phoneContext(handoff.attemptId)),
      smsSentAt: now,
      updatedAt: now,
    });
    await sendLink(tx, deps, { phone, language: person.language, ...credentials, applicationId });
    const updated = await repo.findHandoffByAttempt(tx, handoff.attemptId);
    if (!updated) throw new Error('hand-off vanished');
    const { link, shortLink, qrSvg } = credentials;
    return { ...handoffViewOf(updated, deps.cipher), link, shortLink, qrSvg };
  });
}
