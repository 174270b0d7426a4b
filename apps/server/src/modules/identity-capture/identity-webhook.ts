import type { FastifyInstance } from 'fastify';
import { isDocumentExpired } from '@portal/domain/identity/document-expiry';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import type { FieldCipher } from '../../lib/crypto/field-cipher.ts';
import {
  registerSignedWebhook,
  timestampedSignature,
  UnknownWebhookReference,
  type WebhookEvent,
} from '../../lib/webhooks/signed-webhook-route.ts';
import { identityDocumentTypes } from '@portal/domain/enums/documents';
import { photoIdReportSchema } from '@portal/domain/identity/photo-id-check';
import { smsAddressOf } from '@portal/domain/rules/phone';
import {
  type DocumentVerificationProvider,
  IDENTITY_WEBHOOK_PATH,
  IDENTITY_WEBHOOK_ROLE,
  VERIFICATION_DECIDED_EVENT,
  verificationReasons,
  type VerifiedDocument,
} from '../../providers/document-verification/document-verification-provider.ts';
import {
  completeAttempt,
  findAttemptByVendorReference,
  isFinalOutcome,
  updateWorking,
  workingOf,
} from '../identity/identity-outcome.ts';
import type { AttemptRow } from '../identity/identity.repo.ts';
import { enqueueMessage } from '../outbox/outbox.service.ts';
import { findUserById } from '../security/security.repo.ts';
import * as repo from './identity-capture.repo.ts';
import { phoneContext } from './identity-capture.service.ts';
import {
  IDENTITY_DONE_TEMPLATE,
  identityDoneSms,
  type IdentityDoneOutcome,
} from './identity-sms.ts';

/**
 * The document-verification vendor's decision (`verification.decided` on `/webhooks/identity`,
 * signed; receipts make a replay change nothing). The attempt found by vendor and reference
 * completes: approved => verified with the FINTRAC photo-ID record, unless the document has
 * expired (the product refuses an expired document whatever the vendor says); declined =>
 * failed with the vendor's first reason; review => needsReview (operations decide, from what
 * the vendor read and found, kept encrypted on the attempt meanwhile). Runs in the receipt's
 * transaction, so the decision and its receipt commit together.
 */

export const decisionSchema = z.object({
  vendorReference: z.string().min(1).max(200),
  decision: z.enum(['approved', 'declined', 'review']),
  reasons: z.array(z.string().max(100)).max(20).default([]),
  document: z
    .object({
      type: z.enum(identityDocumentTypes),
      number: z.string().min(1).max(100),
      jurisdiction: z.string().min(1).max(3).nullable(),
      country: z.string().length(2),
      expiryDate: z.iso.date(),
      name: z.string().min(1).max(300),
      dateOfBirth: z.iso.date().optional(),
    })
    .optional(),
  reports: z.array(photoIdReportSchema).max(4).optional(),
});

/** Whether a document has expired on `now`'s calendar day (domain rule: valid through its date). */
export function hasExpired(expiryDate: string, now: Date): boolean {
  return isDocumentExpired(expiryDate, now.toISOString().slice(0, 10));
}

const knownReason = (reasons: string[]) =>
  reasons.find((reason): reason is (typeof verificationReasons)[number] =>
    (verificationReasons as readonly string[]).includes(reason),
  ) ?? 'documentUnreadable';

/** The FINTRAC photo-ID record (issue 13, "The record"): the method's fields and no others. */
export function photoIdRecordOf(
  document: VerifiedDocument,
  vendor: string,
  vendorReference: string,
  verifiedAt: Date,
) {
  return {
    method: 'photoId' as const,
    documentType: document.type,
    documentNumber: document.number,
    jurisdiction: document.jurisdiction,
    country: document.country,
    expiryDate: document.expiryDate,
    verifiedName: document.name,
    vendor,
    vendorReference,
    verifiedAt: verifiedAt.toISOString(),
  };
}

export interface IdentityWebhookDeps {
  cipher: FieldCipher;
  /** The vendor whose references this route receives (the provider's `name`). */
  vendor: string;
  /** The site's address, for the links in the mails a verification sends (the next turn). */
  publicUrl?: string;
  now?: () => Date;
}

/** How far a vendor's clock may be from ours before its event's time is believed (stale events). */
const VENDOR_CLOCK_LEEWAY_MS = 60_000;

