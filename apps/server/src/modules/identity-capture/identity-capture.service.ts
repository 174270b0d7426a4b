import {
  verifiesIdentityAt,
  MOBILE_ID_VERIFICATION_MAX_MS,
  SELFIE_COMPARISON_MAX_MS,
  SMS_LINK_RESEND_AFTER_MS,
  type SavedSteps,
} from '@portal/domain';
import { detectFileType, sanitizeFileName } from '@portal/domain/rules/uploads';
import { isValidPhoneNumber, normalizePhoneNumber } from '@portal/domain/rules/phone';
import { phoneTypes } from '@portal/domain/enums/person';
import { provinceCodeOf } from '@portal/domain/rules/other-interests-step';
import QRCode from 'qrcode';
import type { Database } from '../../db/client.ts';
import type { FieldCipher } from '../../lib/crypto/field-cipher.ts';
import type {
  CaptureSide,
  CapturedImage,
  DocumentVerificationProvider,
  IdentityDocumentType,
} from '../../providers/document-verification/document-verification-provider.ts';
import {
  findParticipantApplication,
  savedStepsOf,
  type ParticipantRole,
} from '../applications/applications.service.ts';
import { completeAttempt, startAttempt } from '../identity/identity-outcome.ts';
import { enqueueMessage, type MessageLanguage } from '../outbox/outbox.service.ts';
import { countAttempt } from '../security/security.repo.ts';
import { findUserById } from '../security/security.repo.ts';
import {
  credentialOf,
  maskHandoffPhone,
  newHandoffToken,
  newShortCode,
  phoneLink,
  shortCodeHashOf,
  shortLinkOf,
  tokenHashOf,
} from './handoff-credentials.ts';
import * as repo from './identity-capture.repo.ts';
import { IDENTITY_LINK_TEMPLATE, identityLinkSms } from './identity-sms.ts';

/**
 * The photo-ID hand-off (issue 13; ADR 0018, "Photo ID on the phone"): the person starts it on
 * the desktop, gets a text with a link (and sees a QR code and a short link), and on the phone
 * chooses the document, captures front, back (not for a passport) and a selfie, reviews them
 * and submits; the images go to the document-verification vendor, whose decision arrives by
 * signed webhook (identity-webhook.ts). The link is a single-purpose credential: one attempt,
 * 15 minutes, only its keyed hash stored. Nothing here runs on a timer: a hand-off past its
 * time is closed (attempt `expired`, reason `timeout`) the first time anyone looks at it.
 */

export type IdentityCaptureErrorCode =
  | 'notFound'
  | 'identityNotOpen'
  | 'alreadyVerified'
  | 'phoneRequired'
  | 'invalidPhone'
  | 'noHandoff'
  | 'smsResendTooSoon'
  | 'handoffExpired'
  | 'tooManyAttempts'
  | 'handoffSubmitted'
  | 'documentTypeRequired'
  | 'backNotNeeded'
  | 'invalidFile'
  | 'fileTooLarge'
  | 'capturesMissing';

export class IdentityCaptureError extends Error {
  override name = 'IdentityCaptureError';
  constructor(
    readonly status: 400 | 404 | 409 | 413 | 429,
    readonly errorCode: IdentityCaptureErrorCode,
    readonly details: Record<string, unknown> = {},
  ) {
    super(errorCode);
  }
}

export interface IdentityCaptureDeps {
  db: Database;
  cipher: FieldCipher;
  provider: DocumentVerificationProvider;
  /** The site's own address (links in the SMS and the QR code). */
  publicUrl: string;
  now?: () => Date;
}

const clock = (deps: { now?: () => Date }) => deps.now?.() ?? new Date();
const phoneContext = (attemptId: string) => `identity_handoffs:${attemptId}:phone`;
const captureContext = (attemptId: string, side: string, part: 'content' | 'fileName') =>
  `identity_captures:${attemptId}:${side}:${part}`;

export type HandoffStage =
  | 'sent'
  | 'opened'
  | 'document'
  | 'front'
  | 'back'
  | 'selfie'
  | 'submitted'
  | 'decided'
  | 'expired';

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

/** The person verifying: their account, and what the application says about them. */
interface Person {
  firstName: string;
  lastName: string;
  language: MessageLanguage;
  mobilePhone?: string;
  provinceCode?: string;
}

const record = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
const text = (value: unknown) =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;

/** The mobile number saved in the person's profile (spec section 3: phone type Mobile). */
export function mobilePhoneOf(profile: Record<string, unknown>): string | undefined {
  const phones = Array.isArray(profile.phones) ? profile.phones : [];
  for (const phone of phones.map(record)) {
    if (phone.type !== phoneTypes.Mobile || typeof phone.number !== 'string') continue;
    const number = normalizePhoneNumber(phone.number);
    if (isValidPhoneNumber(number)) return number;
  }
  return undefined;
}

async function personOf(
  db: Database,
  userId: string,
  role: string,
  steps: SavedSteps,
): Promise<Person> {
  const user = await findUserById(db, userId);
  const profile = record(
    (steps as Record<string, unknown>)[role === 'joint' ? 'profilejoint' : 'profile'],
  );
  const provinceCode = provinceCodeOf(record(profile.homeAddress).provinceId);
  const mobilePhone = mobilePhoneOf(profile);
  return {
    firstName: text(profile.firstName) ?? user?.firstName ?? '',
    lastName: text(profile.lastName) ?? user?.lastName ?? '',
    language: user?.language === 'fr' ? 'fr' : 'en',
    ...(mobilePhone && { mobilePhone }),
    ...(provinceCode && { provinceCode }),
  };
}

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
    recipient: input.phone,
    language: input.language,
    template: IDENTITY_LINK_TEMPLATE,
    content: identityLinkSms(input),
    applicationId: input.applicationId,
  });
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
    return handoffViewOf(found.handoff, cipher);
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
  body: { phone?: string },
): Promise<HandoffStarted> {
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

// ---------------------------------------------------------------------------------------------
// The phone pages' API: the credential in the path is the only authority.

/** What the phone pages show. */
export interface CaptureView {
  language: MessageLanguage;
  firstName: string;
  stage: HandoffStage;
  documentType?: string;
  expiresAt: string;
  captured: { front: boolean; back: boolean; selfie: boolean };
  needsBack: boolean;
  outcome?: 'pending' | 'verified' | 'failed';
  reason?: string;
}

/** Failed look-ups allowed per address and minute before the address waits. */
export const CAPTURE_LOOKUP_LIMIT = 10;
const LOOKUP_WINDOW_MS = 60_000;
const throttleKey = (address: string) => `identityCapture:${address}`;

function outcomeOf(
  attempt: repo.HandoffWithAttempt['attempt'],
): Pick<CaptureView, 'outcome' | 'reason'> {
  switch (attempt.outcome) {
    case 'pending':
      return { outcome: 'pending' };
    case 'needsReview':
      return { outcome: 'pending', reason: 'review' };
    case 'verified':
      return { outcome: 'verified' };
    case 'failed':
    case 'expired':
      return { outcome: 'failed', ...(attempt.reason && { reason: attempt.reason }) };
    default:
      return {};
  }
}

async function captureViewOf(tx: Database, found: repo.HandoffWithAttempt): Promise<CaptureView> {
  const { handoff, attempt } = found;
  const sides = new Set(await repo.capturedSides(tx, handoff.attemptId));
  const person = await personOf(
    tx,
    attempt.userId,
    attempt.role,
    await savedStepsOf(tx, attempt.applicationId),
  );
  return {
    language: person.language,
    firstName: person.firstName,
    stage: handoff.stage as HandoffStage,
    ...(handoff.documentType && { documentType: handoff.documentType }),
    expiresAt: handoff.expiresAt.toISOString(),
    captured: { front: sides.has('front'), back: sides.has('back'), selfie: sides.has('selfie') },
    needsBack: handoff.documentType !== 'passport',
    ...outcomeOf(attempt),
  };
}

/**
 * Looks the credential up under the hand-off's row lock, refusing an address that failed too
 * often (429), an unknown credential and one past its time (404 handoffExpired; the attempt is
 * closed first and the refusal thrown after the commit, so it does not roll the closing back).
 * A refusal thrown by `work` rolls its own changes back.
 */
async function withHandoff<T>(
  deps: IdentityCaptureDeps,
  value: string,
  address: string,
  work: (tx: Database, found: repo.HandoffWithAttempt, now: Date) => Promise<T>,
): Promise<T> {
  const now = clock(deps);
  if (await repo.isThrottled(deps.db, throttleKey(address), now)) {
    throw new IdentityCaptureError(429, 'tooManyAttempts', { retryAfterSeconds: 60 });
  }
  const credential = credentialOf(deps.cipher, value);
  type Looked = { kind: 'missing' } | { kind: 'expired' } | { kind: 'found'; value: T };
  const looked: Looked = credential
    ? await deps.db.transaction(async (tx): Promise<Looked> => {
        const found = await repo.findHandoffByCredential(tx, credential, { lock: true });
        if (!found) return { kind: 'missing' };
        if (found.handoff.stage === 'expired') return { kind: 'expired' };
        if (await expireIfDue(tx, deps.cipher, found.handoff, now)) return { kind: 'expired' };
        return { kind: 'found', value: await work(tx, found, now) };
      })
    : { kind: 'missing' };
  if (looked.kind === 'found') return looked.value;
  if (looked.kind === 'missing') {
    await countAttempt(deps.db, throttleKey(address), {
      now,
      windowStart: new Date(now.getTime() - LOOKUP_WINDOW_MS),
      limit: CAPTURE_LOOKUP_LIMIT,
      lockUntil: new Date(now.getTime() + LOOKUP_WINDOW_MS),
    });
  }
  throw new IdentityCaptureError(404, 'handoffExpired');
}

const changeable = (found: repo.HandoffWithAttempt) => {
  if (['submitted', 'decided'].includes(found.handoff.stage)) {
    throw new IdentityCaptureError(409, 'handoffSubmitted');
  }
};

/** GET identityCapture/{credential}: the first look moves the stage from `sent` to `opened`. */
export async function readCapture(deps: IdentityCaptureDeps, credential: string, address: string) {
  return withHandoff(deps, credential, address, async (tx, found, now) => {
    if (found.handoff.stage === 'sent') {
      await repo.updateHandoff(tx, found.handoff.attemptId, { stage: 'opened', updatedAt: now });
      found.handoff.stage = 'opened';
    }
    return captureViewOf(tx, found);
  });
}

export async function chooseDocument(
  deps: IdentityCaptureDeps,
  credential: string,
  address: string,
  documentType: IdentityDocumentType,
) {
  return withHandoff(deps, credential, address, async (tx, found, now) => {
    changeable(found);
    // A passport has no back: one captured for a card no longer belongs.
    if (documentType === 'passport') await repo.deleteCapture(tx, found.handoff.attemptId, 'back');
    await repo.updateHandoff(tx, found.handoff.attemptId, {
      stage: 'document',
      documentType,
      updatedAt: now,
    });
    found.handoff.stage = 'document';
    found.handoff.documentType = documentType;
    return captureViewOf(tx, found);
  });
}

export interface UploadedImage {
  fileName: string;
  bytes: Buffer;
  truncated: boolean;
}

export async function storeImage(
  deps: IdentityCaptureDeps,
  credential: string,
  address: string,
  side: CaptureSide,
  file: UploadedImage | undefined,
) {
  return withHandoff(deps, credential, address, async (tx, found, now) => {
    changeable(found);
    const { handoff } = found;
    if (!handoff.documentType) throw new IdentityCaptureError(409, 'documentTypeRequired');
    if (side === 'back' && handoff.documentType === 'passport') {
      throw new IdentityCaptureError(400, 'backNotNeeded');
    }
    if (!file || file.bytes.length === 0) {
      throw new IdentityCaptureError(400, 'invalidFile', { fields: { file: 'required' } });
    }
    if (file.truncated)
      throw new IdentityCaptureError(413, 'fileTooLarge', { fields: { file: 'fileTooLarge' } });
    const type = detectFileType(file.bytes);
    if (type !== 'jpeg' && type !== 'png') {
      throw new IdentityCaptureError(400, 'invalidFile', { fields: { file: 'contentMismatch' } });
    }
    const fileName = sanitizeFileName(file.fileName, type === 'jpeg' ? 'jpg' : 'png');
    await repo.upsertCapture(tx, {
      attemptId: handoff.attemptId,
      side,
      contentType: type === 'jpeg' ? 'image/jpeg' : 'image/png',
      fileNameEncrypted: deps.cipher.encrypt(
        fileName,
        captureContext(handoff.attemptId, side, 'fileName'),
      ),
      contentEncrypted: deps.cipher.encryptBytes(
        file.bytes,
        captureContext(handoff.attemptId, side, 'content'),
      ),
      capturedAt: now,
    });
    await repo.updateHandoff(tx, handoff.attemptId, { stage: side, updatedAt: now });
    found.handoff.stage = side;
    return captureViewOf(tx, found);
  });
}

export async function removeImage(
  deps: IdentityCaptureDeps,
  credential: string,
  address: string,
  side: CaptureSide,
) {
  return withHandoff(deps, credential, address, async (tx, found) => {
    changeable(found);
    await repo.deleteCapture(tx, found.handoff.attemptId, side);
    return captureViewOf(tx, found);
  });
}

/**
 * POST identityCapture/{credential}/submit: the images go to the vendor (outside any
 * transaction: no row lock is held across a remote call), the attempt waits for its decision
 * (`pending`) and the images are deleted here: the vendor holds them now. The phone number is
 * kept only when the person asked to be texted the result.
 */
export async function submitCaptures(
  deps: IdentityCaptureDeps,
  credential: string,
  address: string,
  options: { notifyBySms: boolean },
): Promise<{ stage: 'submitted'; outcome: 'pending' }> {
  const prepared = await withHandoff(deps, credential, address, async (tx, found) => {
    changeable(found);
    const { handoff, attempt } = found;
    const captures = await repo.capturesOf(tx, handoff.attemptId);
    const bySide = new Map(captures.map((capture) => [capture.side, capture]));
    const needed: CaptureSide[] =
      handoff.documentType === 'passport' ? ['front', 'selfie'] : ['front', 'back', 'selfie'];
    const missing = needed.filter((side) => !bySide.has(side));
    if (!handoff.documentType || missing.length > 0) {
      throw new IdentityCaptureError(409, 'capturesMissing', {
        fields: Object.fromEntries(
          (handoff.documentType ? missing : ['documentType']).map((side) => [side, 'required']),
        ),
      });
    }
    const image = (side: CaptureSide): CapturedImage | undefined => {
      const capture = bySide.get(side);
      if (!capture || !needed.includes(side)) return undefined;
      return {
        fileName: deps.cipher.decrypt(
          capture.fileNameEncrypted,
          captureContext(handoff.attemptId, side, 'fileName'),
        ),
        contentType: capture.contentType === 'image/png' ? 'image/png' : 'image/jpeg',
        bytes: deps.cipher.decryptBytes(
          capture.contentEncrypted,
          captureContext(handoff.attemptId, side, 'content'),
        ),
      };
    };
    const front = image('front');
    const selfie = image('selfie');
    if (!front || !selfie) throw new Error('captures checked above');
    const back = image('back');
    const person = await personOf(
      tx,
      attempt.userId,
      attempt.role,
      await savedStepsOf(tx, attempt.applicationId),
    );
    return {
      attemptId: handoff.attemptId,
      request: {
        documentType: handoff.documentType as IdentityDocumentType,
        images: { front, selfie, ...(back && { back }) },
        person: {
          firstName: person.firstName,
          lastName: person.lastName,
          ...(person.provinceCode && { provinceCode: person.provinceCode }),
        },
      },
    };
  });
  const { vendorReference } = await deps.provider.submit(prepared.request);
  return withHandoff(deps, credential, address, async (tx, found, now) => {
    // Submitted twice at once: the first one's reference stands.
    changeable(found);
    await repo.setAttemptVendor(tx, prepared.attemptId, deps.provider.name, vendorReference);
    await completeAttempt(tx, deps.cipher, {
      attemptId: prepared.attemptId,
      outcome: 'pending',
      now,
    });
    await repo.deleteCapture(tx, prepared.attemptId);
    // The comparison may take up to ten minutes from now, even late in the fifteen.
    const deadline = Math.max(
      found.handoff.expiresAt.getTime(),
      now.getTime() + SELFIE_COMPARISON_MAX_MS,
    );
    await repo.updateHandoff(tx, prepared.attemptId, {
      stage: 'submitted',
      expiresAt: new Date(deadline),
      ...(!options.notifyBySms && { phoneEncrypted: null }),
      updatedAt: now,
    });
    return { stage: 'submitted' as const, outcome: 'pending' as const };
  });
}

export { phoneContext };