export async function applyVerificationDecision(
  tx: Database,
  deps: IdentityWebhookDeps,
  event: WebhookEvent,
  { staleBeforeAttempt = false }: { staleBeforeAttempt?: boolean } = {},
): Promise<void> {
  if (event.type !== VERIFICATION_DECIDED_EVENT) return;
  // Data that fails the schema throws a ZodError: the route keeps the event for staff.
  const data = decisionSchema.parse(event.data);
  const attempt = await findAttemptByVendorReference(tx, deps.vendor, data.vendorReference);
  // The vendor may call back before our own write of its reference commits: the route answers
  // 503 for a while (the vendor delivers again), then keeps the event for staff.
  if (!attempt) throw new UnknownWebhookReference('no attempt for this vendor reference');
  // A vendor that signs no time (Onfido): an event completed before the attempt began cannot be
  // about it (an old body replayed), so it changes nothing. Its times are whole seconds, and its
  // clock is not ours: a minute's leeway.
  if (
    staleBeforeAttempt &&
    Date.parse(event.occurredAt) < attempt.startedAt.getTime() - VENDOR_CLOCK_LEEWAY_MS
  ) {
    return;
  }
  await applyDecisionToAttempt(tx, deps, attempt, data);
}

/** The vendor's decision as the webhook and the pending-attempts job both receive it. */
export type IdentityDecision = z.infer<typeof decisionSchema>;

/**
 * What a photo-ID attempt in review keeps for staff (issue 34), encrypted in its working state
 * until their decision ends the attempt: the check's id, the document as the vendor read it
 * (absent when it could not) and the reports' breakdown.
 */
export const photoIdReviewSchema = z.object({
  kind: z.literal('photoIdReview'),
  vendorReference: decisionSchema.shape.vendorReference,
  document: decisionSchema.shape.document,
  reports: z.array(photoIdReportSchema).max(4),
});
export type PhotoIdReview = z.infer<typeof photoIdReviewSchema>;

/** The review kept on a photo-ID attempt; undefined for any other attempt (or one decided). */
export function photoIdReviewOf(
  cipher: FieldCipher,
  attempt: AttemptRow,
): PhotoIdReview | undefined {
  if (attempt.method !== 'photoId') return undefined;
  const kept = photoIdReviewSchema.safeParse(workingOf(cipher, attempt));
  return kept.success ? kept.data : undefined;
}

/**
 * Has the vendor forget a check (the person, the images) once the attempt it decided is final,
 * that is once our record or refusal is written; called after the transaction that wrote it
 * commits. An attempt waiting for staff keeps its check at the vendor, where its images are for
 * the reviewer: the console calls this again after their decision. Answers whether it asked.
 */
export async function forgetCheckOnceDecided(
  db: Database,
  provider: Pick<DocumentVerificationProvider, 'name' | 'forget'>,
  vendorReference: string,
): Promise<boolean> {
  if (!provider.forget) return false;
  const attempt = await findAttemptByVendorReference(db, provider.name, vendorReference);
  if (!attempt || !isFinalOutcome(attempt.outcome)) return false;
  await provider.forget(vendorReference);
  return true;
}

/**
 * Completes a pending attempt with the vendor's decision (the webhook, or the job that asks the
 * vendor about attempts left pending), and texts the person who asked for it. Changes nothing
 * for an attempt already completed.
 */
export async function applyDecisionToAttempt(
  tx: Database,
  deps: IdentityWebhookDeps,
  attempt: { id: string; userId: string; applicationId: string },
  data: IdentityDecision,
): Promise<void> {
  const now = deps.now?.() ?? new Date();

  let outcome: IdentityDoneOutcome;
  let changed: boolean;
  if (data.decision === 'approved' && data.document && !hasExpired(data.document.expiryDate, now)) {
    outcome = 'verified';
    ({ changed } = await completeAttempt(tx, deps.cipher, {
      attemptId: attempt.id,
      outcome: 'verified',
      record: photoIdRecordOf(data.document, deps.vendor, data.vendorReference, now),
      verifiedName: data.document.name,
      now,
      ...(deps.publicUrl && { publicUrl: deps.publicUrl }),
    }));
  } else if (data.decision === 'review') {
    outcome = 'needsReview';
    ({ changed } = await completeAttempt(tx, deps.cipher, {
      attemptId: attempt.id,
      outcome: 'needsReview',
      now,
    }));
    if (changed) {
      // What staff decide from; dropped with the rest of the working state once they have.
      const review: PhotoIdReview = {
        kind: 'photoIdReview',
        vendorReference: data.vendorReference,
        ...(data.document && { document: data.document }),
        reports: data.reports ?? [],
      };
      await updateWorking(tx, deps.cipher, attempt.id, review);
    }
  } else {
    outcome = 'failed';
    const reason =
      data.decision === 'approved'
        ? data.document
          ? 'documentExpired'
          : 'documentUnreadable'
        : knownReason(data.reasons);
    ({ changed } = await completeAttempt(tx, deps.cipher, {
      attemptId: attempt.id,
      outcome: 'failed',
      reason,
      now,
    }));
  }
  if (!changed) return;

  const handoff = await repo.findHandoffByAttempt(tx, attempt.id);
  if (!handoff) return;
  await repo.updateHandoff(tx, attempt.id, {
    stage: 'decided',
    phoneEncrypted: null,
    updatedAt: now,
  });
  if (handoff.phoneEncrypted) {
    // The person asked on the phone to be texted the result.
    const user = await findUserById(tx, attempt.userId);
    const language = user?.language === 'fr' ? 'fr' : 'en';
    await enqueueMessage(tx, deps.cipher, {
      channel: 'sms',
      recipient: smsAddressOf(
        deps.cipher.decrypt(handoff.phoneEncrypted, phoneContext(attempt.id)),
      ),
      language,
      template: IDENTITY_DONE_TEMPLATE,
      content: identityDoneSms(language, outcome),
      applicationId: attempt.applicationId,
    });
  }
}

/**
 * How the vendor's webhook is signed: the portal's own scheme (the sandbox), whose events carry
 * the decision; or Onfido's, whose `check.completed` is a notice: the decision is read from
 * Onfido's API before the transaction, and Onfido forgets the person once it is recorded.
 */
export type IdentityWebhookSigning =
  { secret: string } | { onfidoWebhookToken: string; provider: DocumentVerificationProvider };

export class VendorStillDeciding extends Error {
  override name = 'VendorStillDeciding';
  constructor() {
    super('the vendor does not report a decision its webhook says was made');
  }
}

export async function registerIdentityWebhook(
  app: FastifyInstance,
  options: IdentityWebhookDeps & { signing: IdentityWebhookSigning },
): Promise<void> {
  const { signing } = options;
  if ('secret' in signing) {
    await registerSignedWebhook(app, {
      path: IDENTITY_WEBHOOK_PATH,
      role: IDENTITY_WEBHOOK_ROLE,
      verify: timestampedSignature(signing.secret),
      handle: (tx, event) => applyVerificationDecision(tx, options, event),
      ...(options.now && { now: options.now }),
    });
    return;
  }
  const { provider } = signing;
  // Onfido's library (its signature verifier) is loaded only when Onfido is the vendor.
  const { onfidoEventOf, onfidoSignatureVerifier, ONFIDO_WEBHOOK_PATH } =
    await import('../../providers/document-verification/onfido-webhook.ts');
  await registerSignedWebhook<IdentityDecision | undefined>(app, {
    path: ONFIDO_WEBHOOK_PATH,
    role: IDENTITY_WEBHOOK_ROLE,
    verify: onfidoSignatureVerifier(signing.onfidoWebhookToken),
    eventOf: (body) => onfidoEventOf(body, options.now?.() ?? new Date()),
    prepare: async (event) => {
      if (event.type !== VERIFICATION_DECIDED_EVENT) return undefined;
      const { vendorReference } = decisionSchema.pick({ vendorReference: true }).parse(event.data);
      const decision = await provider.decisionOf(vendorReference);
      // Its API not yet showing what its webhook announced: refused, so it delivers again.
      if (!decision) throw new VendorStillDeciding();
      return decisionSchema.parse(decision);
    },
    handle: async (tx, event, decision) => {
      if (!decision) return;
      await applyVerificationDecision(
        tx,
        options,
        { ...event, data: decision },
        { staleBeforeAttempt: true },
      );
    },
    settled: async (_event, decision) => {
      if (decision) await forgetCheckOnceDecided(app.db, provider, decision.vendorReference);
    },
    ...(options.now && { now: options.now }),
  });
}
